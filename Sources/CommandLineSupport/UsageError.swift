/// A command line that cannot be run: reported in the argument-parser shape (`Error: …`,
/// `Usage: …`, `See '… --help' for more information.`) with exit status 64.
package struct UsageError: Error, Equatable, Sendable {
  /// What is wrong, lowercase, without a trailing period: "unknown option '--frmat'; did you mean
  /// '--format'?".
  package var message: String

  package init(_ message: String) { self.message = message }
}
