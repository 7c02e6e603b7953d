import DialRulesTestSupport
import Foundation
import Testing

/// The playground (`docs/playground`) in a real browser (headless Chromium through Playwright,
/// `Tests/Browser/check_playground.py`), served over local HTTP with every other request refused:
/// it loads with the default table and a first decision; a mistake typed into the editor shows the
/// diagnostic `dialrules lint` gives for that text, at the same line and column, and goes when
/// fixed; a sour, fast shot picked in the form gets the decision `dialrules eval` gives and the
/// explanation `dialrules explain` prints, byte for byte; the page's link reproduces its state
/// in a new page; the shot form works by keyboard alone; axe-core finds no violation. Needs
/// `docs/playground/dialrules.wasm` (`Tests/Playground/build.sh`, run here when it is missing).
/// With `DIALRULES_SCREENSHOTS=DIR` the page's picture goes to `DIR/playground.png`.
@Suite struct BrowserPlaygroundTests {
  /// A C002 (unknown name) in the default table's `sour_fast`.
  static let mistake = (find: "rule sour_fast\n  when under and", replace: "rule sour_fast\n  when undr and")
  /// A fast shot: 7 s under the recipe's 28 s.
  static let fastTime = 21

  @Test(.enabled(if: BrowserSuite.enabled, "needs Chromium and Playwright (see .ci/run)"))
  func playgroundInChromium() throws {
    let wasm = PackageRoot.file("docs/playground/dialrules.wasm")
    if !FileManager.default.fileExists(atPath: wasm) {
      let build = try BuiltProducts.run(executableAt: "/bin/bash", [PackageRoot.file("Tests/Playground/build.sh")])
      try #require(build.status == 0, "Tests/Playground/build.sh failed: \(build.stderr)")
    }
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let rules = try PackageRoot.read("rules/espresso.dialrules")

    // Where lint puts the mistake (the page must say the same).
    let mistaken = rules.replacingOccurrences(of: Self.mistake.find, with: Self.mistake.replace)
    #expect(mistaken != rules)
    try mistaken.write(toFile: dir + "/rules.dialrules", atomically: true, encoding: .utf8)
    let lint = dialrules(in: dir, "lint", "--format", "json", "--no-analysis", "rules.dialrules")
    let lintRoot = try #require(try JSONSerialization.jsonObject(with: Data(lint.out.utf8)) as? [String: Any])
    let files = try #require(lintRoot["files"] as? [[String: Any]])
    let diagnostics = try #require(files.first?["diagnostics"] as? [[String: Any]])
    let error = try #require(diagnostics.first { $0["severity"] as? String == "error" })
    #expect(error["code"] as? String == "C002")

    let manifest: [String: Any] = [
      "chromium": BrowserSuite.chromium, "root": PackageRoot.file("docs/playground"),
      "mistake": [
        "find": Self.mistake.find, "replace": Self.mistake.replace, "code": error["code"] ?? "",
        "line": error["line"] ?? 0, "column": error["column"] ?? 0,
      ],
      "sour_fast": ["time_s": Self.fastTime],
    ]
    let manifestPath = dir + "/manifest.json"
    try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: manifestPath))
    var arguments = [manifestPath, dir + "/seen.json"]
    if let screenshots = ProcessInfo.processInfo.environment["DIALRULES_SCREENSHOTS"] {
      try FileManager.default.createDirectory(atPath: screenshots, withIntermediateDirectories: true)
      arguments += ["--screenshot", screenshots + "/playground.png"]
    }
    let result = try BrowserSuite.runScript("Tests/Browser/check_playground.py", arguments)
    #expect(result.passed, "\(result.output)")
    let seenData = try Data(contentsOf: URL(fileURLWithPath: dir + "/seen.json"))
    let seen = try #require(try JSONSerialization.jsonObject(with: seenData) as? [String: Any])
    #expect(seen["default_rules"] as? String == rules)

    // The sour, fast shot as the page wrote it, decided and explained by the command line.
    let sour = try #require(seen["sour_fast"] as? [String: Any])
    let shot = try #require(sour["shot"] as? String)
    let lang = try #require(sour["lang"] as? String)
    try rules.write(toFile: dir + "/rules.dialrules", atomically: true, encoding: .utf8)
    try shot.write(toFile: dir + "/shot.json", atomically: true, encoding: .utf8)
    let explain = dialrules(in: dir, "explain", "--lang", lang, "rules.dialrules", "shot.json")
    #expect(explain.status == 0, "\(explain.err)")
    #expect(sour["explanation"] as? String == explain.out)
    let eval = dialrules(in: dir, "eval", "rules.dialrules", "-", stdin: shot.replacingOccurrences(of: "\n", with: " "))
    #expect(eval.status == 0, "\(eval.err)")
    let expected = try JSONSerialization.jsonObject(with: Data(eval.out.utf8)) as? NSDictionary
    let shown = try (sour["decisionJSON"] as? String).map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
    #expect(
      expected != nil && (shown as? NSDictionary) == expected, "\(eval.out) against \(sour["decisionJSON"] ?? "none")")
    #expect(eval.out.contains("\"sour_fast\""), "\(eval.out)")
    print(
      "playground budgets: first decision \(seen["first_decision_ms"] ?? "?") ms; keystrokes \(seen["keystrokes"] ?? "?"); analyses \(seen["analyses"] ?? "?"); charts \(seen["charts"] ?? "?")"
    )
  }
}
