import DialRulesLanguageServer
import DialRulesTestSupport
import Testing

/// The `lsp` fuzz target's oracle (`Fuzzing/LanguageServerOracle.swift`) over seeded random inputs
/// of both kinds, so the properties the fuzzer checks are also checked on every `swift test`, and
/// and over every input the fuzzer once found troublesome (`Fixtures/regressions/lsp/`).
@Suite struct LanguageServerFuzzTests {
  @Test(arguments: 0..<40)
  func generatedInputsKeepEveryProperty(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed))
    let count = 8 + Int(generator.next() % 600)
    var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    // Even seeds are sessions, odd ones raw streams that start as a real client would.
    bytes[0] = seed % 2 == 0 ? 1 : 4 * UInt8(seed % 60)
    if seed % 2 == 1 {
      let open =
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///f","version":1,"text":"dialrules 1\n"}}}"#
      bytes.insert(contentsOf: framed(Array(open.utf8)), at: 1)
    }
    let failures = LanguageServerOracle.check(bytes)
    #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
  }

  @Test func aLongSessionKeepsEveryProperty() {
    // Sixty steps from a fixed input: edits, whole-text changes, cancellations and requests.
    let bytes: [UInt8] = [1] + (0..<4_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }
    #expect(LanguageServerOracle.check(bytes).isEmpty)
  }

  /// The saved inputs (a missing or empty folder fails the test instead of passing with no case).
  @Test(arguments: try Corpus.files(in: "Fixtures/regressions/lsp", suffix: ".bin"))
  func savedInputsKeepEveryProperty(path: String) throws {
    let failures = LanguageServerOracle.check(try PackageRoot.bytes(path))
    #expect(failures.isEmpty, "\(path): \(failures.prefix(5))")
  }
}
