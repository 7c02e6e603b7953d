/// The process exit statuses of both tools (docs/design.md §8), documented in the README and in
/// `docs/shot-log.md`. Every command of `dialrules` and `dialshot` returns one of these.
///
/// It is an `Error` so that a step can return `Result<Value, ExitCode>`: the failure is the
/// status to exit with, its message already printed.
package enum ExitCode: Int32, Sendable, CaseIterable, Error {
  /// The command did its job and found nothing wrong.
  case success = 0
  /// The tool ran and found problems: lint errors, failing tests, `fmt --check` would change a
  /// file, `diff` found differences; an import that conflicts, a suggestion that cannot be accepted.
  case findings = 1
  /// The input could not be processed: an unreadable file, an invalid shot, rules that do not
  /// check, an unknown bean, a bad number, a foreign database, a stale import token.
  case invalidInput = 2
  /// The command line was wrong (EX_USAGE).
  case usage = 64
  /// A bug in the tool itself (EX_SOFTWARE).
  case internalError = 70
}
