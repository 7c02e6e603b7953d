/// What a subcommand accepts: which `--names` take a value, which may be repeated, which are
/// flags, and how many positional arguments it takes. `-h` and `--help` are always accepted.
package struct ArgumentSpec: Sendable {
  /// Options that take one value (`--dose 18`, `--dose=18`), given at most once.
  var options: [String]
  /// Options that take a value and may be given several times (`--taste sour --taste thin`).
  var repeatable: [String]
  /// Options without a value.
  var flags: [String]
  /// The fewest positional arguments.
  var minPositionals: Int
  /// The most positional arguments; nil for no limit (the command checks the count itself).
  var maxPositionals: Int?

  /// The flags every command takes.
  static let helpFlags = ["--help", "-h"]

  package init(
    options: [String] = [], repeatable: [String] = [], flags: [String] = [], minPositionals: Int = 0,
    maxPositionals: Int? = nil
  ) {
    self.options = options
    self.repeatable = repeatable
    self.flags = flags
    self.minPositionals = minPositionals
    self.maxPositionals = maxPositionals
  }

  /// The same spec with `options` added (a tool's common options, such as `dialshot --db`).
  package func adding(options more: [String]) -> ArgumentSpec {
    var copy = self
    copy.options += more.filter { !options.contains($0) && !repeatable.contains($0) }
    return copy
  }

  /// The same spec with `flags` added (a tool's common flags, such as `dialshot --utc`).
  package func adding(flags more: [String]) -> ArgumentSpec {
    var copy = self
    copy.flags += more.filter { !flags.contains($0) }
    return copy
  }

  /// Every name the spec knows, sorted, for "did you mean".
  var knownNames: [String] { Set(options + repeatable + flags + Self.helpFlags).sorted() }
}
