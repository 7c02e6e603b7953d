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

  /// The classes of `mask` in rule-file words, as plainly as the patterns allow:
  /// `previous.adjustment is none or no change` (a union of patterns), `… is not grind finer`,
  /// `… is neither grind nor yield`, `… is none of grind, yield or temperature` (the complement of
  /// a union), `… is yield but not yield +2 g` (a union less a union), or, when none of these fit,
  /// each class in parentheses: `… is (grind finer but not grind finer 2 steps) or (none of grind
  /// or yield)`. Lists use commas and a final `or` only; empty when `mask` holds every class.
  func describe(_ mask: UInt64, all: UInt64) -> String {
    guard let phrase = phrase(mask, all: all) else { return "" }
    return "previous.adjustment is " + (phrase.positive ? "" : Self.negation(phrase.names)) + phrase.text
  }

  /// The same classes named for a title: the words after `previous.adjustment is`, and whether
  /// they say what the adjustment is (`yield but not yield +2 g`) or what it is not (then `text`
  /// is the list of `names` it is not, to be negated by the caller); nil for every class.
  func phrase(_ mask: UInt64, all: UInt64) -> (positive: Bool, text: String, names: [String])? {
    if mask == all { return nil }
    if let names = cover(mask) { return (true, RegionText.list(names, "or"), names) }
    if let names = cover(all & ~mask) {
      return (false, names.count == 2 ? names[0] + " nor " + names[1] : RegionText.list(names, "or"), names)
    }
    if let (included, excluded) = difference(mask) {
      return (true, RegionText.list(included, "or") + " but not " + RegionText.list(excluded, "or"), included)
    }
    var classes: [String] = []
    for c in 0..<representatives.count where mask & (UInt64(1) << UInt64(c)) != 0 {
      let bit = UInt64(1) << UInt64(c)
      let matching = patternMasks.indices.filter { patternMasks[$0] & bit != 0 }
      // The narrowest pattern holding the class, then the patterns inside it the class is not in.
      guard let m = matching.min(by: { patternMasks[$0].nonzeroBitCount < patternMasks[$1].nonzeroBitCount }) else {
        // Only the widest patterns: `none of grind or yield`, not `… grind, grind finer or yield`.
        let widest = patternMasks.indices.filter { p in
          !patternMasks.indices.contains { q in
            q != p && patternMasks[q] != patternMasks[p] && patternMasks[q] & patternMasks[p] == patternMasks[p]
          }
        }
        classes.append("none of " + RegionText.list(widest.map { patterns[$0].ruleText }, "or"))
        continue
      }
      let excluded = patternMasks.indices.filter {
        patternMasks[$0] & bit == 0 && patternMasks[$0] & patternMasks[m] != 0
      }
      classes.append(
        excluded.isEmpty
          ? patterns[m].ruleText
          : patterns[m].ruleText + " but not " + RegionText.list(excluded.map { patterns[$0].ruleText }, "or"))
    }
    // Each class in parentheses when there are several and one has words of its own.
    let bracketed =
      classes.count > 1
      ? classes.map { $0.containsText(" but not ") || $0.hasPrefix("none of ") ? "(\($0))" : $0 } : classes
    return (true, bracketed.joined(separator: " or "), [])
  }

  /// `not `, `neither `, `none of `: how a list of `names` the adjustment is not begins.
  static func negation(_ names: [String]) -> String {
    switch names.count {
    case 1: "not "
    case 2: "neither "
    default: "none of "
    }
  }

  /// Patterns whose union less the union of other patterns is exactly `target`: the included and
  /// the excluded ones (each in order of first use), or nil when no such pair of unions exists.
  func difference(_ target: UInt64) -> (included: [String], excluded: [String])? {
    let outside = patternMasks.indices.filter { patternMasks[$0] != 0 && patternMasks[$0] & target == 0 }
    let removable = outside.reduce(UInt64(0)) { $0 | patternMasks[$1] }
    // Patterns that hold some of `target` and nothing the excluded ones cannot take away again.
    let usable = patternMasks.indices.filter {
      patternMasks[$0] & target != 0 && patternMasks[$0] & ~target & ~removable == 0
    }
    guard let included = Self.greedyCover(target, from: usable, masks: patternMasks, exact: false) else { return nil }
    let extra = included.reduce(UInt64(0)) { $0 | patternMasks[$1] } & ~target
    guard extra != 0 else { return nil }
    // Only the excluded patterns that touch what the included ones add.
    let touching = outside.filter { patternMasks[$0] & extra != 0 }
    guard let excluded = Self.greedyCover(extra, from: touching, masks: patternMasks, exact: false) else { return nil }
    return (included.sorted().map { patterns[$0].ruleText }, excluded.sorted().map { patterns[$0].ruleText })
  }

  /// Indices from `candidates` whose masks together hold `target` (and, when `exact`, nothing
  /// else), chosen by how much of what is left each holds; nil when they cannot.
  static func greedyCover(_ target: UInt64, from candidates: [Int], masks: [UInt64], exact: Bool = true) -> [Int]? {
    var covered: UInt64 = 0
    var chosen: [Int] = []
    while covered & target != target {
      let best = candidates.filter { !exact || masks[$0] & ~target == 0 }
        .max {
          ((masks[$0] & target & ~covered).nonzeroBitCount, -$0) < (
            (masks[$1] & target & ~covered).nonzeroBitCount, -$1
          )
        }
      guard let best, masks[best] & target & ~covered != 0 else { return nil }
      chosen.append(best)
      covered |= masks[best]
    }
    return chosen
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
