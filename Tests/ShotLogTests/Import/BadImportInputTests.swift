import DialRules
import DialRulesTestSupport
import ShotLog
import Testing

/// Damaged and hostile files: each is refused with a message naming the file and the place.
/// (That nothing reaches the database is checked by the store's import tests.)
@Suite struct BadImportInputTests {
  static func problem(_ name: String, formats: [ImportFormat]? = nil) throws -> ShotImportProblem {
    let bytes = try PackageRoot.bytes("Fixtures/imports/bad/" + name)
    return try problem(bytes, file: name, formats: formats)
  }

  static func problem(_ bytes: [UInt8], file: String, formats: [ImportFormat]? = nil) throws -> ShotImportProblem {
    do {
      let read = try ImportReader.read(bytes, file: file, formats: formats)
      Issue.record("\(file) was read: \(read.shots.count) shots")
      return ShotImportProblem(file: file, message: "")
    } catch {
      return error
    }
  }

  @Test func truncatedZip() throws {
    let p = try Self.problem("truncated.zip")
    #expect(p.file == "truncated.zip")
    #expect(p.offset != nil)
    #expect(p.message.contains("truncated"), "\(p)")
  }

  @Test func corruptZip() throws {
    let p = try Self.problem("corrupt.zip")
    #expect(p.entry == "Beanconqueror.json" && p.offset != nil)
    #expect(p.message.contains("corrupt") || p.message.contains("damaged") || p.message.contains("checksum"), "\(p)")
  }

  @Test func entryPastTheInflateCap() throws {
    let p = try Self.problem("bomb.zip")
    #expect(p.entry == "Beanconqueror.json")
    #expect(p.message.contains("\(65 << 20) bytes") && p.message.contains("limit of \(64 << 20)"), "\(p)")
  }

  @Test func entryInflatingPastItsDeclaredSize() throws {
    let p = try Self.problem("lying-size.zip")
    #expect(p.entry == "Beanconqueror.json")
    #expect(p.message.contains("past the 100 bytes its header declares"), "\(p)")
  }

  @Test func archiveWithoutBackup() throws {
    let p = try Self.problem("no-backup.zip")
    #expect(p.message.contains("'Beanconqueror.json'") && p.message.contains("notes.txt"), "\(p)")
  }

  @Test func unbalancedTclBraces() throws {
    let p = try Self.problem("unbalanced-braces.shot")
    #expect(p.line == 3 && p.column == 10, "\(p)")
    #expect(p.message == "unbalanced braces: this '{' is never closed")
    let stray = try Self.problem("stray-brace.shot")
    #expect(stray.line == 4 && stray.column == 2, "\(stray)")
    #expect(stray.message.contains("'}'"))
  }

  @Test func nulBytes() throws {
    let shot = try Self.problem("nul-in-notes.shot")
    #expect(shot.field == "settings.espresso_notes" && shot.line == 3, "\(shot)")
    #expect(shot.message.contains("U+0000"))
    let json = try Self.problem("nul-byte.json")
    #expect(json.line == 1 && json.column == 32, "\(json)")
    #expect(json.message.hasPrefix("not valid JSON"))
  }

  @Test func utf16() throws {
    let p = try Self.problem("utf16.json")
    #expect(p.message.contains("UTF-16") && p.message.contains("UTF-8"), "\(p)")
  }

  @Test func unknownFormats() throws {
    let text = try Self.problem("unknown.txt")
    #expect(text.message.contains("not one dialshot imports"), "\(text)")
    let json = try Self.problem("unknown-keys.json")
    #expect(json.message.contains("'shots', 'owner'") && json.line == 1, "\(json)")
    let empty = try Self.problem([], file: "empty.json")
    #expect(empty.message == "the file is empty")
  }

  @Test func wrongFormatNamed() throws {
    let bytes = try PackageRoot.bytes("Fixtures/imports/realdata/gaggiuino/gaggiuino-1020.json")
    let p = try Self.problem(bytes, file: "g.json", formats: [.meticulous])
    #expect(p.message == "this is a Gaggiuino shot, not a Meticulous shot as --from says")
  }

  /// A 100 MB sample array is refused by size before it is parsed.
  @Test func hundredMegabyteSampleArray() throws {
    var bytes = Array(#"{"id": 1, "timestamp": 1700000000, "datapoints": ["#.utf8)
    let sample = Array(#"{"timeInShot": 100, "pressure": 9.0},"#.utf8)
    bytes.reserveCapacity(100 << 20)
    while bytes.count < 100 << 20 { bytes += sample }
    bytes.removeLast()
    bytes += Array("]}".utf8)
    let p = try Self.problem(bytes, file: "huge.json")
    #expect(p.message.contains("more than the \(ImportReader.maxTextBytes) an import file may have"), "\(p)")
  }

  /// A sample array within the size limit but past the samples limit: the array's place.
  @Test func tooManySamples() throws {
    var text = "{\"id\": 1, \"timestamp\": 1700000000,\n\"datapoints\": ["
    text += String(repeating: "{\"timeInShot\": 1},", count: ImportedCurve.maxSamples) + "{\"timeInShot\": 2}]}"
    let p = try Self.problem(Array(text.utf8), file: "many.json")
    #expect(p.field == "datapoints" && p.line == 2 && p.column == 15, "\(p)")
    #expect(p.message.contains("\(ImportedCurve.maxSamples + 1) samples"))
    let elapsed = String(repeating: "0.1 ", count: ImportedCurve.maxSamples + 1)
    let shot = try Self.problem(Array("clock 1\nespresso_elapsed {\(elapsed)}\n".utf8), file: "many.shot")
    #expect(shot.field == "espresso_elapsed" && shot.line == 2, "\(shot)")
  }

  /// A broken `machine {…}` block alone does not stop a `.shot`: it is not read, and a notice says so.
  @Test func brokenMachineBlockIsLeftOut() throws {
    let text = "clock 1714552200\nsettings {\n\tdrink_weight 36\n}\nmachine {\n\tpreviouscmd {de1 \u{7B} raw\n}\n"
    let file = try ImportReader.read(Array(text.utf8), file: "m.shot")
    #expect(file.shots.first?.yieldG == ExactNumber(36))
    #expect(file.notices.contains { $0.contains("'machine' block") })
  }
}
