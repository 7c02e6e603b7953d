import Foundation

/// Wall-clock timing for benchmarks: the best of several runs, since on a shared machine the
/// minimum is the figure least disturbed by other work.
enum Timing {
  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// The best wall time of `runs` runs of `body`.
  static func best(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    let clock = ContinuousClock()
    for _ in 0..<runs {
      let start = clock.now
      try body()
      best = min(best, seconds(clock.now - start))
    }
    return best
  }

  /// The median wall time of `runs` runs of `body`: the figure the targets are stated in (on a
  /// loaded machine, compare medians measured in one session, as ratios).
  static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
      let start = clock.now
      try body()
      times.append(seconds(clock.now - start))
    }
    times.sort()
    return times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
  }

  static func report(_ name: String, _ value: String, target: String? = nil) {
    var line = name.padding(toLength: 58, withPad: " ", startingAt: 0) + value
    if let target { line += "   (target \(target))" }
    print(line)
  }
}

/// SplitMix64, so generated workloads are identical on every run.
struct BenchGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
