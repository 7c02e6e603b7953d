import CommandLineSupport
import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules
@testable import DialRulesCommands

/// `dialrules report` and `dialrules diff --format html`: the page is complete, self-contained,
/// deterministic, and every chart is well-formed SVG. On the reference table (`Fixtures/reference`),
/// whose axes the map draws completely, so fixtures and shots are placed on it.
@Suite struct ReportCommandTests {
  static let arguments = [
    "report", "Fixtures/reference/reference-table.dialrules", "--fixtures", "Fixtures/shots", "--shots",
    "Fixtures/shots/batch.jsonl",
  ]

  static func defaultRules() throws -> CompiledRules {
    let out = RuleCompiler.compile(
      SourceFile(
        path: "Fixtures/reference/reference-table.dialrules",
        text: try PackageRoot.read("Fixtures/reference/reference-table.dialrules")))
    return try #require(out.rules)
  }

  @Test func writesOneSelfContainedPage() throws {
    let r = dialrules(
      Self.arguments[0], Self.arguments[1], Self.arguments[2], Self.arguments[3], Self.arguments[4], Self.arguments[5])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err.isEmpty)
    #expect(r.out.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    #expect(r.out.hasSuffix("</html>\n"))
    for external in ["<link", "src=", "@import", "url(http", "href=\"http", "<img", "@font-face"] {
      #expect(!r.out.contains(external), "the page refers to something outside it: \(external)")
    }
    let map = DecisionMap(tables: [try Self.defaultRules()])
    for situation in map.situations {
      #expect(r.out.contains("<figure class=\"map\" id=\"\(situation.id)\""))
      #expect(r.out.contains(HTMLText.escape(situation.title)))
    }
    let cells = map.situations.reduce(0) { $0 + $1.cells.reduce(0) { $0 + $1.count } }
    #expect(r.out.components(separatedBy: "<g class=\"cell ").count - 1 == cells)
    #expect(r.out.contains("data-point=\"fixture\""))
    #expect(r.out.contains("data-point=\"shot\""))
    #expect(r.out.contains("data-point=\"witness\""))
    #expect(r.out.contains("id=\"coverage\""))
    #expect(r.out.contains("<code>sour_fast</code>"))
    for code in ["A001", "A002"] { #expect(r.out.contains("data-code=\"\(code)\"")) }
  }

  @Test func everyChartIsWellFormedSVG() throws {
    let r = dialrules(Self.arguments[0], Self.arguments[1], Self.arguments[2], Self.arguments[3])
    #expect(r.status == 0, "\(r.err)")
    let charts = SVGBlocks.all(in: r.out)
    let map = DecisionMap(tables: [try Self.defaultRules()])
    // One chart per situation and slice, the pattern definitions, and the legend's swatches.
    #expect(charts.count >= map.situations.count * map.slices.count + 1)
    for svg in charts {
      let error = SVGBlocks.parseError(svg)
      #expect(error == nil, "\(error ?? "") in \(svg.prefix(200))")
    }
  }

  @Test func theSameInputGivesTheSameBytesInAnotherProcess() throws {
    let first = try BuiltProducts.run("dialrules", Self.arguments)
    let second = try BuiltProducts.run("dialrules", Self.arguments)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == second.stdout)
    #expect(
      first.stdout
        == dialrules(
          Self.arguments[0], Self.arguments[1], Self.arguments[2], Self.arguments[3], Self.arguments[4],
          Self.arguments[5]
        ).out)
  }

  @Test func writesTheFileGivenWithDashO() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/map.html"
    let r = dialrules("report", "Fixtures/reference/reference-table.dialrules", "-o", path)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.isEmpty)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Decision map"))
    let missing = dialrules(
      "report", "Fixtures/reference/reference-table.dialrules", "-o", dir + "/no/such/dir/map.html")
    #expect(missing.status == 2)
  }

  @Test func badInputGetsAnErrorAndAnExitCode() throws {
    #expect(dialrules("report").status == 64)
    #expect(dialrules("report", "a", "b").status == 64)
    #expect(
      dialrules("report", "--frmat", "x", "Fixtures/reference/reference-table.dialrules").err.contains(
        "unknown option '--frmat'"))
    let missing = dialrules("report", "missing.dialrules")
    #expect(missing.status == 2)
    #expect(missing.err == "missing.dialrules: error: no such file\n")
    let broken = dialrules("report", "Fixtures/diagnostics/C002-unknown-name.dialrules")
    #expect(broken.status == 2)
    let badShots = dialrules(
      "report", "Fixtures/reference/reference-table.dialrules", "--shots", "-",
      stdin: "{\"format\":\"dialrules-shot\",\"version\":1,\"shot\":{\"tme_s\":3}}\n")
    #expect(badShots.status == 2)
    #expect(badShots.err.contains("tme_s"))
    let noFixtures = dialrules("report", "Fixtures/reference/reference-table.dialrules", "--fixtures", "Fixtures/none")
    #expect(noFixtures.status == 2)
  }

  @Test func aTableTheAnalysisCannotReadSaysWhyAndStillListsItsFindings() throws {
    let r = dialrules("report", "Fixtures/lint/A008-not-analysed.dialrules")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("The map is not drawn: rule &#39;far_off&#39; is not analysed"))
    #expect(r.out.contains("data-code=\"A008\""))
    #expect(!r.out.contains("<figure class=\"map\""))
  }

  @Test func shotsThatCannotBePlacedAreCounted() throws {
    let shots = """
      {"format":"dialrules-shot","version":1,"id":"no-taste","recipe":{"dose_g":18,"yield_g":36,"time_s":28},"shot":{"dose_g":18,"yield_g":36,"time_s":22}}
      {"format":"dialrules-shot","version":1,"id":"far","recipe":{"dose_g":18,"yield_g":36,"time_s":28},"shot":{"dose_g":18,"yield_g":36,"time_s":60,"taste":["bitter"]}}

      """
    let r = dialrules("report", "Fixtures/reference/reference-table.dialrules", "--shots", "-", stdin: shots)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("<span data-not-drawn=\"1\">1</span> not drawn"))
    #expect(r.out.contains("<span data-beyond=\"1\">1</span> beyond the drawn range"))
    #expect(r.out.contains("the taste is not recorded"))
    #expect(r.out.contains("class=\"beyond\""))
  }

  @Test func diffDrawsTheChangedRegions() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let text = try PackageRoot.read("Fixtures/reference/reference-table.dialrules").replacingOccurrences(
      of: "let fast = dt < -3 s", with: "let fast = dt < -4 s")
    try text.write(toFile: dir + "/new.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules(
      "diff", "--format", "html", "--fixtures", "Fixtures/shots", "Fixtures/reference/reference-table.dialrules",
      dir + "/new.dialrules")
    #expect(r.status == 0, "\(r.err)")
    // The fixture pulled 3.5 s fast now falls in the strip nothing covers, and is drawn there.
    #expect(r.out.contains("adjust grind finer 1 step → insufficient evidence (no_rule)"))
    #expect(r.out.contains("data-point=\"fixture\""))
    #expect(r.out.contains("class=\"cell o-no-rule changed\""))
    #expect(r.out.contains("class=\"cell o-finer unchanged\""))
    #expect(r.out.contains("was grind finer 1 step, decided by sour_fast; now abstains: no rule matches"))
    #expect(r.out.contains("<code>fast</code>"))
    let same = dialrules(
      "diff", "--format", "html", "Fixtures/reference/reference-table.dialrules",
      "Fixtures/reference/reference-table.dialrules")
    #expect(same.status == 0)
    #expect(!same.out.contains(" changed\""))
    #expect(same.out.contains("0 of 47 situations decide differently"))
  }

  /// The shipped table (version 2) is drawn too; its ratio-window and typo axes are not among the
  /// drawn ones, so a shot cannot be placed on a chart, and the page counts those shots instead of
  /// dropping them silently.
  @Test func theShippedTableIsDrawnAndItsShotsAreCounted() throws {
    let r = dialrules("report", "rules/espresso.dialrules", "--fixtures", "Fixtures/shots")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("<figure class=\"map\""))
    #expect(!r.out.contains("The map is not drawn"))
    let fixtures = try Corpus.files(in: "Fixtures/shots", suffix: ".json").count
    let counted = try #require(r.out.firstMatch(of: #/data-not-drawn="(\d+)"/#).flatMap { Int($0.1) })
    #expect(counted > 0 && counted <= fixtures, "\(counted) of \(fixtures) fixtures counted as not drawn")
  }
}
