/// A setting the log keeps beside its shots, by its key: the rule file that decides, a note on
/// the machine, the profile of each kind in use.
///
/// The known keys are the constants below; `rawValue` is the key as the database and the export
/// document store it (`rules_file`), so a setting written by a newer version still reads back.
///
/// ```swift
/// try store.setSetting(.rulesFile, "/home/ana/espresso.dialrules")
/// let path = try store.setting(.rulesFile)
/// ```
public struct LogSetting: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The key as stored.
  public let rawValue: String

  /// The setting stored under `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The rule file `dialshot` decides with (`dialshot config rules FILE`); exported.
  public static let rulesFile = LogSetting(rawValue: "rules_file")
  /// A free-text note on the espresso machine (`dialshot profiles machine`); exported.
  public static let machineNote = LogSetting(rawValue: "machine_note")

  /// The UUID of the profile of `kind` in use (`dialshot use`); not exported, since it names a
  /// row of this log.
  public static func current(_ kind: ProfileKind) -> LogSetting { LogSetting(rawValue: "current_\(kind.rawValue)") }

  /// Whether an export document carries the setting: the rule file and the machine note do; the
  /// profiles in use belong to this log only.
  public var isExported: Bool { Self.exported.contains(self) }

  /// The settings an export carries, in key order.
  static let exported: [LogSetting] = [.machineNote, .rulesFile]

  /// The key.
  public var description: String { rawValue }
}
