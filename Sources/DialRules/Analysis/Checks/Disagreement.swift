/// A001 · **disagreement**: a region where rules with different actions all match and none
/// abstains, so the table answers "insufficient evidence (conflict)".
///
/// Abstaining by disagreement is by design (docs/design.md §4), so this is information — unless the
/// ruleset says `require agreement`, which makes every such region an error. A region where an
/// abstaining rule also matches is not a disagreement: the abstention decides there (`explicit`).
/// One finding per group of disagreeing rules and region; the witness gets `conflict` with
/// exactly those rules in `decided_by`.
enum Disagreement: AnalysisCheck {
  static let code = "A001"
  static let name = "disagreement"
  static let summary = "Rules with different actions all match somewhere, so the table abstains there (conflict)."

  static let triggeringExample = """
    dialrules 1
    ruleset "example"
      otherwise insufficient "No rule covers this shot."

    rule harsh
      when harsh
      then grind coarser 1 step
      because "Harsh means over-extracted."

    rule strong
      when strong
      then yield +2 g
      because "A strong shot opens up with a longer ratio."
    """

  static let nonTriggeringExample = """
    dialrules 1
    ruleset "example"
      otherwise insufficient "No rule covers this shot."

    rule harsh
      when harsh
      then grind coarser 1 step
      because "Harsh means over-extracted."

    rule strong
      when strong and not harsh
      then yield +2 g
      because "A strong shot opens up with a longer ratio."
    """

  /// The findings of this check (see the type's description): one per set of actions in
  /// conflict (almost always a pair), listing every region where rules with those actions
  /// disagree, whichever of those rules match there; each region has its own checked witness,
  /// decided by exactly the rules that match in it.
  static func findings(_ context: AnalysisContext) -> [AnalysisFinding] {
    guard let sweep = context.sweep else { return [] }
    let table = context.rules.rules
    var out: [AnalysisFinding] = []
    // The groups of disagreeing rules, bucketed by the actions they disagree about, in the order
    // the sweep met them.
    var buckets: [[String]: [[Int]]] = [:]
    var order: [[String]] = []
    for group in sweep.conflictOrder where sweep.conflicts[group] != nil {
      // The set of actions, whatever order the rules come in.
      let key = actions(of: group, in: table).sorted()
      if buckets[key] == nil { order.append(key) }
      buckets[key, default: []].append(group)
    }
    // One budget for all groups: up to 200 groups each simplifying a couple of thousand boxes.
    var budget = AnalysisLimits.maxMergeComparisons
    let required = context.rules.requirements.agreement
    for key in order {
      let groups = buckets[key] ?? []
      guard let anchor = Set(groups.joined()).min() else { continue }
      // Witnesses are built group by group; the finding names the rules of the groups that have one.
      let provisional = AnalysisMessages.disagreement(
        table[anchor].idSpan, ids: [table[anchor].id], actions: [table[anchor].action.ruleText], otherSpans: [],
        pairs: key, required: required)
      var regions: [FindingRegion] = []
      var involved = Set<Int>()
      var rejected: [AnalysisFinding] = []
      var hidden = 0
      for group in groups {
        guard let found = sweep.conflicts[group] else { continue }
        let boxes = BoxUnion.simplify(found.boxes, budget: &budget)
        let room = max(0, AnalysisLimits.maxRegionsPerFinding - regions.count)
        let shown = Array(boxes.prefix(room))
        if found.boxes.count < found.count || boxes.count > shown.count { context.truncated.insert(code) }
        hidden += boxes.count - shown.count
        let template = AnalysisFinding(base: provisional, rules: group, witnessStem: "A001")
        guard !shown.isEmpty,
          let witnessed = context.witnessed(template, in: shown, claim: .conflict(group), rejected: &rejected)
        else { continue }
        regions += witnessed.regions
        involved.formUnion(group)
      }
      out += rejected
      let rules = involved.sorted()
      guard let firstRegion = regions.first, let first = rules.first else { continue }
      let ids = rules.map { table[$0].id }
      let pairs = actions(of: rules, in: table)
      let base = AnalysisMessages.disagreement(
        table[first].idSpan, ids: ids, actions: rules.map { table[$0].action.ruleText },
        otherSpans: rules.dropFirst().map { table[$0].idSpan }, pairs: pairs, required: required)
      let stem = pairs.map { action in ids[rules.firstIndex { table[$0].action.ruleText == action } ?? 0] }
      var merged = AnalysisFinding(base: base, rules: rules, witnessStem: "A001-" + stem.joined(separator: "-"))
      merged.regions = regions
      merged.claim = groups.count == 1 ? .conflict(groups[0]) : nil
      merged.region = firstRegion.box
      merged.regionText = firstRegion.text
      merged.witness = firstRegion.witness
      merged.witnessDecision = firstRegion.witnessDecision
      if regions.count > 1 { merged.base.message += " in \(regions.count) regions" }
      if hidden > 0 {
        merged.base.notes.append(.init("\(hidden) more regions where these rules disagree are not shown (limit)"))
      }
      out.append(merged)
    }
    if sweep.unreportedConflictCells > 0, !out.isEmpty {
      // The sweep stopped keeping new groups of disagreeing rules; say so on the last finding.
      context.truncated.insert(code)
      out[out.count - 1].base.notes.append(
        .init(
          "more groups of disagreeing rules exist than are reported (limit \(AnalysisLimits.maxFindingsPerKind) groups)"
        ))
    }
    return out
  }

  /// The distinct actions of `group`, in the order of the first rule (by source order) that has each.
  static func actions(of group: [Int], in table: [CompiledRule]) -> [String] {
    var seen: [String] = []
    for r in group.sorted() where !seen.contains(table[r].action.ruleText) { seen.append(table[r].action.ruleText) }
    return seen
  }
}
