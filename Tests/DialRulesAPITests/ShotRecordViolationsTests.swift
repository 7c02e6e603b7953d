import DialRules
import Testing

/// A record built in code that breaks a bound is reported in the record's terms (issue 21 item 6):
/// the field (its JSON path and key path), the value and the bound, with no JSON position.
@Suite struct ShotRecordViolationsTests {
  @Test func aNumberOutOfRangeNamesTheFieldTheValueAndTheBound() throws {
    let record = ShotRecord(recipe: .init(doseG: 18), shot: .init(doseG: -1, yieldG: 36))
    let violations = record.violations()
    #expect(violations.count == 1)
    let v = try #require(violations.first)
    #expect(v.field == .shotDose)
    #expect(v.field?.keyPath == \ShotRecord.shot?.doseG)
    #expect(v.value == "-1")
    #expect(v.problem == .outOfRange)
    #expect(v.code == "J025")
    let bound = try #require(v.bound)
    #expect(bound.minimum == 0 && !bound.includesMinimum && bound.maximum == 100 && bound.unit == .grams)
    #expect(!bound.admits(-1) && bound.admits(18))
    #expect(v.description == "shot.dose_g is -1; expected more than 0 and at most 100 g")
    // No place: neither the description nor the message points into JSON.
    #expect(!v.description.contains(ShotRecord.validationPath) && !v.message.contains(":1:"))
  }

  @Test func everyKindOfProblemIsReported() throws {
    var record = ShotRecord(
      id: String(repeating: "x", count: 2_000),
      recipe: .init(timeS: ExactNumber(1).divided(by: ExactNumber(10_000_000_000))!),
      grinder: .init(step: 0.5, min: 10, max: 5),
      previous: .init(adjustment: .grind(.finer, steps: 0)))
    record.shot = .init(firstDropS: 700)
    let byField = Dictionary(grouping: record.violations(), by: { $0.field })
    #expect(byField[.id]?.first?.problem == .textTooLong(bytes: 2_000, limit: 1_000))
    #expect(byField[.recipeTime]?.first?.problem == .number(.tooPrecise))
    #expect(byField[.grinderMin]?.first?.problem == .minimumNotBelowMaximum)
    #expect(byField[.previousAdjustmentSteps]?.first?.problem == .outOfRange)
    #expect(byField[.shotFirstDrop]?.first?.value == "700")
    #expect(byField[.shotFirstDrop]?.first?.bound?.includesMinimum == true)
  }

  @Test func aValidRecordHasNone() {
    #expect(ShotRecord(recipe: .init(doseG: 18), shot: .init(doseG: 18, yieldG: 36, timeS: 28)).violations() == [])
  }

  /// Shot JSON keeps its positioned diagnostics.
  @Test func jsonInputKeepsItsPlaces() throws {
    guard
      case .failure(let list) = ShotRecord.parseJSON(#"{"format":"dialrules-shot","version":1,"shot":{"dose_g":-1}}"#)
    else {
      Issue.record("accepted")
      return
    }
    #expect(list.description.hasPrefix("<shot>:1:"))
  }

  /// Every field's bound is the reader's.
  @Test(arguments: ShotRecord.Field.allCases) func boundsMatchTheReader(_ field: ShotRecord.Field) throws {
    guard let bound = field.bound else {
      #expect([.id, .grinderName].contains(field))
      return
    }
    #expect(bound.minimum < bound.maximum)
    #expect(!bound.text.isEmpty)
  }
}
