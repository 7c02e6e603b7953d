import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot suggest`: shows the review of a logged shot again — the decision stored with it, its
/// rationale and the preview — or, with --rules, what other rules would say (nothing is stored).
enum SuggestCommand: Command {
  static let name = "suggest"
  static let abstract = "Show a logged shot's review: decision, rule, rationale and preview"
  static let usage = ["dialshot suggest [SHOT] [--rules FILE] [--verbose]"]
  static let details = """
    SHOT is a number from 'dialshot history' (12 or #12), the start of a shot's id, or 'latest'
    (the default: the shot logged last). Everything shown is what was stored when the shot was
    logged: its record, the shot it was compared with, the decision. With --rules FILE the stored
    record is evaluated again with those rules and the result is shown but not stored.

    Options:
      --rules FILE    re-evaluate with these rules (preview only)
      --verbose       show rule ids, reason codes and the rules' content hash
    """
  static let spec = ArgumentSpec(options: ["--rules"], flags: ["--verbose"], minPositionals: 0, maxPositionals: 1)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let store = try context.store(.readOnly)
    let attempt = try store.shots.findAttempt(arguments.positionals.first ?? "latest")
    var other: RuleSet? = nil
    if arguments.given("--rules") {
      other = try RulesLoader.rules(context, store: store)
    } else {
      RulesLoader.forWording(context, store: store)
    }
    let review = try store.shots.review(attempt, reevaluatedWith: other)
    context.out.write(
      ReviewRenderer.text(review, context.presentation, reevaluated: other.map { $0.name ?? $0.path }))
    return .success
  }
}
