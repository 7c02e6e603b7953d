import DialRulesTestSupport
import Testing

@testable import DialRules

/// One test per clause of docs/design.md §4, each on a small table written for it.
@Suite struct SemanticsTests {
  @Test func decimalBoundariesAreExact() throws {
    let rules = try compileValid(
      rulesText(
        """
        rule long
          when shot.yield - recipe.yield > 1 g
          then yield -2 g
          because "x"
        """))
    let e = Evaluator(rules)
    // 36.1 - 35.1 is exactly 1: not greater than 1.
    #expect(e.decide(shot(yield: "36.1", recipeYield: "35.1")).outcome == .insufficientEvidence(.noRule))
    #expect(e.decide(shot(yield: "36.11", recipeYield: "35.1")).outcome == .adjust(.yield(deltaGrams: num("-2"))))
    // 0.1 + 0.2 style: 16.1 - 15.6 is exactly 0.5.
    let dose = try compileValid(
      rulesText("rule d\n when shot.dose - recipe.dose == 0.5 g\n then no change\n because \"x\"\n"))
    #expect(Evaluator(dose).decide(shot(dose: "16.1", recipeDose: "15.6")).outcome == .noChange)
  }

  @Test func kleeneAndOrNot() throws {
    // taste unknown; time known and fast.
    let rules = try compileValid(
      rulesText(
        """
        rule and_false
          when sour and shot.time > 100 s
          then grind finer
          because "F and U = F"
        rule or_true
          when sour or shot.time < 100 s
          then grind finer
          because "T or U = T"
        rule not_unknown
          when not sour
          then grind coarser
          because "not U = U"
        """))
    let e = Evaluator(rules)
    let ex = e.explain(shot(time: "20", taste: nil))
    #expect(ex.rules.map(\.truth) == [.no, .yes, .unknown])
    // M = {or_true: grind finer}, U = {not_unknown: grind coarser} → incomplete, missing taste.
    #expect(ex.decision.outcome == .insufficientEvidence(.incomplete))
    #expect(ex.decision.decidedBy == ["not_unknown"])
    #expect(ex.decision.missing == ["shot.taste"])
  }

  /// `x is known` is true when `x` was recorded and false when not, never unknown: a guard on an
  /// often-missing observation does not make every shot without it undecided.
  @Test func isKnownIsNeverUnknown() throws {
    let rules = try compileValid(
      rulesText(
        """
        rule late_drop
          when shot.first_drop is known and shot.first_drop > shot.time
          then insufficient "check the numbers"
          because "x"
        rule ran
          when shot.time < 100 s
          then no change
          because "x"
        rule tasted
          when not shot.taste is known
          then no change
          because "x"
        """))
    let e = Evaluator(rules)
    var s = shot(time: "28", taste: [.sour])
    // Absent first drop: the guard is false, so the shot is decided.
    #expect(e.explain(s).rules.map(\.truth) == [.no, .yes, .no])
    #expect(e.decide(s).outcome == .noChange)
    s.shot?.firstDropS = num("31")
    #expect(e.decide(s).outcome == .insufficientEvidence(.explicit))
    #expect(e.decide(s).decidedBy == ["late_drop"])
    s.shot?.firstDropS = num("6")
    #expect(e.decide(s).outcome == .noChange)
    // Known first drop, unknown time: the comparison is unknown, so the guard is undecided.
    s.shot?.firstDropS = num("31")
    s.shot?.timeS = nil
    let undecided = e.decide(s)
    #expect(undecided.outcome == .insufficientEvidence(.incomplete))
    #expect(undecided.missing == ["shot.time_s"])
    // An unrecorded taste is known to be unrecorded.
    #expect(e.explain(shot(taste: nil)).rules.map(\.truth) == [.no, .yes, .yes])
  }

  @Test func comparisonWithUnknownIsUnknown() throws {
    let rules = try compileValid(rulesText("rule r\n when shot.time < 25 s\n then grind finer\n because \"x\"\n"))
    let d = Evaluator(rules).decide(shot(time: nil))
    #expect(d.outcome == .insufficientEvidence(.incomplete))
    #expect(d.missing == ["shot.time_s"])
  }

  static let overrideTable = rulesText(
    """
    rule general
      when bitter
      then grind coarser
      because "x"
    rule special
      when bitter and shot.time < 20 s
      then insufficient "channeling"
      because "y"
      overrides general
    """)

  @Test func overriddenRuleTakesNoPart() throws {
    let e = Evaluator(try compileValid(Self.overrideTable))
    let ex = e.explain(shot(time: "18", taste: [.bitter]))
    #expect(ex.rules.map(\.status) == [.overridden, .matched])
    #expect(ex.decision.outcome == .insufficientEvidence(.explicit))
    #expect(ex.decision.decidedBy == ["special"])
  }

  /// `AgreeOrAbstain.status`, the one definition the general plan and the analysis call, over
  /// every truth of a rule and of up to three overriders, against §4's sentences read as sets.
  @Test func statusOfEveryRuleAndOverriderTruth() {
    let truths: [Truth] = [.yes, .no, .unknown]
    // Every list of zero to three overrider truths.
    var overriderSets: [[Truth]] = [[]]
    var longest: [[Truth]] = [[]]
    for _ in 0..<3 {
      longest = longest.flatMap { list in truths.map { list + [$0] } }
      overriderSets += longest
    }
    #expect(overriderSets.count == 1 + 3 + 9 + 27)
    var seen: Set<RuleStatus> = []
    for truth in truths {
      for overriders in overriderSets {
        let expected: RuleStatus
        if overriders.contains(.yes) {
          expected = .overridden
        } else if overriders.contains(.unknown) && truth != .no {
          expected = .inDoubt
        } else {
          expected = truth == .yes ? .matched : truth == .no ? .notMatched : .unknown
        }
        let status = AgreeOrAbstain.status(truth, overriders: overriders.indices) { overriders[$0] }
        #expect(status == expected, "rule \(truth), overriders \(overriders)")
        seen.insert(status)
        // Step 2: M is the matched rules, U the unknown and in-doubt ones; a false rule is in neither.
        let (m, u) = AgreeOrAbstain.matchedAndUndecided([0]) { _ in status }
        #expect(m == (status == .matched ? [0] : []))
        #expect(u == (status == .unknown || status == .inDoubt ? [0] : []))
        if truth == .no { #expect(m.isEmpty && u.isEmpty) }
      }
    }
    #expect(seen == [.matched, .notMatched, .unknown, .overridden, .inDoubt])
  }

  @Test func ruleInDoubtWhenOverriderUnknown() throws {
    let e = Evaluator(try compileValid(Self.overrideTable))
    let ex = e.explain(shot(time: nil, taste: [.bitter]))
    #expect(ex.rules.map(\.status) == [.inDoubt, .unknown])
    #expect(ex.decision.outcome == .insufficientEvidence(.incomplete))
    #expect(ex.decision.missing == ["shot.time_s"])
    // The overrider false: the general rule decides.
    #expect(e.decide(shot(time: "25", taste: [.bitter])).outcome == .adjust(.grind(.coarser, steps: 1)))
  }

  @Test func falseRuleIsNotInDoubt() throws {
    let e = Evaluator(try compileValid(Self.overrideTable))
    // general false (not bitter) although special is unknown (time absent) → nothing undecided but special.
    let ex = e.explain(shot(time: nil, taste: [.sour]))
    #expect(ex.rules.map(\.status) == [.notMatched, .notMatched])
    #expect(ex.decision.outcome == .insufficientEvidence(.noRule))
  }

  static let combining = rulesText(
    """
    rule a
      when sour
      then grind finer 1 step
      because "x"
    rule b
      when shot.time < 25 s
      then grind finer 1 step
      because "x"
    rule c
      when thin
      then grind finer 2 steps
      because "x"
    rule d
      when harsh
      then insufficient "harsh"
      because "x"
    """)

  @Test func explicitAbstentionWins() throws {
    let d = Evaluator(try compileValid(Self.combining)).decide(shot(time: "20", taste: [.sour, .harsh]))
    #expect(d.outcome == .insufficientEvidence(.explicit))
    #expect(d.decidedBy == ["d"])
    #expect(d.text == "harsh")
  }

  @Test func differentAmountsConflict() throws {
    let d = Evaluator(try compileValid(Self.combining)).decide(shot(time: "20", taste: [.sour, .thin]))
    #expect(d.outcome == .insufficientEvidence(.conflict))
    #expect(d.decidedBy == ["a", "b", "c"])
  }

  @Test func agreeingRulesDecideTogether() throws {
    let d = Evaluator(try compileValid(Self.combining)).decide(shot(time: "20", taste: [.sour]))
    #expect(d.outcome == .adjust(.grind(.finer, steps: 1)))
    #expect(d.decidedBy == ["a", "b"])
    #expect(d.missing.isEmpty)
  }

  @Test func unknownRuleWithSameActionDoesNotBlock() throws {
    // taste unknown: a is unknown but wants the same as b; c and d (thin, harsh) are unknown and differ.
    let rules = try compileValid(
      rulesText(
        """
        rule a
          when sour
          then grind finer 1 step
          because "x"
        rule b
          when shot.time < 25 s
          then grind finer 1 step
          because "x"
        """))
    let d = Evaluator(rules).decide(shot(time: "20", taste: nil))
    #expect(d.outcome == .adjust(.grind(.finer, steps: 1)))
    #expect(d.decidedBy == ["b"])
  }

  @Test func incompleteListsOnlyDissentingRules() throws {
    let d = Evaluator(try compileValid(Self.combining)).decide(shot(time: "20", taste: nil))
    #expect(d.outcome == .insufficientEvidence(.incomplete))
    #expect(d.decidedBy == ["c", "d"])
    #expect(d.missing == ["shot.taste"])
  }

  @Test func emptyMatchWithUnknownsIsIncompleteListingAll() throws {
    let d = Evaluator(try compileValid(Self.combining)).decide(shot(time: nil, taste: nil))
    #expect(d.outcome == .insufficientEvidence(.incomplete))
    #expect(d.decidedBy == ["a", "b", "c", "d"])
    #expect(d.missing == ["shot.taste", "shot.time_s"])
  }

  @Test func otherwiseDecidesWhenNothingMatches() throws {
    let none = Evaluator(try compileValid(Self.combining)).decide(shot(time: "30", taste: [.balanced]))
    #expect(none.outcome == .insufficientEvidence(.noRule))
    #expect(none.text == "No rule covers this shot.")
    #expect(none.decidedBy.isEmpty)
    let keep = try compileValid(
      "dialrules 1\nruleset \"t\"\n  otherwise no change\n" + "rule a\n when sour\n then grind finer\n because \"x\"\n")
    #expect(Evaluator(keep).decide(shot(taste: [])).outcome == .noChange)
  }

  @Test func flowAbsentIsKnownEmptyButTasteAbsentIsUnknown() throws {
    let rules = try compileValid(
      rulesText("rule ch\n when channeling\n then insufficient \"fix puck\"\n because \"x\"\n"))
    let e = Evaluator(rules)
    #expect(e.decide(shot(flow: nil)).outcome == .insufficientEvidence(.noRule))
    #expect(e.decide(shot(flow: [.channeling])).outcome == .insufficientEvidence(.explicit))
    let taste = try compileValid(rulesText("rule st\n when not sour\n then no change\n because \"x\"\n"))
    #expect(Evaluator(taste).decide(shot(taste: [])).outcome == .noChange)
    #expect(Evaluator(taste).decide(shot(taste: nil)).outcome == .insufficientEvidence(.incomplete))
  }

  @Test func previousAdjustmentAbsentIsNone() throws {
    let rules = try compileValid(
      rulesText(
        """
        rule first
          when previous.adjustment is none
          then no change
          because "x"
        rule after
          when previous.adjustment is grind finer
          then grind coarser
          because "x"
        """))
    let e = Evaluator(rules)
    #expect(e.decide(shot(previous: nil)).decidedBy == ["first"])
    #expect(e.decide(shot(previous: .grind(.finer, steps: 2))).decidedBy == ["after"])
    #expect(e.decide(shot(previous: .grind(.coarser, steps: 1))).outcome == .insufficientEvidence(.noRule))
  }

  @Test func ratioIsExactAndReadsBothFields() throws {
    let rules = try compileValid(rulesText("rule r\n when shot.ratio < 2\n then yield +2 g\n because \"x\"\n"))
    let e = Evaluator(rules)
    #expect(e.decide(shot(yield: "35.9", dose: "18")).outcome == .adjust(.yield(deltaGrams: num("2"))))
    #expect(e.decide(shot(yield: "36", dose: "18")).outcome == .insufficientEvidence(.noRule))
    #expect(e.decide(shot(yield: nil, dose: nil)).missing == ["shot.dose_g", "shot.yield_g"])
  }

  /// docs/design.md §4: `x between A and B` is exactly `A <= x and x <= B` under Kleene logic, so a
  /// known bound that `x` violates decides even when the other bound is unknown; and
  /// `docs/language.md` §9.3 says so (it once said any unknown operand made `between` unknown).
  @Test func betweenWithAnUnknownBoundIsTwoComparisons() throws {
    let rules = try compileValid(
      rulesText("rule r\n when shot.time between recipe.time and 30 s\n then no change\n because \"x\"\n"))
    let e = Evaluator(rules)
    // recipe.time unknown: above the known upper bound is false whatever the lower bound is…
    #expect(e.decide(shot(time: "31", recipeTime: nil)).outcome == .insufficientEvidence(.noRule))
    // …and below it depends on the unknown one.
    let open = e.decide(shot(time: "29", recipeTime: nil))
    #expect(open.outcome == .insufficientEvidence(.incomplete))
    #expect(open.missing == ["recipe.time_s"])
    #expect(e.decide(shot(time: "29", recipeTime: "28")).outcome == .noChange)
    // x unknown: unknown, whatever the bounds.
    #expect(e.decide(shot(time: nil)).outcome == .insufficientEvidence(.incomplete))
    let language = try PackageRoot.read("docs/language.md")
    let section = try #require(language.components(separatedBy: "### 9.3").dropFirst().first)
      .components(separatedBy: "### 9.4")[0]
    #expect(!section.contains("A comparison, `between`, or `has` test with an unknown operand is unknown"))
    #expect(section.contains("`x between A and B` is exactly `A <= x and x <= B`"))
  }

  /// `previous.shot.first_drop` and `previous.shot.flow` read the previous shot's record like
  /// their `shot.` counterparts: an absent first drop is unknown, an absent flow list is empty.
  @Test func previousShotFirstDropAndFlowAreReadable() throws {
    let rules = try compileValid(
      rulesText(
        """
        rule late
          when previous.shot.first_drop > 8 s
          then grind coarser
          because "x"
        rule gushed
          when previous.shot.flow has gushing
          then grind finer
          because "x"
        rule longer
          when previous.shot.ratio > 2.2
          then yield -2 g
          because "x"
        """))
    let e = Evaluator(rules)
    func previous(_ m: ShotRecord.Measurements?) -> ShotRecord {
      var s = shot()
      s.previous = .init(shot: m)
      return s
    }
    let late = previous(.init(doseG: num("18"), yieldG: num("36"), firstDropS: num("9"), flow: TagSet([.choked])))
    #expect(e.decide(late).decidedBy == ["late"])
    let gushed = previous(.init(doseG: num("18"), yieldG: num("36"), firstDropS: num("5"), flow: TagSet([.gushing])))
    #expect(e.decide(gushed).decidedBy == ["gushed"])
    // No first drop recorded: unknown; no flow recorded: no flow problem.
    let unknown = e.decide(previous(.init(doseG: num("18"), yieldG: num("36"))))
    #expect(unknown.outcome == .insufficientEvidence(.incomplete))
    #expect(unknown.missing == ["previous.shot.first_drop_s"])
    #expect(
      e.decide(previous(.init(doseG: num("18"), yieldG: num("41"), firstDropS: num("5")))).decidedBy == ["longer"])
    // The same through the batch reader's compact shots (what `eval` decides), for every case.
    let cases = [late, gushed, previous(.init(doseG: num("18"), yieldG: num("36")))]
    let file = SourceFile(path: "b.jsonl", text: cases.map(\.jsonText).joined(separator: "\n") + "\n")
    var decided: [[String]] = []
    ShotJSONReader.readShots(file) { _, result in
      guard case .success(let read) = result else { return }
      decided.append(e.decide(read).decidedBy)
    }
    #expect(decided == [["late"], ["gushed"], ["late"]])
  }
}
