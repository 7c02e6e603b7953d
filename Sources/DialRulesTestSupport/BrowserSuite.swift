import Foundation

/// The browser checks of the HTML reports (`Tests/Browser/check_reports.py`): headless Chromium
/// from Debian, driven by Playwright from PyPI in a virtual environment that `.ci/run` creates.
///
/// Tests run the suite when the tools are there. When `DIALRULES_REQUIRE_BROWSER_TESTS=1` is set
/// (`.ci/run` sets it) a missing tool is a failure, not a skip, so CI can never pass without
/// having looked at the pages in a browser.
public enum BrowserSuite {
  /// One page to check and what it must show (see the script's documentation for the keys).
  public struct Page: Sendable {
    public var file: String
    public var name: String
    /// Exact counts of elements matching a CSS selector.
    public var count: [String: Int] = [:]
    /// Minimum counts.
    public var atLeast: [String: Int] = [:]
    /// Texts that must appear in the rendered page.
    public var texts: [String] = []
    /// Selectors whose every element must have an `aria-label` and a `<title>`.
    public var titled: [String] = []
    /// A selector to focus: its name must then show in its figure's info line.
    public var focus: String?
    /// Whether the page has a slice selector to try.
    public var slices = false
    /// With screenshots: also write `file` from the top of the element `from` to the bottom of
    /// `to` (the pictures in the docs).
    public var doc: (from: String, to: String, file: String)?
    /// Viewport and screenshot size.
    public var width = 1300
    public var height = 1600
    /// The phone and desktop checks (`Layout`), when set.
    public var layout: Layout?

    public init(file: String, name: String) {
      self.file = file
      self.name = name
    }

    var json: [String: Any] {
      var out: [String: Any] = [
        "file": file, "name": name, "count": count, "at_least": atLeast, "texts": texts, "titled": titled,
        "slices": slices, "screenshot": ["width": width, "height": height],
      ]
      if let focus { out["focus"] = focus }
      if let doc { out["doc"] = ["from": doc.from, "to": doc.to, "file": doc.file] }
      if let layout { out["layout"] = layout.json }
      return out
    }
  }

  /// The page at each width, in the light and the dark scheme: no horizontal scroll, chart text
  /// at least `minimumText` px as rendered, no axe-core violation, a visible focus ring.
  public struct Layout: Sendable {
    /// Viewport widths: a 390 px phone and a 1280 px desktop.
    public var widths = [390, 1280]
    /// The SVGs whose text must render at least `minimumText` px tall; nil to not check.
    public var chartText: String?
    public var minimumText = 11.0
    /// Whether axe-core must find no violation.
    public var axe = true
    /// Whether the first element Tab reaches must show a focus ring.
    public var focus = true

    public init(chartText: String? = nil) { self.chartText = chartText }

    var json: [String: Any] {
      var out: [String: Any] = ["widths": widths, "min_text": minimumText, "axe": axe, "focus": focus]
      if let chartText { out["chart_text"] = chartText }
      return out
    }
  }

  /// Whether a missing tool must fail the test run.
  public static var required: Bool { ProcessInfo.processInfo.environment["DIALRULES_REQUIRE_BROWSER_TESTS"] == "1" }

  /// The Chromium binary: `$DIALRULES_CHROMIUM`, else Debian's.
  public static var chromium: String {
    ProcessInfo.processInfo.environment["DIALRULES_CHROMIUM"] ?? "/usr/bin/chromium"
  }

  /// The Python with Playwright: `$DIALRULES_BROWSER_PYTHON`, else `.build/browser-venv`.
  public static var python: String {
    ProcessInfo.processInfo.environment["DIALRULES_BROWSER_PYTHON"]
      ?? PackageRoot.file(".build/browser-venv/bin/python")
  }

  /// What is missing to run the suite, or nil when everything is there.
  public static var missing: String? {
    let fm = FileManager.default
    if !fm.isExecutableFile(atPath: chromium) { return "Chromium (\(chromium); 'apt-get install chromium')" }
    if !fm.isExecutableFile(atPath: python) {
      return
        "Python with Playwright (\(python); '.ci/run' creates it: python3 -m venv .build/browser-venv && .build/browser-venv/bin/pip install playwright axe-playwright-python)"
    }
    return nil
  }

  /// Whether the suite should run: the tools are there, or they are required (and then missing
  /// ones fail).
  public static var enabled: Bool { missing == nil || required }

  /// Runs the script over `pages`; returns its output and whether every page passed. Screenshots
  /// go to `screenshots` when given.
  public static func run(_ pages: [Page], screenshots: String? = nil) throws -> (passed: Bool, output: String) {
    if let missing { return (false, "browser tests need \(missing)") }
    let manifest: [String: Any] = ["chromium": chromium, "pages": pages.map(\.json)]
    let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
    let path = NSTemporaryDirectory() + "browser-manifest-\(UUID().uuidString).json"
    try data.write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var arguments = [path]
    if let screenshots { arguments += ["--screenshots", screenshots] }
    return try runScript("Tests/Browser/check_reports.py", arguments)
  }

  /// Runs a browser script of `Tests/Browser` (a path from the package root) with the Python that
  /// has Playwright; returns its output (standard output and error) and whether it exited 0.
  public static func runScript(_ script: String, _ arguments: [String]) throws -> (passed: Bool, output: String) {
    if let missing { return (false, "browser tests need \(missing)") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [PackageRoot.file(script)] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus == 0, output)
  }
}
