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

  /// The classes of `mask` in rule-file words: `previous.adjustment is grind finer`, `… is not
  /// grind finer`, or, when no single pattern says it, every class spelled out by the patterns it
  /// matches and does not match. Empty when `mask` holds every class.
  func describe(_ mask: UInt64, all: UInt64) -> String {
    if mask == all { return "" }
    if let i = patternMasks.firstIndex(of: mask) { return "previous.adjustment is \(patterns[i].ruleText)" }
    if let i = patternMasks.firstIndex(of: all & ~mask) { return "previous.adjustment is not \(patterns[i].ruleText)" }
    var classes: [String] = []
    for c in 0..<representatives.count where mask & (UInt64(1) << UInt64(c)) != 0 {
      var parts: [String] = []
      for (p, pm) in patternMasks.enumerated() {
        let hit = pm & (UInt64(1) << UInt64(c)) != 0
        parts.append((hit ? "is " : "is not ") + patterns[p].ruleText)
      }
      classes.append(parts.joined(separator: " and "))
    }
    return "previous.adjustment " + classes.joined(separator: ", or ")
  }
}
