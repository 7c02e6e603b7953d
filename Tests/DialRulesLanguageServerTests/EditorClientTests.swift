import DialRulesTestSupport
import Foundation
import Testing

/// The editor end-to-end tests with real clients (`Tests/Editors/run.sh`): pytest-lsp with the
/// recorded capabilities of Neovim 0.7 and VS Code 1.65, the TextMate grammar over every rule file,
/// and headless Neovim using `docs/editors/neovim.lua`.
///
/// They need Neovim and a Python virtualenv (`Tests/Editors/setup.sh`, which `.ci/run` runs). When
/// those are missing the test is skipped — unless `DIALRULES_REQUIRE_EDITOR_TESTS=1` (set by
/// `.ci/run`), when it runs and fails, so CI can never pass without them.
@Suite struct EditorClientTests {
  static var required: Bool { ProcessInfo.processInfo.environment["DIALRULES_REQUIRE_EDITOR_TESTS"] == "1" }

  static var toolsPresent: Bool {
    let venv =
      ProcessInfo.processInfo.environment["DIALRULES_EDITOR_VENV"] ?? PackageRoot.file(".build/editor-venv")
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let nvim = path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/nvim") }
    return nvim && FileManager.default.isExecutableFile(atPath: venv + "/bin/python")
  }

  @Test(.enabled(if: toolsPresent || required, "needs nvim and Tests/Editors/setup.sh's virtualenv"))
  func realEditorClientsPass() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["DIALRULES_BIN"] = BuiltProducts.directory + "/dialrules"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [PackageRoot.file("Tests/Editors/run.sh")]
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "Tests/Editors/run.sh exited \(process.terminationStatus)\n\(text)")
    // Both parts ran and said what they checked: pytest's count, and Neovim's last step.
    #expect(text.contains(" passed in "), "\(text)")
    #expect(!text.contains(" failed"), "\(text)")
    #expect(text.contains("ok   code lens on sour_fast"), "\(text)")
    #expect(!text.contains("FAIL"), "\(text)")
  }
}
