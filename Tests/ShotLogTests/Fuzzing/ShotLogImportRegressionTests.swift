import Foundation
import Testing

@testable import ShotLog

/// The `shot-log-import` fuzz target's oracle (`ShotLogImportOracle`) over its seeds
/// (`Fuzz/seeds/shot-log-import/`) and every input a fuzzer ever broke it with
/// (`Fixtures/regressions/shot-log-import/`), so the oracle runs in every `swift test` too.
@Suite struct ShotLogImportRegressionTests {
  static let inputs: [String] = ["Fuzz/seeds/shot-log-import", "Fixtures/regressions/shot-log-import"].flatMap {
    directory in
    let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot() + "/" + directory)) ?? []
    return names.filter { !$0.hasSuffix(".md") }.sorted().map { directory + "/" + $0 }
  }

  @Test(arguments: inputs)
  func oracleHolds(_ relative: String) throws {
    let (store, remove) = try ShotLogImportOracle.scratchStore()
    defer { remove() }
    let failures = ShotLogImportOracle.check(fileBytes(packageRoot() + "/" + relative), previewStore: store)
    #expect(failures.isEmpty, "\(relative):\n\(failures.joined(separator: "\n"))")
  }

  /// The seed export is the richest input: it must really import (a failing oracle that never
  /// reaches the apply step would prove little).
  @Test func seedExportReachesTheApplyStep() throws {
    let (store, remove) = try ShotLogImportOracle.scratchStore()
    defer { remove() }
    let preview = try store.previewImport(
      fileBytes(packageRoot() + "/Fuzz/seeds/shot-log-import/export.json"))
    #expect(preview.canApply && preview.added.attempts == 3)
  }
}
