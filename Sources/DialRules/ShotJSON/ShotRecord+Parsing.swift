/// Shot JSON v1 in, and the same checks for records built in code (`docs/shot-json.md`).
///
/// ```swift
/// switch ShotRecord.parseJSON(text, path: "shot.json") {
/// case .success(let shot): print(rules.decide(shot).text)
/// case .failure(let problems): print(problems)   // shot.json:1:30: error[J…]: …
/// }
/// ```
extension ShotRecord {
  /// Reads one shot JSON v1 document. On failure, every problem found, each with a `J` code and
  /// a place in `text` (at most 100 per document).
  /// - Parameters:
  ///   - text: the whole document.
  ///   - path: the name diagnostics show for it.
  public static func parseJSON(_ text: String, path: String = "<shot>") -> Result<ShotRecord, DiagnosticList> {
    parseJSON(SourceFile(path: path, text: text))
  }

  /// Reads one shot JSON v1 document already in memory (the whole file; a UTF-8 byte order mark
  /// at its start is skipped). On failure, every problem found, with `J` codes and places.
  public static func parseJSON(_ source: SourceFile) -> Result<ShotRecord, DiagnosticList> {
    ShotJSONReader.read(source)
  }

  /// Reads a JSON Lines file of shots: one result per non-blank line, in order. Lines end at LF,
  /// CRLF or a lone CR; lines holding only spaces and tabs are skipped. A bad line does not stop
  /// the others; its diagnostics point into `source`, so they render with the right line number.
  public static func parseJSONLines(_ source: SourceFile) -> [JSONLine] {
    var lines: [JSONLine] = []
    ShotJSONReader.readLines(source) { line, result in lines.append(JSONLine(line: line, result: result)) }
    return lines
  }

  /// One non-blank line of a JSON Lines file and what it held.
  public struct JSONLine: Sendable {
    /// The 1-based line number in the file.
    public var line: Int
    /// The shot on that line, or everything wrong with it.
    public var result: Result<ShotRecord, DiagnosticList>

    /// A line's result.
    public init(line: Int, result: Result<ShotRecord, DiagnosticList>) {
      self.line = line
      self.result = result
    }
  }

  /// The path diagnostics show for a record built in code and checked by `validate()`.
  public static let validationPath = "<shot record>"

  /// Checks a record built in code with exactly the bounds and `J` codes that shot JSON is read
  /// with: a dose must be more than 0 and at most 100 g, numbers may have at most 9 decimals and
  /// 18 significant digits, texts at most 1,000 bytes, and so on (`docs/shot-json.md`).
  ///
  /// The bounds are the reader's own, checked directly on the record; a record that breaks one
  /// is written as shot JSON, keeping every decimal it has (up to 30), and read back by the shot
  /// JSON reader, so its diagnostics are exactly the reader's. On success the result is the record
  /// as read back, which equals this one unless a `GrindSetting`'s `value` disagreed with its
  /// `text` (the value is then recomputed from the text, as reading would). On failure the
  /// diagnostics point into that JSON text (path `"<shot record>"`) and name the field by its JSON
  /// path (`shot.dose_g`); `violations()` gives the same problems in the record's terms (the
  /// field, the value, the bound) without a place, for an app that built the record itself.
  ///
  /// `RuleSet.decide(_:)` and `RuleSet.explain(_:)` call this first; records read from JSON are
  /// already valid.
  public func validate() -> Result<ShotRecord, DiagnosticList> {
    if passesShotJSONBounds == true { return .success(readBack) }
    return validateByRoundTrip()
  }

  /// `validate()` by writing the record as shot JSON and reading it back: the reference the direct
  /// path is tested against, and the path that gives an invalid record its diagnostics.
  func validateByRoundTrip() -> Result<ShotRecord, DiagnosticList> {
    var w = JSONWriter(reservingCapacity: 384)
    w.fractionDigits = 30
    writeJSON(to: &w)
    return ShotJSONReader.read(SourceFile(path: Self.validationPath, bytes: w.bytes))
  }
}
