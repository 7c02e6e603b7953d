import DialRules

/// Reads the fields of an export document strictly, collecting every problem with its JSON path
/// and its place in the file.
struct FieldReader {
  /// The whole import file: spans point into it, records are read from it in place.
  let file: SourceFile
  /// Problems found so far, in the order found.
  var issues: [LogImportIssue.Found] = []
  /// Where problems without a value of their own are placed (a missing key: its object).
  var fallbackSpan: SourceSpan?

  init(file: SourceFile) { self.file = file }

  mutating func issue(_ path: String, _ message: String, at span: SourceSpan? = nil, kind: LogImportIssue.Kind = .other)
  {
    issues.append(LogImportIssue.Found(kind: kind, path: path, message: message, span: span ?? fallbackSpan))
  }

  /// Checks that an object holds only `allowed` keys, each once; unknown ones are reported with the
  /// closest valid key. Returns the members, or nil when `value` is not an object.
  mutating func object(_ value: JSONNode, _ path: @autoclosure () -> String, allowed: [String]) -> [JSONNode.Member]? {
    guard let members = value.members else {
      issue(path(), "expected an object, found \(value.kind.described)", at: value.span)
      return nil
    }
    // Which allowed keys were seen, by their position in `allowed`: flags rather than a dictionary of
    // strings, since every object of a 100,000-shot import goes through here.
    var seen = [Bool](repeating: false, count: allowed.count)
    for member in members {
      guard let position = allowed.firstIndex(of: member.key) else {
        issue(
          path() + "." + member.key,
          "unknown key '\(member.key)'" + (closest(member.key, among: allowed).map { "; did you mean '\($0)'?" } ?? ""),
          at: member.keySpan)
        continue
      }
      if seen[position] {
        issue(path() + "." + member.key, "duplicate key '\(member.key)'", at: member.keySpan)
      }
      seen[position] = true
    }
    return members
  }

  /// An optional quantity in its plausible range.
  mutating func quantity(_ value: JSONNode?, _ path: @autoclosure () -> String, _ quantity: Quantity) -> ExactNumber? {
    guard let value else { return nil }
    guard let text = value.numberText else {
      issue(path(), "expected a number, found \(value.kind.described)", at: value.span)
      return nil
    }
    switch ExactNumber.parse(text) {
    case .success(let number):
      if let problem = Validation.check(number, quantity) {
        issue(path(), problem, at: value.span)
        return nil
      }
      return number
    case .failure:
      issue(
        path(), "'\(text)' is not an acceptable number (at most 9 decimals, magnitude at most 10^9)", at: value.span)
      return nil
    }
  }

  /// Any decimal number (grind settings, grinder scales).
  mutating func decimal(_ value: JSONNode?, _ path: @autoclosure () -> String) -> ExactNumber? {
    guard let value else { return nil }
    guard let text = value.numberText, let number = ExactNumber(text) else {
      issue(
        path(), "expected a number (at most 9 decimals, magnitude at most 10^9), found \(value.kind.described)",
        at: value.span)
      return nil
    }
    return number
  }

  mutating func string(_ value: JSONNode?, _ path: @autoclosure () -> String) -> String? {
    guard let value else { return nil }
    guard let text = value.string else {
      issue(path(), "expected a string, found \(value.kind.described)", at: value.span)
      return nil
    }
    return text
  }

  /// A shot JSON v1 record, read in place from the file by DialRules' `ShotJSONReader` — the
  /// same reader `dialrules explain` uses, so an export's shots are exactly the shot JSON that tool
  /// accepts. Its diagnostics (with their `J` codes) are reported under `path`, at their own line
  /// and column in the file.
  mutating func record(_ value: JSONNode, _ path: @autoclosure () -> String) -> ShotRecord? {
    switch ShotJSONReader.read(file, in: value.span.start..<value.span.end) {
    case .success(let record):
      return record
    case .failure(let diagnostics):
      for d in diagnostics where d.isError {
        issue(path(), "error[\(d.code)]: \(d.message)" + (d.help.map { " (\($0))" } ?? ""), at: d.span)
      }
      return nil
    }
  }
}
