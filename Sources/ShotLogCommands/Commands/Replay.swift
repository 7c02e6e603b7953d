import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot replay RULES`: what a rule file would have suggested over the whole log, against what
/// was stored — counts of each change `from → to`, per bean, the rules in use (how often each
/// decided, how often its suggestion was accepted or rejected, whether the next shot moved toward
/// the target time) and the shots that would be decided differently.
enum ReplayCommand: Command {
  static let name = "replay"
  static let abstract = "Replay a rule file over the whole log and compare with what was stored"
  static let usage = ["dialshot replay RULES [--all]"]
  static let details = """
    Every shot's record (recipe, grinder, measurements, previous shot) is decided again by RULES
    and compared with the decision stored when it was logged or imported. Nothing is written.

    "Rules in use" counts, per rule of RULES: the shots it decides (an adjustment or no change), the
    shots it abstains on, how often that same suggestion was accepted or rejected when it was
    stored, and for its adjustments whether the next shot of the bean and grinder came closer to
    the recipe's time ("toward"), went further ("away"), or stayed as far.

    Options:
      --all    list every shot, not only the ones decided differently
    """
  static let spec = ArgumentSpec(flags: ["--all"], minPositionals: 1, maxPositionals: 1)

  /// Shots listed when not `--all`.
  static let shownShots = 30

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let path = arguments.positionals[0]
    let rules = try RulesLoader.compile(path, context)
    let store = try context.store(.readOnly)
    let report = try store.replay.report(with: rules)
    context.out.write(render(report, path: path, all: arguments.flag("--all"), context.presentation.words))
    return .success
  }

  static func render(_ report: ReplayReport, path: String, all: Bool, _ w: Wording = Wording(.english)) -> String {
    let changed = report.shots.filter(\.changed)
    let shots = Formatting.shots(report.shots.count, w)
    var out = w.pick(
      "Replay of \(path) over \(shots): \(changed.count) decided differently.\n",
      de: "Nachspielen von \(path) über \(shots): \(changed.count) anders entschieden.\n",
      es: "Repetición de \(path) sobre \(shots): \(changed.count) decididas de otra manera.\n")
    guard !report.shots.isEmpty else { return out }
    out += transitions(report, w)
    out += perBean(report, w)
    out += rulesInUse(report, w)
    out += shotList(report, changed: changed, all: all, w)
    return out
  }

  /// How many shots went from each stored decision to each replayed one.
  private static func transitions(_ report: ReplayReport, _ w: Wording) -> String {
    var out = ""
    // The library's English labels of the transitions, in `w`'s words (each stands for a decision
    // of one of the shots).
    var words: [String: String] = [:]
    for s in report.shots {
      words[ReplayReport.label(s.stored)] = label(s.stored, w)
      words[ReplayReport.label(s.replayed)] = label(s.replayed, w)
    }
    out += w.pick("\nStored → replayed:\n", de: "\nGespeichert → nachgespielt:\n", es: "\nGuardada → repetida:\n")
    var table = TextTable(rightAligned: [true, false, false, false])
    table.add(
      w.language == .english
        ? ["shots", "stored", "", "replayed"]
        : w.language == .german
          ? ["Bezüge", "gespeichert", "", "nachgespielt"] : ["extracciones", "guardada", "", "repetida"])
    for t in report.transitions {
      table.add([String(t.count), words[t.from] ?? t.from, t.from == t.to ? "=" : "→", words[t.to] ?? t.to])
    }
    out += table.render(indent: "  ")
    return out
  }

  /// Per bean, its shots and how many were decided differently.
  private static func perBean(_ report: ReplayReport, _ w: Wording) -> String {
    var out = ""
    out += w.pick("\nPer bean:\n", de: "\nJe Kaffee:\n", es: "\nPor café:\n")
    var beans = TextTable(rightAligned: [false, true, true])
    beans.add(
      w.language == .english
        ? ["bean", "shots", "differently"]
        : w.language == .german ? ["Kaffee", "Bezüge", "anders"] : ["café", "extracciones", "distintas"])
    for b in report.beans { beans.add([b.bean, String(b.shots), String(b.changed)]) }
    out += beans.render(indent: "  ")
    return out
  }

  /// Per rule that decided or abstained: how often, and what became of its suggestions; then
  /// the rules that never did.
  private static func rulesInUse(_ report: ReplayReport, _ w: Wording) -> String {
    var out = ""
    out += w.pick("\nRules in use:\n", de: "\nVerwendete Regeln:\n", es: "\nReglas en uso:\n")
    var rules = TextTable(rightAligned: [false, true, true, true, true, true, true, true])
    rules.add(
      w.language == .english
        ? ["rule", "decided", "abstained", "accepted", "rejected", "toward", "away", "same"]
        : w.language == .german
          ? ["Regel", "entschieden", "enthalten", "angenommen", "abgelehnt", "näher", "weiter", "gleich"]
          : ["regla", "decidió", "se abstuvo", "aceptadas", "rechazadas", "más cerca", "más lejos", "igual"])
    for r in report.rules where r.decided + r.abstained > 0 {
      rules.add(
        [r.ruleID]
          + [r.decided, r.abstained, r.accepted, r.rejected, r.towardTime, r.awayFromTime, r.sameDistance].map(
            String.init))
    }
    out += rules.render(indent: "  ")
    let unused = report.rules.filter { $0.decided + $0.abstained == 0 }.map(\.ruleID)
    if !unused.isEmpty {
      out +=
        w.pick(
          "  never deciding on this log: ", de: "  in diesem Protokoll nie entscheidend: ",
          es: "  nunca deciden en este registro: ") + unused.joined(separator: ", ") + "\n"
    }
    return out
  }

  /// The shots decided differently (the first `shownShots`), or with `--all` every shot.
  private static func shotList(_ report: ReplayReport, changed: [ReplayReport.Shot], all: Bool, _ w: Wording)
    -> String
  {
    var out = ""
    let listed = all ? report.shots : changed
    if !listed.isEmpty {
      out +=
        all
        ? w.pick("\nShots:\n", de: "\nBezüge:\n", es: "\nExtracciones:\n")
        : w.pick("\nDecided differently:\n", de: "\nAnders entschieden:\n", es: "\nDecididas de otra manera:\n")
      var shots = TextTable(rightAligned: [true, false, false, false, false])
      shots.add(
        w.language == .english
          ? ["#", "pulled (UTC)", "bean", "stored", "replayed"]
          : w.language == .german
            ? ["#", "gezogen (UTC)", "Kaffee", "gespeichert", "nachgespielt"]
            : ["#", "hecha (UTC)", "café", "guardada", "repetida"])
      for s in (all ? listed : Array(listed.prefix(shownShots))) {
        shots.add([String(s.attemptID), s.pulledAt.shortText, s.bean, label(s.stored, w), label(s.replayed, w)])
      }
      out += shots.render(indent: "  ")
      if !all, listed.count > shownShots {
        let more = listed.count - shownShots
        out += w.pick(
          "  … and \(more) more (--all lists them)\n", de: "  … und \(more) weitere (--all zeigt sie)\n",
          es: "  … y \(more) más (--all las muestra)\n")
      }
    }
    return out
  }

  /// `ReplayReport.label` in `w`'s language: the library's sentence for an adjustment or no change,
  /// `zu wenig Anhaltspunkte (unvollständig)` for an abstention, `keine Entscheidung` for none.
  static func label(_ decision: Decision?, _ w: Wording) -> String {
    guard w.language != .english else { return ReplayReport.label(decision) }
    guard let decision else { return w.pick("", de: "keine Entscheidung", es: "sin decisión") }
    switch decision.outcome {
    case .adjust(let a): return w.sentence(a)
    case .noChange: return w.sentence(.noChange)
    case .insufficientEvidence(let reason):
      return w.pick("", de: "zu wenig Anhaltspunkte", es: "faltan datos") + " (\(w.reason(reason)))"
    }
  }
}
