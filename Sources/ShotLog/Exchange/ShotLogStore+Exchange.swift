import DialRules

/// Export and previewed import (docs/design.md §9): the whole log as a restorable JSON document, as a
/// flat CSV shot log for spreadsheets, or as shot JSON Lines for `dialrules`.
extension ShotLogStore.Exchange {
  /// The whole log as an export document (docs/shot-log.md, "Export format"): UTF-8 JSON, one row
  /// per line, ending in a newline; restorable with `previewLogImport` and `applyLogImport`.
  ///
  /// Read in one transaction, so it is a consistent picture even while another connection writes.
  /// There is no export timestamp: the same data always gives the same bytes.
  public func exportJSON() throws(ShotLogError) -> [UInt8] {
    try guarded { try Exporter(store: store).json() }
  }

  /// The flat shot log as RFC 4180 CSV: one header row, one row per shot in the order stored,
  /// CRLF line ends. For spreadsheets; it cannot be imported.
  public func exportCSV() throws(ShotLogError) -> [UInt8] {
    try guarded { try Exporter(store: store).csv() }
  }

  /// What importing the export document `bytes` would do — rows to add, rows already there,
  /// conflicts and invalid places (each with its JSON path, line and column) — without writing.
  /// The preview's `token` ties it to these bytes, this kind of import and this state of the
  /// database.
  ///
  /// Every shot's decision is derived again from its record with the rules it names (found by
  /// content hash among the built-in rules and `rules`): one that differs from what the file says
  /// is invalid; one whose rules are not at hand is listed in `decidedElsewhere` and would be
  /// imported marked unchecked. Nothing in the file is taken on trust.
  ///
  /// - Parameters:
  ///   - bytes: the export document (`dialshot export` or `exportJSON()`).
  ///   - rules: rule sets, besides the built-in ones, that the file's decisions may name.
  ///   - replacing: preview replacing everything in the log with the file (a restore), rather
  ///     than merging by UUID.
  public func previewLogImport(_ bytes: [UInt8], rules: [RuleSet] = [], replacing: Bool = false) throws(ShotLogError)
    -> LogImportPreview
  {
    try LogImporter(store: store, rules: rules, replacing: replacing).preview(bytes)
  }

  /// Imports `bytes` in one transaction, if `token` is what `previewLogImport` gave for the same bytes,
  /// rules and kind of import, and the database has not changed since (else `staleImportToken`),
  /// and the preview found nothing invalid or conflicting (else `importBlocked`). A failed import
  /// changes nothing.
  ///
  /// Merging (the default) adds the rows the log does not have, matched by UUID. Replacing
  /// removes everything first and restores the file exactly: the same rows in the same order, so
  /// an export afterwards gives the file's bytes again.
  /// - Returns: the preview of what was done.
  @discardableResult
  public func applyLogImport(_ bytes: [UInt8], token: String, rules: [RuleSet] = [], replacing: Bool = false)
    throws(ShotLogError) -> LogImportPreview
  {
    try LogImporter(store: store, rules: rules, replacing: replacing).apply(bytes, token: token)
  }

  /// `export --shots`: one shot JSON v1 object per line (JSON Lines), each counting shot's stored
  /// record with the attempt's UUID as `id`, oldest first — what `dialrules eval|diff|lint
  /// --shots` read.
  public func exportShotsJSONL() throws(ShotLogError) -> [UInt8] {
    try guarded {
      var out: [UInt8] = []
      for entry in try store.loadRecords() {
        out += Array(entry.record.jsonText.utf8)
        out.append(0x0A)
      }
      return out
    }
  }
}
