import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLogCommands

/// `dialshot report` read on a phone by the barista (issue 22, item 5): times in the local zone
/// (`TZ`, or UTC with `--utc`) as `history` shows them, the log's own shot numbers, ratings, notes
/// and why the rules abstained, "settled" only where shots were pulled, no target time the import
/// made up, and charts a screen reader can read.
@Suite struct PhoneReportTests {
  static let berlin = ["TZ": "Europe/Berlin", "TZDIR": PackageRoot.file("Fixtures/zoneinfo")]

  @Test func timesAreLocalUnlessUTCIsAsked() {
    let s = Scratch.guji()
    s.expect(["log", "--time", "28", "--yield", "36", "--taste", "balanced", "--at", "2026-03-01T08:05:00Z"])
    let local = s.run(["report"], variables: Self.berlin)
    #expect(local.status == 0, "\(local.err)")
    #expect(local.out.contains("<th>pulled (Europe/Berlin)</th>"))
    #expect(local.out.contains("<td>2026-03-01 09:05</td>"))
    #expect(local.out.contains("#1 · 2026-03-01 09:05 CET</h4>"))
    #expect(local.out.contains("last shot 2026-03-01 09:05 CET"))
    #expect(!local.out.contains("UTC"), "no time on the page is in UTC when TZ says otherwise")
    let utc = s.run(["report", "--utc"], variables: Self.berlin).out
    #expect(utc.contains("<th>pulled (UTC)</th>"))
    #expect(utc.contains("<td>2026-03-01 08:05</td>"))
    #expect(utc.contains("#1 · 2026-03-01 08:05 UTC</h4>"))
  }

  @Test func shotsCarryTheLogsOwnNumbers() {
    let s = Scratch.guji()
    s.expect(["profiles", "bean", "add", "Kochere"])
    s.expect([
      "recipe", "set", "Kochere", "--grinder", "Niche Zero", "--dose", "18", "--yield", "40", "--time", "30", "--grind",
      "20",
    ])
    s.expect(["log", "Guji", "--time", "27", "--yield", "36", "--taste", "balanced"])
    s.expect(["log", "Kochere", "--time", "29", "--yield", "40", "--taste", "balanced"])
    s.expect(["log", "Guji", "--time", "28", "--yield", "36", "--taste", "balanced"])
    let html = s.expect(["report"]).out
    let guji = section(html, "Guji")
    // Guji's shots are #1 and #3 in `history`, and so on the page: in the table, the sections,
    // the chart's axis and its hover columns.
    #expect(guji.contains("<td class=\"num\"><a href=\"#shot-3\">3</a></td>"))
    #expect(guji.contains("<td class=\"num\"><a href=\"#shot-1\">1</a></td>"))
    #expect(guji.contains("id=\"shot-3\" data-shot=\"3\""))
    #expect(guji.contains("<rect class=\"hit\" data-shot=\"3\""))
    #expect(!guji.contains("data-shot=\"2\""))
    #expect(guji.contains("2 shots, #1 to #3"))
    #expect(section(html, "Kochere").contains("id=\"shot-2\" data-shot=\"2\""))
    let history = s.expect(["history"]).out
    #expect(history.split(separator: "\n").contains { $0.hasPrefix("2 ") && $0.contains("Kochere") })
  }

  @Test func ratingsNotesAndWhyTheRulesAbstained() throws {
    let s = Scratch.guji()
    s.expect([
      "log", "--time", "28", "--yield", "36", "--taste", "balanced", "--rating", "4.5", "--notes",
      "sweet <b>\nlong finish",
    ])
    s.expect(["log", "--time", "28", "--yield", "36"])
    let html = s.expect(["report"]).out
    #expect(html.contains("<td class=\"num\">★ 4.5</td>"))
    #expect(html.contains("<dt>rating</dt><dd>★ 4.5 of 5</dd>"))
    #expect(html.contains("<td>sweet &lt;b&gt;<br>long finish</td>"))
    #expect(html.contains("<dt>notes</dt><dd class=\"notes\">sweet &lt;b&gt;<br>long finish</dd>"))
    #expect(html.contains("<td>insufficient evidence: needs taste</td>"))
    #expect(html.contains("<dt>suggestion</dt><dd>insufficient evidence: needs taste</dd>"))
    #expect(
      ReportWords.suggestion(try #require(try s.store().shots.history().first)) == "insufficient evidence: needs taste")
  }

  @Test func settledOnlyWhereShotsWerePulled() {
    let s = Scratch.guji()
    s.expect(["log", "--time", "28", "--yield", "36", "--taste", "balanced"])
    s.expect(["log", "--time", "28", "--yield", "36", "--taste", "balanced"])
    var html = s.expect(["report"]).out
    #expect(
      html.contains(
        "<b>Settled on:</b> 18 g in → 36 g out (1:2.0) in 28 s, grind 14 on Niche Zero — the last 2 shots were pulled at this grind"
      ))
    // An accepted "grind finer" moves the recipe to 13.5, where no shot has been pulled yet.
    s.expect(["log", "--time", "21", "--yield", "36", "--taste", "sour"])
    s.expect(["accept"])
    html = s.expect(["report"]).out
    #expect(!html.contains("Settled on:"))
    #expect(
      html.contains(
        "<b>Recipe now:</b> 18 g in → 36 g out (1:2.0) in 28 s, grind 13.5 on Niche Zero — no shot pulled at this grind yet (the last, #3, was at 14 on Niche Zero)"
      ))
  }

  @Test func importedShotsHaveNoMadeUpTargetTime() throws {
    let html = try ImportedCurvesReportTests.importedLog().expect(["report"]).out
    let imported = section(html, "The Reservoir")
    #expect(imported.contains("(no target recorded)"))
    #expect(imported.contains("<td class=\"num\">—</td>"))
    #expect(imported.contains("no target time: the imported shots did not record one"))
    #expect(!imported.contains(" in 28 s, grind"), "no 'settled … in 28 s' from the import's assumption")
    #expect(!imported.contains("class=\"band\""), "no target band drawn for imported shots")
    // The shot logged by hand keeps its recipe's target.
    #expect(section(html, "Guji").contains("<td class=\"num\">28 s</td>"))
  }

  @Test func chartsAreNamedInWordsWithTheirNumbers() throws {
    let s = ShotReportTests.sampleLog()
    let html = s.expect(["report"]).out
    let guji = section(html, "Guji")
    let id = "bean-1-chart"
    // Both layouts of the chart are named by the caption's sentence; only the desktop one has
    // hover columns (a phone has no hover, and the page stays small).
    #expect(guji.components(separatedBy: "role=\"img\" aria-labelledby=\"\(id)\"").count - 1 == 2)
    #expect(guji.contains("class=\"bean-chart wide\"") && guji.contains("class=\"bean-chart narrow\""))
    #expect(guji.components(separatedBy: "class=\"hit\"").count - 1 == 9)
    // On a phone the table's cells are led by their column's name, from the style sheet.
    #expect(html.contains("table.shots td:nth-child(9)::before { content: \"rating\"; }"))
    let sentence = try #require(
      guji.components(separatedBy: "<p class=\"chart-summary\" id=\"\(id)\">").dropFirst().first?
        .components(separatedBy: "</p>").first)
    #expect(
      sentence
        == "Guji: 9 shots, #1 to #9; grind on Niche Zero 15 → 14 over 9 shots (from 13.5 to 15); time 21 s to 33 s, 5 of 9 within 3 s of the target; ratio 1:1.98 to 1:2.12; taste sour 5, bitter 1, balanced 3; suggestions accepted 6, rejected 1."
    )
    for svg in SVGBlocks.all(in: html) { #expect(SVGBlocks.parseError(svg) == nil) }
  }

  @Test func machineCurvesAreDescribedInWords() throws {
    let curve = MachineCurve(name: "pressure", unit: "bar", times: [0, 4, 8, 12], values: [0, 6, 9.1, 3])
    let svg = try #require(CurveChart().svg([curve], title: "Machine curves of shot #5"))
    #expect(svg.contains("aria-label=\"Machine curves of shot #5, 0 to 12 s: pressure 0 to 9.1 bar, highest at 8 s.\""))
  }

  /// The words of the report for a small log in Berlin time — the summary, the chart in words
  /// and every row of the table of shots, tags dropped — against a reviewed golden
  /// (`DIALRULES_UPDATE_GOLDENS=1` rewrites it): local times, the log's numbers, ratings, notes,
  /// abstentions with their reasons and "Recipe now" where no shot was pulled yet.
  @Test func theReportsWordsMatchTheGolden() {
    let s = Scratch.guji()
    s.expect(["profiles", "bean", "add", "Kochere"])
    s.expect([
      "recipe", "set", "Kochere", "--grinder", "Niche Zero", "--dose", "18", "--yield", "40", "--time", "30", "--grind",
      "20",
    ])
    for (bean, time, taste, rating, notes, answer) in [
      ("Guji", "21", "sour", "3", "thin, sharp", "accept"), ("Kochere", "31", "balanced", "4.5", "", ""),
      ("Guji", "26", "sour", "", "", "reject"), ("Guji", "27", "", "", "forgot to taste", ""),
      ("Guji", "28", "balanced", "5", "sweet\nlong finish", ""), ("Guji", "22", "sour", "", "", "accept"),
    ] {
      var arguments = ["log", bean, "--time", time, "--yield", bean == "Guji" ? "36" : "40"]
      if !taste.isEmpty { arguments += ["--taste", taste] }
      if !rating.isEmpty { arguments += ["--rating", rating] }
      if !notes.isEmpty { arguments += ["--notes", notes] }
      s.expect(arguments)
      if !answer.isEmpty { s.expect([answer]) }
    }
    let html = s.run(["report"], variables: Self.berlin).out
    var words = ""
    for part in html.components(separatedBy: "<li").dropFirst() where part.hasPrefix(">") || part.hasPrefix(" data-") {
      words += "- " + Self.text("<li" + String(part.prefix { $0 != "\n" })) + "\n"
    }
    for part in html.components(separatedBy: "<p class=\"chart-summary\"").dropFirst() {
      words += Self.text("<p" + (part.components(separatedBy: "</p>").first ?? "")) + "\n"
    }
    for part in html.components(separatedBy: "<tr>").dropFirst() {
      let row = part.components(separatedBy: "</tr>").first ?? ""
      words += Self.text(row.replacing("</td>", with: " | ").replacing("</th>", with: " | ")) + "\n"
    }
    #expect(Golden.check(words, against: "Fixtures/shot-log/report-words.golden.txt") == nil)
  }

  /// Text without its tags, `<br>` as ` / `, entities kept as written.
  static func text(_ html: String) -> String {
    var out = ""
    var inTag = false
    for c in html.replacing("<br>", with: " / ") {
      if c == "<" { inTag = true } else if c == ">" { inTag = false } else if !inTag { out.append(c) }
    }
    return out.trimmingCharacters(in: .whitespaces)
  }

  /// The bean's section of the page.
  func section(_ html: String, _ bean: String) -> String {
    guard let start = html.range(of: "data-bean=\"\(bean)\"") else { return "" }
    let rest = html[start.lowerBound...]
    let end = rest.range(of: "<section class=\"bean\"")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }
}
