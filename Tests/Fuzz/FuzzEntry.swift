// libFuzzer entry points for dialrules. `Tests/Fuzz/run.sh` compiles this file, the oracles in
// `Sources/DialRulesTestSupport/Fuzzing/`, `Tests/ShotLogTests/Fuzzing/ShotLogImportOracle.swift`,
// `Tests/ShotLogTests/Fuzzing/ImportReaderOracle.swift` and
// `Tests/DialRulesLanguageServerTests/Fuzzing/LanguageServerOracle.swift` against instrumented
// `DialRules`, `ShotLog` and `DialRulesLanguageServer` modules (`swiftc -sanitize=fuzzer,address`)
// into one binary, linked under one name per target; the name it is started under picks the target.
// See `docs/robustness.md`.

import DialRules
import DialRulesLanguageServer
import ShotLog

#if canImport(Glibc)
  import Glibc
#endif

/// What one fuzzing process checks.
enum FuzzTarget {
  case language(FuzzOracles.Target)
  /// `dialshot import`: previews against a database created at start-up.
  case shotLogImport(ShotLogStore)
  /// `dialrules lsp`: framing, messages and sessions (`LanguageServerOracle`).
  case languageServer
  /// `dialshot import --from …`: one reader of another app's format (`ImportReaderOracle`).
  case importReader(ImportReaderOracle.Target)

  static let shotLogImportName = "shot-log-import"
  static let languageServerName = "lsp"
  static var names: [String] {
    FuzzOracles.Target.allCases.map(\.rawValue) + [shotLogImportName, languageServerName]
      + ImportReaderOracle.Target.allCases.map(\.rawValue)
  }
}

/// The target this process fuzzes, chosen once in `LLVMFuzzerInitialize` (libFuzzer calls the
/// entry points from one thread).
nonisolated(unsafe) var selectedTarget: FuzzTarget?
/// Deletes the shot-log target's scratch database.
nonisolated(unsafe) var removeScratchStore: (() -> Void)?

/// Picks the target from the program name (`fuzz-formatter` → `formatter`) or, failing that, from
/// `DIALRULES_FUZZ_TARGET`; exits with a usage message when neither names one.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> CInt {
  var name = ""
  if let first = argv.pointee[0] {
    name = String(cString: first).split(separator: "/").last.map(String.init) ?? ""
  }
  if name.hasPrefix("fuzz-") { name.removeFirst("fuzz-".count) }
  if !FuzzTarget.names.contains(name), let env = getenv("DIALRULES_FUZZ_TARGET") {
    name = String(cString: env)
  }
  if let target = FuzzOracles.Target(rawValue: name) {
    selectedTarget = .language(target)
  } else if name == FuzzTarget.languageServerName {
    selectedTarget = .languageServer
  } else if let reader = ImportReaderOracle.Target(rawValue: name) {
    selectedTarget = .importReader(reader)
  } else if name == FuzzTarget.shotLogImportName {
    do {
      let (store, remove) = try ShotLogImportOracle.scratchStore()
      selectedTarget = .shotLogImport(store)
      removeScratchStore = remove
      // Closed and deleted at exit, before LeakSanitizer's own exit check (handlers run in
      // reverse order of registration), which would otherwise report the open database.
      atexit {
        selectedTarget = nil
        removeScratchStore?()
      }
    } catch {
      printError("dialrules-fuzz: cannot create the scratch database: \(error)\n")
      exit(70)
    }
  } else {
    let names = FuzzTarget.names.joined(separator: ", ")
    printError("dialrules-fuzz: start me as fuzz-TARGET or set DIALRULES_FUZZ_TARGET; targets: \(names)\n")
    exit(64)
  }
  return 0
}

/// Runs the selected target's oracle; a broken property is printed and aborts, so libFuzzer saves
/// the input as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let target = selectedTarget else { return 0 }
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let failures: [String]
  let name: String
  switch target {
  case .language(let t):
    failures = t.check(bytes)
    name = t.rawValue
  case .shotLogImport(let store):
    failures = ShotLogImportOracle.check(bytes, previewStore: store)
    name = FuzzTarget.shotLogImportName
  case .languageServer:
    failures = LanguageServerOracle.check(bytes)
    name = FuzzTarget.languageServerName
  case .importReader(let reader):
    failures = reader.check(bytes)
    name = reader.rawValue
  }
  if !failures.isEmpty {
    printError("dialrules-fuzz[\(name)]: property broken:\n" + failures.joined(separator: "\n") + "\n")
    abort()
  }
  return 0
}

/// Writes `text` to standard error unbuffered (fd 2, so it is out before `abort`).
func printError(_ text: String) {
  let bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let n = bytes[offset...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    if n <= 0 { return }
    offset += n
  }
}
