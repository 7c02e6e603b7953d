/// The exit statuses of `dialshot` (design §8), documented in `docs/shot-log.md`.
public enum ExitStatus: Int32, Sendable {
  /// The command did its job.
  case success = 0
  /// The command ran and found a problem: an import that conflicts, a suggestion that cannot be
  /// accepted, a recipe that would not change.
  case findings = 1
  /// The input could not be processed: an unknown bean, a bad number, an unreadable or foreign
  /// database file, an invalid import file, a stale import token.
  case invalidInput = 2
  /// The command line was wrong (EX_USAGE).
  case usage = 64
  /// A bug in dialshot (EX_SOFTWARE).
  case internalError = 70
}
