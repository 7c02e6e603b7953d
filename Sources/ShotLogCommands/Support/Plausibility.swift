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

  /// What looks like a typo in `shot`, in words of `language` (`a 2 s shot is shorter than 8 s`),
  /// or nothing.
  static func doubts(_ shot: ShotRecord.Measurements, in language: RuleLanguage = .english) -> [String] {
    let w = Wording(language)
    let n = w.number
    var doubts: [String] = []
    if let time = shot.timeS, time < shortestTime {
      doubts.append(
        w.pick(
          "a \(n(time)) s shot is shorter than \(n(shortestTime)) s",
          de: "ein Bezug von \(n(time)) s ist kürzer als \(n(shortestTime)) s",
          es: "una extracción de \(n(time)) s dura menos de \(n(shortestTime)) s"))
    }
    if let yield = shot.yieldG, let dose = shot.doseG, let ratio = yield.divided(by: dose) {
      let shown = Formatting.ratio(ratio, w)
      let words = w.pick(
        "\(n(yield)) g from \(n(dose)) g is a ratio of \(shown)",
        de: "\(n(yield)) g aus \(n(dose)) g ist ein Verhältnis von \(shown)",
        es: "\(n(yield)) g de \(n(dose)) g es una proporción de \(shown)")
      if ratio < ratios.shortest {
        doubts.append(words + w.pick(", under 1:", de: ", unter 1:", es: ", por debajo de 1:") + n(ratios.shortest))
      } else if ratio > ratios.longest {
        doubts.append(words + w.pick(", over 1:", de: ", über 1:", es: ", por encima de 1:") + n(ratios.longest))
      }
    }
    return doubts
  }

  /// `this looks like a typo: …` in `language`.
  static func summary(_ shot: ShotRecord.Measurements, in language: RuleLanguage) -> String {
    Wording(language).pick(
      "this looks like a typo: ", de: "das sieht nach einem Tippfehler aus: ", es: "parece una errata: ")
      + doubts(shot, in: language).joined(separator: "; ")
  }

  /// Goes on when nothing looks wrong, `--yes` was given, or the barista answers `y` (`j`, `s`)
  /// on the terminal; otherwise throws a refusal (exit status 1) and nothing is logged.
  static func confirm(_ shot: ShotRecord.Measurements, _ arguments: ParsedArguments, _ context: CommandContext) throws {
    guard !doubts(shot).isEmpty, !arguments.flag("--yes") else { return }
    guard let openTerminal = context.environment.openTerminal else {
      throw CommandError(
        .refused, summary(shot, in: .english) + "; nothing was logged",
        de: summary(shot, in: .german) + "; nichts wurde protokolliert",
        es: summary(shot, in: .spanish) + "; no se registró nada",
        help: Phrase(
          "check the numbers, or log the shot as it is with --yes",
          de: "die Zahlen prüfen oder den Bezug mit --yes so protokollieren, wie er ist",
          es: "revisa los números, o registra la extracción tal cual con --yes"))
    }
    let p = context.presentation
    let terminal = try openTerminal()
    defer { terminal.restore() }
    let question = summary(shot, in: p.language)
    terminal.write(p.wrap(question.prefix(1).uppercased() + question.dropFirst() + "."))
    terminal.write(
      p.pick("Log it anyway? [y/N] ", de: "Trotzdem protokollieren? [j/N] ", es: "¿Registrarla igualmente? [s/N] "))
    while true {
      guard let key = try terminal.readKey(timeoutMilliseconds: 60_000) else { continue }
      switch key {
      case .character(let c) where c.lowercased() == "y" || c.lowercased() == p.pick("y", de: "j", es: "s"):
        terminal.write(p.pick("yes\n", de: "ja\n", es: "sí\n"))
        return
      case .character("n"), .character("N"), .enter, .escape, .interrupt, .endOfInput:
        terminal.write(p.pick("no\n", de: "nein\n", es: "no\n"))
        throw CommandError(
          .refused, "nothing was logged", de: "nichts wurde protokolliert", es: "no se registró nada",
          help: Phrase(
            "check the numbers and log the shot again", de: "die Zahlen prüfen und den Bezug neu protokollieren",
            es: "revisa los números y vuelve a registrar la extracción"))
      default:
        continue
      }
    }
  }
}
