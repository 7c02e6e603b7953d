/// Witness fixtures for a rule's conditions no test shows mattering as false
/// (`dialrules test --coverage --propose DIR`).
///
/// For a condition of a rule (one of the top-level parts of its `when`, `CompiledRule.conditionParts`)
/// the analysis looks for a fully observed shot on which that condition is false and every other
/// condition of the rule true: on that shot the rule is false because of this condition alone, so
/// the shot both shows the condition false and shows it mattering (had it been true, the rule
/// would have been true). The region asked for is the rule's other conditions' region intersected
/// with this condition's negation, built by the same conversion to boxes as every rule's region
/// (`RuleRegions.Builder`); each candidate shot goes through shot JSON and back and is explained
/// by the real `Evaluator`, and only a shot whose trace shows the condition false and the others
/// true is proposed.
package enum ConditionProposal {
  /// One condition of one rule: `condition` indexes the rule's top-level conditions
  /// (`RuleExplanation.conditions`).
  package struct Target: Hashable, Sendable {
    var rule: Int
    var condition: Int

    package init(rule: Int, condition: Int) {
      self.rule = rule
      self.condition = condition
    }
  }

  /// What was found for one condition.
  package enum Outcome: Hashable, Sendable {
    /// A shot on which the condition is false and the rule's other conditions are true.
    case falseAlone(ShotRecord)
    /// Why no shot is proposed.
    case notFound(String)
  }

  /// Most boxes of a condition's region tried: each costs one witness and one explanation, and
  /// the first confirmed one wins.
  static let maxCandidates = 64

  /// The file stem (and shot id) of the fixture proposed for `target`:
  /// `<rule-id>.condition-<n>-false`, `n` counting the rule's conditions from 1.
  package static func fixtureName(_ rules: CompiledRules, _ target: Target) -> String {
    "\(rules.rules[target.rule].id).condition-\(target.condition + 1)-false"
  }

  /// A proposal for each target, keyed by it; each witness has `id` set to `fixtureName`.
  package static func propose(_ rules: CompiledRules, for targets: [Target]) -> [Target: Outcome] {
    guard !targets.isEmpty else { return [:] }
    let catalog = AxisCatalog(rules)
    let all = Box.all(catalog)
    var regions = RuleRegions.Builder(catalog: catalog, program: rules.program, all: all)
    regions.prepareFormulas()
    let feasibility = CellFeasibility(catalog)
    let builder = WitnessBuilder(rules: rules, catalog: catalog)
    let evaluator = Evaluator(rules)
    var out: [Target: Outcome] = [:]
    for target in targets where out[target] == nil {
      guard rules.rules.indices.contains(target.rule) else {
        out[target] = .notFound("no such rule")
        continue
      }
      let parts = rules.rules[target.rule].conditionParts
      guard parts.indices.contains(target.condition) else {
        out[target] = .notFound("no such condition")
        continue
      }
      let others = parts.indices.filter { $0 != target.condition }.map { parts[$0] }
      let othersRegion: [Box]
      let region: [Box]
      do {
        othersRegion = trim(try regions.boxes(.and(others), positive: true), feasibility)
        region = trim(
          try regions.intersect(othersRegion, regions.boxes(parts[target.condition], positive: false)), feasibility)
      } catch {
        out[target] = .notFound(reason(error))
        continue
      }
      guard !region.isEmpty else {
        if others.isEmpty {
          out[target] = .notFound("no fully observed shot makes it false")
        } else if othersRegion.isEmpty {
          out[target] = .notFound("the rule's other conditions are never all true at once")
        } else {
          out[target] = .notFound("wherever the rule's other conditions are true, it is true too")
        }
        continue
      }
      let id = fixtureName(rules, target)
      var built = 0
      for box in region.prefix(maxCandidates) {
        guard let shot = builder.shot(in: box, id: id),
          case .success(let back) = ShotJSONReader.read(SourceFile(path: id, text: shot.jsonText)), back == shot
        else { continue }
        built += 1
        if showsFalseAlone(evaluator.explain(back), target) {
          out[target] = .falseAlone(back)
          break
        }
      }
      if out[target] == nil {
        out[target] = .notFound(
          built == 0
            ? "no valid shot was found where it is false and the rule's other conditions true: the values "
              + "that region asks for read the same observations and may not all be reachable at once"
            : "no shot built in the region where it is false and the rule's other conditions true "
              + "evaluated so (a condition outside the analysis decides)")
      }
    }
    return out
  }

  /// Whether `explanation` shows the target condition false and every other condition of its
  /// rule true: what a proposal claims, read from the evaluator's own trace.
  static func showsFalseAlone(_ explanation: Explanation, _ target: Target) -> Bool {
    guard explanation.rules.indices.contains(target.rule) else { return false }
    let conditions = explanation.rules[target.rule].conditions
    guard conditions.indices.contains(target.condition) else { return false }
    return conditions.indices.allSatisfy { conditions[$0].truth == ($0 == target.condition ? .no : .yes) }
  }

  /// The boxes that hold a shot, with dependent axes (`CellFeasibility`).
  static func trim(_ boxes: [Box], _ feasibility: CellFeasibility?) -> [Box] {
    guard let feasibility else { return boxes }
    return boxes.compactMap(feasibility.trimmed)
  }

  static func reason(_ failure: RuleRegions.Failure) -> String {
    switch failure {
    case .unsupported(let reason, _): "not analysed: \(reason)"
    case .tooLarge:
      "not analysed: the region asked for expands to more than \(AnalysisLimits.maxBoxesPerRule) boxes"
    }
  }
}
