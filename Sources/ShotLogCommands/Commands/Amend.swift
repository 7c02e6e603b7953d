import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot amend`: corrects a logged shot — adds the taste you forgot, fixes a mistyped yield.
/// The correction is a new shot that links the old one and takes its place; it keeps the old
/// one's recipe, time and previous shot, and gets its own decision. The old shot stays, marked as
/// corrected.
enum AmendCommand: Command {
  static let name = "amend"
  static let abstract = "Correct a shot (a new attempt that replaces it; the old one is kept)"
  static let usage = [
    "dialshot amend SHOT [--time S] [--yield G] [--dose G] [--first-drop S] [--taste TAG]... [--flow TAG]... [--rating R] [--notes TEXT] [--yes] [--rules FILE] [--verbose]"
  ]
  static let details = """
    SHOT is a number from 'dialshot history' (12 or #12), the start of a shot's id, or 'latest'.
    Give only what changes; everything else is copied from the shot. Adding the missing taste is how
    to answer "not enough to go on": dialshot amend 3 --taste sour. The review of the correction
    follows, with its own suggestion. A voided or already corrected shot cannot be amended.

    Options:
      --time S, --yield G, --dose G, --first-drop S    corrected measurements
      --taste TAG, --flow TAG                          the corrected verdict ('none' for no tag)
      --rating R                                       0 to 5 in half steps
      --notes TEXT                                     the corrected notes
      --yes                                            correct to numbers that look like a typo
                                                       (ratio under 1:1 or over 1:4, time under
                                                       8 s) without asking, as 'log --yes'
      --rules FILE                                     decide with these rules
      --verbose                                        show rule ids and reason codes
    """
  static let spec = ArgumentSpec(
    options: ["--time", "--yield", "--dose", "--first-drop", "--notes", "--rules", "--rating"],
    repeatable: ["--taste", "--flow"], flags: ["--verbose", "--yes"], minPositionals: 1, maxPositionals: 1)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let changing = ["--time", "--yield", "--dose", "--first-drop", "--notes", "--rating", "--taste", "--flow"]
    guard changing.contains(where: arguments.given) else {
      throw UsageError(
        "nothing to correct; give at least one of --taste, --yield, --time, …",
        de: "nichts zu korrigieren; mindestens eines von --taste, --yield, --time, … angeben",
        es: "nada que corregir; indica al menos uno de --taste, --yield, --time, …")
    }
    let store = try context.store()
    let attempt = try store.shots.findAttempt(arguments.positionals[0])
    let before = try store.shots.review(attempt)
    var shot = attempt.measurements
    try ShotLogging.read(arguments, into: &shot)
    // New numbers are questioned as `log` questions them; a taste or a note added to a shot
    // logged with --yes is not.
    if ["--time", "--yield", "--dose"].contains(where: arguments.given) {
      try Plausibility.confirm(shot, arguments, context)
    }
    let rating = try arguments.value("--rating").map(Validation.rating) ?? attempt.rating
    let notes = arguments.value("--notes").map { $0.isEmpty ? nil : $0 } ?? attempt.notes
    let logged = try store.shots.amend(
      attempt, measurements: shot, rating: rating, notes: notes, rules: try RulesLoader.rules(context, store: store))
    if let bean = try store.profiles.bean(id: attempt.beanID) { try context.remember(bean: bean, in: store) }
    context.out.write(ReviewRenderer.text(logged.review, context.presentation))
    if let note = acceptedChangeNote(before, corrected: logged.review, context.presentation) {
      context.out.write("\n" + note)
    }
    return .success
  }

  /// When the amended shot's suggestion was accepted and changed the recipe, and the correction
  /// decides otherwise, the change it caused is still the recipe: say so, and how to take it back
  /// (`undo`, while that works; else by hand). Nil when there is nothing to say.
  static func acceptedChangeNote(_ before: Review, corrected: Review, _ p: Presentation) -> String? {
    guard let event = before.event, event.action == .accepted, let made = event.snapshotID, before.undo == nil,
      let old = before.suggestion?.decision, case .adjust = old.outcome,
      old.outcome != corrected.suggestion?.decision.outcome
    else { return nil }
    let shot = before.attempt.id
    let change =
      p.language == .english
      ? old.text.lowercasedFirst
      : before.suggestion.map { SuggestionWords.decisionText($0, p) } ?? old.text
    var out = p.wrap(
      p.pick(
        "Shot #\(shot)'s suggestion (\(change)) was accepted and is still in the recipe, but the corrected shot does not call for it.",
        de:
          "Der Vorschlag zu Bezug #\(shot) (\(change)) wurde angenommen und steht noch im Rezept, der berichtigte Bezug verlangt ihn aber nicht.",
        es:
          "La sugerencia de la extracción #\(shot) (\(change)) se aceptó y sigue en la receta, pero la extracción corregida no la pide."
      ))
    if before.supersededBy?.id == made {
      out += p.wrap(
        p.pick(
          "To take that change back: dialshot undo \(shot)",
          de: "Um die Änderung zurückzunehmen: dialshot undo \(shot)",
          es: "Para deshacer ese cambio: dialshot undo \(shot)"), indent: "  ", continuation: "    ")
    } else {
      out += p.wrap(
        p.pick(
          "The recipe has changed since, so it cannot be undone; set it by hand with 'dialshot recipe set'.",
          de:
            "Das Rezept hat sich seitdem geändert, daher lässt es sich nicht rückgängig machen; von Hand setzen mit 'dialshot recipe set'.",
          es:
            "La receta ha cambiado desde entonces, así que no se puede deshacer; ajústala a mano con 'dialshot recipe set'."
        ), indent: "  ", continuation: "    ")
    }
    return out
  }
}
