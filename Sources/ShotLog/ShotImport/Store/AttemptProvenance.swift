import DialRules

/// Where a shot imported from another app came from and the machine curves it carried: the rows
/// of `attempt_sources` and `attempt_curves` for one attempt. Written once, with the attempt, by
/// an import from another app; carried by the log's own export (`source` and `curves` of an
/// attempt) so a restore or a merge brings them back exactly, and re-importing the app's file
/// afterwards still adds nothing.
struct AttemptProvenance: Hashable, Sendable {
  var source: ImportSource
  /// The source's rating on the log's 0–5 scale.
  var rating: ExactNumber?
  var importedAt: Timestamp
  /// In the order of `ImportedCurve.Kind`, at most one per kind.
  var curves: [ImportedCurve]

  /// `decent shot 1634630864`: how a conflict names the source.
  var described: String { "\(source.idSpace) shot \(source.id)" }
}

extension ShotLogStore {
  /// Stores `provenance` for the attempt `attemptID` (inside the caller's write transaction).
  func insert(_ provenance: AttemptProvenance, attemptID: Int64) throws {
    let source = provenance.source
    try connection.run(
      """
      INSERT INTO attempt_sources (attempt_id, id_space, source_id, format, file, entry, rating, imported_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        attemptID, source.idSpace, source.id, source.format.rawValue, source.file, source.entry,
        provenance.rating?.decimalText, provenance.importedAt.millisecondsSinceEpoch,
      ])
    for curve in provenance.curves {
      try connection.run(
        "INSERT INTO attempt_curves (attempt_id, kind, samples, data) VALUES (?, ?, ?, ?)",
        [attemptID, curve.kind.rawValue, curve.times.count, SQLValue.blob(ShotCurveCoding.encode(curve))])
    }
  }

  /// Every imported attempt's provenance, by attempt id (inside the caller's read transaction).
  /// A row this build cannot read (an unknown format or curve kind, a damaged curve) is an error,
  /// never left out of an export.
  func provenances() throws -> [Int64: AttemptProvenance] {
    var out: [Int64: AttemptProvenance] = [:]
    let sources = try connection.query(
      "SELECT attempt_id, format, file, entry, source_id, rating, imported_at FROM attempt_sources ORDER BY attempt_id"
    ) { row in
      (
        row.int64(0), row.text(1), row.text(2), row.optionalText(3), row.text(4), row.optionalNumber(5),
        Timestamp(millisecondsSinceEpoch: row.int64(6))
      )
    }
    for (attempt, formatText, file, entry, id, rating, at) in sources {
      guard let format = ImportFormat(rawValue: formatText) else {
        throw ShotLogError.internalError(detail: "shot #\(attempt) was imported from '\(formatText)', unknown here")
      }
      out[attempt] = AttemptProvenance(
        source: ImportSource(format: format, file: file, entry: entry, id: id), rating: rating, importedAt: at,
        curves: [])
    }
    let curves = try connection.query(
      "SELECT attempt_id, kind, samples, data FROM attempt_curves ORDER BY attempt_id"
    ) { ($0.int64(0), $0.text(1), $0.int(2), $0.value(3)) }
    for (attempt, kindText, samples, data) in curves {
      guard let kind = ImportedCurve.Kind(rawValue: kindText), case .blob(let bytes) = data,
        let curve = ShotCurveCoding.decode(bytes, kind: kind, samples: samples), out[attempt] != nil
      else {
        throw ShotLogError.internalError(detail: "the \(kindText) curve of shot #\(attempt) is damaged")
      }
      out[attempt]?.curves.append(curve)
    }
    let order = ImportedCurve.Kind.allCases
    for key in out.keys {
      out[key]?.curves.sort { (order.firstIndex(of: $0.kind) ?? 0) < (order.firstIndex(of: $1.kind) ?? 0) }
    }
    return out
  }
}

extension JSONWriter {
  /// An attempt's `source` and `curves` members (nothing for a shot logged here):
  /// `"source":{"format":"decent-shot","file":"a.shot","id":"1634630864","rating":3.5,"imported_at":"…"}`,
  /// `"curves":[{"kind":"pressure","t_ms":[0,250,…],"values":[0,105,…]}]` — times in milliseconds,
  /// values in hundredths of the unit, exactly as stored.
  mutating func member(provenance: AttemptProvenance?) {
    guard let provenance else { return }
    key("source")
    beginObject()
    member("format", provenance.source.format.rawValue)
    member("file", provenance.source.file)
    member("entry", provenance.source.entry)
    member("id", provenance.source.id)
    member("rating", number: provenance.rating?.decimalText)
    member("imported_at", time: provenance.importedAt)
    endObject()
    guard !provenance.curves.isEmpty else { return }
    key("curves")
    beginArray()
    for curve in provenance.curves {
      beginObject()
      member("kind", curve.kind.rawValue)
      key("t_ms")
      beginArray()
      for t in curve.times { integer(Int(t)) }
      endArray()
      key("values")
      beginArray()
      for v in curve.values { integer(Int(v)) }
      endArray()
      endObject()
    }
    endArray()
  }
}
