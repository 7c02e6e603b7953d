/// Regions in the domain's words, for findings and for `dialrules table`.
///
/// A finding's region reads like the rules it is about, in one list style: clauses are separated
/// by `; `, the items of a list only by commas and a final `and`, `or` or `nor`, so a comma never
/// ends a clause: `taste has harsh and strong but not sour, bitter or thin; flow has no
/// channeling; dt ≥ -3 s; -2 g ≤ dy ≤ 2 g (where dt = shot.time - recipe.time and dy =
/// shot.yield - recipe.yield)`. Only constrained axes are mentioned, and an interval end that is
/// just the limit of valid shot JSON (a time is more than 0 s) is left out, since every shot
/// satisfies it.
struct RegionText: Sendable {
  let catalog: AxisCatalog
  /// Per numeric axis, its `legend` (built by interpolation on every read), the same for every
  /// region.
  private let legendTexts: [String?]

  /// Describes regions over the axes of `catalog`.
  init(catalog: AxisCatalog) {
    self.catalog = catalog
    legendTexts = catalog.numeric.map { $0.legend }
  }

  /// The whole region, or `every fully observed shot` when it constrains nothing.
  func describe(_ box: Box) -> String {
    var memo = Memo(remembering: false)
    return describe(box, memo: &memo)
  }

  /// Clause texts already built, for describing many regions over the same axes: a failing
  /// property's regions, or a check's, mostly share their numeric axes' sets, and formatting the
  /// exact bounds of each set anew was most of the cost of their words. Texts depend only on the
  /// set (`==` compares values) and the catalog, so a remembered one is the text `describe`
  /// would build; a memo must only be used with one `RegionText`.
  struct Memo: Sendable {
    /// Off for a single region: nothing is looked up or stored.
    fileprivate let remembering: Bool
    /// Per numeric axis index, the clause of each set met (`inequality`).
    fileprivate var inequalities: [Int: [IntervalSet: String]] = [:]
    /// The `(where …)` legend, by the bit mask of the constrained axes that have one.
    fileprivate var legends: [UInt64: String] = [:]

    /// An empty memo that remembers.
    init() { remembering = true }

    fileprivate init(remembering: Bool) { self.remembering = remembering }
  }

  /// `describe(box)`, reusing and adding to the clause texts in `memo`.
  func describe(_ box: Box, memo: inout Memo) -> String {
    var parts: [String] = []
    for tags in catalog.tagConstraints(of: box) {
      if let phrase = Self.tagPhrase(tags.source, present: tags.required, absent: tags.excluded) {
        parts.append(phrase)
      }
    }
    for (i, axis) in catalog.finite.enumerated() {
      if case .adjustment = axis.kind, let classes = axis.adjustments {
        let text = classes.describe(box.finite[i], all: axis.allMask)
        if !text.isEmpty { parts.append(text) }
      }
    }
    // Observations the region requires absent or recorded (the properties' catalog only).
    let recorded = catalog.recordedConstraints(of: box)
    if !recorded.absent.isEmpty {
      parts.append(Self.list(recorded.absent.map { $0.ruleFileName }, "and") + " not recorded")
    }
    if !recorded.recorded.isEmpty {
      parts.append(Self.list(recorded.recorded.map { $0.ruleFileName }, "and") + " recorded")
    }
    var legends: [String] = []
    // Which constrained axes have a legend; only axes 0..<64 fit, and past them nothing is kept.
    var legendMask: UInt64 = 0
    let maskable = memo.remembering && catalog.numeric.count <= 64
    for (i, axis) in catalog.numeric.enumerated() where box.numeric[i] != axis.domain {
      parts.append(clause(i, box.numeric[i], memo: &memo))
      if let legend = legendTexts[i] {
        legends.append(legend)
        if maskable { legendMask |= UInt64(1) << UInt64(i) }
      }
    }
    if parts.isEmpty { return "every fully observed shot" }
    let text = parts.joined(separator: Self.clauseSeparator)
    if legends.isEmpty { return text }
    if maskable, let legend = memo.legends[legendMask] { return text + legend }
    let legend = " (where " + Self.list(legends, "and") + ")"
    if maskable { memo.legends[legendMask] = legend }
    return text + legend
  }

  /// `inequality` for numeric axis `i`, from `memo` when it was built before.
  private func clause(_ i: Int, _ set: IntervalSet, memo: inout Memo) -> String {
    guard memo.remembering else { return inequality(catalog.numeric[i], set) }
    if let text = memo.inequalities[i]?[set] { return text }
    let text = inequality(catalog.numeric[i], set)
    memo.inequalities[i, default: [:]][set] = text
    return text
  }

  /// Between the clauses of a region (one per tag set, the adjustment, each numeric axis).
  static let clauseSeparator = "; "

  /// `taste has harsh and strong but not sour, bitter or thin`; `flow has no channeling`; `no flow
  /// problem` when every flow word is excluded.
  static func tagPhrase(_ source: TagSource, present: [String], absent: [String]) -> String? {
    let set = source.regionWord
    if source.isFlow, present.isEmpty, absent.count == source.vocabulary.count {
      return source == .shotFlow ? "no flow problem" : "no flow problem in the previous shot"
    }
    switch (present.isEmpty, absent.count) {
    case (true, 0): return nil
    case (false, 0): return "\(set) has \(list(present, "and"))"
    case (false, _): return "\(set) has \(list(present, "and")) but not \(list(absent, "or"))"
    case (true, 1): return "\(set) has no \(absent[0])"
    case (true, 2): return "\(set) has neither \(absent[0]) nor \(absent[1])"
    case (true, _): return "\(set) has none of \(list(absent, "or"))"
    }
  }

  /// Several regions as one: `(A) or (B)`, each in parentheses since a region has clauses of
  /// its own; a single region as it is.
  static func union(_ regions: [String]) -> String {
    regions.count == 1 ? regions[0] : regions.map { "(\($0))" }.joined(separator: " or ")
  }

  /// `a`, `a and b`, `a, b and c`.
  static func list(_ words: [String], _ conjunction: String) -> String {
    guard words.count > 1, let last = words.last else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }

  /// `-3 s ≤ dt ≤ 3 s`, `dt < -3 s or dt > 3 s`, `shot.ratio = 2`, `shot.ratio > 20/9`: every
  /// bound exact, and `<` or `≤` saying on which side of it the region is.
  func inequality(_ axis: NumericAxis, _ set: IntervalSet) -> String {
    let x = axis.label
    return Self.trimmed(set, to: axis.domain).map { i in
      switch (i.lower, i.upper) {
      case (let l?, let u?) where l == u: return "\(x) = \(axis.quantity(l))"
      case (let l?, let u?):
        return "\(axis.quantity(l)) \(i.lowerClosed ? "≤" : "<") \(x) \(i.upperClosed ? "≤" : "<") \(axis.quantity(u))"
      case (let l?, nil): return "\(x) \(i.lowerClosed ? "≥" : ">") \(axis.quantity(l))"
      case (nil, let u?): return "\(x) \(i.upperClosed ? "≤" : "<") \(axis.quantity(u))"
      case (nil, nil): return "\(x) is anything"
      }
    }.joined(separator: " or ")
  }

  /// A table cell: `< -3 s`, `[-3 s, 3 s]`, `> 3 s`, `< -2 g or > 2 g`; empty when unconstrained.
  func cell(_ axis: NumericAxis, _ set: IntervalSet) -> String {
    if set == axis.domain { return "" }
    if set.isEmpty { return "never" }
    return Self.trimmed(set, to: axis.domain).map { i in
      switch (i.lower, i.upper) {
      case (let l?, let u?) where l == u: return "= \(axis.quantity(l))"
      case (let l?, let u?):
        return "\(i.lowerClosed ? "[" : "(")\(axis.quantity(l)), \(axis.quantity(u))\(i.upperClosed ? "]" : ")")"
      case (let l?, nil): return "\(i.lowerClosed ? "≥" : ">") \(axis.quantity(l))"
      case (nil, let u?): return "\(i.upperClosed ? "≤" : "<") \(axis.quantity(u))"
      case (nil, nil): return "any"
      }
    }.joined(separator: " or ")
  }

  /// The intervals of `set` with ends that merely repeat the domain's ends removed.
  static func trimmed(_ set: IntervalSet, to domain: IntervalSet) -> [Interval] {
    guard let lowest = domain.intervals.first, let highest = domain.intervals.last else { return set.intervals }
    return set.intervals.map { i in
      var out = i
      if let l = i.lower, let dl = lowest.lower, l == dl, i.lowerClosed == lowest.lowerClosed {
        out.lower = nil
        out.lowerClosed = false
      }
      if let u = i.upper, let du = highest.upper, u == du, i.upperClosed == highest.upperClosed {
        out.upper = nil
        out.upperClosed = false
      }
      return out
    }
  }
}
