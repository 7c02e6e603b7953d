import DialRules

/// A small hand-written argument scanner: `--flag`, `--option value`, `--option=value`,
/// positionals, and `--` to end options. Unknown options are usage errors (exit 64).
struct ArgumentScanner {
  struct UsageError: Error, Equatable {
    var message: String
  }

  /// Options that take a value, and flags that do not.
  let valued: Set<String>
  let flags: Set<String>

  private(set) var values: [String: [String]] = [:]
  private(set) var setFlags: Set<String> = []
  private(set) var positionals: [String] = []

  init(valued: Set<String>, flags: Set<String>) {
    self.valued = valued
    self.flags = flags.union(["--help", "-h"])
  }

  mutating func scan(_ arguments: [String]) throws(UsageError) {
    var i = 0
    var optionsEnded = false
    while i < arguments.count {
      let arg = arguments[i]
      i += 1
      if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
        positionals.append(arg)
        continue
      }
      if arg == "--" {
        optionsEnded = true
        continue
      }
      var name = arg
      var inline: String?
      if let eq = arg.firstIndex(of: "=") {
        name = String(arg[..<eq])
        inline = String(arg[arg.index(after: eq)...])
      }
      if flags.contains(name) {
        if inline != nil { throw UsageError(message: "option '\(name)' takes no value") }
        setFlags.insert(name)
      } else if valued.contains(name) {
        let value: String
        if let inline {
          value = inline
        } else {
          guard i < arguments.count else { throw UsageError(message: "option '\(name)' needs a value") }
          value = arguments[i]
          i += 1
        }
        values[name, default: []].append(value)
      } else {
        let known = (valued.union(flags)).sorted()
        let hint = Suggestion.closest(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
        throw UsageError(message: "unknown option '\(name)'\(hint)")
      }
    }
  }

  func flag(_ name: String) -> Bool { setFlags.contains(name) }
  var wantsHelp: Bool { flag("--help") || flag("-h") }

  /// The last value given for `name`, or nil.
  func value(_ name: String) -> String? { values[name]?.last }

  /// A value that must be one of `choices`.
  func choice(_ name: String, _ choices: [String], default fallback: String) throws(UsageError) -> String {
    guard let v = value(name) else { return fallback }
    guard choices.contains(v) else {
      throw UsageError(message: "'\(v)' is not a valid value for '\(name)'; use \(choices.joined(separator: ", "))")
    }
    return v
  }
}
