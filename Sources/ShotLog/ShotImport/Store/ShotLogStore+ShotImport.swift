import DialRules

/// Importing shots from other apps (docs/importing.md): a preview that reads and checks every file
/// and compares it with the log without writing, then an apply that writes it in one transaction.
extension ShotLogStore.ShotImport {
  /// What importing `files` would do. Never writes.
  ///
  /// - Throws: `.unreadable` naming the file and the place when any file cannot be read.
  public func previewShotImport(_ files: [ShotImportFile], options: ShotImportOptions = ShotImportOptions())
    throws(ShotImportError) -> ShotImportPreview
  {
    let read = try ShotImportPlanner.read(files, options: options)
    var own: ShotImportError?
    do {
      return try self.read {
        do {
          return try ShotImportPlanner(store: store, options: options).plan(
            read, files: files, fingerprint: try store.revisionFingerprint()
          ).preview
        } catch let error as ShotImportError {
          own = error
          throw ShotLogError.internalError(detail: "\(error)")
        }
      }
    } catch {
      throw own ?? .store(error)
    }
  }

  /// Imports `files` in one transaction, if `token` is what `previewShotImport` gave for the same
  /// files and options and the database has not changed since; otherwise, or on any error,
  /// nothing is written (the transaction is rolled back).
  /// - Returns: the preview of what was done, and the new attempts' ids.
  @discardableResult
  public func applyShotImport(
    _ files: [ShotImportFile], options: ShotImportOptions = ShotImportOptions(), token: String
  ) throws(ShotImportError) -> (preview: ShotImportPreview, attempts: [Int64]) {
    let read = try ShotImportPlanner.read(files, options: options)
    // An import error inside the transaction is kept here and thrown once it has rolled back:
    // the store reports what its body throws as a `ShotLogError`.
    var own: ShotImportError?
    do {
      return try write {
        do {
          let plan = try ShotImportPlanner(store: store, options: options).plan(
            read, files: files, fingerprint: try store.revisionFingerprint())
          guard plan.preview.token == token else { throw ShotImportError.staleToken(token) }
          let ids = try ShotImportWriter(store: store, options: options).write(plan)
          return (plan.preview, ids)
        } catch let error as ShotImportError {
          own = error
          throw ShotLogError.internalError(detail: "\(error)")
        }
      }
    } catch {
      throw own ?? .store(error)
    }
  }

  /// Where an imported attempt came from; nil for a shot logged here.
  public func importSource(attemptID: Int64) throws(ShotLogError) -> ImportSource? {
    try guarded {
      try connection.first(
        "SELECT attempt_id, format, file, entry, source_id FROM attempt_sources WHERE attempt_id = ?", [attemptID],
        Self.importSource
      )?.source
    }
  }

  /// Every imported attempt's source, by attempt id (for reports over the whole log).
  public func importSources() throws(ShotLogError) -> [Int64: ImportSource] {
    try guarded {
      Dictionary(
        try connection.query(
          "SELECT attempt_id, format, file, entry, source_id FROM attempt_sources", [], Self.importSource
        )
        .map { ($0.attempt, $0.source) }, uniquingKeysWith: { a, _ in a })
    }
  }

  private static func importSource(_ row: Row) -> (attempt: Int64, source: ImportSource) {
    // An unknown format name (a newer build's) still names its app in the text kept.
    let source = ImportSource(
      format: ImportFormat(rawValue: row.text(1)) ?? .visualizer, file: row.text(2), entry: row.optionalText(3),
      id: row.text(4))
    return (row.int64(0), source)
  }

  /// The source's rating of an imported attempt, out of 5 in half steps; nil when it had none.
  public func importedRating(attemptID: Int64) throws(ShotLogError) -> ExactNumber? {
    try guarded {
      try connection.first("SELECT rating FROM attempt_sources WHERE attempt_id = ?", [attemptID]) {
        $0.optionalNumber(0)
      } ?? nil
    }
  }

  /// The machine curves stored with an attempt, in the order of `ImportedCurve.Kind`; empty when
  /// it has none. A damaged row is an error, never read as samples.
  public func curves(attemptID: Int64) throws(ShotLogError) -> [ImportedCurve] {
    try guarded {
      let rows = try connection.query(
        "SELECT kind, samples, data FROM attempt_curves WHERE attempt_id = ?", [attemptID]
      ) { ($0.text(0), $0.int(1), $0.value(2)) }
      var out: [ImportedCurve] = []
      for (kindText, samples, data) in rows {
        guard let kind = ImportedCurve.Kind(rawValue: kindText), case .blob(let bytes) = data,
          let curve = ShotCurveCoding.decode(bytes, kind: kind, samples: samples)
        else {
          throw ShotLogError.internalError(detail: "the \(kindText) curve of shot #\(attemptID) is damaged")
        }
        out.append(curve)
      }
      let order = ImportedCurve.Kind.allCases
      return out.sorted { (order.firstIndex(of: $0.kind) ?? 0) < (order.firstIndex(of: $1.kind) ?? 0) }
    }
  }

  /// The ids of the attempts that have curves (for reports over the whole log).
  public func attemptsWithCurves() throws(ShotLogError) -> Set<Int64> {
    try guarded { Set(try connection.query("SELECT DISTINCT attempt_id FROM attempt_curves") { $0.int64(0) }) }
  }
}
