import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot log`: records a shot from the command line (no terminal needed), then prints the
/// review: the shot beside the previous one, the rules' decision with its rationale, and the
/// preview of the next recipe.
enum LogCommand: Command {
  static let name = "log"
  static let abstract = "Log a shot from the command line, then review it"
  static let usage = [
    "dialshot log [BEAN] --time S [--yield G] [--dose G] [--first-drop S] [--taste TAG]... [--flow TAG]... [--notes TEXT] [--at TIME] [--rules FILE]"
  ]
  static let details = """
    The shot is logged against the bean's active recipe. BEAN may be left out when there is only
    one bean. The dose defaults to the recipe's dose; everything else not given is unknown, which
    the rules treat as unknown (they never guess).

    Options:
      --time S          shot time in seconds (required)
      --yield G         yield in grams
      --dose G          dose in grams (default: the recipe's)
      --first-drop S    seconds until the first drop
      --taste TAG       sour, bitter, balanced, thin, strong, harsh; repeat or separate with commas;
                        'none' is a verdict with no tag (leave the option out when you did not taste)
      --flow TAG        channeling, gushing, choked (leave out when nothing was noticed)
      --notes TEXT      free text
      --at TIME         when it was pulled, ISO 8601 (default: now)
      --rules FILE      evaluate these rules instead of the configured or built-in ones
    """
  static let spec = ArgumentSpec(
    options: ["--time", "--yield", "--dose", "--first-drop", "--notes", "--at", "--rules"],
    repeatable: ["--taste", "--flow"], minPositionals: 0, maxPositionals: 1)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    guard let timeText = arguments.value("--time") else { throw UsageError("'log' needs --time S") }
    let store = try context.store()
    let bean = try context.bean(arguments.positionals.first, in: store)
    var shot = ShotRecord.Measurements()
    shot.timeS = try Quantity.time.parse(timeText, option: "--time")
    if let text = arguments.value("--yield") { shot.yieldG = try Quantity.yield.parse(text, option: "--yield") }
    if let text = arguments.value("--dose") { shot.doseG = try Quantity.dose.parse(text, option: "--dose") }
    if let text = arguments.value("--first-drop") {
      shot.firstDropS = try Quantity.firstDrop.parse(text, option: "--first-drop")
    }
    if arguments.given("--taste") { shot.taste = try Validation.tastes(arguments.all("--taste")) }
    if arguments.given("--flow") { shot.flow = try Validation.flows(arguments.all("--flow")) }
    let notes = arguments.value("--notes").flatMap { $0.isEmpty ? nil : $0 }
    var pulledAt = context.environment.now()
    if let at = arguments.value("--at") {
      guard let time = Timestamp.parse(at) else {
        throw CommandError(.invalid, "--at: expected an ISO 8601 time such as 2026-03-01T08:15:00Z, found '\(at)'")
      }
      pulledAt = time
    }
    let logged = try ShotLogging.log(shot, of: bean, pulledAt: pulledAt, notes: notes, context, store)
    context.out.write(ReviewRenderer.text(logged.review))
    return .success
  }
}

/// What `log` and `pull` share: defaulting the dose, storing the attempt with the rules' decision.
enum ShotLogging {
  static func log(
    _ shot: ShotRecord.Measurements, of bean: Bean, pulledAt: Timestamp, notes: String?, _ context: CommandContext,
    _ store: ShotLogStore
  ) throws -> LoggedShot {
    var shot = shot
    if shot.doseG == nil { shot.doseG = try store.activeSnapshot(beanID: bean.id)?.doseG }
    return try store.logShot(
      shot, of: bean, pulledAt: pulledAt, notes: notes, rules: try RulesLoader.rules(context, store: store))
  }
}
