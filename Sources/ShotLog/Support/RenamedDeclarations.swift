import DialRules

// The import names before the two import paths were told apart (the log's own export format is a
// *log import*, other apps' shot files a *shot import*): kept working, deprecated, until the
// next major release (docs/api-stability.md, "Deprecation").

/// What importing an export document would do. Renamed `LogImportPreview`.
@available(*, deprecated, renamed: "LogImportPreview")
public typealias ImportPreview = LogImportPreview

/// A problem an export document's preview found. Renamed `LogImportIssue`.
@available(*, deprecated, renamed: "LogImportIssue")
public typealias ImportIssue = LogImportIssue

/// Rows an export document's import adds, keeps or removes. Renamed `LogImportCounts`.
@available(*, deprecated, renamed: "LogImportCounts")
public typealias ImportCounts = LogImportCounts

/// Why another app's shot file cannot be read. Renamed `ShotImportProblem`.
@available(*, deprecated, renamed: "ShotImportProblem")
public typealias ImportProblem = ShotImportProblem

extension ShotLogStore {
  /// What importing an export document would do. Renamed `exchange.previewLogImport(_:rules:replacing:)`.
  @available(*, deprecated, renamed: "exchange.previewLogImport(_:rules:replacing:)")
  public func previewImport(_ bytes: [UInt8], rules: [RuleSet] = [], replacing: Bool = false) throws(ShotLogError)
    -> LogImportPreview
  {
    try exchange.previewLogImport(bytes, rules: rules, replacing: replacing)
  }

  /// Imports an export document whose preview gave `token`. Renamed
  /// `exchange.applyLogImport(_:token:rules:replacing:)`.
  @available(*, deprecated, renamed: "exchange.applyLogImport(_:token:rules:replacing:)")
  @discardableResult
  public func applyImport(_ bytes: [UInt8], token: String, rules: [RuleSet] = [], replacing: Bool = false)
    throws(ShotLogError) -> LogImportPreview
  {
    try exchange.applyLogImport(bytes, token: token, rules: rules, replacing: replacing)
  }
}

// The read-only lookups under their old names, which read like the mutating `void(_:reason:)` and
// `undo(_:note:)`.
extension ShotLogStore {
  /// The void recorded for a shot, if any. Renamed `shots.recordedVoid(attemptID:)`.
  @available(*, deprecated, renamed: "shots.recordedVoid(attemptID:)")
  public func void(attemptID: Int64) throws(ShotLogError) -> AttemptVoid? {
    try shots.recordedVoid(attemptID: attemptID)
  }

  /// The undo recorded for an accept, if any. Renamed `shots.recordedUndo(eventID:)`.
  @available(*, deprecated, renamed: "shots.recordedUndo(eventID:)")
  public func undo(eventID: Int64) throws(ShotLogError) -> SuggestionUndo? {
    try shots.recordedUndo(eventID: eventID)
  }
}

// The settings by their key as stored, before `LogSetting` named them.
extension ShotLogStore {
  /// A setting by its key as stored, or nil when unset.
  @available(*, deprecated, renamed: "setting(_:)", message: "name the setting with a LogSetting (.rulesFile)")
  public func setting(_ key: String) throws(ShotLogError) -> String? { try setting(LogSetting(rawValue: key)) }

  /// Sets or (with nil) removes a setting by its key as stored.
  @available(*, deprecated, renamed: "setSetting(_:_:)", message: "name the setting with a LogSetting (.rulesFile)")
  public func setSetting(_ key: String, _ value: String?) throws(ShotLogError) {
    try setSetting(LogSetting(rawValue: key), value)
  }

  /// Every setting, by key, in key order.
  @available(*, deprecated, renamed: "allSettings()")
  public func settings() throws(ShotLogError) -> [(key: String, value: String)] { try storedSettings() }
}

extension AsyncShotLogStore {
  /// What importing an export document would do. Renamed `exchange.previewLogImport(_:rules:replacing:)`.
  @available(*, deprecated, renamed: "exchange.previewLogImport(_:rules:replacing:)")
  public func previewImport(_ bytes: [UInt8], rules: [RuleSet] = [], replacing: Bool = false) throws(ShotLogError)
    -> LogImportPreview
  {
    try perform { store throws(ShotLogError) in
      try store.exchange.previewLogImport(bytes, rules: rules, replacing: replacing)
    }
  }

  /// Imports an export document whose preview gave `token`. Renamed
  /// `exchange.applyLogImport(_:token:rules:replacing:)`.
  @available(*, deprecated, renamed: "exchange.applyLogImport(_:token:rules:replacing:)")
  @discardableResult
  public func applyImport(_ bytes: [UInt8], token: String, rules: [RuleSet] = [], replacing: Bool = false)
    throws(ShotLogError) -> LogImportPreview
  {
    try perform { store throws(ShotLogError) in
      try store.exchange.applyLogImport(bytes, token: token, rules: rules, replacing: replacing)
    }
  }
}
