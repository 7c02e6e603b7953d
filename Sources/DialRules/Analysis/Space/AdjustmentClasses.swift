/// The values of `previous.adjustment`, cut into the finitely many classes that the table's `is`
/// patterns can tell apart, each with one concrete representative.
///
/// The set of adjustments is infinite (any number of steps, any yield change), but a table only
/// mentions a few patterns. Two adjustments that every pattern treats alike are interchangeable
/// for the analysis. The candidates are: `none`, `no change`, a grind change in each direction by
/// every step count mentioned plus one that is not mentioned, and the same for yield and
/// temperature amounts of either sign. Candidates are grouped by which patterns they match, and the
/// first of each group (in that order) represents it. Values shot JSON cannot carry (a yield change
/// beyond ±100 g) are not candidates, so a pattern that needs one is correctly never true.
struct AdjustmentClasses: Hashable, Sendable {
  /// The distinct patterns of the table, in order of first use.
  var patterns: [AdjustmentMatcher]
  /// One adjustment per class (nil is `none`).
  var representatives: [Adjustment?]
  /// For each pattern, the mask of classes it matches.
  var patternMasks: [UInt64]

  /// Most classes kept; more patterns than this can tell apart are reported as not analysed.
  static let maxClasses = 64

  /// Classes for `patterns`, or nil when they would need more than `maxClasses`.
  init?(patterns: [AdjustmentMatcher]) {
    self.patterns = patterns
    var candidates: [Adjustment?] = [nil, .noChange]
    let steps = Set(patterns.compactMap { $0.kind == .grind ? $0.steps : nil }).filter { (1...100).contains($0) }
    var otherSteps = 1
    while steps.contains(otherSteps) { otherSteps += 1 }
    for direction in GrindDirection.allCases {
      for n in steps.sorted() + [otherSteps] { candidates.append(.grind(direction, steps: n)) }
    }
    for (kind, bound) in [(AdjustmentMatcher.Kind.yield, 100), (.temperature, 20)] {
      let amounts = Set(patterns.compactMap { $0.kind == kind ? $0.amount : nil })
        .filter { !$0.isZero && $0 <= ExactNumber(bound) }
      let values = amounts.sorted() + [Self.unused(in: amounts)]
      for negative in [false, true] {
        for v in values {
          let delta = negative ? v.negated() : v
          candidates.append(kind == .yield ? .yield(deltaGrams: delta) : .temperature(deltaCelsius: delta))
        }
      }
    }
    var seen: [[Bool]: Int] = [:]
    var reps: [Adjustment?] = []
    var masks = [UInt64](repeating: 0, count: patterns.count)
    for candidate in candidates {
      let vector = patterns.map { $0.matches(candidate) }
      if seen[vector] != nil { continue }
      guard reps.count < Self.maxClasses else { return nil }
      seen[vector] = reps.count
      for (p, hit) in vector.enumerated() where hit { masks[p] |= UInt64(1) << UInt64(reps.count) }
      reps.append(candidate)
    }
    representatives = reps
    patternMasks = masks
  }

  /// The smallest whole number from 1 up that is not in `used`: an amount no pattern names.
  static func unused(in used: Set<ExactNumber>) -> ExactNumber {
    var n = 1
    while used.contains(ExactNumber(n)) { n += 1 }
    return ExactNumber(n)
  }

  /// The mask of classes `pattern` matches (zero for a pattern not in the table).
  func mask(of pattern: AdjustmentMatcher) -> UInt64 {
    guard let i = patterns.firstIndex(of: pattern) else { return 0 }
    return patternMasks[i]
  }

  /// The classes of `mask` in rule-file words, as plainly as the patterns allow: a union of
  /// patterns (`previous.adjustment is none or no change`), the complement of one
  /// (`… is not grind finer`, `… is neither grind nor yield`), or else each class by the pattern
  /// that names it most closely and what it excludes (`… is grind finer but not grind finer 2
  /// steps`, `… is anything but grind finer`). Empty when `mask` holds every class.
  func describe(_ mask: UInt64, all: UInt64) -> String {
    if mask == all { return "" }
    if let names = cover(mask) { return "previous.adjustment is " + RegionText.list(names, "or") }
    if let names = cover(all & ~mask) {
      if names.count == 1 { return "previous.adjustment is not \(names[0])" }
      return "previous.adjustment is neither " + names.dropLast().joined(separator: ", ") + " nor " + (names.last ?? "")
    }
    var classes: [String] = []
    for c in 0..<representatives.count where mask & (UInt64(1) << UInt64(c)) != 0 {
      let bit = UInt64(1) << UInt64(c)
      let matching = patternMasks.indices.filter { patternMasks[$0] & bit != 0 }
      // The narrowest pattern holding the class, then the patterns inside it the class is not in.
      guard let m = matching.min(by: { patternMasks[$0].nonzeroBitCount < patternMasks[$1].nonzeroBitCount }) else {
        classes.append("anything but " + RegionText.list(patterns.map(\.ruleText), "or"))
        continue
      }
      let excluded = patternMasks.indices.filter {
        patternMasks[$0] & bit == 0 && patternMasks[$0] & patternMasks[m] != 0
      }
      let but = excluded.isEmpty ? "" : " but not " + RegionText.list(excluded.map { patterns[$0].ruleText }, "or")
      classes.append(patterns[m].ruleText + but)
    }
    return "previous.adjustment is " + classes.joined(separator: ", or ")
  }

  /// Patterns (in order of first use) whose classes together are exactly `target`, chosen
  /// greedily by how many of the classes still to cover they hold; nil when none fit.
  func cover(_ target: UInt64) -> [String]? {
    var covered: UInt64 = 0
    var chosen: [Int] = []
    while covered != target {
      let best = patternMasks.indices.filter { patternMasks[$0] != 0 && patternMasks[$0] & ~target == 0 }
        .max {
          ((patternMasks[$0] & ~covered).nonzeroBitCount, -$0) < ((patternMasks[$1] & ~covered).nonzeroBitCount, -$1)
        }
      guard let best, patternMasks[best] & ~covered != 0 else { return nil }
      chosen.append(best)
      covered |= patternMasks[best]
    }
    return chosen.sorted().map { patterns[$0].ruleText }
  }
}
