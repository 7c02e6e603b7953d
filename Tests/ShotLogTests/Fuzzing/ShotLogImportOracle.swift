import DialRules
import Foundation
import ShotLog

/// What must hold for *every* file given to `dialshot import`, checked by the `shot-log-import`
/// fuzz target (`Tests/Fuzz/run.sh`, which compiles this file into its binary) and, over the seeds and
/// every saved crash, by `ShotLogImportRegressionTests`. Public API only, so both can use it.
///
/// Properties: previewing never throws on a healthy database and says the same thing twice; a
/// file the preview accepts applies without error into an empty database; after that, previewing
/// it again would add nothing, and the database's own export previews as nothing new either
/// ("nothing lost": export → import → export is stable, as docs/shot-log.md promises).
public enum ShotLogImportOracle {
  /// A fixed clock, so runs are reproducible.
  static let clock: @Sendable () -> Timestamp = { Timestamp(millisecondsSinceEpoch: 1_800_000_000_000) }

  /// A fresh, empty database in a new temporary directory; `remove` deletes it.
  public static func scratchStore() throws -> (store: ShotLogStore, remove: () -> Void) {
    let directory = NSTemporaryDirectory() + "dialrules-fuzz-shotlog-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let store = try ShotLogStore.open(at: directory + "/shots.sqlite", clock: clock)
    return (store, { try? FileManager.default.removeItem(atPath: directory) })
  }

  /// Checks `bytes` against `store`, which previews only (it is never written).
  public static func check(_ bytes: [UInt8], previewStore store: ShotLogStore) -> [String] {
    let first: LogImportPreview
    let second: LogImportPreview
    do {
      first = try store.exchange.previewLogImport(bytes)
      second = try store.exchange.previewLogImport(bytes)
    } catch {
      return ["preview threw on a healthy database: \(error)"]
    }
    var failures: [String] = []
    if first.added != second.added || first.unchanged != second.unchanged || first.kept != second.kept
      || first.conflicts != second.conflicts || first.invalid != second.invalid || first.token != second.token
    {
      failures.append("two previews of the same bytes differ")
    }
    if !first.invalid.isEmpty, first.canApply { failures.append("a preview with invalid entries can be applied") }
    guard first.canApply, first.added.total > 0 else { return failures }
    do {
      let (scratch, remove) = try scratchStore()
      defer { remove() }
      let preview = try scratch.exchange.previewLogImport(bytes)
      guard preview.canApply else { return failures + ["accepted by one empty database, refused by another"] }
      try scratch.exchange.applyLogImport(bytes, token: preview.token)
      let again = try scratch.exchange.previewLogImport(bytes)
      if again.added.total != 0 || !again.conflicts.isEmpty {
        failures.append("importing the same file twice would add \(again.added)")
      }
      let exported = try scratch.exchange.exportJSON()
      let reimport = try scratch.exchange.previewLogImport(exported)
      if reimport.added.total != 0 || !reimport.invalid.isEmpty || !reimport.conflicts.isEmpty {
        failures.append(
          "the database's own export does not preview as already there: \(reimport.invalid) \(reimport.conflicts)")
      }
    } catch {
      failures.append("applying an accepted preview failed: \(error)")
    }
    return failures
  }
}
