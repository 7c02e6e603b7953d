/// The process exit statuses of every command (design §8), documented in the README.
public enum ExitCode: Int32, Sendable, Error {
  /// The command did its job and found nothing wrong.
  case success = 0
  /// The tool ran and found problems: lint errors, failing tests, `fmt --check` would change a
  /// file, `diff` found differences.
  case findings = 1
  /// The input could not be processed (unreadable file, invalid shot, rules that do not check).
  case invalidInput = 2
  /// The command line was wrong (EX_USAGE).
  case usage = 64
  /// A bug in dialrules itself (EX_SOFTWARE).
  case internalError = 70
}
