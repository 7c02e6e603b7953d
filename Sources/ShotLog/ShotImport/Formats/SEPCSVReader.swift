import DialRules

/// Reads a Smart Espresso Profiler (Pressensor) CSV export: a header row, `meta` rows (one
/// `metatype`, `metadata` pair each: dose, beverage weight, grinder, bean, dates) and `moment` rows
/// (`elapsed` seconds with a `pressure` or a `current_total_shot_weight`).
///
/// Its "Weight" row is the beverage's weight although its comment says "grounds weight", and its
/// "Brew ratio" is not yield over dose (1.0 for a 36 g shot from 16 g): the ratio is ignored, the
/// weight read as the yield (docs/importing.md).
enum SEPCSVReader {
  static func read(_ bytes: [UInt8], file: String, detected: Bool) throws(ShotImportProblem) -> ImportedFile {
    let source = SourceFile(path: file, bytes: bytes)
    let table: CSVTable
    do {
      table = try CSVTable(bytes)
    } catch {
      throw ShotImportProblem(file: file, source: source, span: error.span, field: nil, message: error.message)
    }
    let columns = try headerColumns(table, file: file, source: source)
    let rows = try Rows(table, columns: columns, file: file, source: source)
    var out = ImportedFile(file: file, format: .sepCSV, detected: detected)
    out.shots.append(try shot(rows, file: file, source: source))
    return out
  }

  /// Each column's index by its name in the header row, which must name the columns read.
  private static func headerColumns(_ table: CSVTable, file: String, source: SourceFile) throws(ShotImportProblem)
    -> [String: Int]
  {
    guard let header = table.rows.first, header.first?.text == "information_type" else {
      throw ShotImportProblem(
        file: file, source: source, span: SourceSpan(start: 0, end: 0), field: nil,
        message: "expected the header row 'information_type,elapsed,…' of a Smart Espresso Profiler export")
    }
    let columns = Dictionary(header.enumerated().map { ($0.element.text, $0.offset) }, uniquingKeysWith: { a, _ in a })
    for name in ["metatype", "metadata", "elapsed"] where columns[name] == nil {
      throw ShotImportProblem(
        file: file, source: source, span: header.first?.span, field: nil, message: "the header has no '\(name)' column")
    }
    return columns
  }

  /// The `meta` rows by their `metatype`, and the curves of the `moment` rows.
  private struct Rows {
    var meta: [String: CSVTable.Field] = [:]
    var pressure = CurveBuilder(.pressure)
    var weight = CurveBuilder(.weight)

    init(_ table: CSVTable, columns: [String: Int], file: String, source: SourceFile) throws(ShotImportProblem) {
      func cell(_ row: [CSVTable.Field], _ name: String) -> CSVTable.Field? {
        guard let c = columns[name], c < row.count else { return nil }
        return row[c]
      }

      var moments = 0
      for row in table.rows.dropFirst() {
        switch row.first?.text {
        case "meta":
          if let type = cell(row, "metatype")?.text, let value = cell(row, "metadata") { meta[type] = value }
        case "moment":
          moments += 1
          guard moments <= ImportedCurve.maxSamples else {
            throw ShotImportProblem(
              file: file, source: source, span: row.first?.span, field: nil,
              message: "more than \(ImportedCurve.maxSamples) samples; a curve may hold no more")
          }
          let t = CurveBuilder.milliseconds(seconds: RawValue(text: cell(row, "elapsed")?.text))
          let p = RawValue(text: cell(row, "pressure")?.text)
          let w = RawValue(text: cell(row, "current_total_shot_weight")?.text)
          if p != .missing { pressure.add(milliseconds: t, p) }
          if w != .missing { weight.add(milliseconds: t, w) }
        case nil, "": continue
        case let other?:
          throw ShotImportProblem(
            file: file, source: source, span: row.first?.span, field: "information_type",
            message: "expected 'meta' or 'moment', found '\(ImportedShot.clipped(other))'")
        }
      }
    }
  }

  /// The one shot of the export, from its `meta` rows and curves.
  private static func shot(_ rows: Rows, file: String, source: SourceFile) throws(ShotImportProblem) -> ImportedShot {
    let meta = rows.meta
    func text(_ type: String) -> String? { meta[type]?.text.nonEmptyTrimmed }

    guard let date = text("Date") else {
      throw ShotImportProblem(
        file: file, source: source, span: SourceSpan(start: 0, end: 0), field: "Date",
        message: "the export has no 'Date' meta row (the shot's time, which is also its id)")
    }
    var shot = ImportedShot(source: ImportSource(format: .sepCSV, file: file, id: date))
    // The export writes local time without a zone: read as UTC, and say so.
    if let time = Timestamp.parse(date) {
      shot.pulledAt = time
    } else if let time = Timestamp.parse(date + "Z") {
      shot.pulledAt = time
      shot.notices.append("the time '\(date)' has no time zone; read as UTC")
    } else {
      shot.notices.append("the time '\(ImportedShot.clipped(date))' is not an ISO 8601 time; left out")
    }
    let metric = (text("Unit system") ?? "metric") == "metric"
    if metric {
      shot.set(\.doseG, .dose, RawValue(text: text("Dose")), field: "Dose")
      shot.set(\.yieldG, .yield, RawValue(text: text("Weight")), field: "Weight")
      shot.set(\.temperatureC, .temperature, RawValue(text: text("Brewing Temperature")), field: "Brewing Temperature")
    } else {
      shot.notices.append("the export is in imperial units; dose, yield and temperature are left out")
    }
    shot.set(\.timeS, .time, RawValue(text: text("Extraction time")), field: "Extraction time")
    shot.profile = text("Name")
    let grinder = [text("Grinder Brand"), text("Grinder Model")].compactMap { $0 }.joined(separator: " ")
    shot.grinderName = grinder.isEmpty ? nil : grinder
    shot.grind = text("Grinder Setting")
    // The export's tasting fields go into the notes as written; they are not a taste verdict.
    let tasting = ["Aroma / Fragnance", "Flavor", "After Taste", "Acidity", "Body", "Sweetness", "Bitterness"]
    let lines = tasting.compactMap { key in text(key).map { "\(key): \($0)" } }
    shot.setNotes(lines.isEmpty ? nil : lines.joined(separator: "\n"))
    DecentFields.setBean(
      name: text("Beans"), roaster: text("Roastery"), roastLevel: text("Roast Color"), roastDate: text("Roasting Date"),
      notes: text("Description"), on: &shot)
    shot.addCurves([rows.weight, rows.pressure])
    shot.deriveFirstDrop()
    return shot
  }
}
