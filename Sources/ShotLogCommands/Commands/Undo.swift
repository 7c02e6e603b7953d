import CommandLineSupport
import ShotLog

/// `dialshot undo`: goes back after accepting a suggestion. A new recipe snapshot equal to the one
/// before the accept becomes the recipe; the accept and the snapshot it made stay in the history.
enum UndoCommand: Command {
  static let name = "undo"
  static let abstract = "Undo an accepted suggestion (the recipe goes back, as a new snapshot)"
  static let usage = ["dialshot undo [SHOT] [--note TEXT]"]
  static let details = """
    SHOT is a number from 'dialshot history', the start of a shot's id, or 'latest' (the default:
    the shot logged last). Only an accepted change can be undone, once, and only while it is still
    the bean's recipe (otherwise set the recipe by hand with 'dialshot recipe set'). The next shot
    sees the way back as its previous adjustment.

    Options:
      --note TEXT    why, kept with the undo
    """
  static let spec = ArgumentSpec(options: ["--note"], minPositionals: 0, maxPositionals: 1)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let store = try context.store()
    let attempt = try store.shots.findAttempt(arguments.positionals.first ?? "latest")
    let result = try store.shots.undo(attempt, note: arguments.value("--note"))
    let (id, uuid, p) = (attempt.id, result.snapshot.uuid.prefix(8), context.presentation)
    context.out.line(
      p.pick(
        "Undid the accepted suggestion of shot #\(id). New recipe snapshot \(uuid), as before it:",
        de: "Angenommenen Vorschlag zu Bezug #\(id) rückgängig gemacht. Neuer Rezeptstand \(uuid), wie davor:",
        es: "Deshecha la sugerencia aceptada de la extracción #\(id). Nueva versión de la receta \(uuid), como antes:"))
    for difference in try store.profiles.recipeDifferences(from: result.undone, to: result.snapshot) {
      context.out.line("  " + ReviewRenderer.describe(difference, p.words))
    }
    return .success
  }
}
