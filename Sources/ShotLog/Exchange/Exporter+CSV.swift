import DialRules

/// How a CSV export is written: the RFC 4180 default, or the form a spreadsheet set to a language
/// opens without its import dialog (`dialshot export --csv --excel`), optionally with a column of
/// local times.
package struct CSVForm: Sendable {
  /// The field separator: `,`, or `;` where the decimal separator is a comma (as Excel expects in
  /// such locales).
  package var separator: UInt8 = UInt8(ascii: ",")
  /// Numbers with a decimal comma (`36,5`).
  package var decimalComma = false
  /// A UTF-8 byte order mark first, by which Excel knows the file is UTF-8.
  package var byteOrderMark = false
  /// The local time of a pull, as the `pulled_at_local` column after `pulled_at`; no column when nil.
  package var localTime: (@Sendable (Timestamp) -> String)?

  package init(
    separator: UInt8 = UInt8(ascii: ","), decimalComma: Bool = false, byteOrderMark: Bool = false,
    localTime: (@Sendable (Timestamp) -> String)? = nil
  ) {
    self.separator = separator
    self.decimalComma = decimalComma
    self.byteOrderMark = byteOrderMark
    self.localTime = localTime
  }
}

extension ShotLogStore.Exchange {
  /// `exportCSV()` in another form (separator, decimal comma, byte order mark, local times).
  package func exportCSV(_ form: CSVForm) throws(ShotLogError) -> [UInt8] {
    try guarded { try Exporter(store: store).csv(form) }
  }
}

extension Exporter {
  /// The CSV header: one column per field of the flat shot log.
  static let csvColumns = [
    "shot", "uuid", "pulled_at", "bean", "roaster", "grinder", "basket", "grind", "recipe_dose_g", "recipe_yield_g",
    "recipe_time_s", "recipe_temperature_c", "dose_g", "yield_g", "time_s", "first_drop_s", "ratio", "taste", "flow",
    "notes", "decision", "adjustment", "decided_by", "ruleset", "ruleset_hash", "answer", "rating", "void_reason",
    "corrects",
  ]

  /// The flat shot log as RFC 4180 CSV: one header row, one row per attempt in the order stored,
  /// CRLF line ends, fields quoted when they hold a comma, quote, CR or LF.
  ///
  /// An unknown value is an empty field; an empty taste verdict is `none` so it differs from "no
  /// verdict given". A text that a spreadsheet would run as a formula (starting with `=`, `+`,
  /// `-`, `@`, a tab or a carriage return, and not a plain number) is written with a leading `'`.
  /// The CSV is for spreadsheets and is not importable; use the JSON export to restore.
  func csv(_ form: CSVForm = CSVForm()) throws -> [UInt8] {
    let contents = try load(decodingSuggestions: true)
    var beans: [Int64: Bean] = [:]
    var grinders: [Int64: String] = [:]
    var baskets: [Int64: String] = [:]
    var snapshots: [Int64: RecipeSnapshot] = [:]
    var answers: [Int64: String] = [:]
    for bean in contents.beans { beans[bean.id] = bean }
    for grinder in contents.grinders { grinders[grinder.id] = grinder.name }
    var bags: [Int64: Bag] = [:]
    for bag in contents.bags { bags[bag.id] = bag }
    for basket in contents.baskets { baskets[basket.id] = basket.name }
    for snapshot in contents.snapshots { snapshots[snapshot.id] = snapshot }
    for event in contents.events { answers[event.attemptID] = event.action.rawValue }
    var voids: [Int64: String] = [:]
    for void in contents.voids { voids[void.attemptID] = void.reason }

    var out: [UInt8] = form.byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
    out.reserveCapacity(200 + contents.attempts.count * 300)
    var header = Self.csvColumns
    if form.localTime != nil { header.insert("pulled_at_local", at: 3) }
    Self.appendRow(header, to: &out, form)
    for attempt in contents.attempts {
      let m = attempt.measurements
      let snapshot = snapshots[attempt.snapshotID]
      let bean = beans[attempt.beanID]
      var adjustment = ""
      if case .adjust(let a)? = attempt.suggestion?.decision.outcome { adjustment = a.ruleText }
      let fields: [String] = [
        String(attempt.id), attempt.uuid, attempt.pulledAt.iso8601, bean?.name ?? "",
        bags[attempt.bagID].map { $0.roaster ?? "" } ?? bean?.roaster ?? "",
        grinders[attempt.grinderID] ?? "", snapshot?.basketID.flatMap { baskets[$0] } ?? "",
        attempt.grind?.text ?? snapshot?.grind.text ?? "", snapshot?.doseG.decimalText ?? "",
        snapshot?.yieldG.decimalText ?? "",
        snapshot?.timeS.decimalText ?? "", snapshot?.temperatureC?.decimalText ?? "",
        m.doseG?.decimalText ?? "", m.yieldG?.decimalText ?? "", m.timeS?.decimalText ?? "",
        m.firstDropS?.decimalText ?? "", attempt.ratio.map(Self.twoDecimals) ?? "",
        m.taste.map { $0.isEmpty ? "none" : $0.members.map(\.rawValue).joined(separator: " ") } ?? "",
        m.flow.map { $0.isEmpty ? "none" : $0.members.map(\.rawValue).joined(separator: " ") } ?? "",
        attempt.notes ?? "", attempt.suggestion?.decision.text ?? "", adjustment,
        attempt.suggestion?.decision.decidedBy.joined(separator: " ") ?? "", attempt.suggestion?.rulesetName ?? "",
        attempt.suggestion?.rulesetHash ?? "", answers[attempt.id] ?? "", attempt.rating?.decimalText ?? "",
        voids[attempt.id] ?? "", attempt.amendsID.map(String.init) ?? "",
      ]
      var row = fields
      if let local = form.localTime { row.insert(local(attempt.pulledAt), at: 3) }
      Self.appendRow(row, to: &out, form)
    }
    return out
  }

  /// `2.00`, `2.02`: a ratio with exactly two decimals, as the CSV's documentation says.
  static func twoDecimals(_ value: ExactNumber) -> String {
    let text = value.rounded(places: 2).decimalText
    guard let point = text.firstIndex(of: ".") else { return text + ".00" }
    let decimals = text.distance(from: text.index(after: point), to: text.endIndex)
    return text + String(repeating: "0", count: max(0, 2 - decimals))
  }

  /// `36,5` for `36.5` when the form asks for a decimal comma and the field is a plain number.
  static func localised(_ field: String, _ form: CSVForm) -> String {
    guard form.decimalComma, field.contains("."), ExactNumber(field) != nil else { return field }
    return field.replacing(".", with: ",")
  }

  /// `field` as a spreadsheet shows it rather than runs it: a leading `'` before a formula
  /// start (OWASP's advice for CSV injection). Plain numbers such as `-5` stay numbers.
  static func neutralised(_ field: String) -> String {
    guard let first = field.utf8.first,
      first == UInt8(ascii: "=") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
        || first == UInt8(ascii: "@") || first == 0x09 || first == 0x0D
    else { return field }
    if ExactNumber(field) != nil { return field }
    return "'" + field
  }

  /// Appends one CSV record with CRLF.
  static func appendRow(_ fields: [String], to out: inout [UInt8], _ form: CSVForm = CSVForm()) {
    for (i, raw) in fields.enumerated() {
      if i > 0 { out.append(form.separator) }
      let field = localised(neutralised(raw), form)
      let bytes = field.utf8
      // Quoted when it holds the separator, a quote or a line break (a comma in a `;` file needs none).
      if bytes.contains(where: { $0 == form.separator || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) {
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
