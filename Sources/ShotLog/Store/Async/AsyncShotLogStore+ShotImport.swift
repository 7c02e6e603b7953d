import DialRules

/// Other apps' shot files: each method is the `ShotLogStore.ShotImport` method of the same name,
/// run on the store's thread.
extension AsyncShotLogStore.ShotImport {
  /// What importing other apps' shot files would do; never writes
  /// (`ShotLogStore.ShotImport.previewShotImport(_:options:)`). A closed store throws `.store(.closed)`.
  public func previewShotImport(_ files: [ShotImportFile], options: ShotImportOptions = ShotImportOptions())
    async throws(ShotImportError) -> ShotImportPreview
  {
    try await log.runImport { store throws(ShotImportError) in
      try store.shotImport.previewShotImport(files, options: options)
    }
  }

  /// Imports other apps' shot files whose preview gave `token`, in one transaction
  /// (`ShotLogStore.ShotImport.applyShotImport(_:options:token:)`).
  @discardableResult
  public func applyShotImport(
    _ files: [ShotImportFile], options: ShotImportOptions = ShotImportOptions(), token: String
  ) async throws(ShotImportError) -> (preview: ShotImportPreview, attempts: [Int64]) {
    try await log.runImport { store throws(ShotImportError) in
      try store.shotImport.applyShotImport(files, options: options, token: token)
    }
  }

  /// The ids of the attempts that have curves (`ShotLogStore.ShotImport.attemptsWithCurves()`).
  public func attemptsWithCurves() async throws(ShotLogError) -> Set<Int64> {
    try await log.run { store throws(ShotLogError) in try store.shotImport.attemptsWithCurves() }
  }

  /// The machine curves stored with an attempt (`ShotLogStore.ShotImport.curves(attemptID:)`).
  public func curves(attemptID: Int64) async throws(ShotLogError) -> [ImportedCurve] {
    try await log.run { store throws(ShotLogError) in try store.shotImport.curves(attemptID: attemptID) }
  }

  /// Where an imported attempt came from; nil for a shot logged here (`ShotLogStore.ShotImport.importSource(attemptID:)`).
  public func importSource(attemptID: Int64) async throws(ShotLogError) -> ImportSource? {
    try await log.run { store throws(ShotLogError) in try store.shotImport.importSource(attemptID: attemptID) }
  }

  /// Every imported attempt's source, by attempt id (`ShotLogStore.ShotImport.importSources()`).
  public func importSources() async throws(ShotLogError) -> [Int64: ImportSource] {
    try await log.run { store throws(ShotLogError) in try store.shotImport.importSources() }
  }

  /// The source's rating of an imported attempt (`ShotLogStore.ShotImport.importedRating(attemptID:)`).
  public func importedRating(attemptID: Int64) async throws(ShotLogError) -> ExactNumber? {
    try await log.run { store throws(ShotLogError) in try store.shotImport.importedRating(attemptID: attemptID) }
  }
}
