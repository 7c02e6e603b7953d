import CommandLineSupport
import ShotLog

/// `dialshot reject`: records that the barista did not follow a shot's suggestion. The recipe
/// stays as it is; the rejection is kept as an event so the log shows which advice was not taken.
enum RejectCommand: Command {
  static let name = "reject"
  static let abstract = "Record that a shot's suggestion was rejected"
  static let usage = ["dialshot reject [SHOT] [--note TEXT]"]
  static let details = """
    SHOT is a number from 'dialshot history', the start of a shot's id, or 'latest' (the default:
    the shot logged last).

    Options:
      --note TEXT    why, kept with the answer
    """
  static let spec = ArgumentSpec(options: ["--note"], minPositionals: 0, maxPositionals: 1)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let store = try context.store()
    let attempt = try store.shots.findAttempt(arguments.positionals.first ?? "latest")
    try store.shots.reject(attempt, note: arguments.value("--note"))
    let id = attempt.id
    context.out.line(
      context.presentation.pick(
        "Rejected the suggestion for shot #\(id); the recipe is unchanged.",
        de: "Vorschlag zu Bezug #\(id) abgelehnt; das Rezept bleibt unverändert.",
        es: "Sugerencia de la extracción #\(id) rechazada; la receta no cambia."))
    return .success
  }
}
