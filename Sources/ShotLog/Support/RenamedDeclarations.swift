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
  /// What importing an export document would do. Renamed `previewLogImport(_:rules:replacing:)`.
  @available(*, deprecated, renamed: "previewLogImport(_:rules:replacing:)")
  public func previewImport(_ bytes: [UInt8], rules: [RuleSet] = [], replacing: Bool = false) throws(ShotLogError)
    -> LogImportPreview
  {
    try previewLogImport(bytes, rules: rules, replacing: replacing)
  }

  /// Imports an export document whose preview gave `token`. Renamed
  /// `applyLogImport(_:token:rules:replacing:)`.
  @available(*, deprecated, renamed: "applyLogImport(_:token:rules:replacing:)")
  @discardableResult
  public func applyImport(_ bytes: [UInt8], token: String, rules: [RuleSet] = [], replacing: Bool = false)
    throws(ShotLogError) -> LogImportPreview
  {
    try applyLogImport(bytes, token: token, rules: rules, replacing: replacing)
  }
}

extension AsyncShotLogStore {
  /// What importing an export document would do. Renamed `previewLogImport(_:rules:replacing:)`.
  @available(*, deprecated, renamed: "previewLogImport(_:rules:replacing:)")
  public func previewImport(_ bytes: [UInt8], rules: [RuleSet] = [], replacing: Bool = false) throws(ShotLogError)
    -> LogImportPreview
  {
    try previewLogImport(bytes, rules: rules, replacing: replacing)
  }

  /// Imports an export document whose preview gave `token`. Renamed
  /// `applyLogImport(_:token:rules:replacing:)`.
  @available(*, deprecated, renamed: "applyLogImport(_:token:rules:replacing:)")
  @discardableResult
  public func applyImport(_ bytes: [UInt8], token: String, rules: [RuleSet] = [], replacing: Bool = false)
    throws(ShotLogError) -> LogImportPreview
  {
    try applyLogImport(bytes, token: token, rules: rules, replacing: replacing)
  }
}
