/// `--color auto|always|never`: whether diagnostics are coloured. `auto` colours only when
/// standard error (where diagnostics go) is a terminal; goldens and pipes stay plain.
package enum ColorChoice: String, CaseIterable, Sendable {
  case auto, always, never

  /// The option every command that renders diagnostics takes.
  static let option = "--color"

  /// Whether to colour, given whether the output is a terminal.
  func colors(terminal: Bool) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: terminal
    }
  }

  /// The decision for one run: the `--color` value (default `auto`) against standard error.
  package static func resolve(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> Bool {
    let word = try arguments.choice(option, allCases.map(\.rawValue), default: ColorChoice.auto.rawValue)
    return (ColorChoice(rawValue: word) ?? .auto).colors(terminal: io.stderrIsTerminal)
  }
}
