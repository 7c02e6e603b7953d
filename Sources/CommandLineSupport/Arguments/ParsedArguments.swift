/// A scanned command line: positionals in order, option values, and the flags that were set.
package struct ParsedArguments: Sendable, Equatable {
  /// Arguments that are not options, in order (everything after `--` included).
  package var positionals: [String] = []
  /// Every value of every option given, by option name, in the order given.
  package var values: [String: [String]] = [:]
  /// The options with values that were given, in the order they first appeared (so a command
  /// that refuses some of them names the first, whatever the dictionary's order).
  package var options: [String] = []
  /// The flags that were set.
  var flags: Set<String> = []

  init() {}

  /// Whether `-h` or `--help` was given as an option: the command prints its help and exits 0,
  /// whatever else the line says.
  package var wantsHelp: Bool { flag("--help") || flag("-h") }

  /// Whether a flag was set.
  package func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value of an option given at most once, or nil.
  package func value(_ name: String) -> String? { values[name]?.last }

  /// All values of a repeatable option, in order.
  package func all(_ name: String) -> [String] { values[name] ?? [] }

  /// Whether an option with a value was given at all.
  package func given(_ name: String) -> Bool { values[name] != nil }

  /// A value that must be one of `choices`; `fallback` when the option was not given.
  package func choice(_ name: String, _ choices: [String], default fallback: String) throws(UsageError) -> String {
    guard let v = value(name) else { return fallback }
    guard choices.contains(v) else {
      let list = choices.joined(separator: ", ")
      throw UsageError(
        "'\(v)' is not a valid value for '\(name)'; use \(list)",
        de: "'\(v)' ist kein gültiger Wert für '\(name)'; erlaubt: \(list)",
        es: "'\(v)' no es un valor válido para '\(name)'; usa \(list)")
    }
    return v
  }
}
