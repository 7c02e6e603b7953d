import DialRules

/// The properties section of `diff`, first in every format: a promise that held in OLD and fails
/// in NEW is what a reviewer must see before anything else.
extension DiffReport {
  /// `proved`, `fails`, `undecided`, or `—` where the table has no verdict.
  static func status(_ v: PropertyVerdict?) -> String { v?.status.rawValue ?? "—" }

  /// `OLD → NEW` for one row, `proved → fails`; a property only OLD declares says what it is
  /// against NEW's rules.
  static func movement(_ row: PropertyDiff.Row) -> String {
    switch row.change {
    case .added: return status(row.new)
    case .removed:
      if let problem = row.notChecked { return "\(status(row.old)) in OLD; not checked against NEW: \(problem)" }
      return "\(status(row.old)) in OLD; against NEW's rules: \(status(row.new))"
    default:
      let against = row.declaredInNew ? "" : " (no longer declared; checked against NEW's rules)"
      return "\(status(row.old)) → \(status(row.new))\(against)"
    }
  }

  /// `properties: 1 regressed (held in OLD, fails in NEW): p; 3 unchanged`, then a line per
  /// property that changed, a failing one with its witness and NEW's decision for it.
  static func propertiesText(_ diff: PropertyDiff) -> String {
    let regressed = diff.regressed
    var counts: [String] = []
    if !regressed.isEmpty {
      counts.append(
        "\(regressed.count) regressed (held in OLD, fails in NEW): \(regressed.map(\.id).joined(separator: ", "))")
    }
    for change in PropertyDiff.Change.allCases where change != .regressed {
      let n = diff.rows.filter { $0.change == change }.count
      if n > 0 { counts.append("\(n) \(change.rawValue)") }
    }
    var out = "properties: \(counts.joined(separator: "; "))\n"
    let width = diff.rows.map(\.change.rawValue.count).max() ?? 0
    for row in diff.rows where row.change != .unchanged {
      let label = row.change.rawValue.padded(to: width)
      out += "  \(label)  \(row.id): \(movement(row))\n"
      if row.new?.status == .fails, let witness = row.new?.witness, let decision = row.new?.witnessDecision {
        let indent = String(repeating: " ", count: width + 4)
        out += "\(indent)witness \(witness.jsonText)\n"
        out += "\(indent)NEW decides \(DecisionChange.label(decision))\n"
      }
    }
    return out
  }

  /// The same as a Markdown table, regressions first and marked.
  static func propertiesMarkdown(_ diff: PropertyDiff) -> String {
    var out = "### Properties\n\n"
    let regressed = diff.regressed
    if !regressed.isEmpty {
      out +=
        "**\(regressed.count) regressed** (held in OLD, fails in NEW): "
        + regressed.map { "`\($0.id)`" }.joined(separator: ", ") + "\n\n"
    }
    out += "| change | property | OLD → NEW | witness | NEW decides |\n|---|---|---|---|---|\n"
    for row in diff.rows {
      let failing = row.new?.status == .fails
      let witness = failing ? row.new?.witness.map { cell($0.jsonText) } ?? "" : ""
      let decision = failing ? row.new?.witnessDecision.map { cell(DecisionChange.label($0)) } ?? "" : ""
      let change = row.change == .regressed ? "**regressed**" : row.change.rawValue
      out += "| \(change) | `\(row.id)` | \(cell(movement(row))) | \(witness) | \(decision) |\n"
    }
    return out + "\n"
  }

  /// `{"regressed": [ids], "rows": [{id, change, old, new, declared_in_new, witness, decision}]}`.
  static func propertiesJSON(_ diff: PropertyDiff) -> JSONValue {
    func verdict(_ v: PropertyVerdict?) -> JSONValue {
      guard let v else { return .null }
      var members: [JSONValue.Member] = [.init("status", .string(v.status.rawValue))]
      if let witness = v.witness { members.append(.init("witness", witness.jsonObject)) }
      if let decision = v.witnessDecision { members.append(.init("decision", decision.jsonObject)) }
      if let reason = v.reason { members.append(.init("reason", .string(reason))) }
      return .object(members)
    }
    return [
      "regressed": .array(diff.regressed.map { .string($0.id) }),
      "rows": .array(
        diff.rows.map { row in
          var members: [JSONValue.Member] = [
            .init("id", .string(row.id)), .init("change", .string(row.change.rawValue)), .init("old", verdict(row.old)),
            .init("new", verdict(row.new)), .init("declared_in_new", .bool(row.declaredInNew)),
          ]
          if let problem = row.notChecked { members.append(.init("not_checked", .string(problem))) }
          return .object(members)
        }),
    ]
  }
}
