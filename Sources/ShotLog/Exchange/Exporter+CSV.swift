import DialRules

extension Exporter {
  /// The CSV header: one column per field of the flat shot log.
  static let csvColumns = [
    "shot", "uuid", "pulled_at", "bean", "roaster", "grinder", "basket", "grind", "recipe_dose_g", "recipe_yield_g",
    "recipe_time_s", "recipe_temperature_c", "dose_g", "yield_g", "time_s", "first_drop_s", "ratio", "taste", "flow",
    "notes", "decision", "adjustment", "decided_by", "ruleset", "ruleset_hash", "answer",
  ]

  /// The flat shot log as RFC 4180 CSV: one header row, one row per attempt in the order stored,
  /// CRLF line ends, fields quoted when they hold a comma, quote, CR or LF.
  ///
  /// An unknown value is an empty field; an empty taste verdict is `none` so it differs from "no
  /// verdict given". The CSV is for spreadsheets and is not importable; use the JSON export to
  /// restore.
  func csv() throws -> [UInt8] {
    let contents = try load(decodingSuggestions: true)
    var beans: [Int64: Bean] = [:]
    var grinders: [Int64: String] = [:]
    var baskets: [Int64: String] = [:]
    var snapshots: [Int64: RecipeSnapshot] = [:]
    var answers: [Int64: String] = [:]
    for bean in contents.beans { beans[bean.id] = bean }
    for grinder in contents.grinders { grinders[grinder.id] = grinder.name }
    for basket in contents.baskets { baskets[basket.id] = basket.name }
    for snapshot in contents.snapshots { snapshots[snapshot.id] = snapshot }
    for event in contents.events { answers[event.attemptID] = event.action.rawValue }

    var out: [UInt8] = []
    out.reserveCapacity(200 + contents.attempts.count * 300)
    Self.appendRow(Self.csvColumns, to: &out)
    for attempt in contents.attempts {
      let m = attempt.measurements
      let snapshot = snapshots[attempt.snapshotID]
      let bean = beans[attempt.beanID]
      var adjustment = ""
      if case .adjust(let a)? = attempt.suggestion?.decision.outcome { adjustment = a.ruleText }
      let fields: [String] = [
        String(attempt.id), attempt.uuid, attempt.pulledAt.iso8601, bean?.name ?? "", bean?.roaster ?? "",
        grinders[attempt.grinderID] ?? "", snapshot?.basketID.flatMap { baskets[$0] } ?? "",
        snapshot?.grind.text ?? "", snapshot?.doseG.decimalText ?? "", snapshot?.yieldG.decimalText ?? "",
        snapshot?.timeS.decimalText ?? "", snapshot?.temperatureC?.decimalText ?? "",
        m.doseG?.decimalText ?? "", m.yieldG?.decimalText ?? "", m.timeS?.decimalText ?? "",
        m.firstDropS?.decimalText ?? "", attempt.ratio.map { $0.rounded(places: 2).decimalText } ?? "",
        m.taste.map { $0.isEmpty ? "none" : $0.members.map(\.rawValue).joined(separator: " ") } ?? "",
        m.flow.map { $0.isEmpty ? "none" : $0.members.map(\.rawValue).joined(separator: " ") } ?? "",
        attempt.notes ?? "", attempt.suggestion?.decision.text ?? "", adjustment,
        attempt.suggestion?.decision.decidedBy.joined(separator: " ") ?? "", attempt.suggestion?.rulesetName ?? "",
        attempt.suggestion?.rulesetHash ?? "", answers[attempt.id] ?? "",
      ]
      Self.appendRow(fields, to: &out)
    }
    return out
  }

  /// Appends one CSV record with CRLF.
  static func appendRow(_ fields: [String], to out: inout [UInt8]) {
    for (i, field) in fields.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      let bytes = field.utf8
      if bytes.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) {
        out.append(UInt8(ascii: "\""))
        for b in bytes {
          if b == UInt8(ascii: "\"") { out.append(b) }
          out.append(b)
        }
        out.append(UInt8(ascii: "\""))
      } else {
        out.append(contentsOf: bytes)
      }
    }
    out.append(0x0D)
    out.append(0x0A)
  }
}
