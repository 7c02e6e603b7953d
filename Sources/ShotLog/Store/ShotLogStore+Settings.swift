/// The log's settings, kept with the log itself (not with a profile): the rule file, the machine
/// note, the profiles in use (`LogSetting`). An export carries those that are `isExported`.
extension ShotLogStore {
  /// The value of `key`, or nil when unset.
  public func setting(_ key: LogSetting) throws(ShotLogError) -> String? {
    try guarded { try connection.first("SELECT value FROM settings WHERE key = ?", [key.rawValue]) { $0.text(0) } }
  }

  /// Sets `key` to `value`, or (with nil) removes it.
  public func setSetting(_ key: LogSetting, _ value: String?) throws(ShotLogError) {
    try write {
      if let value {
        try connection.run(
          "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
          [key.rawValue, value])
      } else {
        try connection.run("DELETE FROM settings WHERE key = ?", [key.rawValue])
      }
    }
  }

  /// Every setting that is set, by key.
  public func allSettings() throws(ShotLogError) -> [LogSetting: String] {
    var settings: [LogSetting: String] = [:]
    for (key, value) in try storedSettings() { settings[LogSetting(rawValue: key)] = value }
    return settings
  }

  /// Every setting as stored, in key order (the export writes them so).
  func storedSettings() throws(ShotLogError) -> [(key: String, value: String)] {
    try guarded { try connection.query("SELECT key, value FROM settings ORDER BY key") { ($0.text(0), $0.text(1)) } }
  }
}
