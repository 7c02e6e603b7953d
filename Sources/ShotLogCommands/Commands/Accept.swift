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
    SHOT is a number from 'dialshot history', the start of a shot's id, or 'latest' (the default).
    Accepting fails (status 1) when the shot has no suggestion, when the rules found too little
    evidence, when it was already answered, when the recipe changed since the shot, or when the
    change cannot be applied (a grinder with free-text settings).

    Options:
      --note TEXT    kept with the answer
    """
  static let spec = ArgumentSpec(options: ["--note"], minPositionals: 0, maxPositionals: 1)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let store = try context.store()
    let attempt = try store.findAttempt(arguments.positionals.first ?? "latest")
    let result = try store.accept(attempt, note: arguments.value("--note"))
    context.out.write(describe(result, attempt: attempt, store: store))
    return .success
  }

  static func describe(_ result: AcceptResult, attempt: ShotAttempt, store: ShotLogStore) -> String {
    guard let snapshot = result.snapshot, let preview = result.change else {
      return "Accepted for shot #\(attempt.id): keep the recipe as it is.\n"
    }
    var text =
      "Accepted for shot #\(attempt.id): \(preview.adjustment.text). New recipe snapshot \(snapshot.uuid.prefix(8)):\n"
    for line in preview.changeLines { text += "  \(line)\n" }
    return text
  }
}
