import DialRules

/// History under other rules: each method is the `ShotLogStore.Replay` method of the same name, run
/// on the store's thread.
extension AsyncShotLogStore.Replay {
  /// What `rules` would have suggested for every shot that counts (`ShotLogStore.Replay.report(with:)`).
  public func report(with rules: RuleSet) async throws(ShotLogError) -> ReplayReport {
    try await log.run { store throws(ShotLogError) in try store.replay.report(with: rules) }
  }

  /// Every counting shot's record as the rules decided on it, oldest first (`ShotLogStore.Replay.shotRecords()`).
  public func shotRecords() async throws(ShotLogError) -> [(attemptID: Int64, record: ShotRecord)] {
    try await log.run { store throws(ShotLogError) in try store.replay.shotRecords() }
  }
}
