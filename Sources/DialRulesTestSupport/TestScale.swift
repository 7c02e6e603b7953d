import Foundation

/// How much randomized checking one run does.
///
/// By default the property tests run a fixed set of seeds, chosen so that each seed still meets
/// its own guard against a vacuous pass (the findings it checks occur, enough shots are compared)
/// and the seeds that once found bugs always run. `DIALRULES_LONG_TESTS=1 swift test` adds many
/// more seeds, for a deeper run before a release or after a change to the analysis or evaluator;
/// the seeds are still fixed, so a long-run failure reproduces exactly.
public enum TestScale {
  /// Whether `DIALRULES_LONG_TESTS=1` is set.
  public static var isLong: Bool { ProcessInfo.processInfo.environment["DIALRULES_LONG_TESTS"] == "1" }

  /// `seeds`, and in a long run also `extra` more, counting up from `first`.
  public static func seeds(_ seeds: [UInt64], longRunAdds extra: Int, from first: UInt64) -> [UInt64] {
    isLong ? seeds + (0..<UInt64(extra)).map { first + $0 } : seeds
  }

  /// `count` by default, `long` in a long run: how many generated cases one test checks.
  public static func count(_ count: Int, long: Int) -> Int { isLong ? long : count }
}
