/// The kinds of token in a rule file. Keywords are not separate kinds: the parser recognises them
/// by text, so the set of words can grow without changing the lexer.
package enum TokenKind: Hashable, Sendable {
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
package struct Token: Hashable, Sendable {
  package var kind: TokenKind
  package var span: SourceSpan
  /// The token's text; for strings, the decoded contents without quotes.
  package var text: String
  /// The exact value of a `number` token that was within limits.
  var number: ExactNumber?

  init(kind: TokenKind, span: SourceSpan, text: String, number: ExactNumber? = nil) {
    self.kind = kind
    self.span = span
    self.text = text
    self.number = number
  }

  /// Whether this is the name token `word` (a keyword test).
  package func isWord(_ word: String) -> Bool { kind == .name && text == word }
}

/// A `#` comment, kept for the formatter.
package struct SourceComment: Hashable, Sendable {
  package var span: SourceSpan
  /// The text after `#`, untrimmed.
  var text: String
}

/// Everything the lexer produces: tokens for the parser, comments for the formatter.
package struct LexedFile: Sendable {
  package var tokens: [Token]
  var comments: [SourceComment]
  /// Whether the lexer ran out of its diagnostic budget and stopped early (it reported P009).
  var stopped: Bool = false
}
