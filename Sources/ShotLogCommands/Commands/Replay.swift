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
    let rules: RuleSet
    switch RuleSet.compile(SourceFile(path: path, bytes: try InputFiles.bytes(path, io: context.io))) {
    case .success(let compiled): rules = compiled
    case .failure(let problems):
      context.err.write(DiagnosticRenderer().render(problems.filter(\.isError), in: problems.source))
      throw CommandError(
        .invalid, "\(path): the rules do not compile; fix the errors above",
        de: "\(path): die Regeln lassen sich nicht übersetzen; erst die Fehler oben beheben",
        es: "\(path): las reglas no compilan; corrige los errores de arriba")
    }
    let store = try context.store(.readOnly)
    let report = try store.replay(rules)
    context.out.write(render(report, path: path, all: arguments.flag("--all")))
    return .success
  }

  static func render(_ report: ReplayReport, path: String, all: Bool) -> String {
    let changed = report.shots.filter(\.changed)
    var out = "Replay of \(path) over \(ShotImportRenderer.count(report.shots.count, "shot")): "
    out += "\(changed.count) decided differently.\n"
    guard !report.shots.isEmpty else { return out }
    out += "\nStored → replayed:\n"
    var table = TextTable(rightAligned: [true, false, false, false])
    table.add(["shots", "stored", "", "replayed"])
    for t in report.transitions { table.add([String(t.count), t.from, t.from == t.to ? "=" : "→", t.to]) }
    out += table.render(indent: "  ")
    out += "\nPer bean:\n"
    var beans = TextTable(rightAligned: [false, true, true])
    beans.add(["bean", "shots", "differently"])
    for b in report.beans { beans.add([b.bean, String(b.shots), String(b.changed)]) }
    out += beans.render(indent: "  ")
    out += "\nRules in use:\n"
    var rules = TextTable(rightAligned: [false, true, true, true, true, true, true, true])
    rules.add(["rule", "decided", "abstained", "accepted", "rejected", "toward", "away", "same"])
    for r in report.rules where r.decided + r.abstained > 0 {
      rules.add(
        [r.ruleID]
          + [r.decided, r.abstained, r.accepted, r.rejected, r.towardTime, r.awayFromTime, r.sameDistance].map(
            String.init))
    }
    out += rules.render(indent: "  ")
    let unused = report.rules.filter { $0.decided + $0.abstained == 0 }.map(\.ruleID)
    if !unused.isEmpty { out += "  never deciding on this log: \(unused.joined(separator: ", "))\n" }
    let listed = all ? report.shots : changed
    if !listed.isEmpty {
      out += all ? "\nShots:\n" : "\nDecided differently:\n"
      var shots = TextTable(rightAligned: [true, false, false, false, false])
      shots.add(["#", "pulled (UTC)", "bean", "stored", "replayed"])
      for s in (all ? listed : Array(listed.prefix(shownShots))) {
        shots.add([
          String(s.attemptID), s.pulledAt.shortText, s.bean, ReplayReport.label(s.stored),
          ReplayReport.label(s.replayed),
        ])
      }
      out += shots.render(indent: "  ")
      if !all, listed.count > shownShots { out += "  … and \(listed.count - shownShots) more (--all lists them)\n" }
    }
    return out
  }
}
