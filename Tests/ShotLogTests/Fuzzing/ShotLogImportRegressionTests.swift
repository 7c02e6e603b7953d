import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog

/// The `shot-log-import` fuzz target's oracle (`ShotLogImportOracle`) over its seeds
/// (`Tests/Fuzz/seeds/shot-log-import/`) and every input a fuzzer ever broke it with
/// (`Fixtures/regressions/shot-log-import/`), so the oracle runs in every `swift test` too.
@Suite struct ShotLogImportRegressionTests {
  /// Both folders must hold inputs: an empty list would pass with nothing checked.
  static func inputs() throws -> [String] {
    try ["Tests/Fuzz/seeds/shot-log-import", "Fixtures/regressions/shot-log-import"].flatMap {
      try Corpus.files(in: $0) { !$0.hasSuffix(".md") }
    }
  }

  @Test(arguments: try inputs())
  func oracleHolds(_ relative: String) throws {
    let (store, remove) = try ShotLogImportOracle.scratchStore()
    defer { remove() }
    let failures = ShotLogImportOracle.check(try PackageRoot.bytes(relative), previewStore: store)
    #expect(failures.isEmpty, "\(relative):\n\(failures.joined(separator: "\n"))")
  }

  /// The seed export is the richest input: it must really import (a failing oracle that never
  /// reaches the apply step would prove little).
  @Test func seedExportReachesTheApplyStep() throws {
    let (store, remove) = try ShotLogImportOracle.scratchStore()
    defer { remove() }
    let preview = try store.exchange.previewLogImport(
      try PackageRoot.bytes("Tests/Fuzz/seeds/shot-log-import/export.json"))
    #expect(preview.canApply && preview.added.attempts == 3)
  }
}
