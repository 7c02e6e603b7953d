import CommandLineSupport
import ShotLog

/// `dialshot void`: marks a shot as not to be used (a mis-weighed dose, a shot pulled for a
/// guest). It stays in history and exports, marked; it is left out of the previous-shot
/// comparison of later shots, of trends and of suggestions. Nothing is deleted.
enum VoidCommand: Command {
  static let name = "void"
  static let abstract = "Mark a shot as not to be used (kept, but left out of suggestions and trends)"
  static let usage = ["dialshot void SHOT --why TEXT"]
  static let details = """
    SHOT is a number from 'dialshot history' (12 or #12), the start of a shot's id, or 'latest'.
    The shot and its answers stay as they were; an accepted change it led to stays in the recipe
    (go back with 'dialshot undo SHOT' first if it should not). A corrected shot cannot be voided:
    void its correction.

    Options:
      --why TEXT    why the shot does not count (required)
    """
  static let spec = ArgumentSpec(options: ["--why"], minPositionals: 1, maxPositionals: 1)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    guard let why = arguments.value("--why"), !why.trimmed.isEmpty else {
      throw UsageError(
        "'void' needs --why TEXT: say why the shot does not count",
        de: "'void' braucht --why TEXT: sagen, warum der Bezug nicht zählt",
        es: "'void' necesita --why TEXT: di por qué no cuenta la extracción")
    }
    let store = try context.store()
    let attempt = try store.shots.findAttempt(arguments.positionals[0])
    let void = try store.shots.void(attempt, reason: why)
    let p = context.presentation
    let (id, reason) = (attempt.id, Formatting.visible(void.reason))
    context.out.write(
      p.wrap(
        p.pick(
          "Voided shot #\(id) (\(reason)). It stays in history and exports, and takes no part in suggestions or trends.",
          de:
            "Bezug #\(id) verworfen (\(reason)). Er bleibt im Verlauf und in Exporten, zählt aber weder für Vorschläge noch für Trends.",
          es:
            "Extracción #\(id) anulada (\(reason)). Sigue en el historial y en las exportaciones, pero no cuenta para sugerencias ni tendencias."
        )))
    return .success
  }
}
