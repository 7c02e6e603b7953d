/// The kinds of token in a rule file. Keywords are not separate kinds: the parser recognises them
/// by text, so the set of words can grow without changing the lexer.
public enum TokenKind: Hashable, Sendable {
  /// A word or dotted path: `sour`, `shot.time`, `previous.shot.taste`.
  case name
  /// An unsigned decimal literal; the sign is a separate `minus`/`plus` token.
  case number
  /// A double-quoted string on one line.
  case string
  case leftParen, rightParen, comma, semicolon, equals
  case plus, minus, star, slash
  case less, lessEqual, greater, greaterEqual, equalEqual, bangEqual
  /// End of input; always the last token.
  case endOfFile
}

/// One token: its kind, its bytes in the source, and for literals the decoded value.
public struct Token: Hashable, Sendable {
  public var kind: TokenKind
  public var span: Span
  /// The token's text; for strings, the decoded contents without quotes.
  public var text: String
  /// The exact value of a `number` token that was within limits.
  public var number: ExactNumber?

  public init(kind: TokenKind, span: Span, text: String, number: ExactNumber? = nil) {
    self.kind = kind
    self.span = span
    self.text = text
    self.number = number
  }

  /// Whether this is the name token `word` (a keyword test).
  public func isWord(_ word: String) -> Bool { kind == .name && text == word }
}

/// A `#` comment, kept for the formatter.
public struct Comment: Hashable, Sendable {
  public var span: Span
  /// The text after `#`, untrimmed.
  public var text: String
}

/// Everything the lexer produces: tokens for the parser, comments for the formatter.
public struct LexedFile: Sendable {
  public var tokens: [Token]
  public var comments: [Comment]
}
