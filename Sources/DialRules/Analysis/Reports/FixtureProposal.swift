/// Witness fixtures for rules no test exercises (`dialrules test --coverage --propose DIR`).
///
/// For each rule asked about, the analysis looks for a fully observed shot on which the rule
/// decides alone (`decided_by` of a settled decision is that rule only); failing that, one it
/// decides together with rules that agree with it; failing that, one on which it at least
/// matches (true and not overridden, though it loses to a conflict or an abstention). Candidates
/// come from the cell sweep of the table's analysed rules, so where every rule is analysed the
/// search is exhaustive: "never decides" is then exact. Every proposal is a shot that has been
/// through shot JSON and back and evaluated by the real `Evaluator`, so what it claims is what
/// `test` will see; a rule some other rule's unanalysed condition affects is still only proposed
/// when the evaluator confirms it.
package enum FixtureProposal {
  /// What was found for one rule.
  package enum Outcome: Hashable, Sendable {
    /// A shot on which the rule decides, with the ids of the other rules that decide it too:
    /// empty when the rule decides it alone, which is proposed wherever such a shot was found.
    case decides(ShotRecord, with: [String])
    /// A shot on which the rule matches but cannot decide (it never decides on its own).
    case matches(ShotRecord)
    /// Why no shot is proposed.
    case notFound(String)
  }

  /// Most candidate cells kept per rule beyond the first deciding one: each costs one witness and
  /// one evaluation, and the first confirmed one wins.
  static let maxCandidates = 64

  /// A proposal for each rule index in `targets`, keyed by index; each witness has `id` set to
  /// the rule's id (the fixture's file stem).
  package static func propose(_ rules: CompiledRules, for targets: [Int]) -> [Int: Outcome] {
    let catalog = AxisCatalog(rules)
    let regions = RuleRegions(rules, catalog: catalog)
    var out: [Int: Outcome] = [:]
    var entries: [(box: Box, rule: Int)] = []
    var allAnalysed = true
    for rule in rules.rules {
      switch regions.regions[rule.index] {
      case .success(let boxes):
        for box in boxes { entries.append((box, rule.index)) }
      case .failure(.unsupported(let reason, _)):
        allAnalysed = false
        out[rule.index] = .notFound("not analysed: \(reason)")
      case .failure(.tooLarge):
        allAnalysed = false
        out[rule.index] = .notFound(
          "not analysed: its condition expands to more than \(AnalysisLimits.maxBoxesPerRule) boxes")
      }
    }
    let wanted = Set(targets.filter { out[$0] == nil })
    guard !wanted.isEmpty else { return out.filter { targets.contains($0.key) } }

    // Per wanted rule: cells where the table (as far as analysed) lets it decide, first; then
    // other cells where it is true, for the evaluator to judge.
    let combiner = Combiner(rules)
    var alone: [Int: [Box]] = [:]
    var deciding: [Int: [Box]] = [:]
    var trueCells: [Int: [Box]] = [:]
    // Per wanted rule: whether some cell where it is true has none of its overriders true.
    var notOverridden = Set<Int>()
    var work = 0
    var sweep = CellSweep(entries: entries, catalog: catalog)
    let entryRules = sweep.entries.map { $0.rule }
    sweep.run { box, covering in
      work += covering.count + 1
      let trueRules = Set(covering.map { entryRules[$0] }).sorted()
      guard trueRules.contains(where: wanted.contains) else { return work <= AnalysisLimits.maxRuleVisits }
      let decision = combiner.decide(trueRules)
      let settled = decision.outcome != .insufficientEvidence(.conflict)
      for r in trueRules where wanted.contains(r) {
        if decision.matched.contains(r) { notOverridden.insert(r) }
        if settled && decision.decidedBy == [r] {
          if alone[r, default: []].count < maxCandidates { alone[r, default: []].append(box) }
        } else if settled && decision.decidedBy.contains(r) {
          if deciding[r, default: []].count < maxCandidates { deciding[r, default: []].append(box) }
        } else if trueCells[r, default: []].count < maxCandidates {
          trueCells[r, default: []].append(box)
        }
      }
      return work <= AnalysisLimits.maxRuleVisits
    }

    let builder = WitnessBuilder(rules: rules, catalog: catalog)
    let evaluator = Evaluator(rules)
    for r in wanted.sorted() {
      let id = rules.rules[r].id
      var matching: ShotRecord?
      var shared: (shot: ShotRecord, with: [String])?
      var built = 0
      for box in alone[r, default: []] + deciding[r, default: []] + trueCells[r, default: []] {
        guard let shot = builder.shot(in: box, id: id),
          case .success(let back) = ShotJSONReader.read(SourceFile(path: id, text: shot.jsonText)), back == shot
        else { continue }
        built += 1
        let evaluation = evaluator.evaluate(back)
        let decision = evaluation.decision
        let isSettled: Bool
        switch decision.outcome {
        case .adjust, .noChange, .insufficientEvidence(.explicit): isSettled = true
        default: isSettled = false
        }
        if isSettled && decision.decidedBy == [id] {
          out[r] = .decides(back, with: [])
          break
        }
        if isSettled && decision.decidedBy.contains(id) && shared == nil {
          shared = (back, decision.decidedBy.filter { $0 != id })
        }
        if matching == nil && evaluation.statuses[r] == .matched { matching = back }
      }
      if out[r] != nil { continue }
      if let shared {
        out[r] = .decides(shared.shot, with: shared.with)
      } else if let matching {
        out[r] = .matches(matching)
      } else if regions.regions[r] == .success([]) {
        out[r] = .notFound("its condition can never be true")
      } else if sweep.stopped {
        out[r] = .notFound("the search stopped at the analysis limits before finding a shot")
      } else if alone[r] == nil && deciding[r] == nil && trueCells[r] == nil {
        out[r] = .notFound(
          allAnalysed
            ? "no fully observed shot makes it true"
            : "no shot was found that makes it true (some rules are not analysed)")
      } else if built == 0 {
        out[r] = .notFound(
          "no valid shot was found where it is true: the values its region asks for read the same "
            + "observations and may not all be reachable at once")
      } else if allAnalysed && !notOverridden.contains(r) && !rules.rules[r].overriddenBy.isEmpty {
        out[r] = .notFound("wherever it is true, a rule that overrides it is true too")
      } else if allAnalysed {
        out[r] = .notFound("wherever it is true, another rule abstains or disagrees with it")
      } else {
        out[r] = .notFound("no shot was found where it matches (some rules are not analysed)")
      }
    }
    return out.filter { targets.contains($0.key) }
  }
}
