// libFuzzer entry points for dialrules. `Fuzz/run.sh` compiles this file together with the
// `DialRules` sources and the oracles in `Sources/DialRulesTestSupport/Fuzzing/` into one
// instrumented binary (`swiftc -sanitize=fuzzer,address`), and links it under one name per
// target; the name the binary is started under picks the target. See `docs/robustness.md`.

#if canImport(Glibc)
  import Glibc
#endif

/// The target this process fuzzes, chosen once in `LLVMFuzzerInitialize`.
nonisolated(unsafe) var selectedTarget: FuzzOracles.Target?

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
  if FuzzOracles.Target(rawValue: name) == nil, let env = getenv("DIALRULES_FUZZ_TARGET") {
    name = String(cString: env)
  }
  guard let target = FuzzOracles.Target(rawValue: name) else {
    let names = FuzzOracles.Target.allCases.map(\.rawValue).joined(separator: ", ")
    printError("dialrules-fuzz: start me as fuzz-TARGET or set DIALRULES_FUZZ_TARGET; targets: \(names)\n")
    exit(64)
  }
  selectedTarget = target
  return 0
}

/// Runs the selected target's oracle; a broken property is printed and aborts, so libFuzzer saves
/// the input as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let target = selectedTarget else { return 0 }
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let failures = target.check(bytes)
  if !failures.isEmpty {
    printError("dialrules-fuzz[\(target.rawValue)]: property broken:\n" + failures.joined(separator: "\n") + "\n")
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
