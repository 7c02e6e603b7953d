import DialRulesTestSupport
import Foundation
import Testing

/// The repository's own files stay clean: every shipped rule file lints without warnings and is
/// formatted, and CI runs exactly the README's test command.
@Suite struct DogfoodTests {
  static func ruleFiles() throws -> [String] { try Corpus.files(in: "rules", suffix: ".dialrules") }

  @Test func shippedRulesLintCleanlyEvenWhenStrict() throws {
    for file in try Self.ruleFiles() {
      let r = dialrules("lint", "--strict", file)
      #expect(r.status == 0, "\(file): \(r.err)")
    }
  }

  @Test func shippedRulesAreFormatted() throws {
    for file in try Self.ruleFiles() {
      let r = dialrules("fmt", "--check", file)
      #expect(r.status == 0, "\(file) is not formatted: run 'dialrules fmt --write \(file)'")
    }
  }

  /// The README's exit-code table says what `fmt` does: it formats any file that parses (type
  /// errors included) and exits 2 only on one that does not parse.
  @Test func readmeExitCodesMatchFmt() throws {
    let readme = try PackageRoot.read("README.md")
    let table = try #require(readme.components(separatedBy: "## Exit codes").dropFirst().first)
    let row = try #require(table.split(separator: "\n").first { $0.hasPrefix("| 2 |") })
    #expect(row.contains("for `fmt`, rules that do not parse"), "\(row)")
    #expect(!row.contains("`test`, `fmt`)"), "\(row)")
    #expect(dialrules("fmt", "Fixtures/diagnostics/T001-unit-mismatch.dialrules").status == 0)
    #expect(dialrules("fmt", "Fixtures/diagnostics/P001-expected-token.dialrules").status == 2)
    #expect(dialrules("fmt", "--check", "rules/").status == 0)
  }

  /// The README's set-up block has exactly two commands; `.ci/run` checks formatting and then
  /// runs the second (the tests) as its last step.
  @Test func ciRunsTheReadmeTestCommand() throws {
    let readme = try PackageRoot.read("README.md")
    let setup = try #require(readme.components(separatedBy: "## Set up").dropFirst().first)
    let block = try #require(setup.components(separatedBy: "```").dropFirst().first)
    let commands = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    #expect(commands.count == 2)
    #expect(commands.first?.hasPrefix("swift run dialrules") == true)
    let testCommand = try #require(commands.last)
    let ci = try PackageRoot.read(".ci/run")
    let steps = ci.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    #expect(steps.last == testCommand, "the last step of .ci/run must be the README's '\(testCommand)'")
    let lint = "swift format lint --strict --recursive Sources Tests"
    let lintStep = try #require(steps.firstIndex { $0.contains(lint) }, ".ci/run must run '\(lint)'")
    #expect(lintStep < steps.count - 1)
  }

  /// The top level is the package's fixed layout (issue 25): what is not one of these names is a
  /// dotfile (`.ci`, `.git`, `.build`, …) or a build product the `.gitignore` names (`*.profraw`).
  @Test func topLevelIsTheFixedLayout() throws {
    let allowed: Set = [
      "Package.swift", "Sources", "Tests", "rules", "Fixtures", "docs", "README.md", "LICENSE",
    ]
    let entries = try FileManager.default.contentsOfDirectory(atPath: PackageRoot.path())
    let stray = entries.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".profraw") && !allowed.contains($0) }
    #expect(stray.isEmpty, "top-level entries outside the fixed layout: \(stray.sorted())")
  }

  /// The repository stands on its own (issue 25): no file points into the folder beside it that
  /// once held the design and the benchmark's C reference, and every reference to a section of
  /// the design names the document in the repository, `docs/design.md` (the docs link to it).
  @Test func referencesStayInsideTheRepository() throws {
    let root = PackageRoot.path()
    let outside = "../" + "shared"
    let bareReference = try Regex("(^|[^\\[])[Dd]esign §[0-9]")
    var checked = 0
    for top in ["Sources", "Tests", "docs", "rules", "Fixtures", "README.md", "Package.swift", ".ci"] {
      let base = URL(fileURLWithPath: root + "/" + top)
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: base.path, isDirectory: &isFolder)
      let inFolder = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap {
        ($0 as? URL)?.path
      }
      let files = isFolder.boolValue ? inFolder ?? [] : [base.path]
      for path in files {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
        let relative = String(path.dropFirst(root.count + 1))
        checked += 1
        #expect(!text.contains(outside), "\(relative) points into \(outside)")
        #expect(!text.contains(bareReference), "\(relative) cites the design without docs/design.md")
      }
    }
    #expect(checked > 500)
  }
}
