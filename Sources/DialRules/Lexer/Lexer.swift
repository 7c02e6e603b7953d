/// Turns the bytes of a rule file into tokens and comments.
///
/// Newlines are ordinary white space: the grammar is keyword-driven, so a long condition may wrap.
/// The lexer never stops at a bad byte; it reports it and carries on, so one run shows every
/// problem in the file.
package struct Lexer {
  /// Lines longer than this are reported (a guard against pathological single-line inputs).
  static let maxLineLength = 4_096
  /// The lexer stops after this many diagnostics (the parser's limit), reporting P009: a megabyte
  /// of stray bytes must cost two hundred diagnostics, not a million (memory, sorting, rendering).
  static let maxDiagnostics = Parser.maxErrors

  private let file: SourceFile
  private var bytes: [UInt8] { file.bytes }
  private var index = 0
  private var tokens: [Token] = []
  private var comments: [SourceComment] = []
  private var diagnostics: [Diagnostic]
  /// Set once the diagnostic budget is spent; lexing ends there.
  private var stopped = false

  private init(file: SourceFile, diagnostics: [Diagnostic]) {
    self.file = file
    self.diagnostics = diagnostics
  }

  /// Lexes `file`, appending problems to `diagnostics`.
  package static func lex(_ file: SourceFile, diagnostics: inout [Diagnostic]) -> LexedFile {
    var lexer = Lexer(file: file, diagnostics: [])
    lexer.run()
    diagnostics.append(contentsOf: lexer.diagnostics)
    return LexedFile(tokens: lexer.tokens, comments: lexer.comments, stopped: lexer.stopped)
  }

  private mutating func run() {
    checkLineLengths()
    // A UTF-8 byte order mark carries no meaning in UTF-8; editors on some systems add it.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while index < bytes.count, !stopped {
      let b = bytes[index]
      switch b {
      case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
        index += 1
      case UInt8(ascii: "#"):
        lexComment()
      case UInt8(ascii: "\""):
        lexString()
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        lexNumber()
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
        lexName()
      case 0x80...:
        lexNonASCII()
      default:
        lexPunctuation(b)
      }
    }
    tokens.append(Token(kind: .endOfFile, span: .at(bytes.count), text: ""))
  }

  /// Records a diagnostic, or — once the budget is spent — records P009 and stops: the token
  /// being read is finished silently, and no further token is read.
  private mutating func report(_ diagnostic: Diagnostic) {
    guard !stopped else { return }
    if diagnostics.count >= Self.maxDiagnostics {
      diagnostics.append(ParserMessages.tooManyErrors(diagnostic.span, limit: Self.maxDiagnostics))
      stopped = true
      return
    }
    diagnostics.append(diagnostic)
  }

  private mutating func checkLineLengths() {
    for i in 0..<file.lineStarts.count where !stopped {
      let line = file.lineBytes(i)
      if line.count > Self.maxLineLength {
        report(
          LexerMessages.lineTooLong(
            SourceSpan(start: line.startIndex, end: line.startIndex + 1), limit: Self.maxLineLength))
      }
    }
  }

  private mutating func lexComment() {
    let start = index
    while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
      if bytes[index] >= 0x80 {
        checkScalarInText()
      } else {
        index += 1
      }
    }
    let span = SourceSpan(start: start, end: index)
    comments.append(SourceComment(span: span, text: file.text(of: SourceSpan(start: start + 1, end: index))))
  }

  /// Inside comments and strings any valid UTF-8 is fine, but invalid bytes and bidirectional
  /// controls are reported (the latter can hide what a rule really says, as in "Trojan Source").
  private mutating func checkScalarInText() {
    let start = index
    guard let (scalar, length) = Self.decodeScalar(bytes, at: index) else {
      report(LexerMessages.invalidUTF8(SourceSpan(start: start, end: start + 1)))
      index += 1
      return
    }
    if Self.isBidiControl(scalar) {
      report(LexerMessages.bidiControl(SourceSpan(start: start, end: start + length)))
    }
    index += length
  }

  private mutating func lexString() {
    let start = index
    index += 1
    var value = [UInt8]()
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        index += 1
        tokens.append(
          Token(kind: .string, span: SourceSpan(start: start, end: index), text: String(decoding: value, as: UTF8.self))
        )
        return
      }
      if b == 0x0A || b == 0x0D { break }
      if b == UInt8(ascii: "\\") {
        let escStart = index
        index += 1
        guard index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D else { break }
        switch bytes[index] {
        case UInt8(ascii: "\""): value.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): value.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "n"): value.append(0x0A)
        case UInt8(ascii: "t"): value.append(0x09)
        default:
          let shown = String(decoding: [bytes[index]], as: UTF8.self)
          report(LexerMessages.invalidEscape(SourceSpan(start: escStart, end: index + 1), shown))
        }
        index += 1
        continue
      }
      if b >= 0x80 {
        let before = index
        checkScalarInText()
        value.append(contentsOf: bytes[before..<index])
        continue
      }
      if b < 0x20 || b == 0x7F {
        report(
          LexerMessages.unexpectedCharacter(SourceSpan(start: index, end: index + 1), Self.describe(byte: b)))
        index += 1
        continue
      }
      value.append(b)
      index += 1
    }
    report(LexerMessages.unterminatedString(SourceSpan(start: start, end: index)))
    tokens.append(
      Token(kind: .string, span: SourceSpan(start: start, end: index), text: String(decoding: value, as: UTF8.self)))
  }

  private mutating func lexNumber() {
    let start = index
    while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
    if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), bytes[index + 1].isASCIIDigit {
      index += 1
      while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
    }
    if let end = exponentEnd() {
      // `2e1`: one token and one diagnostic, not a number, a name `e1` and a cascade of errors.
      let span = SourceSpan(start: start, end: end)
      index = end
      // The number reader takes JSON's syntax, exponents included: it writes the number out.
      let writtenOut = try? ExactNumber.parse(decimal: bytes[span.start..<span.end]).get().decimalText
      report(LexerMessages.exponent(span, file.text(of: span), writtenOut: writtenOut))
      tokens.append(Token(kind: .number, span: span, text: file.text(of: span), number: nil))
      return
    }
    let span = SourceSpan(start: start, end: index)
    let slice = bytes[start..<index]
    switch ExactNumber.parse(decimal: slice) {
    case .success(let value):
      tokens.append(Token(kind: .number, span: span, text: file.text(of: span), number: value))
    case .failure(let error):
      report(LexerMessages.number(span, error))
      tokens.append(Token(kind: .number, span: span, text: file.text(of: span), number: nil))
    }
  }

  /// Where an exponent right after a number's digits (`e1`, `E-3`, `e+0`) ends, or nil when none
  /// starts at `index`.
  private func exponentEnd() -> Int? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") else {
      return nil
    }
    var k = index + 1
    if k < bytes.count, bytes[k] == UInt8(ascii: "+") || bytes[k] == UInt8(ascii: "-") { k += 1 }
    guard k < bytes.count, bytes[k].isASCIIDigit else { return nil }
    while k < bytes.count, bytes[k].isASCIIDigit { k += 1 }
    return k
  }

  private mutating func lexName() {
    let start = index
    var text = [UInt8]()
    while true {
      while index < bytes.count {
        let b = bytes[index]
        if Self.isNameByte(b) {
          text.append(b)
          index += 1
        } else if b >= 0x80, let (scalar, length) = Self.decodeScalar(bytes, at: index),
          scalar.properties.isAlphabetic || Self.asciiLookalike(scalar) != nil
        {
          // A letter from another script inside a name (often a look-alike typed by accident):
          // report it once and keep the name whole, with the look-alike replaced, so recovery
          // does not cascade into "unknown name" errors.
          let span = SourceSpan(start: index, end: index + length)
          let lookalike = Self.asciiLookalike(scalar)
          report(LexerMessages.nonASCIIIdentifier(span, String(scalar), lookalike: lookalike))
          text.append(contentsOf: Array((lookalike ?? "_").utf8))
          index += length
        } else {
          break
        }
      }
      // A dot joins path parts only when a name part follows directly: `shot.time`.
      if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), Self.isNameStart(bytes[index + 1]) {
        text.append(bytes[index])
        index += 1
        continue
      }
      break
    }
    tokens.append(
      Token(kind: .name, span: SourceSpan(start: start, end: index), text: String(decoding: text, as: UTF8.self)))
  }

  private mutating func lexNonASCII() {
    let start = index
    guard let (scalar, length) = Self.decodeScalar(bytes, at: index) else {
      report(LexerMessages.invalidUTF8(SourceSpan(start: start, end: start + 1)))
      index += 1
      return
    }
    index += length
    let span = SourceSpan(start: start, end: index)
    if scalar.value == 0xFEFF || scalar.value == 0xA0 || scalar.properties.isWhitespace {
      return  // stray BOM or non-breaking space: harmless white space
    }
    if Self.isBidiControl(scalar) {
      report(LexerMessages.bidiControl(span))
      return
    }
    let lookalike = Self.asciiLookalike(scalar)
    if scalar.properties.isAlphabetic || lookalike != nil {
      report(LexerMessages.nonASCIIIdentifier(span, String(scalar), lookalike: lookalike))
    } else {
      report(LexerMessages.unexpectedCharacter(span, String(scalar)))
    }
  }

  private mutating func lexPunctuation(_ b: UInt8) {
    let start = index
    let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
    var kind: TokenKind?
    var length = 1
    switch b {
    case UInt8(ascii: "("): kind = .leftParen
    case UInt8(ascii: ")"): kind = .rightParen
    case UInt8(ascii: ","): kind = .comma
    case UInt8(ascii: ";"): kind = .semicolon
    case UInt8(ascii: "+"): kind = .plus
    case UInt8(ascii: "-"): kind = .minus
    case UInt8(ascii: "*"): kind = .star
    case UInt8(ascii: "/"): kind = .slash
    case UInt8(ascii: "<"):
      if next == UInt8(ascii: "=") { (kind, length) = (.lessEqual, 2) } else { kind = .less }
    case UInt8(ascii: ">"):
      if next == UInt8(ascii: "=") { (kind, length) = (.greaterEqual, 2) } else { kind = .greater }
    case UInt8(ascii: "="):
      if next == UInt8(ascii: "=") { (kind, length) = (.equalEqual, 2) } else { kind = .equals }
    case UInt8(ascii: "!"):
      if next == UInt8(ascii: "=") { (kind, length) = (.bangEqual, 2) }
    default: break
    }
    index += length
    let span = SourceSpan(start: start, end: index)
    if let kind {
      tokens.append(Token(kind: kind, span: span, text: file.text(of: span)))
    } else {
      report(LexerMessages.unexpectedCharacter(span, Self.describe(byte: b)))
    }
  }

  // MARK: - Character classes

  static func isNameStart(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F
  }
  static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || b.isASCIIDigit }

  /// A readable name for a control byte (`NUL`, `U+0007`) or the character itself.
  static func describe(byte b: UInt8) -> String {
    if b == 0 { return "NUL" }
    if b < 0x20 || b == 0x7F { return "U+" + String(b, radix: 16, uppercase: true).zeroPadded(to: 4) }
    return String(UnicodeScalar(b))
  }

  static func isBidiControl(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
    default: return false
    }
  }

  /// Letters from other scripts that look exactly like ASCII ones (a short, common list: Cyrillic and
  /// Greek capitals and smalls that editors and keyboards produce by accident).
  static func asciiLookalike(_ s: Unicode.Scalar) -> String? {
    let table: [UInt32: String] = [
      0x0430: "a", 0x0435: "e", 0x043E: "o", 0x0440: "p", 0x0441: "c", 0x0443: "y", 0x0445: "x",
      0x0456: "i", 0x0455: "s", 0x0410: "A", 0x0412: "B", 0x0415: "E", 0x041A: "K", 0x041C: "M",
      0x041D: "H", 0x041E: "O", 0x0420: "P", 0x0421: "C", 0x0422: "T", 0x0425: "X", 0x03BF: "o",
      0x03B1: "a", 0x0391: "A", 0x0392: "B", 0x0395: "E", 0x039F: "O", 0x03A1: "P", 0x03A4: "T",
      0x2010: "-", 0x2011: "-", 0x2012: "-", 0x2013: "-", 0x2212: "-", 0x201C: "\"", 0x201D: "\"",
      0xFF1D: "=", 0x2264: "<=", 0x2265: ">=",
    ]
    return table[s.value]
  }

  /// Decodes one UTF-8 scalar strictly (no overlongs, no surrogates); nil when invalid.
  static func decodeScalar(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
    let b0 = bytes[i]
    let length: Int
    var value: UInt32
    switch b0 {
    case 0x00..<0x80: return (Unicode.Scalar(b0), 1)
    case 0xC2...0xDF: (length, value) = (2, UInt32(b0 & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(b0 & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(b0 & 0x07))
    default: return nil
    }
    guard i + length <= bytes.count else { return nil }
    for k in 1..<length {
      let b = bytes[i + k]
      guard b & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(b & 0x3F)
    }
    let minimum: UInt32 = length == 2 ? 0x80 : (length == 3 ? 0x800 : 0x10000)
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }
}
