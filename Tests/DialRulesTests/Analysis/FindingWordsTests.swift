import DialRulesTestSupport
import Testing

@testable import DialRules

/// Findings a reviewer can read (issue 23 item 4): one A001 per pair of actions in conflict,
/// regions in one list style, adjustment classes named as the rules name them, and situation
/// titles that say exactly what a chart covers and stay short.
@Suite struct FindingWordsTests {
  /// Two planted conflicts: three rules saying `grind finer 1 step` against `back_off`, and against
  /// `balanced`; the old analysis gave one finding per subset of these rules.
  static let conflicts = """
    dialrules 1
    ruleset "conflicts"
      otherwise insufficient "none"
    let dt = shot.time - recipe.time
    let dy = shot.yield - recipe.yield
    let fast = dt < -3 s
    let very_fast = dt < -8 s
    rule sour_fast
      when sour and fast
      then grind finer 1 step
      because "x"
    rule thin_fast
      when thin and fast
      then grind finer 1 step
      because "x"
    rule sour_very_fast
      when sour and very_fast
      then grind finer 1 step
      because "x"
    rule back_off
      when previous.adjustment is grind finer and fast and not balanced
      then grind coarser 1 step
      because "x"
    rule balanced
      when balanced and dy between -2 g and 2 g
      then no change
      because "x"
    rule yield_not_2
      when strong and previous.adjustment is yield and not previous.adjustment is yield +2 g
      then yield +1 g
      because "x"
    """

  static func analysed(_ text: String) throws -> (CompiledRules, Analysis) {
    let rules = try #require(RuleCompiler.compile(SourceFile(path: "t", text: text)).rules)
    return (rules, Analyzer.analyze(rules))
  }

  @Test func disagreementsAreOneFindingPerPairOfActions() throws {
    let (rules, analysis) = try Self.analysed(Self.conflicts)
    let a001 = analysis.findings.filter { $0.code == "A001" }
    let pairs = a001.map { Set($0.rules.map { rules.rules[$0].action.ruleText }) }
    #expect(Set(pairs).count == a001.count, "one finding per set of actions: \(pairs)")
    #expect(pairs.contains(["grind finer 1 step", "grind coarser 1 step"]))
    let finerCoarser = try #require(a001.first { Set($0.rules.map { rules.rules[$0].id }).contains("back_off") })
    #expect(finerCoarser.rules.map { rules.rules[$0].id } == ["sour_fast", "thin_fast", "sour_very_fast", "back_off"])
    #expect(finerCoarser.regions.count > 1)
    #expect(
      finerCoarser.base.message
        == "rules saying 'grind finer 1 step' (sour_fast, thin_fast or sour_very_fast) and 'grind coarser 1 step' "
        + "(back_off) match together, so the table abstains (conflict) in \(finerCoarser.regions.count) regions")
    // Each region's witness is decided by exactly the rules that disagree there, all of the finding's.
    for region in finerCoarser.regions {
      let by = try #require(region.witnessDecision?.decidedBy)
      #expect(by.contains("back_off") && by.count >= 2)
      #expect(Set(by).isSubset(of: finerCoarser.rules.map { rules.rules[$0].id }))
    }
    #expect(finerCoarser.base.notes.filter { $0.span != nil }.count == 3)
  }

  /// Clauses are apart by `; `; a comma only ever separates the items of one list, which ends in
  /// `and`, `or` or `nor`.
  static func oneListStyle(_ text: String) -> Bool {
    let clauses = text.split(separator: "(where ").first.map(String.init) ?? text
    for clause in clauses.components(separatedBy: "; ") where clause.contains(", ") {
      guard let tail = clause.components(separatedBy: ", ").last,
        tail.contains(" and ") || tail.contains(" or ") || tail.contains(" nor ")
      else { return false }
      if clause.contains(", not ") || clause.contains(", but ") || clause.contains(", or ") { return false }
    }
    return true
  }

  @Test(arguments: ["conflicts", "Fixtures/reference/reference-table.dialrules", "rules/espresso.dialrules"])
  func regionsReadInOneListStyle(_ name: String) throws {
    let text = name == "conflicts" ? Self.conflicts : try PackageRoot.read(name)
    let (_, analysis) = try Self.analysed(text)
    let regions = analysis.findings.flatMap { f in f.regions.map(\.text) + (f.regionText.map { [$0] } ?? []) }
    #expect(!regions.isEmpty)
    for region in regions { #expect(Self.oneListStyle(region), "\(region)") }
  }

  @Test func adjustmentClassesAreNamedAsTheRulesNameThem() throws {
    let (_, analysis) = try Self.analysed(Self.conflicts)
    let regions = analysis.findings.flatMap { f in f.regions.map(\.text) + (f.regionText.map { [$0] } ?? []) }
    #expect(regions.contains { $0.contains("previous.adjustment is yield but not yield +2 g;") }, "\(regions)")
    #expect(regions.contains { $0.contains("previous.adjustment is (none of grind finer or yield) or yield +2 g") })
    #expect(!regions.contains { $0.contains("anything but") || $0.contains("yield +1 g") })
    let map = try DecisionMap(tables: [
      #require(RuleCompiler.compile(SourceFile(path: "t", text: Self.conflicts)).rules)
    ])
    let titles = map.situations.map(\.title)
    #expect(titles.contains { $0.hasSuffix("after yield but not yield +2 g") }, "\(titles)")
    #expect(!titles.contains { $0.contains("yield +1 g") })
  }

  /// Every title names every observation its chart constrains (the flow too), in the list style
  /// of regions, and stays short: the default table's longest flow titles ran to 460 characters.
  @Test(arguments: ["Fixtures/reference/reference-table.dialrules", "rules/espresso.dialrules"])
  func situationTitlesAreExactAndShort(_ name: String) throws {
    let rules = try #require(RuleCompiler.compile(SourceFile(path: name, text: try PackageRoot.read(name))).rules)
    let map = DecisionMap(tables: [rules])
    #expect(!map.situations.isEmpty)
    for s in map.situations {
      #expect(s.title.count <= 140, "\(s.title)")
      #expect(!s.title.contains(", but") && !s.title.contains("gushed"), "\(s.title)")
      // A chart about a flow problem says so, and one about none says that too.
      if s.detail.contains("flow has ") { #expect(s.title.contains("with ") || s.title.contains("no "), "\(s.title)") }
      if s.detail.contains("no flow problem") && !s.detail.contains(") or (") {
        #expect(s.title.contains("no flow problem"), "\(s.title)")
      }
    }
  }
}
