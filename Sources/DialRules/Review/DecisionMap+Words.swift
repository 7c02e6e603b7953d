/// Axes in a barista's words: `time against the recipe`, with `faster` and `slower` at its ends.
struct AxisWords {
  var words: String
  var low: String?
  var high: String?

  /// The words for `axis`: a shot field against the same recipe field, a single field, a ratio,
  /// or else the expression as the rules write it.
  init(_ axis: NumericAxis) {
    (words, low, high) = (axis.expression, nil, nil)
    let form = axis.form
    let terms = form.terms
    func field(_ t: ValueForm.Term) -> NumericField? {
      if case .field(let f) = t.atom { return f }
      return nil
    }
    if form.builtInName == "shot.ratio" {
      (words, low, high) = ("ratio (yield ÷ dose)", "shorter ratio", "longer ratio")
    } else if form.constant.isZero, terms.count == 2, terms[0].coefficient == ExactNumber(1),
      terms[1].coefficient == ExactNumber(-1), let a = field(terms[0]), let b = field(terms[1])
    {
      if let (noun, less, more) = Self.against(a, b) { (words, low, high) = ("\(noun) against the recipe", less, more) }
    } else if form.constant.isZero, terms.count == 1, terms[0].coefficient == ExactNumber(1), let f = field(terms[0]) {
      (words, low, high) = (Self.noun(f), "less", "more")
    }
  }

  /// `time`, `yield`, … with the words for less and more, when `shot` is a shot field and
  /// `recipe` the same field of the recipe.
  static func against(_ shot: NumericField, _ recipe: NumericField) -> (String, String, String)? {
    switch (shot, recipe) {
    case (.shotTime, .recipeTime): ("time", "faster", "slower")
    case (.shotYield, .recipeYield): ("yield", "less in the cup", "more in the cup")
    case (.shotDose, .recipeDose): ("dose", "less coffee", "more coffee")
    default: nil
    }
  }

  /// A field in words.
  static func noun(_ field: NumericField) -> String {
    switch field {
    case .shotDose: "dose"
    case .shotYield: "yield"
    case .shotTime: "time"
    case .shotFirstDrop: "time to first drop"
    case .recipeDose: "recipe dose"
    case .recipeYield: "recipe yield"
    case .recipeTime: "recipe time"
    case .recipeTemperature: "brew temperature"
    case .previousShotDose: "previous shot's dose"
    case .previousShotYield: "previous shot's yield"
    case .previousShotTime: "previous shot's time"
    case .previousShotFirstDrop: "previous shot's time to first drop"
    }
  }
}

/// Situations in a barista's words: `sour, not bitter`, `bitter, not sour, after a finer grind`,
/// `channeling`. The exact wording of the same classes is `detail`, from `RegionText`.
struct SituationWords {
  let catalog: AxisCatalog

  /// A title for a union of finite products (one mask per finite axis each).
  func title(_ parts: [[UInt64]]) -> String {
    parts.map(phrase).joined(separator: "; or ")
  }

  /// The same classes in the analysis' words.
  func detail(_ parts: [[UInt64]]) -> String {
    let text = RegionText(catalog: catalog)
    let domains = catalog.numeric.map(\.domain)
    return parts.map { text.describe(Box(numeric: domains, finite: $0)) }.joined(separator: "; or ")
  }

  /// One product: tastes present and absent, flow problems, the previous shot, the adjustment.
  func phrase(_ masks: [UInt64]) -> String {
    var present: [TagSource: [String]] = [:]
    var absent: [TagSource: [String]] = [:]
    var adjustment: String?
    for (i, axis) in catalog.finite.enumerated() {
      switch axis.kind {
      case .tag(let source, let tag):
        if masks[i] == 0b10 { present[source, default: []].append(tag) }
        if masks[i] == 0b01 { absent[source, default: []].append(tag) }
      case .adjustment:
        if let classes = axis.adjustments, masks[i] != axis.allMask {
          adjustment = Self.adjustmentWords(masks[i], classes: classes, all: axis.allMask)
        }
      }
    }
    var parts: [String] = []
    let tastes = catalog.finite.compactMap { axis -> String? in
      if case .tag(.shotTaste, let tag) = axis.kind { return tag }
      return nil
    }
    let presentTastes = present[.shotTaste] ?? []
    let absentTastes = absent[.shotTaste] ?? []
    let taste: String
    if !tastes.isEmpty, presentTastes.count + absentTastes.count == tastes.count {
      // Every taste the table reads is settled: name what is there.
      taste = presentTastes.isEmpty ? "no taste tag" : RegionText.list(presentTastes, "and") + " only"
    } else {
      taste = Self.tagWords(presentTastes, absentTastes)
    }
    if !taste.isEmpty { parts.append(taste) }
    let flows = (present[.shotFlow] ?? []).map(Self.flowWords)
    if !flows.isEmpty { parts.append((taste.isEmpty ? "" : "with ") + RegionText.list(flows, "and")) }
    let previous = Self.tagWords(present[.previousShotTaste] ?? [], absent[.previousShotTaste] ?? [])
    if !previous.isEmpty { parts.append("the previous shot \(previous)") }
    if let adjustment { parts.append(adjustment) }
    if parts.isEmpty { return "every shot" }
    // "bitter, not sour, after a finer grind": the adjustment reads as part of the sentence.
    return parts.joined(separator: ", ")
  }

  /// Where a situation goes in the list: sour shots first, then bitter, harsh, thin, strong,
  /// balanced, no taste; flow problems after every taste; within a taste, without a previous
  /// adjustment first. Returns a tuple to sort by.
  func rank(_ parts: [[UInt64]]) -> (Int, Int, Int) {
    let order = ["sour", "bitter", "harsh", "thin", "strong", "balanced"]
    var flow = 0
    var taste = order.count + 1
    var adjusted = 0
    for masks in parts {
      for (i, axis) in catalog.finite.enumerated() {
        switch axis.kind {
        case .tag(.shotFlow, _) where masks[i] == 0b10: flow = 1
        case .tag(.shotTaste, let tag) where masks[i] == 0b10:
          taste = min(taste, order.firstIndex(of: tag) ?? order.count)
        case .adjustment where masks[i] != axis.allMask: adjusted = 1
        default: break
        }
      }
    }
    return (flow, taste, adjusted)
  }

  /// `sour, not bitter`; `sour, but not bitter or thin` (never `sour, not bitter, thin`, which
  /// reads as if thin were there); `neither sour nor bitter`; `none of sour, bitter, harsh`; empty
  /// when neither list has a word.
  static func tagWords(_ present: [String], _ absent: [String]) -> String {
    let tags = RegionText.list(present, "and")
    switch (present.isEmpty, absent.count) {
    case (true, 0): return ""
    case (false, 0): return tags
    case (false, 1): return tags + ", not " + absent[0]
    case (false, _): return tags + ", but not " + RegionText.list(absent, "or")
    case (true, 1): return "not " + absent[0]
    case (true, 2): return "neither \(absent[0]) nor \(absent[1])"
    case (true, _): return "none of " + absent.joined(separator: ", ")
    }
  }

  /// `with channeling`, `gushed`, `choked` read after a taste; alone they are the situation.
  static func flowWords(_ tag: String) -> String {
    switch tag {
    case "gushing": "gushed"
    case "channeling": "channeling"
    default: tag
    }
  }

  /// `after a finer grind`, `not after a finer grind`, or the classes listed.
  static func adjustmentWords(_ mask: UInt64, classes: AdjustmentClasses, all: UInt64) -> String {
    if let i = classes.patternMasks.firstIndex(of: mask) { return "after " + patternWords(classes.patterns[i]) }
    if let i = classes.patternMasks.firstIndex(of: all & ~mask) {
      return "not after " + patternWords(classes.patterns[i])
    }
    var words: [String] = []
    for c in classes.representatives.indices where mask & (UInt64(1) << UInt64(c)) != 0 {
      words.append(representativeWords(classes.representatives[c]))
    }
    return "after " + RegionText.list(words, "or")
  }

  /// A pattern of `previous.adjustment is …` in words.
  static func patternWords(_ m: AdjustmentMatcher) -> String {
    switch m.kind {
    case .none: return "no previous change"
    case .noChange: return "a shot with no change"
    case .grind:
      let steps = m.steps.map { " \($0) step\($0 == 1 ? "" : "s")" } ?? ""
      guard let direction = m.direction else { return "a grind change\(steps)" }
      return steps.isEmpty ? "a \(direction.rawValue) grind" : "grinding\(steps) \(direction.rawValue)"
    case .yield:
      switch m.negative {
      case true?: return "a shorter ratio"
      case false?: return "a longer ratio"
      case nil: return "a yield change"
      }
    case .temperature:
      switch m.negative {
      case true?: return "a cooler brew"
      case false?: return "a hotter brew"
      case nil: return "a temperature change"
      }
    }
  }

  /// One class's representative adjustment in words.
  static func representativeWords(_ a: Adjustment?) -> String {
    guard let a else { return "no previous change" }
    switch a {
    case .noChange: return "a shot with no change"
    case .grind(let d, let s): return "grinding \(s) step\(s == 1 ? "" : "s") \(d.rawValue)"
    case .yield(let delta): return "yield \(delta.isNegative ? "" : "+")\(delta.decimalText) g"
    case .temperature(let delta): return "temperature \(delta.isNegative ? "" : "+")\(delta.decimalText) C"
    }
  }
}
