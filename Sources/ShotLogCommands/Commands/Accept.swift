import CommandLineSupport
import ShotLog

/// `dialshot accept`: takes a shot's suggestion. An adjustment creates the next recipe snapshot
/// with exactly the change the preview showed; a "no change" is recorded as accepted. The answer is
/// its own event; the shot itself is never rewritten.
enum AcceptCommand: Command {
  static let name = "accept"
  static let abstract = "Accept a shot's suggestion (creates the next recipe snapshot)"
  static let usage = ["dialshot accept [SHOT] [--note TEXT]"]
  static let details = """
    SHOT is a number from 'dialshot history', the start of a shot's id, or 'latest' (the default:
    the shot logged last). Accepting fails (status 1) when the shot has no suggestion, when the
    rules found too little evidence, when it was already answered, voided or corrected, when the
    recipe changed since the shot, or when the change cannot be applied (a grinder with free-text
    settings). 'dialshot undo' goes back to the recipe before an accepted change.

    Options:
      --note TEXT    kept with the answer
    """
  static let spec = ArgumentSpec(options: ["--note"], minPositionals: 0, maxPositionals: 1)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let store = try context.store()
    let attempt = try store.shots.findAttempt(arguments.positionals.first ?? "latest")
    let result = try store.shots.accept(attempt, note: arguments.value("--note"))
    context.out.write(describe(result, attempt: attempt, store: store, context.presentation))
    return .success
  }

  static func describe(
    _ result: AcceptResult, attempt: ShotAttempt, store: ShotLogStore, _ p: Presentation = .plain
  ) -> String {
    let id = attempt.id
    guard let snapshot = result.snapshot, let preview = result.change else {
      // Wrapped to the terminal: `pull` prints this at 40 columns.
      return p.wrap(
        p.pick(
          "Accepted for shot #\(id): keep the recipe as it is.",
          de: "Angenommen für Bezug #\(id): das Rezept bleibt, wie es ist.",
          es: "Aceptada para la extracción #\(id): la receta se queda como está."))
    }
    let change = p.words.sentence(preview.adjustment)
    let uuid = snapshot.uuid.prefix(8)
    var text = p.wrap(
      p.pick(
        "Accepted for shot #\(id): \(change). New recipe snapshot \(uuid):",
        de: "Angenommen für Bezug #\(id): \(change). Neuer Rezeptstand \(uuid):",
        es: "Aceptada para la extracción #\(id): \(change). Nueva versión de la receta \(uuid):"))
    for line in preview.lines(in: p.language) { text += "  \(line)\n" }
    return text
  }
}
