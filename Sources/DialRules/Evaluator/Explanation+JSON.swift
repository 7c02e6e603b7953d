/// `explain --format json`: the decision JSON of docs/design.md §7, extended with every rule's part, the
/// conditions with the values they saw, and the recipe preview.
extension Explanation {
  /// The explanation as compact JSON text, what `dialrules explain --format json` prints: the
  /// decision JSON (docs/design.md §7: `id`, `decision`, `decided_by`, `missing`) followed by
  /// `rules_path`, `decided_by_otherwise`, every rule's part (`id`, `status`, `truth`, `decided`,
  /// `action`, `because`, `line`, `column`, `overriders`, `first_blocking`, `conditions`) and the
  /// `preview`. `rulesFile` (the rule set's `source`) turns rule places into lines and columns.
  public func jsonText(rulesFile: SourceFile) -> String {
    jsonObject(rulesFile: rulesFile).jsonText
  }

  /// The explanation as a JSON tree; `rulesFile` resolves spans to lines and columns.
  package func jsonObject(rulesFile: SourceFile) -> JSONValue {
    guard case .object(var members) = decision.jsonObject else { return decision.jsonObject }
    members.append(.init("rules_path", .string(rulesPath)))
    members.append(.init("decided_by_otherwise", .bool(decidedByOtherwise)))
    members.append(.init("rules", .array(rules.map { $0.jsonObject(rulesFile: rulesFile) })))
    members.append(.init("preview", preview.map { $0.jsonObject } ?? .null))
    return .object(members)
  }
}

extension RuleExplanation {
  func jsonObject(rulesFile: SourceFile) -> JSONValue {
    let p = rulesFile.position(of: span.start)
    return [
      "id": .string(id),
      "status": .string(status.rawValue),
      "truth": .string(truth.word),
      "decided": .bool(decided),
      "action": .string(action.ruleText),
      "because": .string(because),
      "line": .number(ExactNumber(p.line)),
      "column": .number(ExactNumber(p.column)),
      "overriders": .array(overriders.map { .string($0) }),
      "first_blocking": firstBlocking.map { $0.jsonObject } ?? .null,
      "conditions": .array(conditions.map { $0.jsonObject }),
    ]
  }
}

extension ConditionTrace {
  var jsonObject: JSONValue {
    [
      "text": .string(text),
      "truth": .string(truth.word),
      "values": .array(values.map { .string($0) }),
      "inner": .array(inner.map { $0.jsonObject }),
    ]
  }
}

extension RecipePreview {
  var jsonObject: JSONValue {
    .array(
      changes.map {
        [
          "field": .string($0.field.rawValue), "before": .string($0.before), "after": .string($0.after),
          "note": $0.note.map { .string($0) } ?? .null,
        ]
      })
  }
}
