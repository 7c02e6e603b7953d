/// Decision JSON, the output contract of `explain --format json` and `eval` (docs/design.md §7):
///
/// ```json
/// {"id":"sour-fast-01","decision":{"kind":"adjust","adjustment":{"type":"grind","direction":"finer",
/// "steps":1},"text":"Grind finer by 1 step"},"decided_by":["sour_fast"],"missing":[]}
/// ```
///
/// `id` is always present (`null` when the shot has none) so every line of `eval` output has the
/// same shape; `adjustment` appears only for `adjust`, `reason` only for `insufficient_evidence`.
extension Decision {
  /// The decision as compact JSON text, keys in contract order.
  public var jsonText: String {
    var w = JSONWriter(reservingCapacity: 160)
    writeJSON(to: &w)
    return w.text
  }

  /// Appends the decision object to `w`: what `eval` calls once per shot, into one shared writer.
  package func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.key("id")
    w.string(orNull: id)
    w.key("decision")
    w.beginObject()
    outcome.writeJSONMembers(to: &w)
    w.key("text")
    w.string(text)
    w.endObject()
    w.key("decided_by")
    w.strings(decidedBy)
    w.key("missing")
    w.strings(missing)
    w.endObject()
  }

  /// The decision as a JSON tree, for output that adds to it (`explain`); same text as `jsonText`.
  package var jsonObject: JSONValue {
    var decision: [JSONValue.Member] = [JSONValue.Member("kind", .string(outcome.kind.rawValue))]
    switch outcome {
    case .adjust(let adjustment): decision.append(JSONValue.Member("adjustment", adjustment.jsonObject))
    case .noChange: break
    case .insufficientEvidence(let reason): decision.append(JSONValue.Member("reason", .string(reason.rawValue)))
    }
    decision.append(JSONValue.Member("text", .string(text)))
    return [
      "id": id.map { JSONValue.string($0) } ?? .null,
      "decision": .object(decision),
      "decided_by": .array(decidedBy.map { .string($0) }),
      "missing": .array(missing.map { .string($0) }),
    ]
  }
}

extension Decision.Outcome {
  /// Appends `kind`, then `adjustment` or `reason` where the outcome has one, to the object open
  /// in `w`: the one writer of an outcome, for decision JSON and for the shot log's stored decision.
  package func writeJSONMembers(to w: inout JSONWriter) {
    w.key("kind")
    w.string(kind.rawValue)
    switch self {
    case .adjust(let adjustment):
      w.key("adjustment")
      adjustment.writeJSON(to: &w)
    case .noChange:
      break
    case .insufficientEvidence(let reason):
      w.key("reason")
      w.string(reason.rawValue)
    }
  }
}
