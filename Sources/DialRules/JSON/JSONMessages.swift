/// The diagnostics of JSON syntax, whatever the document: the first codes of the `J` series
/// (J001–J009, J011), which shot JSON, the shot log's export and import and the language server's
/// ParseError all report through the JSON core's scanner. Static constructors sorted by name; codes
/// never change meaning; `docs/shot-json.md` lists every code with an input that triggers it.
///
/// Values quoted from the input go through `displayText`, so a hostile key cannot put terminal
/// escapes or a megabyte of text into a message.
enum JSONMessages {
  static func controlCharacterInString(_ span: SourceSpan, scalar: UInt32) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.controlCharacterInString", arguments: [.init("scalar", .init(scalar))],
      code: "J005", message: "control character \(JSONScanner.hexScalar(scalar)) in a string", span: span,
      help: "write it as an escape such as '\\t' or '\\u0000'")
  }

  static func invalidEscape(_ span: SourceSpan, text: String) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.invalidEscape", arguments: [.init("text", .init(text))],
      code: "J004", message: "invalid escape '\(displayText(text))' in a string", span: span,
      help: "JSON escapes are \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\u followed by four hex digits")
  }

  static func invalidNumber(_ span: SourceSpan, text: String, reason: String) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.invalidNumber", arguments: [.init("text", .init(text)), .init("reason", .init(reason))],
      code: "J008", message: "invalid number '\(displayText(text))': \(reason)", span: span,
      help: "write numbers as JSON does: 18, 18.5, -1, 1.5e1 (no leading zeros, '+' or bare '.')")
  }

  static func invalidUTF8(_ span: SourceSpan, byte: UInt8) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.invalidUTF8", arguments: [.init("byte", .init(byte))],
      code: "J006", message: "invalid UTF-8 byte \(JSONScanner.hexByte(byte)) in a string", span: span,
      help: "save the file as UTF-8")
  }

  static func loneSurrogate(_ span: SourceSpan, text: String) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.loneSurrogate", arguments: [.init("text", .init(text))],
      code: "J007", message: "unpaired surrogate escape '\(displayText(text))' in a string", span: span,
      help: "a \\uD800-\\uDBFF escape must be followed by a \\uDC00-\\uDFFF escape; or write the character as UTF-8")
  }

  static func nestingTooDeep(_ span: SourceSpan, limit: Int) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.nestingTooDeep", arguments: [.init("limit", .init(limit))],
      code: "J011", message: "nesting is deeper than \(limit) levels", span: span,
      help: "shot JSON nests at most 4 levels ('previous.shot.taste'); remove the extra nesting")
  }

  static func nonFiniteNumber(_ span: SourceSpan, _ word: String, path: String?) -> Diagnostic {
    let place = path.map { " at '\($0)'" } ?? ""
    return Diagnostic(
      messageID: "shotJSON.nonFiniteNumber", arguments: [.init("word", .init(word)), .init("path", .init(path))],
      code: "J009", message: "non-finite number '\(word)'\(place)", span: span,
      help: "JSON has no NaN or Infinity; leave the field out if the value is unknown")
  }

  static func unexpectedCharacter(_ span: SourceSpan, expected: String, found: String, help: String?) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.unexpectedCharacter",
      arguments: [.init("expected", .init(expected)), .init("found", .init(found)), .init("help", .init(help))],
      code: "J001", message: "expected \(expected), found \(found)", span: span, help: help)
  }

  static func unexpectedEnd(_ span: SourceSpan, expected: String, lineMode: Bool) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.unexpectedEnd",
      arguments: [.init("expected", .init(expected)), .init("lineMode", .init(lineMode))],
      code: "J002", message: "unexpected end of \(lineMode ? "line" : "input"), expected \(expected)", span: span,
      help: lineMode ? "in JSON Lines each shot object must be complete on one line" : nil)
  }

  static func unterminatedString(_ span: SourceSpan, lineMode: Bool) -> Diagnostic {
    Diagnostic(
      messageID: "shotJSON.unterminatedString", arguments: [.init("lineMode", .init(lineMode))],
      code: "J003", message: "unterminated string", span: span,
      help: "add the closing '\"' before the end of the line; write a line break inside a string as '\\n'")
  }

  // MARK: - Formatting helpers

  /// Input text made safe for a one-line message: control, bidirectional and C1 characters as
  /// `\u001B`-style escapes, and at most 40 characters (then `…`).
  static func displayText(_ text: String) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == 40 {
        out += "…"
        break
      }
      switch scalar.value {
      case 0x00..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      default:
        out.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return out
  }
}
