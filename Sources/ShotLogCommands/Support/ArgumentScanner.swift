/// A command line error: printed with the command's usage and exit status 64.
struct UsageError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

/// What a command accepts: which `--names` take a value, which are flags, how many positionals.
struct ArgumentSpec {
  /// Options that take a value (`--dose 18`, `--dose=18`).
  var options: [String] = []
  /// Options that may be given several times (`--taste sour --taste thin`).
  var repeatable: [String] = []
  /// Options without a value.
  var flags: [String] = []
  /// Positional argument bounds.
  var minPositionals = 0
  var maxPositionals = 0

  /// Every command takes these.
  static let common = ["--db"]
}

/// The scanned command line.
struct ParsedArguments {
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []

  /// The value of an option given at most once.
  func value(_ name: String) -> String? { values[name]?.last }
  /// All values of a repeatable option.
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func has(_ flag: String) -> Bool { flags.contains(flag) }
  /// Whether the option was given at all.
  func given(_ name: String) -> Bool { values[name] != nil }
}

/// A small hand-written scanner: long options with a separate or `=` value, flags, positionals,
/// and `--` to end options. `-h` and `--help` are handled by the dispatcher before this runs.
enum ArgumentScanner {
  static func scan(_ arguments: [String], _ spec: ArgumentSpec) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    let valued = Set(spec.options + spec.repeatable + ArgumentSpec.common)
    let flags = Set(spec.flags)
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
        if !optionsEnded, argument.hasPrefix("-"), argument != "-", Double(argument) == nil {
          throw UsageError("unknown option '\(argument)'")
        }
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if flags.contains(name) {
        if inlineValue != nil { throw UsageError("option '\(name)' takes no value") }
        result.flags.insert(name)
      } else if valued.contains(name) {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < arguments.count else { throw UsageError("option '\(name)' needs a value") }
          value = arguments[index]
          index += 1
        }
        if result.values[name] != nil, !spec.repeatable.contains(name) {
          throw UsageError("option '\(name)' given more than once")
        }
        result.values[name, default: []].append(value)
      } else {
        let known = Array(valued) + Array(flags)
        let hint = closestOption(name, known).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError("unknown option '\(name)'\(hint)")
      }
    }
    if result.positionals.count < spec.minPositionals { throw UsageError("missing argument") }
    if result.positionals.count > spec.maxPositionals {
      throw UsageError("unexpected argument '\(result.positionals[spec.maxPositionals])'")
    }
    return result
  }

  private static func closestOption(_ name: String, _ known: [String]) -> String? {
    var best: (String, Int)?
    for candidate in known {
      let d = editDistance(Array(name), Array(candidate))
      if d <= 2, best == nil || d < best?.1 ?? Int.max { best = (candidate, d) }
    }
    return best?.0
  }

  private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, ca) in a.enumerated() {
      var current = [i + 1]
      for (j, cb) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}
