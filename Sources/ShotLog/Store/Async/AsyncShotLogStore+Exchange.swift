import DialRules

/// The log's own formats out and back in: each method is the `ShotLogStore.Exchange` method of the
/// same name, run on the store's thread.
extension AsyncShotLogStore.Exchange {
  /// The whole log as a restorable JSON export document (`ShotLogStore.Exchange.exportJSON()`).
  public func exportJSON() async throws(ShotLogError) -> [UInt8] {
    try await log.run { store throws(ShotLogError) in try store.exchange.exportJSON() }
  }

  /// The flat shot list as CSV, for spreadsheets (`ShotLogStore.Exchange.exportCSV()`).
  public func exportCSV() async throws(ShotLogError) -> [UInt8] {
    try await log.run { store throws(ShotLogError) in try store.exchange.exportCSV() }
  }

  /// Every counting shot's record as shot JSON Lines (`ShotLogStore.Exchange.exportShotsJSONL()`).
  public func exportShotsJSONL() async throws(ShotLogError) -> [UInt8] {
    try await log.run { store throws(ShotLogError) in try store.exchange.exportShotsJSONL() }
  }

  /// What importing an export document would do; never writes
  /// (`ShotLogStore.Exchange.previewLogImport(_:rules:replacing:)`).
  public func previewLogImport(_ bytes: [UInt8], rules: [RuleSet] = [], replacing: Bool = false)
    async throws(ShotLogError)
    -> LogImportPreview
  {
    try await log.run { store throws(ShotLogError) in
      try store.exchange.previewLogImport(bytes, rules: rules, replacing: replacing)
    }
  }

  /// Imports an export document whose preview gave `token`, in one transaction
  /// (`ShotLogStore.Exchange.applyLogImport(_:token:rules:replacing:)`).
  @discardableResult
  public func applyLogImport(_ bytes: [UInt8], token: String, rules: [RuleSet] = [], replacing: Bool = false)
    async throws(ShotLogError) -> LogImportPreview
  {
    try await log.run { store throws(ShotLogError) in
      try store.exchange.applyLogImport(bytes, token: token, rules: rules, replacing: replacing)
    }
  }
}
