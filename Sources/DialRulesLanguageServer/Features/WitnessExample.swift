import DialRules

/// An analysis witness written as an inline `example` (docs/language.md §8), so the shot the
/// analysis found becomes a test that `dialrules test` runs from then on.
enum WitnessExample {
  /// The example block, indented as the formatter indents it, starting with a line break so it can
  /// be inserted right after a rule's last clause.
  static func text(label: String, shot record: ShotRecord, expect outcome: Decision.Outcome) -> String {
    var parts: [String] = []
    if let previous = record.previous {
      var fields: [String] = []
      if let a = previous.adjustment { fields.append("adjustment \(a.ruleText)") }
      fields += measurements(previous.shot, part: "previous")
      if !fields.isEmpty { parts.append("previous " + fields.joined(separator: ", ")) }
    }
    let shot = measurements(record.shot, part: "shot")
    if !shot.isEmpty { parts.append("shot " + shot.joined(separator: ", ")) }
    if let recipe = record.recipe {
      var fields: [String] = []
      if let v = recipe.doseG { fields.append("dose \(number(v)) g") }
      if let v = recipe.yieldG { fields.append("yield \(number(v)) g") }
      if let v = recipe.timeS { fields.append("time \(number(v)) s") }
      if let v = recipe.temperatureC { fields.append("temperature \(number(v)) C") }
      if !fields.isEmpty { parts.append("recipe " + fields.joined(separator: ", ")) }
    }
    var out = "\n  example \"\(label)\"\n"
    for part in parts { out += "    \(part)\n" }
    out += "    expect \(outcome.expectationText)"
    return out
  }

  static func measurements(_ m: ShotRecord.Measurements?, part: String) -> [String] {
    guard let m else { return [] }
    var fields: [String] = []
    if let v = m.doseG { fields.append("dose \(number(v)) g") }
    if let v = m.yieldG { fields.append("yield \(number(v)) g") }
    if let v = m.timeS { fields.append("time \(number(v)) s") }
    if part == "shot", let v = m.firstDropS { fields.append("first_drop \(number(v)) s") }
    if let taste = m.taste {
      fields.append("taste " + (taste.isEmpty ? "none" : taste.members.map(\.rawValue).joined(separator: " ")))
    }
    if part == "shot", let flow = m.flow, !flow.isEmpty {
      fields.append("flow " + flow.members.map(\.rawValue).joined(separator: " "))
    }
    return fields
  }

  static func number(_ v: ExactNumber) -> String {
    v.decimalText(maxFractionDigits: ExactNumber.Limits.maxFractionDigits)
  }
}
