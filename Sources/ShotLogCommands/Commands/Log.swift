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
    "dialshot log [BEAN] TIME [YIELD] [TASTE]... [options]",
    "dialshot log [BEAN] --time S [--yield G] [--dose G] [--first-drop S] [--taste TAG]... [--flow TAG]... [--rating R] [--notes TEXT] [--at TIME] [--grind SETTING] [--yes] [--long] [--rules FILE] [--verbose]",
  ]
  static let details = """
    The shot is logged against the bean's recipe at the time it was pulled: today's, or for a
    shot back-dated with --at, the recipe in force then (from the recipe's history). BEAN defaults
    to the current bean (the last one logged, or the one chosen with 'dialshot use'). The dose
    defaults to the recipe's dose; everything else not given is unknown, which the rules treat as
    unknown (they never guess).

    Only the bean's latest shot can change its recipe: the suggestion of a shot back-dated before
    another one can be rejected, not accepted.

    The review is short: the shot, the decision, why in brief, the change and how to answer it
    (at most 8 lines); --long or 'dialshot suggest' shows the full card.

    In one line: 'dialshot log 28 36 sour' is --time 28 --yield 36 --taste sour. The first number
    is the time, the second the yield, the words after them the taste; units may follow the
    numbers (28s 36g) and a decimal comma is read as a point (36,5). A BEAN that reads as a
    number is taken for the time: name such a bean by the start of its id.

    A shot whose numbers look like a typo — a ratio under 1:1 or over 1:4, a time under 8 s — is
    logged only after 'y' at the question 'Log it anyway?'; without a terminal to ask on it is
    refused with exit status 1 and nothing is logged, unless --yes is given.

    Options:
      --time S          shot time in seconds (required, here or as the first number)
      --yield G         yield in grams
      --dose G          dose in grams (default: the recipe's)
      --first-drop S    seconds until the first drop
      --taste TAG       sour, bitter, balanced, thin, strong, harsh; repeat or separate with commas;
                        'none' is a verdict with no tag (leave the option out when you did not taste)
      --flow TAG        channeling, gushing, choked (leave out when nothing was noticed)
      --rating R        how much you liked it, 0 to 5 in half steps
      --notes TEXT      free text
      --at TIME         when it was pulled (default: now): local time as 2026-03-01 08:15 or 08:15
                        (today), or ISO 8601 with Z or an offset; never in the future
      --grind SETTING   the grind actually used, when it was not the recipe's (on the grinder's
                        scale); kept with the shot, and a grind change is previewed from it
      --yes             log numbers that look like a typo without asking
      --long            the full review card (this shot beside the previous one and the recipe,
                        every reason, the preview) instead of the short review
      --rules FILE      evaluate these rules instead of the configured or built-in ones
      --verbose         show rule ids, reason codes and the rules' content hash
    """
  static let spec = ArgumentSpec(
    options: ["--time", "--yield", "--dose", "--first-drop", "--notes", "--at", "--rules", "--rating", "--grind"],
    repeatable: ["--taste", "--flow"], flags: ["--verbose", "--yes", "--long"], minPositionals: 0, maxPositionals: 12)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let line = try LogShorthand(arguments.positionals)
    guard arguments.given("--time") || line.time != nil else {
      throw UsageError(
        "'log' needs the shot time: 'dialshot log 28 …' or --time S",
        de: "'log' braucht die Bezugszeit: 'dialshot log 28 …' oder --time S",
        es: "'log' necesita el tiempo de la extracción: 'dialshot log 28 …' o --time S")
    }
    // Every value is read before the database is opened: a typo is reported, and nothing else.
    var shot = ShotRecord.Measurements()
    try ShotLogging.read(arguments, into: &shot)
    try line.apply(to: &shot, arguments)
    let rating = try arguments.value("--rating").map(Validation.rating)
    let notes = arguments.value("--notes").flatMap { $0.isEmpty ? nil : $0 }
    let now = context.environment.now()
    var pulledAt = now
    if let at = arguments.value("--at") { pulledAt = try ShotLogging.time(at, option: "--at", context, now: now) }
    let store = try context.store()
    let bean = try context.bean(line.bean, in: store)
    if bean.archivedAt != nil {
      let (shown, command) = (
        Formatting.visible(bean.name), "'dialshot profiles bean archive \(bean.uuid.prefix(8)) --restore'"
      )
      context.err.line(
        context.presentation.pick(
          "dialshot: warning: bean '\(shown)' is archived; the shot is logged against it (bring it back with \(command))",
          de:
            "dialshot: Warnung: der Kaffee '\(shown)' ist archiviert; der Bezug wird trotzdem für ihn erfasst (zurückholen mit \(command))",
          es:
            "dialshot: aviso: el café '\(shown)' está archivado; la extracción se registra igualmente con él (recupéralo con \(command))"
        ))
    }
    // The recipe in force when the shot was pulled (a back-dated shot's is not today's).
    let recipe = try store.profiles.snapshot(beanID: bean.id, inForceAt: pulledAt)
    let grind = try recipe.flatMap { try ShotLogging.grind(arguments, on: $0, store) }
    var checked = shot
    if checked.doseG == nil { checked.doseG = recipe?.doseG }
    try Plausibility.confirm(checked, arguments, context)
    let logged = try ShotLogging.log(
      shot, of: bean, pulledAt: pulledAt, notes: notes, rating: rating, recipe: nil, grind: grind, context, store)
    context.out.write(ShortReview.chosen(logged.review, context.presentation, long: arguments.flag("--long")))
    return .success
  }
}

/// What `log`, `pull` and `amend` share: reading the measurements, defaulting the dose, storing
/// the attempt with the rules' decision, remembering the bean.
enum ShotLogging {
  /// Reads `--yield`, `--dose`, `--first-drop`, `--taste` and `--flow` into `shot` (those given).
  static func read(_ arguments: ParsedArguments, into shot: inout ShotRecord.Measurements) throws {
    if let text = arguments.value("--time") { shot.timeS = try Quantity.time.parse(text, option: "--time") }
    if let text = arguments.value("--yield") { shot.yieldG = try Quantity.yield.parse(text, option: "--yield") }
    if let text = arguments.value("--dose") { shot.doseG = try Quantity.dose.parse(text, option: "--dose") }
    if let text = arguments.value("--first-drop") {
      shot.firstDropS = try Quantity.firstDrop.parse(text, option: "--first-drop")
    }
    if arguments.given("--taste") { shot.taste = try Validation.tastes(arguments.all("--taste")) }
    if arguments.given("--flow") { shot.flow = try Validation.flows(arguments.all("--flow")) }
    try Validation.check(shot)
  }

  /// A time as typed (local unless it says otherwise; see `LocalClock.parse`), not in the future.
  static func time(_ text: String, option: String, _ context: CommandContext, now: Timestamp) throws -> Timestamp {
    let clock = context.presentation.clock
    switch clock.parse(text, now: now) {
    case .success(let time):
      if time > now { throw ShotLogError.futureTime(time, now: now) }
      return time
    case .failure(.malformed):
      throw CommandError(
        .invalid,
        "\(option): expected a time such as '2026-03-01 08:15' or '08:15' (\(clock.label)), or ISO 8601 with Z or an offset, found '\(Formatting.visible(text))'",
        de:
          "\(option): erwartet eine Zeit wie '2026-03-01 08:15' oder '08:15' (\(clock.label)) oder ISO 8601 mit Z oder Versatz, gefunden '\(Formatting.visible(text))'",
        es:
          "\(option): se esperaba una hora como '2026-03-01 08:15' o '08:15' (\(clock.label)), o ISO 8601 con Z o un desfase, se encontró '\(Formatting.visible(text))'"
      )
    case .failure(.skipped(let local)):
      throw CommandError(
        .invalid, "\(option): \(local) does not exist in \(clock.label): the clocks skipped it",
        de: "\(option): \(local) gibt es in \(clock.label) nicht: die Uhren haben diese Zeit übersprungen",
        es: "\(option): \(local) no existe en \(clock.label): los relojes se la saltaron",
        help: Phrase(
          "give the time after the change, or with an offset (…T08:15+01:00)",
          de: "die Zeit nach der Umstellung angeben oder mit Versatz (…T08:15+01:00)",
          es: "da la hora después del cambio, o con un desfase (…T08:15+01:00)"))
    case .failure(.repeated(let local, let first, let second)):
      throw CommandError(
        .invalid, "\(option): \(local) happened twice in \(clock.label), the clocks went back",
        de: "\(option): \(local) gab es in \(clock.label) zweimal, die Uhren wurden zurückgestellt",
        es: "\(option): \(local) ocurrió dos veces en \(clock.label), los relojes se atrasaron",
        help: Phrase(
          "say which with an offset: \(first) or \(second)", de: "mit Versatz sagen, welche: \(first) oder \(second)",
          es: "di cuál con un desfase: \(first) o \(second)"))
    }
  }

  /// `--grind`, checked against the scale `recipe` was made on before anything is pulled or
  /// stored (the store checks again); nil when not given.
  static func grind(_ arguments: ParsedArguments, on recipe: RecipeSnapshot, _ store: ShotLogStore) throws -> String? {
    guard let text = arguments.value("--grind") else { return nil }
    let grind = text.trimmed
    if let problem = Validation.problem(withText: grind) { throw ShotLogError.invalidGrindSetting(problem) }
    if let scale = recipe.grinderScale, let problem = Validation.problem(withGrind: grind, on: scale) {
      let grinder = try store.profiles.grinder(id: recipe.grinderID)?.name ?? "?"
      throw ShotLogError.grindDoesNotFit(grind: grind, grinder: grinder, scale: scale, problem)
    }
    return grind
  }

  /// Logs `shot` against `recipe` (the recipe in force at `pulledAt` when nil), pulled at `grind`
  /// when given, with the dose defaulting to the recipe's.
  static func log(
    _ shot: ShotRecord.Measurements, of bean: Bean, pulledAt: Timestamp, notes: String?, rating: ExactNumber?,
    recipe: RecipeSnapshot?, grind: String? = nil, _ context: CommandContext, _ store: ShotLogStore
  ) throws -> LoggedShot {
    var shot = shot
    if shot.doseG == nil {
      shot.doseG = try (recipe ?? store.profiles.snapshot(beanID: bean.id, inForceAt: pulledAt))?.doseG
    }
    let logged = try store.shots.logShot(
      shot, of: bean, pulledAt: pulledAt, notes: notes, rating: rating, recipe: recipe, grind: grind,
      rules: try RulesLoader.rules(context, store: store))
    try context.remember(bean: bean, grinder: logged.review.grinder, in: store)
    return logged
  }
}
