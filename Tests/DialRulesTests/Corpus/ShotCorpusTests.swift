import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules

/// Every fixture shot under `Fixtures/shots/` against the default rules: the decision must equal
/// the hand-computed `<case>.json.decision` (every field but the free-text `text`), and the rendered
/// explanation must equal the reviewed `<case>.json.explain` golden.
@Suite struct ShotCorpusTests {
  static func cases() throws -> [String] { try Corpus.files(in: "Fixtures/shots", suffix: ".json") }

  static let rules: (SourceFile, CompiledRules)? = {
    guard let text = try? PackageRoot.read("rules/espresso.dialrules") else { return nil }
    let file = SourceFile(path: "rules/espresso.dialrules", text: text)
    return RuleCompiler.compile(file).rules.map { (file, $0) }
  }()

  /// The decision JSON without `decision.text`, as Foundation objects for structural comparison.
  static func comparable(_ json: String) throws -> NSDictionary {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
    guard let dict = object as? [String: Any], var decision = dict["decision"] as? [String: Any] else {
      throw CocoaError(.coderInvalidValue)
    }
    decision.removeValue(forKey: "text")
    var copy = dict
    copy["decision"] = decision
    return copy as NSDictionary
  }

  @Test(arguments: try cases())
  func decisionMatchesHandComputedExpectation(_ relative: String) throws {
    let (rulesFile, rules) = try #require(Self.rules)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: PackageRoot.file(relative)))
    let shot = try ShotJSONReader.read(SourceFile(path: relative, bytes: Array(bytes))).get()
    let evaluator = Evaluator(rules)
    let decision = evaluator.decide(shot)
    let expected = try PackageRoot.read(relative + ".decision")
    let actual = try Self.comparable(decision.jsonText)
    #expect(actual == (try Self.comparable(expected)), "got \(decision.jsonText)")

    let explanation = ExplanationTextRenderer.forGoldens(rulesFile: rulesFile).render(evaluator.explain(shot))
    if let failure = Golden.check(explanation, against: relative + ".explain") { Issue.record("\(failure)") }
  }

  @Test func corpusCoversEveryRuleAndReason() throws {
    let (_, rules) = try #require(Self.rules)
    let evaluator = Evaluator(rules)
    var deciding = Set<String>()
    var reasons = Set<Decision.Reason>()
    for relative in try Self.cases() {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: PackageRoot.file(relative)))
      let d = evaluator.decide(try ShotJSONReader.read(SourceFile(path: relative, bytes: Array(bytes))).get())
      if case .insufficientEvidence(let r) = d.outcome { reasons.insert(r) }
      if d.outcome != .insufficientEvidence(.incomplete) && d.outcome != .insufficientEvidence(.conflict) {
        deciding.formUnion(d.decidedBy)
      }
    }
    #expect(
      deciding == Set(rules.rules.map(\.id)),
      "rules never deciding: \(Set(rules.rules.map(\.id)).subtracting(deciding))")
    // `invalid_shot` is for records built in code; a shot read from JSON is valid by construction.
    // `conflict` cannot happen with the default table (version 2): rules that can match together
    // agree (`DefaultRulesTests.onRecipeShotsNeverConflict`, and lint's analysis finds no A001).
    #expect(reasons == Set(Decision.Reason.allCases).subtracting([.invalidShot, .conflict]))
  }
}
