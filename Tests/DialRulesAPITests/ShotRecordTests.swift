import DialRules
import DialRulesTestSupport
import Foundation
import Testing

/// Shot records as an app makes them: in code, from JSON, from JSON Lines; validated with the
/// bounds and codes of shot JSON.
@Suite struct ShotRecordTests {
  static let recipe = ShotRecord.Recipe(doseG: 18, yieldG: 36, timeS: 28)

  static func shot(dose: ExactNumber = 18, yield: ExactNumber = 36, time: ExactNumber = 21) -> ShotRecord {
    ShotRecord(
      id: "s", recipe: recipe, shot: .init(doseG: dose, yieldG: yield, timeS: time, taste: [.sour]))
  }

  @Test func aRecordBuiltInCodeDecidesLikeItsJSON() throws {
    let built = Self.shot()
    let read = try ShotRecord.parseJSON(built.jsonText, path: "s.json").get()
    #expect(read == built)
    #expect(try built.validate().get() == built)
    let rules = RuleSet.defaultEspresso
    #expect(rules.decide(built) == rules.decide(read))
    #expect(rules.decide(built).outcome == .adjust(.grind(.finer, steps: 1)))
    #expect(rules.decide(built).decidedBy == ["sour_fast"])
  }

  @Test func parseJSONReportsEveryProblemWithItsPlace() {
    let text = #"{"format":"dialrules-shot","version":1,"shot":{"dose_g":0,"taste":["sweet"]}}"#
    guard case .failure(let problems) = ShotRecord.parseJSON(text, path: "bad.json") else {
      Issue.record("a bad shot was accepted")
      return
    }
    #expect(problems.map(\.code).allSatisfy { $0.hasPrefix("J") })
    #expect(problems.count == 2)
    #expect(problems.description.contains("bad.json:1:"))
  }

  @Test func jsonLinesGivesOneResultPerLine() {
    let good = Self.shot().jsonText
    let text = good + "\n\n  \n" + #"{"format":"dialrules-shot","version":2}"# + "\r\n" + good
    let lines = ShotRecord.parseJSONLines(SourceFile(path: "batch.jsonl", text: text))
    #expect(lines.map(\.line) == [1, 4, 5])
    #expect((try? lines[0].result.get()) == Self.shot())
    guard case .failure(let problems) = lines[1].result else {
      Issue.record("version 2 was accepted")
      return
    }
    #expect(problems.description.hasPrefix("batch.jsonl:4:"))
    #expect((try? lines[2].result.get()) == Self.shot())
  }

  /// The same bounds and the same `J` code as shot JSON: each case is checked against the reader's
  /// answer for the equivalent JSON text.
  @Test(arguments: [
    ("nine decimals (valid)", ShotRecordTests.shot(yield: 36.000000001), ""),
    ("dose of Int.max grams", ShotRecordTests.shot(dose: ExactNumber(Int.max)), "shot.dose_g"),
    ("zero dose", ShotRecordTests.shot(dose: 0), "shot.dose_g"),
    ("negative time", ShotRecordTests.shot(time: -21), "shot.time_s"),
    ("ten decimals", ShotRecordTests.shot(yield: 36.0000000001), "shot.yield_g"),
    ("a third of a gram", ShotRecordTests.shot(yield: ExactNumber(109).divided(by: 3)!), "shot.yield_g"),
    ("1e-10 g", ShotRecordTests.shot(yield: 1e-10), "shot.yield_g"),
  ])
  func invalidRecordsAreRejectedAsShotJSONWouldBe(name: String, record: ShotRecord, path: String) throws {
    let result = record.validate()
    if path.isEmpty {
      #expect((try? result.get()) == record, "\(name)")
      return
    }
    guard case .failure(let problems) = result else {
      Issue.record("\(name): accepted")
      return
    }
    #expect(problems.source.path == ShotRecord.validationPath)
    #expect(problems.contains { $0.message.contains("'\(path)'") }, "\(name): \(problems)")
    // The reader, given the JSON text the record stands for, reports the same codes.
    guard case .failure(let fromText) = ShotRecord.parseJSON(problems.source) else {
      Issue.record("\(name): the JSON text was accepted")
      return
    }
    #expect(fromText.map(\.code) == problems.map(\.code), "\(name)")
  }

  @Test func anOverlongTextIsInvalid() {
    let record = ShotRecord(id: String(repeating: "x", count: 1_001))
    guard case .failure(let problems) = record.validate() else {
      Issue.record("a 1,001-byte id was accepted")
      return
    }
    #expect(problems.map(\.code) == ["J031"])
  }

  @Test func anAdjustmentOutOfBoundsIsInvalid() {
    let record = ShotRecord(previous: .init(adjustment: .grind(.finer, steps: 1_000)))
    #expect(throws: DiagnosticList.self) { try record.validate().get() }
  }

  /// `decide` never evaluates an invalid record: an `Int.max` dose used to come back as
  /// "Not enough observations" with nothing missing.
  @Test func decidingAnInvalidRecordSaysItIsInvalid() {
    let rules = RuleSet.defaultEspresso
    let record = Self.shot(dose: ExactNumber(Int.max))
    let decision = rules.decide(record)
    #expect(decision.outcome == .insufficientEvidence(.invalidShot))
    #expect(decision.id == "s")
    #expect(decision.decidedBy.isEmpty)
    #expect(decision.missing.isEmpty)
    #expect(decision.text.hasPrefix("The shot record is invalid: "))
    #expect(decision.text.contains("shot.dose_g"))
    #expect(decision.jsonText.contains(#""reason":"invalid_shot""#))
    let why = rules.explain(record)
    #expect(why.decision == decision)
    #expect(why.rules.isEmpty)
    #expect(why.preview == nil)
    #expect(why.text(rulesFile: rules.source).contains("The shot record is invalid"))
  }

  @Test func aGrindSettingIsReadBackFromItsText() throws {
    let record = ShotRecord(recipe: .init(grind: GrindSetting(text: "14", value: 15)))
    #expect(try record.validate().get().recipe?.grind?.value == 14)
  }
}
