import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot pull`: an interactive shot timer for the terminal. Start with space, mark the first
/// drop with d, stop with space (u undoes an accidental stop), then enter the yield, taste and
/// flow; the shot is logged and reviewed, and the suggestion can be accepted or rejected at once.
enum PullCommand: Command {
  static let name = "pull"
  static let abstract = "Time a shot at the terminal, then log and review it"
  static let usage = ["dialshot pull [BEAN] [--grind SETTING] [--long] [--rules FILE]"]
  static let details = """
    Needs an interactive terminal; use 'dialshot log' in scripts. Keys: space or Enter starts and
    stops, d marks the first drop, u after a stop resumes timing as if it had not stopped, q, Esc
    or Ctrl-C cancels without logging anything. Then: the yield (pre-filled with the target:
    typing replaces it, Backspace edits it, Enter keeps it), taste chips (digits toggle, 0 is an explicit "none", nothing chosen means not tasted), flow
    chips, notes and an optional rating. The dose is the recipe's. The shot is logged against the
    recipe shown when the timer started, even if the recipe was changed meanwhile. BEAN defaults to
    the current bean. A signal (Ctrl-C from another terminal, a closed window) restores the
    terminal before dialshot ends. The screen fits the terminal's width; below 30 columns the
    timer is one line.

    Options:
      --grind SETTING   the grind actually used, when it is not the recipe's (checked on the
                        grinder's scale before the timer starts; kept with the shot)
      --long            the full review card after the shot instead of the short review
      --rules FILE      evaluate these rules instead of the configured or built-in ones
    """
  static let spec = ArgumentSpec(
    options: ["--rules", "--grind"], flags: ["--verbose", "--long"], minPositionals: 0, maxPositionals: 1)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    guard let openTerminal = context.environment.openTerminal else {
      throw CommandError(
        .invalid, "'pull' needs an interactive terminal", de: "'pull' braucht ein interaktives Terminal",
        es: "'pull' necesita una terminal interactiva",
        help: Phrase(
          "log the shot with 'dialshot log --time S --yield G --taste …' instead",
          de: "den Bezug stattdessen mit 'dialshot log --time S --yield G --taste …' protokollieren",
          es: "registra la extracción con 'dialshot log --time S --yield G --taste …'"))
    }
    let store = try context.store()
    let bean = try context.bean(arguments.positionals.first, in: store)
    guard let snapshot = try store.profiles.activeSnapshot(beanID: bean.id) else {
      throw ShotLogError.noRecipe(bean: bean.name)
    }
    // Resolve the rules and the grind before the shot, so a broken rule file or a grind off the
    // scale is reported before anyone pulls.
    _ = try RulesLoader.rules(context, store: store)
    let grind = try ShotLogging.grind(arguments, on: snapshot, store)
    let terminal = try openTerminal()
    defer { terminal.restore() }
    let session = PullSession(
      terminal: terminal, clock: context.environment.monotonic,
      targets: PullTargets(
        beanName: bean.name, doseG: snapshot.doseG, yieldG: snapshot.yieldG, timeS: snapshot.timeS,
        grind: grind ?? snapshot.grind.text), width: context.presentation.width, presentation: context.presentation)
    guard case .shot(let shot) = try session.run() else { return .success }
    let measurements = ShotRecord.Measurements(
      doseG: snapshot.doseG, yieldG: shot.yieldG, timeS: shot.timeS, firstDropS: shot.firstDropS, taste: shot.taste,
      flow: shot.flow)
    // Logged against the recipe that was on the screen: another terminal may have changed it
    // while the shot ran.
    let logged = try ShotLogging.log(
      measurements, of: bean, pulledAt: context.environment.now(), notes: shot.notes, rating: shot.rating,
      recipe: snapshot, grind: grind, context, store)
    let review = logged.review
    // The review fits the terminal the timer was drawn on, however narrow.
    var presentation = context.presentation
    presentation.narrowest = 20
    terminal.write("\n" + ShortReview.chosen(review, presentation, long: arguments.flag("--long")))
    guard review.canAccept || review.canReject else { return .success }
    switch try session.askAnswer(canAccept: review.canAccept) {
    case .accept:
      do {
        let result = try store.shots.accept(review.attempt)
        terminal.write(AcceptCommand.describe(result, attempt: review.attempt, store: store, presentation))
      } catch {
        terminal.write(
          presentation.pick("Could not accept: ", de: "Annehmen ging nicht: ", es: "No se pudo aceptar: ")
            + error.message(presentation) + "\n")
        return .findings
      }
    case .reject:
      _ = try store.shots.reject(review.attempt)
      terminal.write(
        presentation.pick(
          "Rejected; the recipe is unchanged.", de: "Abgelehnt; das Rezept bleibt unverändert.",
          es: "Rechazada; la receta no cambia.") + "\n")
    case .later:
      let (accept, reject) = ("'dialshot accept \(review.attempt.id)'", "'dialshot reject \(review.attempt.id)'")
      let line = presentation.pick(
        "Decide later with \(accept) or \(reject).", de: "Später entscheiden mit \(accept) oder \(reject).",
        es: "Decide más tarde con \(accept) o \(reject).")
      // Wrapped to the terminal in German and Spanish; the English line is as it always was.
      terminal.write(presentation.language == .english ? line + "\n" : presentation.wrap(line))
    }
    return .success
  }
}
