/// An answer of the map in words, for hover, focus and screen readers: the outcome, the rules
/// that decide it, and for an abstention the reason the rule gives.
package struct AnswerWords: Sendable {
  /// Per table: each rule's action, by id.
  let actions: [[String: RuleAction]]

  init(tables: [CompiledRules]) {
    actions = tables.map { table in
      var byID: [String: RuleAction] = [:]
      for rule in table.rules { byID[rule.id] = rule.action }
      return byID
    }
  }

  /// `grind finer 1 step, decided by sour_fast`; in a diff, `was …; now …` where it changes.
  package func sentence(_ answer: DecisionMap.Answer) -> String {
    let last = answer.outcomes.count - 1
    if answer.changed {
      return "was " + phrase(answer.outcomes[0], answer.decidedBy[0], table: 0) + "; now "
        + phrase(answer.outcomes[last], answer.decidedBy[last], table: last)
    }
    if answer.decidedByChanged {
      return phrase(answer.outcomes[last], answer.decidedBy[last], table: last)
        + " (same outcome, deciding rules only changed: was "
        + (answer.decidedBy[0].isEmpty ? "'otherwise'" : answer.decidedBy[0].joined(separator: ", ")) + ")"
    }
    return phrase(answer.outcomes[last], answer.decidedBy[last], table: last)
  }

  /// One table's outcome with its deciding rules.
  func phrase(_ outcome: Decision.Outcome, _ decidedBy: [String], table: Int) -> String {
    let ids = decidedBy.joined(separator: ", ")
    switch outcome {
    case .insufficientEvidence(.explicit):
      let reasons = decidedBy.compactMap { id -> String? in
        guard case .insufficient(let reason)? = actions[table][id] else { return nil }
        return "\(id): “\(reason)”"
      }
      return "abstains on purpose — " + reasons.joined(separator: "; ")
    case .insufficientEvidence(.conflict):
      let wants = decidedBy.map { "\($0) says \(actions[table][$0]?.ruleText ?? "?")" }
      return "abstains because the rules disagree — " + wants.joined(separator: ", ")
    case .insufficientEvidence(.noRule):
      return "abstains: no rule matches, so 'otherwise' decides"
    case .insufficientEvidence(.incomplete):
      return "abstains: observations are missing (\(ids))"
    case .insufficientEvidence(.invalidShot):
      return "not decided: the shot breaks the bounds of shot JSON"
    case .adjust, .noChange:
      return OutcomeStyle(outcome).words + (ids.isEmpty ? " ('otherwise')" : ", decided by \(ids)")
    }
  }
}
