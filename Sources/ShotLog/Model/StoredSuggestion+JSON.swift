import DialRules

extension StoredSuggestion {
  /// The decision object stored in `shot_attempts.decision` and exported: docs/design.md §7's decision
  /// fields plus the deciding rules' rationales, as compact JSON text.
  ///
  /// `{"kind": "adjust", "adjustment": {…}, "text": "…", "decided_by": […], "missing": […],
  ///   "rationale": [{"rule": "sour_fast", "because": "…"}]}`; `reason` is present for
  /// `insufficient_evidence`.
  var decisionJSON: String { String(decoding: decisionJSONBytes, as: UTF8.self) }

  /// `decisionJSON` as the writer's UTF-8 bytes, for binding without making a `String`.
  var decisionJSONBytes: [UInt8] {
    var w = JSONWriter.storedColumn()
    w.beginObject()
    decision.outcome.writeJSONMembers(to: &w)
    w.key("text")
    w.string(decision.text)
    w.key("decided_by")
    w.strings(decision.decidedBy)
    w.key("missing")
    w.strings(decision.missing)
    w.key("rationale")
    w.beginArray()
    for item in rationale {
      w.beginObject()
      w.key("rule")
      w.string(item.ruleID)
      w.key("because")
      w.string(item.because)
      w.endObject()
    }
    w.endArray()
    w.endObject()
    return w.bytes
  }

  /// Reads `decisionJSON` back. `id` is the attempt's UUID, echoed into the decision.
  init(decisionJSON json: JSONNode, rulesetName: String, rulesetHash: String, id: String?) throws(FieldError) {
    guard let members = json.members else {
      throw FieldError("", "expected an object, found \(json.kind.described)", at: json.span)
    }
    let keys = ["kind", "adjustment", "reason", "text", "decided_by", "missing", "rationale"]
    for member in members where !keys.contains(member.key) {
      throw FieldError(
        member.key, "unknown key" + (closest(member.key, among: keys).map { "; did you mean '\($0)'?" } ?? ""),
        at: member.keySpan)
    }
    func strings(_ name: String) throws(FieldError) -> [String] {
      guard let items = members[key: name]?.elements else {
        throw FieldError(name, "expected an array of strings", at: members[key: name]?.span ?? json.span)
      }
      var out: [String] = []
      for (i, item) in items.enumerated() {
        guard let s = item.string else { throw FieldError("\(name)[\(i)]", "expected a string", at: item.span) }
        out.append(s)
      }
      return out
    }
    guard let kind = members[key: "kind"]?.string else {
      throw FieldError("kind", "expected a string", at: members[key: "kind"]?.span ?? json.span)
    }
    let outcome: Decision.Outcome
    switch kind {
    case "adjust":
      guard let adjustmentJSON = members[key: "adjustment"] else {
        throw FieldError("adjustment", "missing for kind 'adjust'", at: json.span)
      }
      do {
        outcome = .adjust(try Adjustment(json: adjustmentJSON))
      } catch {
        throw error.prefixed("adjustment")
      }
    case "no_change":
      outcome = .noChange
    case "insufficient_evidence":
      guard let r = members[key: "reason"]?.string, let reason = Decision.Reason(rawValue: r) else {
        throw FieldError(
          "reason", "expected one of explicit, conflict, incomplete, no_rule",
          at: members[key: "reason"]?.span ?? json.span)
      }
      outcome = .insufficientEvidence(reason)
    default:
      throw FieldError(
        "kind", "unknown kind '\(kind)'; expected adjust, no_change or insufficient_evidence",
        at: members[key: "kind"]?.span ?? json.span)
    }
    if kind != "adjust", let extra = members[key: "adjustment"] {
      throw FieldError("adjustment", "only allowed for kind 'adjust'", at: extra.span)
    }
    if kind != "insufficient_evidence", let extra = members[key: "reason"] {
      throw FieldError("reason", "only allowed for kind 'insufficient_evidence'", at: extra.span)
    }
    guard let text = members[key: "text"]?.string else {
      throw FieldError("text", "expected a string", at: members[key: "text"]?.span ?? json.span)
    }
    var rationale: [RuleRationale] = []
    if let value = members[key: "rationale"] {
      guard let items = value.elements else { throw FieldError("rationale", "expected an array", at: value.span) }
      for (i, item) in items.enumerated() {
        guard let rule = item["rule"]?.string, let because = item["because"]?.string, item.members?.count == 2
        else { throw FieldError("rationale[\(i)]", "expected {\"rule\": …, \"because\": …}", at: item.span) }
        rationale.append(RuleRationale(ruleID: rule, because: because))
      }
    }
    self.init(
      decision: Decision(
        id: id, outcome: outcome, text: text, decidedBy: try strings("decided_by"), missing: try strings("missing")),
      rationale: rationale, rulesetName: rulesetName, rulesetHash: rulesetHash)
  }
}
