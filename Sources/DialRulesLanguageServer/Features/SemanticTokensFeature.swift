import DialRules

/// `textDocument/semanticTokens/full`: every token of the file with what it is — keyword, `let`
/// (variable), rule id (function), observation, example field or language code (property), tag (enum member),
/// unit (type), number, string, comment, operator — from the lexer's tokens and the name index,
/// so a `let` named like nothing else is still coloured as a `let`.
package enum SemanticTokensFeature {
  /// The legend's token types, in legend order.
  package enum TokenType: Int, CaseIterable {
    case keyword, variable, function, property, enumMember, number, string, comment, `operator`, type

    var name: String { "\(self)" }
  }

  /// The legend's modifiers: bit 0 marks a definition.
  static let modifiers = ["declaration"]

  static func full(_ params: Params, _ context: FeatureContext) throws(ResponseError) -> JSONValue {
    var marked: [(span: SourceSpan, type: TokenType, modifiers: Int)] = []
    let occurrences = Dictionary(
      context.model.index.occurrences.map { ($0.span, $0.kind) }, uniquingKeysWith: { first, _ in first })
    var previous: Token?
    for token in context.model.tokens {
      defer { previous = token }
      let kind = occurrences[token.span] ?? lexicalKind(of: token, after: previous)
      // `known` is a word only after `is` (`shot.first_drop is known`): a keyword there.
      let knownWord = token.kind == .name && token.text == "known" && previous?.isWord("is") == true
      // `decides` is a property's pattern word (`always decides`), a keyword as the grammar scopes it.
      let decidesWord = token.kind == .name && token.text == "decides" && kind == nil
      guard let type = knownWord || decidesWord ? .keyword : type(of: token, kind) else { continue }
      let declaration = kind == .letDefinition || kind == .ruleDefinition
      marked.append((token.span, type, declaration ? 1 : 0))
    }
    for comment in context.model.output.comments { marked.append((comment.span, .comment, 0)) }
    marked.sort { $0.span.start < $1.span.start }

    var data: [JSONValue] = []
    data.reserveCapacity(marked.count * 5)
    var line = 0
    var character = 0
    for m in marked {
      let start = context.source.lspPosition(of: m.span.start, encoding: context.encoding)
      let end = context.source.lspPosition(of: m.span.end, encoding: context.encoding)
      // Tokens never span lines; a span that seems to (a string cut at a line break) is clipped.
      let length = end.line == start.line ? end.character - start.character : 0
      guard length > 0 else { continue }
      let deltaLine = start.line - line
      let deltaStart = deltaLine == 0 ? start.character - character : start.character
      data += [.int(deltaLine), .int(deltaStart), .int(length), .int(m.type.rawValue), .int(m.modifiers)]
      line = start.line
      character = start.character
    }
    return ["data": .array(data)]
  }

  /// What a name the syntax tree does not hold (the parser stopped before it, or recovered past
  /// it) looks like from the tokens alone, so a file being typed stays coloured.
  static func lexicalKind(of token: Token, after previous: Token?) -> SymbolIndex.Kind? {
    guard token.kind == .name, !Parser.reservedWords.contains(token.text) else { return nil }
    if previous?.isWord("rule") == true || previous?.isWord("property") == true { return .ruleDefinition }
    if previous?.isWord("overrides") == true { return .ruleReference }
    if previous?.isWord("let") == true { return .letDefinition }
    if TasteTag(rawValue: token.text) != nil { return .tag(.shotTaste) }
    if FlowTag(rawValue: token.text) != nil { return .tag(.shotFlow) }
    return nil
  }

  static func type(of token: Token, _ kind: SymbolIndex.Kind?) -> TokenType? {
    switch token.kind {
    case .number: return .number
    case .string: return .string
    case .plus, .minus, .star, .slash, .less, .lessEqual, .greater, .greaterEqual, .equalEqual, .bangEqual, .equals:
      return .operator
    case .leftParen, .rightParen, .comma, .semicolon, .endOfFile: return nil
    case .name:
      switch kind {
      case .letDefinition?, .letReference?: return .variable
      case .ruleDefinition?, .ruleReference?: return .function
      case .observation?: return .property
      case .tag?: return .enumMember
      case .unit?: return .type
      // A language code is an attribute of the text after it: coloured like a field.
      case .language?: return .property
      case nil: return Parser.reservedWords.contains(token.text) ? .keyword : .property
      }
    }
  }
}
