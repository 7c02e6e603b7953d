import CommandLineSupport
import DialRules
import ShotLog

/// Numbers a shot can have but that look like a typo: a ratio under 1:1 or over 1:4 (a yield of
/// 4.2 g from 18 g is 42 with a slip of the finger), or a time under 8 s (2 s for 28 s). `log`
/// asks before it stores such a shot — every later suggestion would be compared with it — and,
/// without a terminal to ask on, refuses unless `--yes` says the numbers are right.
enum Plausibility {
  /// The shortest shot time that is not questioned.
  static let shortestTime = ExactNumber(8)
  /// The shortest and longest ratios (yield ÷ dose) that are not questioned.
  static let ratios = (shortest: ExactNumber(1), longest: ExactNumber(4))

  /// What looks like a typo in `shot`, in words (`a 2 s shot is shorter than 8 s`), or nothing.
  static func doubts(_ shot: ShotRecord.Measurements) -> [String] {
    var doubts: [String] = []
    if let time = shot.timeS, time < shortestTime {
      doubts.append("a \(time.decimalText) s shot is shorter than \(shortestTime.decimalText) s")
    }
    if let yield = shot.yieldG, let dose = shot.doseG, let ratio = yield.divided(by: dose) {
      let words = "\(yield.decimalText) g from \(dose.decimalText) g is a ratio of \(Formatting.ratio(ratio))"
      if ratio < ratios.shortest {
        doubts.append("\(words), under 1:\(ratios.shortest.decimalText)")
      } else if ratio > ratios.longest {
        doubts.append("\(words), over 1:\(ratios.longest.decimalText)")
      }
    }
    return doubts
  }

  /// Goes on when nothing looks wrong, `--yes` was given, or the barista answers `y` on the
  /// terminal; otherwise throws a refusal (exit status 1) and nothing is logged.
  static func confirm(_ shot: ShotRecord.Measurements, _ arguments: ParsedArguments, _ context: CommandContext) throws {
    let doubts = doubts(shot)
    guard !doubts.isEmpty, !arguments.flag("--yes") else { return }
    let summary = "this looks like a typo: " + doubts.joined(separator: "; ")
    guard let openTerminal = context.environment.openTerminal else {
      throw CommandError(
        .refused, "\(summary); nothing was logged",
        help: "check the numbers, or log the shot as it is with --yes")
    }
    let terminal = try openTerminal()
    defer { terminal.restore() }
    terminal.write(context.presentation.wrap("This looks like a typo: " + doubts.joined(separator: "; ") + "."))
    terminal.write("Log it anyway? [y/N] ")
    while true {
      guard let key = try terminal.readKey(timeoutMilliseconds: 60_000) else { continue }
      switch key {
      case .character("y"), .character("Y"):
        terminal.write("yes\n")
        return
      case .character("n"), .character("N"), .enter, .escape, .interrupt, .endOfInput:
        terminal.write("no\n")
        throw CommandError(.refused, "nothing was logged", help: "check the numbers and log the shot again")
      default:
        continue
      }
    }
  }
}
