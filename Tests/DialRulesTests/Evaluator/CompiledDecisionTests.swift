import DialRulesTestSupport
import Testing

@testable import DialRules

/// The compiled table (`DecisionProgram`, what `decide` runs) against the general plan (what
/// `explain` runs): field for field the same decision, over generated tables and shots — with
/// unknowns, values at the bounds of shot JSON and one part in 10⁹ beside the tables' constants —
/// on tables too large for the one-word form, and past the end of the decision table's capacity.
@Suite struct CompiledDecisionTests {
  /// 300 generated tables (`RuleGenerator`: arithmetic of every unit, ratios, `between`, tag
  /// tests, patterns, `not`/`and`/`or`, overrides), 16 shots each.
  @Test func agreesWithTheGeneralPlanOnGeneratedTables() throws {
    var compiledShots = 0
    var fixedPointAtoms = 0
    var generalAtoms = 0
    for seed in 0..<300 {
      var rng = SeededGenerator(seed: UInt64(seed))
      var generator = RuleGenerator(FuzzedBytes((0..<600).map { _ in UInt8.random(in: 0...255, using: &rng) }))
      let text = generator.table().text()
      let rules = try compileValid(text)
      let evaluator = Evaluator(rules)
      generalAtoms += evaluator.program.generalAtoms.count
      fixedPointAtoms += evaluator.program.comparisonAtoms.count + evaluator.program.betweenAtoms.count
      for n in 0..<8 {
        for shot in [generator.shot(id: n), generator.extremeShot(id: n)] {
          if CompactShot(shot) != nil { compiledShots += 1 }
          let problems = FuzzOracles.compiledAgreement(evaluator, shot)
          #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))\ntable:\n\(text)")
        }
      }
    }
    // Not vacuous: most shots take the compiled path, and both kinds of comparison occur.
    #expect(compiledShots > 4_000)
    #expect(fixedPointAtoms > 300)
    #expect(generalAtoms > 0)
  }

  /// The default table over its own fixtures' kind of shots, and with every field at a bound.
  @Test func agreesOnTheDefaultTable() throws {
    let rules = try compileValid(DefaultRules.source)
    let evaluator = Evaluator(rules)
    #expect(evaluator.program.isOneWord)
    #expect(evaluator.program.generalAtoms.isEmpty)
    var rng = SeededGenerator(seed: 7)
    for _ in 0..<2_000 {
      let s = PropertyTests.randomShot(&rng)
      #expect(FuzzOracles.compiledAgreement(evaluator, s).isEmpty)
    }
    var generator = RuleGenerator(FuzzedBytes((0..<20_000).map { _ in UInt8.random(in: 0...255, using: &rng) }))
    for n in 0..<1_000 {
      let s = generator.extremeShot(id: n)
      #expect(FuzzOracles.compiledAgreement(evaluator, s).isEmpty, "\(s.jsonText)")
    }
  }

  /// 90 rules over 90 distinct comparisons: more than one word of atoms and of rules, so the
  /// general (multi-word) path runs, with overrides across words.
  @Test func agreesOnTablesLargerThanOneWord() throws {
    var text = "dialrules 1\nruleset \"big\"\n  limit grind 2 steps\n\n"
    let actions = ["grind finer 1 step", "grind coarser 1 step", "yield +2 g", "no change", "insufficient \"x\""]
    for i in 0..<90 {
      let threshold = 15 + Double(i) / 4
      text += "rule r\(i)\n  when shot.time > \(threshold) s and (sour or shot.yield < \(30 + i % 10) g)\n"
      text += "  then \(actions[i % actions.count])\n  because \"b\"\n"
      if i >= 70 { text += "  overrides r\(i - 67)\n" }
      text += "\n"
    }
    let rules = try compileValid(text)
    let evaluator = Evaluator(rules)
    #expect(!evaluator.program.isOneWord)
    #expect(evaluator.program.ruleWords == 2)
    var rng = SeededGenerator(seed: 11)
    for _ in 0..<1_500 {
      let s = PropertyTests.randomShot(&rng)
      #expect(FuzzOracles.compiledAgreement(evaluator, s).isEmpty, "\(s.jsonText)")
    }
  }

  /// With room for one decision only, every other decision is built each time — and is the same.
  @Test func aFullDecisionTableStillDecidesRight() throws {
    let rules = try compileValid(DefaultRules.source)
    let full = Evaluator(rules, decisionCapacity: 1)
    let reference = Evaluator(rules)
    var rng = SeededGenerator(seed: 5)
    var kinds = Set<String>()
    for _ in 0..<500 {
      let s = PropertyTests.randomShot(&rng)
      let d = full.decide(s)
      kinds.insert(d.outcome.kind.rawValue + d.decidedBy.joined())
      #expect(d == reference.referenceDecision(s))
      #expect(d == reference.decide(s))
    }
    #expect(full.program.classes.count == 1)
    #expect(kinds.count > 5)
    #expect(reference.program.classes.count > 5)
  }

  /// Out of bounds (a dose of 10⁶ g, a time with 12 decimals): no compact form, so the general
  /// plan decides, exactly as before.
  @Test func recordsOutsideTheBoundsTakeTheGeneralPlan() throws {
    let rules = try compileValid(DefaultRules.source)
    let evaluator = Evaluator(rules)
    var s = shot(time: "21", taste: [.sour])
    s.shot?.doseG = ExactNumber(1_000_000)
    #expect(CompactShot(s) == nil)
    #expect(evaluator.decide(s) == evaluator.referenceDecision(s))
    s = shot(time: "21", taste: [.sour])
    s.shot?.timeS = ExactNumber(significand: 21_000_000_000_001, scale: 12)
    #expect(CompactShot(s) == nil)
    #expect(evaluator.decide(s) == evaluator.referenceDecision(s))
    #expect(evaluator.decide(s).outcome == .adjust(.grind(.finer, steps: 1)))
  }

  /// Ratios compared by cross-multiplication, exactly at the boundary: 36/18 is 2, 36.000000001/18
  /// is above, and `shot.ratio == recipe.ratio` holds for 37/18.5 against 36/18.
  @Test func ratiosAreExactAtTheBoundary() throws {
    let rules = try compileValid(
      rulesText(
        """
        rule above
          when shot.ratio > 2
          then yield -2 g
          because "b"
        rule same
          when shot.ratio == recipe.ratio
          then no change
          because "b"

        """))
    let evaluator = Evaluator(rules)
    #expect(evaluator.program.generalAtoms.isEmpty)
    func decide(yield: String, dose: String) -> Decision {
      evaluator.decide(shot(yield: yield, dose: dose))
    }
    #expect(decide(yield: "36", dose: "18").decidedBy == ["same"])
    #expect(decide(yield: "36.000000001", dose: "18").decidedBy == ["above"])
    #expect(decide(yield: "37", dose: "18.5").decidedBy == ["same"])
    for (y, d) in [("36", "18"), ("36.000000001", "18"), ("37", "18.5"), ("35.999999999", "18")] {
      let s = shot(yield: y, dose: d)
      #expect(evaluator.decide(s) == evaluator.referenceDecision(s))
    }
  }
}

/// Counting a rule as false is deleting it: what the analysis' witness check relies on.
extension CompiledDecisionTests {
  @Test func aRuleCountedFalseIsARuleDeleted() throws {
    var compared = 0
    for seed in 300..<420 {
      var rng = SeededGenerator(seed: UInt64(seed))
      var generator = RuleGenerator(FuzzedBytes((0..<600).map { _ in UInt8.random(in: 0...255, using: &rng) }))
      let rules = try compileValid(generator.table().text())
      let plan = EvaluationPlan(rules)
      for n in 0..<4 {
        let shot = generator.shot(id: n)
        for r in rules.rules.indices {
          #expect(plan.outcome(shot, without: r) == EvaluationPlan(rules.removingRule(r)).decide(shot).outcome)
          compared += 1
        }
      }
    }
    #expect(compared > 1_000)
  }
}

/// `CompactShot` is the record's rule-readable content, and compacts exactly the valid records.
extension CompiledDecisionTests {
  @Test func compactFormKeepsEveryValue() throws {
    var rng = SeededGenerator(seed: 3)
    var generator = RuleGenerator(FuzzedBytes((0..<20_000).map { _ in UInt8.random(in: 0...255, using: &rng) }))
    for n in 0..<500 {
      let s = generator.extremeShot(id: n)
      let compact = try #require(CompactShot(s))
      for field in NumericField.allCases {
        #expect(compact.scaled(field).map(ExactNumber.init(scaled:)) == field.value(in: s))
      }
      #expect(compact.adjustment.adjustment == s.previous?.adjustment)
      #expect(EvaluationPlan.absentMask(s) == compact.absent)
    }
  }
}

/// What `eval` writes per line — the escaped id and the decision class's prebuilt bytes — is,
/// byte for byte, the decision JSON of the general plan's decision, whatever the id holds (and
/// with room for one class only, where the bytes are built per line).
extension CompiledDecisionTests {
  @Test func prebuiltDecisionBytesAreTheDecisionJSON() throws {
    let ids: [String?] = [nil, "a", "shot-17", "quote\"d", "back\\slash", "tab\tand\nline", "café ☕", "\u{1}"]
    var lines = 0
    var kinds = Set<String>()
    for seed in 500..<560 {
      var rng = SeededGenerator(seed: UInt64(seed))
      var generator = RuleGenerator(FuzzedBytes((0..<600).map { _ in UInt8.random(in: 0...255, using: &rng) }))
      let rules = try compileValid(generator.table().text())
      var shots: [ShotRecord] = []
      for n in 0..<12 {
        var s = n % 2 == 0 ? generator.shot(id: n) : generator.extremeShot(id: n)
        s.id = ids[n % ids.count]
        shots.append(s)
      }
      let file = SourceFile(path: "batch.jsonl", text: shots.map(\.jsonText).joined(separator: "\n") + "\n")
      for evaluator in [Evaluator(rules), Evaluator(rules, decisionCapacity: 1)] {
        var index = 0
        ShotJSONReader.readShots(file) { _, result in
          defer { index += 1 }
          guard case .success(let read) = result else {
            // Generated shots may be out of the bounds of shot JSON; those are not eval's lines.
            #expect((try? shots[index].validate().get()) == nil, "\(shots[index].jsonText)")
            return
          }
          var fast = JSONWriter()
          evaluator.writeDecision(read, to: &fast)
          var reference = JSONWriter()
          let decision = evaluator.referenceDecision(shots[index])
          decision.writeJSON(to: &reference)
          kinds.insert(decision.outcome.kind.rawValue)
          #expect(fast.bytes == reference.bytes, "\(shots[index].jsonText)")
          lines += 1
        }
        #expect(index == shots.count)
      }
    }
    #expect(lines > 500)
    #expect(kinds.count >= 3, "\(kinds)")
  }
}

/// `decide`'s conversion of a `ShotRecord` gives the compact form the shot JSON reader fills for
/// the same record written as JSON: the two ways into the compiled table cannot drift apart.
extension CompiledDecisionTests {
  @Test func compactFromARecordIsCompactFromTheReader() throws {
    var rng = SeededGenerator(seed: 13)
    var generator = RuleGenerator(FuzzedBytes((0..<40_000).map { _ in UInt8.random(in: 0...255, using: &rng) }))
    var shots: [ShotRecord] = []
    for n in 0..<600 { shots.append(n % 2 == 0 ? generator.shot(id: n) : generator.extremeShot(id: n)) }
    for _ in 0..<300 { shots.append(PropertyTests.randomShot(&rng)) }
    let file = SourceFile(path: "batch.jsonl", text: shots.map(\.jsonText).joined(separator: "\n") + "\n")
    var index = 0
    var compared = 0
    var unknowns = 0
    ShotJSONReader.readShots(file) { _, result in
      defer { index += 1 }
      let record = shots[index]
      guard case .success(let read) = result else {
        #expect(CompactShot(record) == nil || (try? record.validate().get()) == nil, "\(record.jsonText)")
        return
      }
      guard let compact = CompactShot(record) else {
        Issue.record("a record the reader accepts has no compact form: \(record.jsonText)")
        return
      }
      let fromReader = read.compact
      #expect(compact.present == fromReader.present, "\(record.jsonText)")
      for field in NumericField.allCases {
        #expect(compact.scaled(field) == fromReader.scaled(field), "\(field) in \(record.jsonText)")
      }
      #expect(compact.taste == fromReader.taste && compact.previousTaste == fromReader.previousTaste)
      #expect(compact.flow == fromReader.flow && compact.previousFlow == fromReader.previousFlow)
      #expect(compact.adjustment == fromReader.adjustment, "\(record.jsonText)")
      if compact.absent != 0 { unknowns += 1 }
      compared += 1
    }
    #expect(index == shots.count)
    #expect(compared > 600)
    #expect(unknowns > 100)
  }
}

/// The atom cache of a one-word table: decisions looked up by the atoms' values are the general
/// plan's, the second time as the first, and the cache stays within its bound.
extension CompiledDecisionTests {
  @Test func decisionsThroughTheAtomCacheAreTheGeneralPlans() throws {
    let rules = try compileValid(DefaultRules.source)
    let evaluator = Evaluator(rules)
    let small = Evaluator(rules, decisionCapacity: 2)
    var rng = SeededGenerator(seed: 17)
    let shots = (0..<1_500).map { _ in PropertyTests.randomShot(&rng) }
    for round in 0..<2 {
      for s in shots {
        let reference = evaluator.referenceDecision(s)
        #expect(evaluator.decide(s) == reference, "round \(round): \(s.jsonText)")
        #expect(small.decide(s) == reference, "round \(round): \(s.jsonText)")
      }
    }
    // Shots share atom values: fewer triples than shots, but more than one.
    #expect(evaluator.program.atomClasses.count > 10)
    #expect(evaluator.program.atomClasses.count < shots.count)
    #expect(small.program.atomClasses.count <= small.program.atomClasses.capacity)
    #expect(small.program.atomClasses.capacity == 8)
    // A table too large for the one-word form has no atom cache.
    var text = "dialrules 1\nruleset \"big\"\n\n"
    for i in 0..<70 { text += "rule r\(i)\n  when shot.time > \(15 + i) s\n  then no change\n  because \"b\"\n\n" }
    let big = Evaluator(try compileValid(text))
    _ = big.decide(shots[0])
    #expect(big.program.atomClasses.capacity == 0 && big.program.atomClasses.count == 0)
  }
}

/// A comparison is one unsigned test of `sum - low` against the range's width, in wrapping
/// arithmetic: it must agree with the plain comparison for every operator at the threshold, next
/// to it and at both ends of `Int128`, thresholds at the largest magnitude a proved sum may have.
extension CompiledDecisionTests {
  @Test func aComparisonIsItsOperatorOnEveryInt128() {
    let limit = FixedPointComparison.limit
    let operators: [(ComparisonOperator, (Int128, Int128) -> Bool)] = [
      (.less, { $0 < $1 }), (.lessOrEqual, { $0 <= $1 }), (.greater, { $0 > $1 }),
      (.greaterOrEqual, { $0 >= $1 }), (.equal, { $0 == $1 }), (.notEqual, { $0 != $1 }),
    ]
    var checked = 0
    for threshold in [0, 1, -1, 1_000_000_000, -limit + 1, limit - 1] as [Int128] {
      let values: [Int128] = [
        .min, .min + 1, .max, .max - 1, 0, threshold, threshold - 1, threshold + 1, -threshold, limit, -limit,
      ]
      for (op, plain) in operators {
        let c = DecisionProgram.Comparison(sum: 0, op: op, threshold: threshold, reads: 0)
        for v in values {
          #expect(c.holds(v) == plain(v, threshold), "\(v) \(op) \(threshold)")
          checked += 1
        }
      }
    }
    #expect(checked == 6 * 6 * 11)
  }
}
