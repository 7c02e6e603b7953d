/// Export and previewed import (design §9): the whole log as a restorable JSON document, or as a
/// flat CSV shot log for spreadsheets.
extension ShotLogStore {
  /// The whole log as an export document (docs/shot-log.md, "Export format"): UTF-8 JSON, one row
  /// per line, ending in a newline; restorable with `previewImport` and `applyImport`.
  ///
  /// Read in one transaction, so it is a consistent picture even while another connection writes.
  /// There is no export timestamp: the same data always gives the same bytes.
  public func exportJSON() throws(ShotLogError) -> [UInt8] {
    try guarded { try Exporter(store: self).json() }
  }

  /// The flat shot log as RFC 4180 CSV: one header row, one row per shot in the order stored,
  /// CRLF line ends. For spreadsheets; it cannot be imported.
  public func exportCSV() throws(ShotLogError) -> [UInt8] {
    try guarded { try Exporter(store: self).csv() }
  }

  /// What importing the export document `bytes` would do — rows to add, rows already there,
  /// conflicts and invalid places (each with its JSON path, line and column) — without writing.
  /// The preview's `token` ties it to these bytes and this state of the database.
  public func previewImport(_ bytes: [UInt8]) throws(ShotLogError) -> ImportPreview {
    try Importer(store: self).preview(bytes)
  }

  /// Imports `bytes` in one transaction, if `token` is what `previewImport` gave for the same bytes
  /// and the database has not changed since (else `staleImportToken`), and the preview found
  /// nothing invalid or conflicting (else `importBlocked`). A failed import changes nothing.
  /// - Returns: the preview of what was done.
  @discardableResult
  public func applyImport(_ bytes: [UInt8], token: String) throws(ShotLogError) -> ImportPreview {
    try Importer(store: self).apply(bytes, token: token)
  }
}
