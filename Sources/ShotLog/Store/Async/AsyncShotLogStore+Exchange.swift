import DialRules

/// Export, import and replay: each method is the `ShotLogStore` method of the same name, run on
/// the store's thread.
extension AsyncShotLogStore {
  /// The whole log as a restorable JSON export document (`ShotLogStore.exportJSON()`).
  public func exportJSON() throws(ShotLogError) -> [UInt8] {
    try perform { store throws(ShotLogError) in try store.exchange.exportJSON() }
  }

  /// The flat shot list as CSV, for spreadsheets (`ShotLogStore.exportCSV()`).
  public func exportCSV() throws(ShotLogError) -> [UInt8] {
    try perform { store throws(ShotLogError) in try store.exchange.exportCSV() }
  }

  /// Every counting shot's record as shot JSON Lines (`ShotLogStore.exportShotsJSONL()`).
  public func exportShotsJSONL() throws(ShotLogError) -> [UInt8] {
    try perform { store throws(ShotLogError) in try store.exchange.exportShotsJSONL() }
  }

  /// What importing an export document would do; never writes
  /// (`ShotLogStore.previewLogImport(_:rules:replacing:)`).
  public func previewLogImport(_ bytes: [UInt8], rules: [RuleSet] = [], replacing: Bool = false) throws(ShotLogError)
    -> LogImportPreview
  {
    try perform { store throws(ShotLogError) in
      try store.exchange.previewLogImport(bytes, rules: rules, replacing: replacing)
    }
  }

  /// Imports an export document whose preview gave `token`, in one transaction
  /// (`ShotLogStore.applyLogImport(_:token:rules:replacing:)`).
  @discardableResult
  public func applyLogImport(_ bytes: [UInt8], token: String, rules: [RuleSet] = [], replacing: Bool = false)
    throws(ShotLogError) -> LogImportPreview
  {
    try perform { store throws(ShotLogError) in
      try store.exchange.applyLogImport(bytes, token: token, rules: rules, replacing: replacing)
    }
  }

  /// What importing other apps' shot files would do; never writes
  /// (`ShotLogStore.previewShotImport(_:options:)`). A closed store throws `.store(.closed)`.
  public func previewShotImport(_ files: [ShotImportFile], options: ShotImportOptions = ShotImportOptions())
    throws(ShotImportError) -> ShotImportPreview
  {
    try performImport { store throws(ShotImportError) in
      try store.shotImport.previewShotImport(files, options: options)
    }
  }

  /// Imports other apps' shot files whose preview gave `token`, in one transaction
  /// (`ShotLogStore.applyShotImport(_:options:token:)`).
  @discardableResult
  public func applyShotImport(
    _ files: [ShotImportFile], options: ShotImportOptions = ShotImportOptions(), token: String
  ) throws(ShotImportError) -> (preview: ShotImportPreview, attempts: [Int64]) {
    try performImport { store throws(ShotImportError) in
      try store.shotImport.applyShotImport(files, options: options, token: token)
    }
  }

  /// What `rules` would have suggested for every shot that counts (`ShotLogStore.replay(_:)`).
  public func replay(_ rules: RuleSet) throws(ShotLogError) -> ReplayReport {
    try perform { store throws(ShotLogError) in try store.replay.report(with: rules) }
  }
}
