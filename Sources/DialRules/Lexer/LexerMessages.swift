/// Every diagnostic the lexer emits, as static constructors sorted by name. Codes never change
/// meaning; wording may improve (see `docs/diagnostics.md`).
enum LexerMessages {
  static func bidiControl(_ span: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "lexer.bidiControl", arguments: [],
      code: "L006", severity: .warning, message: "bidirectional control character in the source", span: span,
      help: "remove it: it can make the text display in a different order than it is read")
  }

  static func exponent(_ span: SourceSpan, _ text: String, writtenOut: String?) -> Diagnostic {
    Diagnostic(
      messageID: "lexer.exponent", arguments: [.init("text", .init(text)), .init("writtenOut", .init(writtenOut))],
      code: "L009", message: "number '\(text)' has an exponent; rule files do not write exponents", span: span,
      help: writtenOut.map { "write the number out in full: '\($0)'" } ?? "write the number out in full")
  }

  static func invalidEscape(_ span: SourceSpan, _ escape: String) -> Diagnostic {
    Diagnostic(
      messageID: "lexer.invalidEscape", arguments: [.init("escape", .init(escape))],
      code: "L004", message: "unknown escape '\\\(escape)' in string", span: span,
      help: "use '\\\"', '\\\\', '\\n' or '\\t'")
  }

  static func invalidUTF8(_ span: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "lexer.invalidUTF8", arguments: [], code: "L003", message: "invalid UTF-8 byte sequence", span: span,
      help: "save the file as UTF-8")
  }

  static func lineTooLong(_ span: SourceSpan, limit: Int) -> Diagnostic {
    Diagnostic(
      messageID: "lexer.lineTooLong", arguments: [.init("limit", .init(limit))],
      code: "L008", message: "line is longer than \(limit) bytes", span: span,
      help: "break the condition over several lines: newlines are ordinary white space")
  }

  static func nonASCIIIdentifier(_ span: SourceSpan, _ character: String, lookalike: String?) -> Diagnostic {
    Diagnostic(
      messageID: "lexer.nonASCIIIdentifier",
      arguments: [.init("character", .init(character)), .init("lookalike", .init(lookalike))],
      code: "L007", message: "unexpected character '\(character)' in a name", span: span,
      help: lookalike.map { "it looks like '\($0)'; names use ASCII letters, digits and '_'" }
        ?? "names use ASCII letters, digits and '_'")
  }

  static func number(_ span: SourceSpan, _ error: ExactNumber.TextError) -> Diagnostic {
    let detail: String
    switch error {
    case .malformed: detail = "malformed number"
    case .tooPrecise: detail = "number has more than \(ExactNumber.Limits.maxFractionDigits) digits after the point"
    case .tooManyDigits:
      detail = "number has more than \(ExactNumber.Limits.maxSignificantDigits) significant digits"
    case .tooLarge: detail = "number is larger than \(ExactNumber.Limits.maxMagnitude)"
    }
    return Diagnostic(
      messageID: "lexer.number", arguments: [.init("error", .init(error))], code: "L005", message: detail, span: span)
  }

  static func unexpectedCharacter(_ span: SourceSpan, _ character: String) -> Diagnostic {
    Diagnostic(
      messageID: "lexer.unexpectedCharacter", arguments: [.init("character", .init(character))], code: "L001",
      message: "unexpected character '\(character)'", span: span)
  }

  static func unterminatedString(_ span: SourceSpan) -> Diagnostic {
    Diagnostic(
      messageID: "lexer.unterminatedString", arguments: [],
      code: "L002", message: "unterminated string", span: span,
      help: "close the string with '\"' on the same line")
  }
}
