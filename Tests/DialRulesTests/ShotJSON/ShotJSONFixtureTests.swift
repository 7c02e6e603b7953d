import Foundation
import Testing

@testable import DialRules

/// Corpus tests: every `Fixtures/shot-json/<case>.json` (read as one document) and `<case>.jsonl`
/// (read as JSON Lines) is checked against its sibling `<case>.<ext>.diagnostics`, the rendered
/// diagnostics (empty for a valid input). Adding a case means adding files, not code.
///
/// A missing sibling is written when `DIALRULES_UPDATE_GOLDENS=1` is set, and the test fails naming
/// it so the new expectation is reviewed in `git diff`. Existing expectations are never
/// overwritten: to accept a changed diagnostic, delete the file and regenerate.
@Suite struct ShotJSONFixtureTests {
  static let directory = packageRoot().appendingPathComponent("Fixtures/shot-json")

  static let cases: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }.sorted()
  }()

  @Test func corpusIsNotEmpty() {
    #expect(Self.cases.count >= 10, "no fixtures found in \(Self.directory.path)")
  }

  @Test(arguments: cases)
  func fixture(_ name: String) throws {
    let input = Self.directory.appendingPathComponent(name)
    let bytes = try [UInt8](Data(contentsOf: input))
    let file = SourceFile(path: "Fixtures/shot-json/\(name)", bytes: bytes)
    let actual = Self.render(file, lines: name.hasSuffix(".jsonl"))
    let expectedURL = Self.directory.appendingPathComponent(name + ".diagnostics")
    guard let expectedData = FileManager.default.contents(atPath: expectedURL.path) else {
      if ProcessInfo.processInfo.environment["DIALRULES_UPDATE_GOLDENS"] == "1" {
        try Data(actual.utf8).write(to: expectedURL)
        Issue.record("wrote missing golden \(expectedURL.path); review it with git diff")
      } else {
        Issue.record(
          "missing golden \(expectedURL.path); run with DIALRULES_UPDATE_GOLDENS=1 to create it\nactual:\n\(actual)")
      }
      return
    }
    let expected = String(decoding: expectedData, as: UTF8.self)
    if actual != expected { Issue.record(Comment(rawValue: Self.describeDifference(expected, actual))) }
  }

  /// The rendered diagnostics of a document, or of every line of a JSON Lines file in order.
  static func render(_ file: SourceFile, lines: Bool) -> String {
    let renderer = DiagnosticRenderer()
    guard lines else {
      if case .failure(let diagnostics) = ShotJSONReader.read(file) { return renderer.render(diagnostics, in: file) }
      return ""
    }
    var out = ""
    ShotJSONReader.readLines(file) { _, result in
      if case .failure(let diagnostics) = result { out += renderer.render(diagnostics, in: file) }
    }
    return out
  }

  /// The first differing line, then the whole actual output with line numbers.
  static func describeDifference(_ expected: String, _ actual: String) -> String {
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var line = 0
    while line < min(e.count, a.count), e[line] == a[line] { line += 1 }
    let expectedLine = line < e.count ? String(e[line]) : "<end>"
    let actualLine = line < a.count ? String(a[line]) : "<end>"
    var out = "output differs at line \(line + 1)\n  expected: \(expectedLine)\n  actual:   \(actualLine)\nactual:\n"
    for (i, text) in a.enumerated() {
      out += "\(String(i + 1).padding(toLength: 4, withPad: " ", startingAt: 0))| \(text)\n"
    }
    return out
  }

  /// The directory holding `Package.swift`, found by walking up from this file, so goldens are read
  /// and written in the source tree, never in a bundle copy.
  static func packageRoot(from path: String = #filePath) -> URL {
    var url = URL(fileURLWithPath: path).deletingLastPathComponent()
    while url.path != "/" {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
      url.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }
}
