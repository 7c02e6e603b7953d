import DialRulesTestSupport
import Foundation
import Testing

/// `dialrules report` lists every property with the proof's verdict (issue 24 item 3): a failing
/// one links to its A011 finding and its witness is drawn on the map with NEW's decision.
@Suite struct ReportPropertiesTests {
  @Test func aFailingPropertyLinksToItsFindingAndItsWitnessIsOnTheMap() throws {
    let dir = try temporaryDirectory()
    let rules = DiffPropertiesTests.old.replacingOccurrences(
      of: "then grind coarser 1 step", with: "then grind finer 1 step")
    try rules.write(toFile: dir + "/t.dialrules", atomically: true, encoding: .utf8)
    let r = dialrules("report", dir + "/t.dialrules")
    #expect(r.status == 0, "\(r.err)")
    let html = r.out
    #expect(html.contains(" · 2 properties, 0 proved</p>"))
    let start = try #require(html.range(of: "<section class=\"properties\">"))
    let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
    let section = String(html[start.lowerBound..<end.upperBound])
    #expect(section.contains("each proved or refuted over every valid shot, not by sampling: 2 fail."))
    #expect(
      section.contains(
        "<td data-label=\"when\"><code>bitter and not sour</code></td><td data-label=\"promise\"><code>never grind finer</code></td>"
      ))
    // The link goes to the A011 finding of that property, and its witness is a point on the map.
    let link = try #require(section.firstMatch(of: /<a href="#(finding-\d+)">fails \(A011\)<\/a>/))
    let finding = try #require(html.range(of: "<section class=\"finding\" id=\"\(link.1)\" data-code=\"A011\">"))
    let heading = html[finding.upperBound...].prefix(300)
    #expect(heading.contains("bitter_never_finer"), "\(heading)")
    #expect(
      html.contains(
        "data-point=\"witness\" data-count=\"1\" aria-label=\"witness A011: adjust grind finer 1 step (bitter)\""))
    #expect(section.contains("witness <code>A011-bitter_never_finer-1</code> gets adjust grind finer 1 step"))
  }

  @Test func theDefaultTablesPromisesAreAllProved() {
    let r = dialrules("report", "rules/espresso.dialrules")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains(" · 8 properties, 8 proved</p>"))
    #expect(r.out.contains("each proved or refuted over every valid shot, not by sampling: 8 proved.</p>"))
    #expect(r.out.components(separatedBy: "<tr class=\"property-proved\">").count == 9)
    #expect(r.out.contains("<a href=\"#properties\">Properties</a>"))
  }
}
