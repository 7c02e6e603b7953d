import DialRulesTestSupport
import Testing

@testable import DialRules

/// The safety net under every finding: a witness that does not show what its finding claims is
/// withdrawn (A010) instead of printed, and a region no valid shot is found for gives an A009.
@Suite struct WitnessCheckTests {
  static let table = """
    dialrules 1
    ruleset "t"
      otherwise insufficient "none"
    let dy = shot.yield - recipe.yield
    rule harsh
      when harsh
      then grind coarser 1 step
      because "x"
    rule strong
      when strong
      then yield +2 g
      because "x"
    rule short
      when dy < -1 g
      then grind finer 1 step
      because "x"
    rule huge_ratio
      when shot.ratio / 1000 > 499999999.999
      then grind finer 2 steps
      because "x"
    """

  static func context() throws -> (AnalysisContext, Analysis) {
    let rules = try compileValid(table)
    let analysis = Analyzer.analyze(rules)
    let context = AnalysisContext(
      rules: rules, catalog: analysis.catalog, ruleBoxes: analysis.ruleBoxes, sweep: nil,
      text: RegionText(catalog: analysis.catalog), builder: WitnessBuilder(rules: rules, catalog: analysis.catalog),
      checker: WitnessCheck(rules: rules, catalog: analysis.catalog))
    return (context, analysis)
  }

  /// A false claim about a real region: the analysis must withdraw it (A010), never print it.
  @Test func aWitnessThatContradictsItsClaimIsWithdrawnAsA010() throws {
    let (context, analysis) = try Self.context()
    let conflict = try #require(analysis.findings.first { $0.code == "A001" && $0.rules == [0, 1] })
    let region = try #require(conflict.region)
    // Claim the region is a gap: the witness (harsh and strong) matches two rules.
    let wrong = try #require(context.witnessed(conflict, in: region, claim: .gap))
    #expect(wrong.code == "A010")
    #expect(wrong.severity == .warning)
    #expect(wrong.diagnostic.notes.first?.message.contains("expected no rule to match") == true)
    #expect(wrong.witness == nil)
    // The true claim passes.
    #expect(context.witnessed(conflict, in: region, claim: .conflict([0, 1]))?.code == "A001")
  }

  /// Each rule matches some shot (a ratio above 499999999999 takes 500 g from 0.000000001 g), but
  /// no shot is both that long and 1 g short of its recipe, as the recipe yield is at most 500 g:
  /// the region where the two disagree exists only as a pair of axis values, and the analysis says
  /// it found no shot (A009) instead of claiming one.
  @Test func aRegionWithoutABuildableShotIsReportedAsIncomplete() throws {
    let (_, analysis) = try Self.context()
    let incomplete = analysis.findings.filter { $0.code == "A009" }
    #expect(!incomplete.isEmpty)
    #expect(incomplete.allSatisfy { $0.diagnostic.message.contains("no valid shot was found") })
    #expect(!analysis.findings.contains { $0.code == "A010" })
  }

  @Test func witnessesOutsideTheirRegionAreRejected() throws {
    let (context, analysis) = try Self.context()
    let conflict = try #require(analysis.findings.first { $0.code == "A001" && $0.rules == [0, 1] })
    let region = try #require(conflict.region)
    var shot = try #require(conflict.witness)
    shot.shot?.taste = TagSet([.harsh])
    guard case .failure(let failure) = context.checker.verify(shot, in: region, claim: .conflict([0, 1])) else {
      Issue.record("a shot outside the region passed")
      return
    }
    #expect(failure.reason == "the witness lies outside its region")
  }
}
