import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot gaps`: the active rules' disagreement and gap regions (`dialrules lint`'s A001 and
/// A002 findings) with how many of the log's shots fall in each, the most first — the gap people
/// actually hit comes first.
enum GapsCommand: Command {
  static let name = "gaps"
  static let abstract = "Weigh the rules' gaps and disagreements by the shots in the log"
  static let usage = ["dialshot gaps [--rules FILE]"]
  static let details = """
    The rules are analysed as 'dialrules lint' does; every shot of the log (its record: recipe,
    grinder, measurements, previous shot) is placed in the regions where the rules disagree or no
    rule decides. A shot that lacks an observation a region needs (most often the taste: record it,
    or import with --taste-from-notes) is counted apart. Nothing is written.

    Options:
      --rules FILE   the rules to weigh (default: as 'dialshot log' uses)
    """
  static let spec = ArgumentSpec(options: ["--rules"], maxPositionals: 0)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let store = try context.store(.readOnly)
    let rules = try RulesLoader.rules(context, store: store)
    let records = try store.replay.shotRecords()
    let weights = Analyzer.analyze(rules.compiled).weigh(records.map(\.record))
    let count = try store.shots.attemptCount()
    context.out.write(
      ShotWeightsRenderer.text(
        weights, rules: rules.source,
        shotsSource: "the log (\(count) shot\(count == 1 ? "" : "s"))", names: records.map { "#\($0.attemptID)" }))
    return .success
  }

}
