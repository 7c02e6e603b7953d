/// Where each property can fail at all, so the proof's sweep leaves out the rest of the space
/// (`CellSweep.run(focus:_:)`).
///
/// A decision breaks a property only where the property's condition holds, and a decision that is
/// an action (an adjustment or `no change`) needs a rule with that action true and not overridden
/// (docs/design.md §4: M agrees on the action of its rules). So when no `insufficient` reason
/// other than `explicit` breaks the property, and neither does the table's `otherwise`, it can
/// only fail in the property's region cut down to the boxes of the rules whose own action breaks
/// it (where they are true, or may be true when they are outside the analysed fragment), less the
/// boxes where a rule that abstains and that nothing overrides is surely true (the decision there
/// is `insufficient`, reason `explicit`, whatever else holds), when that keeps the property.
/// Otherwise it can fail anywhere in its region. Leaving a cell out never hides a failure; it also
/// never leaves a property undecided for a cell where no decision could break it.
struct ProofFocus {
  /// The boxes of the sweep's focus, property by property.
  private(set) var boxes: [Box] = []
  /// Per focus box: its property.
  private(set) var property: [Int] = []

  /// The focus of `space`'s properties over `rules` (those of `space`). Past `budget` pairs of
  /// boxes tried for one property, or `AnalysisLimits.maxFocusBoxes` boxes kept, the property's
  /// focus is its whole condition.
  init(
    _ rules: CompiledRules, _ space: ProofSpace, combining: AgreeOrAbstain, budget: Int = AnalysisLimits.maxFocusWork
  ) {
    let catalog = space.catalog
    let anywhere: [Decision.Outcome] = [
      .insufficientEvidence(.conflict), .insufficientEvidence(.incomplete), .insufficientEvidence(.noRule),
      combining.otherwiseOutcome,
    ]
    // Each rule's action and whether nothing overrides it, read once: a `CompiledRule` is large to
    // copy, and these loops visit every rule per property.
    let actions = rules.rules.map { $0.action }
    let unoverridden = rules.rules.map { $0.overriddenBy.isEmpty }
    let vetoes = space.entries.indices.compactMap { k -> Box? in
      let r = space.entries[k].rule
      let veto =
        actions[r].isAbstention && unoverridden[r] && space.kinds[k] == ProofSpace.EntryKind.isTrue.rawValue
      return veto ? space.entries[k].box : nil
    }
    for (p, property) in rules.properties.enumerated() {
      let region = space.propertyBoxes[p] ?? [Box.all(catalog)]
      guard anywhere.allSatisfy({ property.holds(for: $0) }) else {
        add(region, p)
        continue
      }
      let breaking = actions.map { !property.holds(for: AgreeOrAbstain.outcome(of: $0)) }
      var triggers: [Box] = []
      for (k, entry) in space.entries.enumerated()
      where breaking[entry.rule] && space.kinds[k] != ProofSpace.EntryKind.isUnknown.rawValue {
        triggers.append(entry.box)
      }
      // Where an abstaining rule nothing overrides is surely true, the decision abstains.
      let vetoes = property.holds(for: .insufficientEvidence(.explicit)) ? vetoes : []
      var focus: [Box] = []
      var work = 0
      pairs: for c in region {
        // A veto that shares no value with `c` holds no part of it (the budget still counts all).
        let near = vetoes.filter { c.mayMeet($0) }
        for t in triggers {
          work += 1
          guard work <= budget else { break pairs }
          guard c.mayMeet(t) else { continue }
          let i = c.intersection(t)
          guard !i.isEmpty else { continue }
          work += vetoes.count
          if !near.contains(where: { i.isSubset(of: $0) }) { focus.append(i) }
        }
      }
      add(work > budget || focus.count > AnalysisLimits.maxFocusBoxes ? region : focus, p)
    }
  }

  /// Every shot, for every property: the sweep then visits every cell.
  init(everywhere rules: CompiledRules, _ space: ProofSpace) {
    for p in rules.properties.indices { add([Box.all(space.catalog)], p) }
  }

  private mutating func add(_ region: [Box], _ p: Int) {
    boxes += region
    property += repeatElement(p, count: region.count)
  }
}
