import DialRules

extension StoredSuggestion {
  /// The decision object stored in `shot_attempts.decision` and exported: design §7's decision
  /// fields plus the deciding rules' rationales.
  ///
  /// `{"kind": "adjust", "adjustment": {…}, "text": "…", "decided_by": […], "missing": […],
  ///   "rationale": [{"rule": "sour_fast", "because": "…"}]}`; `reason` is present for
  /// `insufficient_evidence`.
  var decisionJSON: JSONNode {
    var members: [(key: String, value: JSONNode)] = [("kind", .string(decision.outcome.kind))]
    switch decision.outcome {
    case .adjust(let adjustment): members.append(("adjustment", adjustment.json))
    case .noChange: break
    case .insufficientEvidence(let reason): members.append(("reason", .string(reason.rawValue)))
    }
    members.append(("text", .string(decision.text)))
    members.append(("decided_by", .array(decision.decidedBy.map { .string($0) })))
    members.append(("missing", .array(decision.missing.map { .string($0) })))
    members.append(
      (
        "rationale",
        .array(rationale.map { .object([("rule", .string($0.ruleID)), ("because", .string($0.because))]) })
      ))
    return .object(members)
  }

  /// Reads `decisionJSON` back. `id` is the attempt's UUID, echoed into the decision.
  init(decisionJSON json: JSONNode, rulesetName: String, rulesetHash: String, id: String?) throws(FieldError) {
    guard case .object(let members) = json else { throw FieldError("", "expected an object, found \(json.kindName)") }
    let keys = ["kind", "adjustment", "reason", "text", "decided_by", "missing", "rationale"]
    for member in members where !keys.contains(member.key) {
      throw FieldError(
        member.key, "unknown key" + (closest(member.key, among: keys).map { "; did you mean '\($0)'?" } ?? ""))
    }
    func field(_ name: String) -> JSONNode? { members.first { $0.key == name }?.value }
    func strings(_ name: String) throws(FieldError) -> [String] {
      guard case .array(let items)? = field(name) else { throw FieldError(name, "expected an array of strings") }
      var out: [String] = []
      for (i, item) in items.enumerated() {
        guard case .string(let s) = item else { throw FieldError("\(name)[\(i)]", "expected a string") }
        out.append(s)
      }
      return out
    }
    guard case .string(let kind)? = field("kind") else { throw FieldError("kind", "expected a string") }
    let outcome: Decision.Outcome
    switch kind {
    case "adjust":
      guard let adjustmentJSON = field("adjustment") else {
        throw FieldError("adjustment", "missing for kind 'adjust'")
      }
      do {
        outcome = .adjust(try Adjustment(json: adjustmentJSON))
      } catch {
        throw error.prefixed("adjustment")
      }
    case "no_change":
      outcome = .noChange
    case "insufficient_evidence":
      guard case .string(let r)? = field("reason"), let reason = Decision.Reason(rawValue: r) else {
        throw FieldError("reason", "expected one of explicit, conflict, incomplete, no_rule")
      }
      outcome = .insufficientEvidence(reason)
    default:
      throw FieldError("kind", "unknown kind '\(kind)'; expected adjust, no_change or insufficient_evidence")
    }
    if kind != "adjust", field("adjustment") != nil { throw FieldError("adjustment", "only allowed for kind 'adjust'") }
    if kind != "insufficient_evidence", field("reason") != nil {
      throw FieldError("reason", "only allowed for kind 'insufficient_evidence'")
    }
    guard case .string(let text)? = field("text") else { throw FieldError("text", "expected a string") }
    var rationale: [RuleRationale] = []
    if let value = field("rationale") {
      guard case .array(let items) = value else { throw FieldError("rationale", "expected an array") }
      for (i, item) in items.enumerated() {
        guard case .string(let rule)? = item["rule"], case .string(let because)? = item["because"],
          case .object(let m) = item, m.count == 2
        else { throw FieldError("rationale[\(i)]", "expected {\"rule\": …, \"because\": …}") }
        rationale.append(RuleRationale(ruleID: rule, because: because))
      }
    }
    self.init(
      decision: Decision(
        id: id, outcome: outcome, text: text, decidedBy: try strings("decided_by"), missing: try strings("missing")),
      rationale: rationale, rulesetName: rulesetName, rulesetHash: rulesetHash)
  }
}
