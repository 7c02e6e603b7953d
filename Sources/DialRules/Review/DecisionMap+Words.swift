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

/// Situations in a barista's words: `sour but not bitter; no flow problem`, `bitter but not sour;
/// no flow problem; after grind finer`, `with channeling`. Titles say exactly what the chart covers,
/// in the one list style of `RegionText` (clauses apart by `; `, list items by commas and a final
/// `and` or `or`), and stay short: a situation made of several combinations names what they share
/// and how many combinations of which observations it holds (`sour and harsh but not bitter; no
/// flow problem; 2 combinations of thin and strong`). The exact classes are `detail`.
struct SituationWords {
  let catalog: AxisCatalog

  /// A title for a union of finite products (one mask per finite axis each).
  func title(_ parts: [[UInt64]]) -> String {
    let merged = Self.merged(parts)
    guard merged.count > 1 else { return merged.first.map(phrase) ?? "every shot" }
    let varying = catalog.finite.indices.filter { i in Set(merged.map { $0[i] }).count > 1 }
    var common = merged[0]
    for i in varying { common[i] = catalog.finite[i].allMask }
    let shared = phrase(common)
    let combinations =
      "\(merged.count) combinations of " + RegionText.list(varying.map { catalog.finite[$0].label }, "and")
    return shared == "every shot" ? combinations : shared + RegionText.clauseSeparator + combinations
  }

  /// The same union with products that differ on one axis only merged into one (exactly the same
  /// shots), until no two do.
  static func merged(_ parts: [[UInt64]]) -> [[UInt64]] {
    var out = parts
    var changed = true
    while changed {
      changed = false
      search: for a in out.indices {
        for b in out.indices where b > a {
          let differing = out[a].indices.filter { out[a][$0] != out[b][$0] }
          guard differing.count <= 1 else { continue }
          if let i = differing.first { out[a][i] |= out[b][i] }
          out.remove(at: b)
          changed = true
          break search
        }
      }
    }
    return out
  }

  /// The same classes in the analysis' words.
  func detail(_ parts: [[UInt64]]) -> String {
    let text = RegionText(catalog: catalog)
    let domains = catalog.numeric.map { $0.domain }
    return RegionText.union(parts.map { text.describe(Box(numeric: domains, finite: $0)) })
  }

  /// One product: tastes present and absent, flow problems, the previous shot, the adjustment,
  /// each a clause; every constrained axis is named.
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
      // Only the properties' catalog has recorded axes; a map is drawn over the table's.
      case .recorded: break
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
    let flowAxes = catalog.finite.filter { if case .tag(.shotFlow, _) = $0.kind { true } else { false } }.count
    let flow = Self.flowWords(present[.shotFlow] ?? [], absent[.shotFlow] ?? [], of: flowAxes)
    if !flow.isEmpty { parts.append(flow) }
    let previous = Self.tagWords(present[.previousShotTaste] ?? [], absent[.previousShotTaste] ?? [])
    if !previous.isEmpty { parts.append("previous shot \(previous)") }
    let previousFlowAxes = catalog.finite.filter {
      if case .tag(.previousShotFlow, _) = $0.kind { true } else { false }
    }.count
    let previousFlow = Self.flowWords(
      present[.previousShotFlow] ?? [], absent[.previousShotFlow] ?? [], of: previousFlowAxes)
    if !previousFlow.isEmpty {
      parts.append("previous shot " + (previousFlow.hasPrefix("with ") ? "" : "with ") + previousFlow)
    }
    if let adjustment { parts.append(adjustment) }
    if parts.isEmpty { return "every shot" }
    return parts.joined(separator: RegionText.clauseSeparator)
  }

  /// `with channeling`, `with gushing but not choked`, `no channeling`, `no flow problem` (every
  /// flow word the table reads is absent); empty when nothing is said about the flow.
  static func flowWords(_ present: [String], _ absent: [String], of count: Int) -> String {
    if present.isEmpty {
      if absent.isEmpty { return "" }
      return absent.count == count && count > 1 ? "no flow problem" : "no " + RegionText.list(absent, "or")
    }
    return "with " + RegionText.list(present, "and")
      + (absent.isEmpty ? "" : " but not " + RegionText.list(absent, "or"))
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

  /// `sour but not bitter`, `sour but not bitter or thin` (never `sour, not bitter, thin`, which
  /// reads as if thin were there); `neither sour nor bitter`; `none of sour, bitter or harsh`;
  /// empty when neither list has a word.
  static func tagWords(_ present: [String], _ absent: [String]) -> String {
    let tags = RegionText.list(present, "and")
    switch (present.isEmpty, absent.count) {
    case (true, 0): return ""
    case (false, 0): return tags
    case (false, _): return tags + " but not " + RegionText.list(absent, "or")
    case (true, 1): return "not " + absent[0]
    case (true, 2): return "neither \(absent[0]) nor \(absent[1])"
    case (true, _): return "none of " + RegionText.list(absent, "or")
    }
  }

  /// `after a finer grind`, `not after a finer grind`, or the classes listed.
  static func adjustmentWords(_ mask: UInt64, classes: AdjustmentClasses, all: UInt64) -> String {
    if let i = classes.patternMasks.firstIndex(of: mask) { return "after " + patternWords(classes.patterns[i]) }
    if let i = classes.patternMasks.firstIndex(of: all & ~mask) {
      return "not after " + patternWords(classes.patterns[i])
    }
    // Otherwise the classes as the rules name them: `after yield but not yield +2 g`.
    guard let phrase = classes.phrase(mask, all: all) else { return "" }
    return phrase.positive ? "after " + phrase.text : "not after " + RegionText.list(phrase.names, "or")
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
}

extension DecisionMap {
  /// The abstaining rules that decide somewhere on the map (`insufficient` with a reason), with
  /// their reasons, in the source order of the last of `tables` (the tables the map was built
  /// from): the legend's "Why the table abstains", whose numbers a region too narrow for a rule's
  /// id shows instead (`why: 2`).
  package func abstentions(tables: [CompiledRules]) -> [(id: String, reason: String)] {
    var used = Set<String>()
    for answer in answers where answer.shown == .insufficientEvidence(.explicit) {
      used.formUnion(answer.shownDecidedBy)
    }
    guard let table = tables.last else { return [] }
    return table.rules.compactMap { rule in
      guard used.contains(rule.id), case .insufficient(let reason) = rule.action else { return nil }
      return (rule.id, reason)
    }
  }
}
