import DialRules

/// Reads the fields of an export document strictly, collecting every problem with its JSON path.
struct FieldReader {
  /// Problems found, as (path, message).
  var issues: [(path: String, message: String)] = []

  mutating func issue(_ path: String, _ message: String) { issues.append((path, message)) }

  /// Checks that an object holds only `allowed` keys; unknown ones are reported with the closest
  /// valid key. Returns the members, or nil when `value` is not an object.
  mutating func object(_ value: JSONNode, _ path: @autoclosure () -> String, allowed: [String]) -> [(
    key: String, value: JSONNode
  )]? {
    guard case .object(let members) = value else {
      issue(path(), "expected an object, found \(value.kindName)")
      return nil
    }
    for member in members where !allowed.contains(member.key) {
      issue(
        path() + "." + member.key,
        "unknown key '\(member.key)'" + (closest(member.key, among: allowed).map { "; did you mean '\($0)'?" } ?? ""))
    }
    return members
  }

  /// An optional quantity in its plausible range.
  mutating func quantity(_ value: JSONNode?, _ path: @autoclosure () -> String, _ quantity: Quantity) -> ExactNumber? {
    guard let value else { return nil }
    guard case .number(let text) = value else {
      issue(path(), "expected a number, found \(value.kindName)")
      return nil
    }
    switch ExactNumber.parse(text) {
    case .success(let number):
      if let problem = Validation.check(number, quantity) {
        issue(path(), problem)
        return nil
      }
      return number
    case .failure:
      issue(path(), "'\(text)' is not an acceptable number (at most 9 decimals, magnitude at most 10^9)")
      return nil
    }
  }

  /// Any decimal number (grind settings, grinder scales).
  mutating func decimal(_ value: JSONNode?, _ path: @autoclosure () -> String) -> ExactNumber? {
    guard let value else { return nil }
    guard case .number(let text) = value, let number = ExactNumber.decimal(text) else {
      issue(path(), "expected a number (at most 9 decimals, magnitude at most 10^9), found \(value.kindName)")
      return nil
    }
    return number
  }

  mutating func string(_ value: JSONNode?, _ path: @autoclosure () -> String) -> String? {
    guard let value else { return nil }
    guard case .string(let text) = value else {
      issue(path(), "expected a string, found \(value.kindName)")
      return nil
    }
    return text
  }

  /// A shot JSON v1 record, read by DialRules' `ShotJSONReader` — the same reader `dialrules
  /// explain` uses, so an export's shots are exactly the shot JSON that tool accepts. Its
  /// diagnostics (with their `J` codes) are reported under `path`.
  mutating func record(_ value: JSONNode, _ path: @autoclosure () -> String) -> ShotRecord? {
    let file = SourceFile(path: path(), text: value.compactText)
    switch ShotJSONReader.read(file) {
    case .success(let record):
      return record
    case .failure(let diagnostics):
      for d in diagnostics where d.isError {
        issue(path(), "error[\(d.code)]: \(d.message)" + (d.help.map { " (\($0))" } ?? ""))
      }
      return nil
    }
  }
}
