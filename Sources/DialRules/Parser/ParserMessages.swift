/// Every diagnostic the parser emits, as static constructors sorted by name. Codes never change
/// meaning; wording may improve (see `docs/diagnostics.md`).
enum ParserMessages {
  static func chainedComparison(
    _ token: Token, first: String, a: String, b: String, c: String, between: Bool
  ) -> Diagnostic {
    let pair = "'\(a) \(first) \(b) and \(b) \(token.text) \(c)'"
    return Diagnostic(
      messageID: "parser.chainedComparison",
      arguments: [
        .init("found", .text(describe(token))), .init("first", .init(first)), .init("a", .init(a)),
        .init("b", .init(b)), .init("c", .init(c)), .init("between", .init(between)),
      ],
      code: "P001", message: "expected 'and' or 'or' after a comparison, found \(describe(token))",
      span: token.span,
      help: "comparisons do not chain; write "
        + (between ? "'\(b) between \(a) and \(c)' (which includes both ends) or " : "") + pair)
  }

  static func doubledConnectiveHelp(_ first: String, _ second: String) -> String {
    first == second
      ? "'\(first)' is written twice; remove one" : "'\(first)' and '\(second)' follow each other; keep one"
  }

  static func duplicateHeader(_ span: SourceSpan, _ what: String, first: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "parser.duplicateHeader", arguments: [.init("what", .init(what))],
      code: "P005", message: "'\(what)' may appear only once", span: span,
      notes: [.init("first '\(what)' is here", span: first)])
  }

  static func expected(_ what: String, found token: Token, help: String? = nil) -> Diagnostic {
    Diagnostic(
      messageID: "parser.expected",
      arguments: [.init("what", .init(what)), .init("found", .text(describe(token))), .init("help", .init(help))],
      code: "P001", message: "expected \(what), found \(describe(token))", span: token.span, help: help)
  }

  static func expressionTooDeep(_ span: SourceSpan, limit: Int) -> Diagnostic {
    Diagnostic(
      messageID: "parser.expressionTooDeep", arguments: [.init("limit", .init(limit))],
      code: "P007", message: "expression is nested more than \(limit) levels deep", span: span,
      help: "name parts of the condition with 'let' to keep it readable")
  }

  static func expressionTooLarge(_ span: SourceSpan, limit: Int) -> Diagnostic {
    Diagnostic(
      messageID: "parser.expressionTooLarge", arguments: [.init("limit", .init(limit))],
      code: "P008", message: "expression has more than \(limit) parts", span: span,
      help: "split it into several 'let' definitions")
  }

  static func headerOutOfPlace(_ span: SourceSpan, _ what: String) -> Diagnostic {
    Diagnostic(
      messageID: "parser.headerOutOfPlace", arguments: [.init("what", .init(what))],
      code: "P006", message: "'\(what)' must come before every 'let' and 'rule'", span: span,
      help: "move it to the top of the file")
  }

  static func missingSign(_ span: SourceSpan, _ action: String) -> Diagnostic {
    Diagnostic(
      messageID: "parser.missingSign", arguments: [.init("action", .init(action))],
      code: "P004", message: "expected '+' or '-' before the amount of '\(action)'", span: span,
      help: "write '\(action) +2 …' for more or '\(action) -2 …' for less")
  }

  static func missingVersion(_ span: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "parser.missingVersion", arguments: [],
      code: "P002", message: "missing version header 'dialrules 1'", span: span,
      help: "start the file with the line 'dialrules 1'")
  }

  /// What every pattern mistake says a pattern looks like.
  static let outcomePatternHelp =
    "write 'grind finer', 'grind', 'yield +2 g', 'yield', 'no change', 'insufficient', 'insufficient conflict' or "
    + "'decides'; join several with 'or'"
  static let patternHelp =
    "a pattern is 'none', 'no change', 'grind', 'grind finer', 'grind coarser 2 steps', 'yield', "
    + "'yield +2 g', 'temperature' or 'temperature -1 C'; a part left out matches anything"

  static func patternWithoutDirection(found token: Token) -> Diagnostic {
    Diagnostic(
      messageID: "parser.patternWithoutDirection", arguments: [.init("found", .text(describe(token)))],
      code: "P001",
      message: "expected 'finer' or 'coarser' before the steps of a 'grind' pattern, found \(describe(token))",
      span: token.span, help: patternHelp)
  }

  static func patternWithoutSign(_ span: SourceSpan, _ word: String) -> Diagnostic {
    Diagnostic(
      messageID: "parser.patternWithoutSign", arguments: [.init("word", .init(word))],
      code: "P004", message: "expected '+' or '-' before the amount of the '\(word)' pattern", span: span,
      help: patternHelp)
  }

  static func reservedWord(_ span: SourceSpan, _ word: String, _ role: String) -> Diagnostic {
    // `shot`, `recipe` and `previous` begin the observation names; say so, since a 'let' named
    // after them looks like a reasonable thing to write.
    let observation = ["shot", "recipe", "previous"].contains(word)
    return Diagnostic(
      messageID: "parser.reservedWord", arguments: [.init("word", .init(word)), .init("role", .init(role))],
      code: "P003", message: "'\(word)' is a reserved word and cannot be used as \(role)", span: span,
      help: observation
        ? "'\(word)' is reserved for the shot record's observations ('\(word).…'); choose another name, "
          + "for example '\(word)_value'"
        : "choose another name, for example '\(word)_rule'")
  }

  static func tooManyErrors(_ span: SourceSpan, limit: Int) -> Diagnostic {
    Diagnostic(
      messageID: "parser.tooManyErrors", arguments: [.init("limit", .init(limit))], code: "P009",
      message: "too many errors (more than \(limit)); stopped parsing", span: span)
  }

  static func unaryPlus(_ token: Token) -> Diagnostic {
    Diagnostic(
      messageID: "parser.unaryPlus", arguments: [.init("found", .text(describe(token)))],
      code: "P001", message: "expected a condition or a value, found '+'", span: token.span,
      help: "there is no unary '+': write the amount without it ('20 s'); a sign is written only in an action "
        + "('yield +2 g')")
  }

  /// How a token is named in "found …": keywords and names in quotes, literals by kind.
  static func describe(_ token: Token) -> String {
    switch token.kind {
    case .endOfFile: "end of file"
    case .string: "a string"
    case .number: "number '\(token.text)'"
    default: "'\(token.text)'"
    }
  }
}
