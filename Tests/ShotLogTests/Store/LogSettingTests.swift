import DialRules
import DialRulesTestSupport
import Testing

@testable import ShotLog

/// Settings by `LogSetting`: the keys as stored, what an export carries, and a setting a newer
/// version wrote still reading back.
@Suite struct LogSettingTests {
  @Test func theKnownKeysAreTheStoredOnes() {
    #expect(LogSetting.rulesFile.rawValue == "rules_file")
    #expect(LogSetting.machineNote.rawValue == "machine_note")
    #expect(LogSetting.current(.bean).rawValue == "current_bean")
    #expect(LogSetting.current(.grinder) != LogSetting.current(.bean))
    #expect(LogSetting.rulesFile.isExported && LogSetting.machineNote.isExported)
    #expect(!LogSetting.current(.bean).isExported)
    #expect(!LogSetting(rawValue: "from_a_newer_version").isExported)
  }

  @Test func setReadAndRemove() throws {
    let store = try ShotLogStore.openInMemory()
    #expect(try store.setting(.rulesFile) == nil)
    try store.setSetting(.rulesFile, "/home/ana/espresso.dialrules")
    try store.setSetting(.current(.bean), "0b6c7a0e-6a39-4d1e-9d7e-2f1b8f0c1a55")
    try store.setSetting(LogSetting(rawValue: "from_a_newer_version"), "x")
    #expect(try store.setting(.rulesFile) == "/home/ana/espresso.dialrules")
    #expect(
      try store.allSettings() == [
        .rulesFile: "/home/ana/espresso.dialrules", .current(.bean): "0b6c7a0e-6a39-4d1e-9d7e-2f1b8f0c1a55",
        LogSetting(rawValue: "from_a_newer_version"): "x",
      ])
    try store.setSetting(.rulesFile, "/elsewhere.dialrules")
    #expect(try store.setting(.rulesFile) == "/elsewhere.dialrules")
    try store.setSetting(.rulesFile, nil)
    #expect(try store.setting(.rulesFile) == nil)
    #expect(try store.allSettings().count == 2)
  }

  @Test func anExportCarriesOnlyTheExportedSettings() throws {
    let store = try ShotLogStore.openInMemory()
    try store.setSetting(.machineNote, "Lelit Bianca, 9 bar")
    try store.setSetting(.current(.bean), "0b6c7a0e-6a39-4d1e-9d7e-2f1b8f0c1a55")
    let export = String(decoding: try store.exchange.exportJSON(), as: UTF8.self)
    #expect(export.contains("\"machine_note\""))
    #expect(export.contains("Lelit Bianca, 9 bar"))
    #expect(!export.contains("current_bean"))
  }

  @Test func aReadOnlyStoreRefusesToSetAndKeepsTheValue() throws {
    let dir = TemporaryDirectory(prefix: "log-setting")
    let path = dir.file("log.sqlite")
    try ShotLogStore.open(at: path).setSetting(.machineNote, "Lelit Bianca")
    let readOnly = try ShotLogStore.open(at: path, access: .readOnly)
    #expect(throws: ShotLogError.readOnly(path: path)) { try readOnly.setSetting(.machineNote, "other") }
    #expect(try readOnly.setting(.machineNote) == "Lelit Bianca")
  }
}
