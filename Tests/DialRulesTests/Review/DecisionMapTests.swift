import DialRulesTestSupport
import Foundation
import Testing

@testable import DialRules

@Suite struct DecisionMapTests {
  static func compile(_ text: String) throws -> CompiledRules {
    let out = RuleCompiler.compile(SourceFile(path: "t.dialrules", text: text))
    return try #require(out.rules, "\(out.diagnostics)")
  }

  /// The reference table (version 1 of the default rules, `Fixtures/reference`): its map is drawn
  /// completely over dt and dy, so the tests below can name its charts, edges and points.
  static func referenceRules() throws -> CompiledRules {
    try compile(try PackageRoot.read("Fixtures/reference/reference-table.dialrules"))
  }

  /// The shipped table (version 2).
  static func shippedRules() throws -> CompiledRules {
    try compile(try PackageRoot.read("rules/espresso.dialrules"))
  }

  static func shot(_ json: String) throws -> ShotRecord {
    try ShotJSONReader.read(SourceFile(path: "s.json", text: json)).get()
  }

  static func number(_ text: String) -> ExactNumber {
    (try? ExactNumber.parse(text).get()) ?? .zero
  }

  @Test func theDefaultTableIsDrawnOverTimeAndYieldWithTheDoseAsSlices() throws {
    let map = DecisionMap(tables: [try Self.referenceRules()])
    #expect(map.incomplete == nil)
    #expect(map.x?.label == "dt")
    #expect(map.x?.words == "time against the recipe")
    #expect(map.x?.lowWord == "faster")
    #expect(map.x?.breakpoints == [ExactNumber(-3), ExactNumber(3)])
    #expect(map.x?.low == ExactNumber(-8))
    #expect(map.x?.high == ExactNumber(8))
    #expect(map.y?.label == "dy")
    #expect(map.y?.breakpoints == [ExactNumber(-2), ExactNumber(2)])
    #expect(map.sliceAxes.map(\.label) == ["dd"])
    #expect(map.slices.map(\.text) == ["-0.5 g ≤ dd ≤ 0.5 g", "dd < -0.5 g or dd > 0.5 g"])
    #expect(map.slices.map(\.isTypical) == [true, false])
    #expect(map.situations.count == 47)
    let titles = map.situations.map(\.title)
    #expect(titles.first == "sour but not bitter, thin or strong; no flow problem")
    #expect(titles.contains("sour and bitter; no flow problem"))
    #expect(titles.contains("bitter but not sour or harsh; no flow problem; after a finer grind"))
    #expect(titles.contains("balanced only; no flow problem"))
    #expect(titles.contains("no taste tag; no flow problem"))
    #expect(Set(map.situations.map(\.id)).count == map.situations.count)
  }

  /// Every rectangle is exact: a witness built anywhere inside it gets, from the real evaluator,
  /// the outcome and deciding rules the map shows there.
  @Test(arguments: ["reference", "shipped"])
  func everyCellAgreesWithTheEvaluator(_ table: String) throws {
    let rules = try table == "shipped" ? Self.shippedRules() : Self.referenceRules()
    let map = DecisionMap(tables: [rules])
    let builder = WitnessBuilder(rules: rules, catalog: map.catalog)
    let evaluator = Evaluator(rules)
    let domains = map.catalog.numeric.map(\.domain)
    var checked = 0
    for situation in map.situations {
      for (s, cells) in situation.cells.enumerated() {
        for cell in cells {
          for part in situation.parts {
            var numeric = domains
            if let x = map.x { numeric[x.index] = IntervalSet(cell.x).intersection(domains[x.index]) }
            if let y = map.y { numeric[y.index] = IntervalSet(cell.y).intersection(domains[y.index]) }
            let slice = try #require(map.slices[s].parts.first)
            for (k, axis) in map.sliceAxes.enumerated() { numeric[axis.index] = slice[k] }
            let box = Box(numeric: numeric, finite: part)
            let witness = try #require(builder.shot(in: box, id: "w"), "no witness in \(map.boundsText(cell))")
            let decision = evaluator.decide(witness)
            let answer = map.answers[cell.answer]
            #expect(decision.outcome == answer.shown, "\(situation.title) \(map.boundsText(cell))")
            #expect(decision.decidedBy == answer.shownDecidedBy, "\(situation.title) \(map.boundsText(cell))")
            checked += 1
          }
        }
      }
    }
    #expect(checked > 200)
  }

  /// The rectangles of one chart never overlap and leave no valid value out.
  @Test func cellsPartitionEveryChart() throws {
    let map = DecisionMap(tables: [try Self.referenceRules()])
    let xs = ["-600", "-9", "-3.5", "-3", "-2.99", "0", "3", "3.01", "500"].map(Self.number)
    let ys = ["-50", "-2.01", "-2", "0", "2", "2.5", "900"].map(Self.number)
    for situation in map.situations {
      for cells in situation.cells {
        for x in xs where map.x?.domain.contains(x) ?? false {
          for y in ys where map.y?.domain.contains(y) ?? false {
            let holding = cells.filter { $0.x.contains(x) && $0.y.contains(y) }
            #expect(holding.count == 1, "\(situation.title) at dt \(x.decimalText), dy \(y.decimalText)")
          }
        }
      }
    }
  }

  @Test func boundsStayExactAndOpenEndsAreKept() throws {
    let map = DecisionMap(tables: [try Self.referenceRules()])
    let sour = try #require(map.situations.first { $0.title == "sour but not bitter, thin or strong; no flow problem" })
    let finer = try #require(sour.cells[0].first { map.answers[$0.answer].shown == .adjust(.grind(.finer, steps: 1)) })
    #expect(finer.x.upper == ExactNumber(-3))
    #expect(finer.x.upperClosed == false)
    #expect(map.boundsText(finer) == "dt < -3 s, -2 g ≤ dy ≤ 2 g")
    let longer = try #require(
      sour.cells[0].first { map.answers[$0.answer].shown == .adjust(.yield(deltaGrams: ExactNumber(2))) })
    #expect(map.boundsText(longer) == "-3 s ≤ dt ≤ 3 s, -2 g ≤ dy ≤ 2 g")
    #expect(map.answers[longer.answer].shownDecidedBy == ["sour_on_time"])
  }

  @Test func shotsArePlacedWhereTheyFall() throws {
    let map = DecisionMap(tables: [try Self.referenceRules()])
    let shot = try Self.shot(
      #"{"format":"dialrules-shot","version":1,"recipe":{"dose_g":18,"yield_g":36,"time_s":28},"shot":{"dose_g":18,"yield_g":36.5,"time_s":21,"taste":["sour"]}}"#
    )
    guard case .placed(let s, let slice, let x, let y) = map.place(shot) else {
      Issue.record("not placed")
      return
    }
    #expect(map.situations[s].title == "sour but not bitter, thin or strong; no flow problem")
    #expect(slice == 0)
    #expect(x == ExactNumber(-7))
    #expect(y == Self.number("0.5"))
    #expect(map.answer(situation: s, slice: slice, x: x, y: y)?.shown == .adjust(.grind(.finer, steps: 1)))
    let offDose = try Self.shot(
      #"{"format":"dialrules-shot","version":1,"recipe":{"dose_g":18,"yield_g":36,"time_s":28},"shot":{"dose_g":19,"yield_g":36,"time_s":28,"taste":["bitter"]}}"#
    )
    guard case .placed(_, let offSlice, _, _) = map.place(offDose) else {
      Issue.record("not placed")
      return
    }
    #expect(offSlice == 1)
    let untasted = try Self.shot(
      #"{"format":"dialrules-shot","version":1,"recipe":{"dose_g":18,"yield_g":36,"time_s":28},"shot":{"dose_g":18,"yield_g":36,"time_s":28}}"#
    )
    #expect(map.place(untasted) == .notPlaced("the taste is not recorded"))
    let untimed = try Self.shot(
      #"{"format":"dialrules-shot","version":1,"recipe":{"dose_g":18,"yield_g":36},"shot":{"dose_g":18,"yield_g":36,"time_s":28,"taste":[]}}"#
    )
    #expect(map.place(untimed) == .notPlaced("dt is not known"))
  }

  @Test func aDiffMapHoldsBothOutcomesAndMarksChanges() throws {
    let old = try Self.referenceRules()
    let text = try PackageRoot.read("Fixtures/reference/reference-table.dialrules").replacingOccurrences(
      of: "let fast = dt < -3 s", with: "let fast = dt < -4 s")
    let new = try Self.compile(text)
    let map = DecisionMap(tables: [old, new])
    #expect(map.x?.breakpoints == [ExactNumber(-4), ExactNumber(-3), ExactNumber(3)])
    let changed = map.answers.filter(\.changed)
    #expect(!changed.isEmpty)
    // Sour at -4 s ≤ dt < -3 s was "grind finer" and is now the gap nothing covers.
    let sour = try #require(map.situations.first { $0.title == "sour but not bitter, thin or strong; no flow problem" })
    let strip = try #require(sour.cells[0].first { map.answers[$0.answer].changed })
    #expect(map.boundsText(strip) == "-4 s ≤ dt < -3 s, -2 g ≤ dy ≤ 2 g")
    #expect(map.answers[strip.answer].outcomes == [.adjust(.grind(.finer, steps: 1)), .insufficientEvidence(.noRule)])
    let same = DecisionMap(tables: [old, old])
    #expect(same.answers.allSatisfy { !$0.changed })
  }

  @Test func tablesWithFewerAxesAreDrawnToo() throws {
    let one = try Self.compile(
      """
      dialrules 1
      ruleset "t"
      rule fast
        when shot.time < 20 s
        then grind finer 1 step
        because "Fast."
      """)
    let map = DecisionMap(tables: [one])
    #expect(map.x?.label == "shot.time")
    #expect(map.y == nil)
    #expect(map.situations.count == 1)
    #expect(map.situations[0].title == "every shot")
    #expect(map.situations[0].cells[0].count == 2)
    let none = try Self.compile(
      """
      dialrules 1
      ruleset "t"
      rule sour
        when sour
        then yield +2 g
        because "Sour."
      """)
    let tags = DecisionMap(tables: [none])
    #expect(tags.x == nil)
    #expect(tags.situations.map(\.title) == ["sour only", "no taste tag"])
    #expect(
      tags.situations.allSatisfy { $0.cells == [[DecisionMap.Cell(x: .all, y: .all, answer: $0.cells[0][0].answer)]] })
  }

  @Test func aTableOutsideTheFragmentIsNotDrawnAndSaysWhy() throws {
    let rules = try Self.compile(
      """
      dialrules 1
      ruleset "t"
      rule odd
        when shot.ratio * shot.ratio > 4
        then yield -2 g
        because "Longer than the recipe."
      """)
    let map = DecisionMap(tables: [rules])
    #expect(map.situations.isEmpty)
    #expect(map.incomplete?.contains("rule 'odd' is not analysed") == true)
  }

  /// A map drawn from the analysis' own cells (`Analyzer.analyze(_:recordingCells:)`, what
  /// `report` and the playground do) is the map of its own sweep: the same JSON and the same count
  /// of sweep steps, for the two default tables, every lint fixture that checks and is drawn, and
  /// 40 generated tables.
  @Test func aMapFromTheAnalysisCellsIsTheMapOfItsOwnSweep() throws {
    var tables: [(name: String, rules: CompiledRules)] = [
      ("reference", try Self.referenceRules()), ("shipped", try Self.shippedRules()),
    ]
    for path in try Corpus.files(in: "Fixtures/lint", suffix: ".dialrules") {
      if let rules = RuleCompiler.compile(SourceFile(path: path, text: try PackageRoot.read(path))).rules {
        tables.append((path, rules))
      }
    }
    for seed in UInt64(0)..<40 {
      var rng = SeededGenerator(seed: seed)
      let text = RuleGenerator.tableWithProperties(using: &rng)
      if let rules = RuleCompiler.compile(SourceFile(path: "g\(seed).dialrules", text: text)).rules {
        tables.append(("generated \(seed)", rules))
      }
    }
    var replayed = 0
    for (name, rules) in tables {
      let analysis = Analyzer.analyze(rules, recordingCells: true)
      let own = DecisionMap(tables: [rules])
      let lent = DecisionMap(tables: [rules], analysis: analysis)
      #expect(lent.jsonValue(tables: [rules]) == own.jsonValue(tables: [rules]), "\(name)")
      #expect(lent.sweptCells == own.sweptCells, "\(name)")
      if let cells = analysis.sweptCells, own.incomplete == nil {
        #expect(cells.steps == own.sweptCells, "\(name)")
        replayed += 1
        // Each cell names its parts by number: rebuilt, they are the sweep's own cells, in order.
        var sweep = CellSweep(
          entries: Array(zip(cells.boxes, cells.rules)).map { ($0.0, $0.1) }, catalog: analysis.catalog)
        var visited: [Box] = []
        sweep.run { box, _ in
          visited.append(box)
          return true
        }
        #expect(visited == cells.cells.map(cells.box), "\(name)")
        // What keeping parts instead of boxes rests on: the shipped table's cells share a few
        // hundred numeric parts (768 of 35,328 cells when written).
        if name == "shipped" {
          #expect(cells.numericParts.count * 20 < cells.cells.count, "\(cells.numericParts.count) parts")
          #expect(cells.finiteParts.count * 20 < cells.cells.count, "\(cells.finiteParts.count) finite parts")
        }
      }
    }
    // The comparison is only worth something where the cells were lent.
    #expect(replayed >= 30, "cells lent for \(replayed) of \(tables.count) tables")
    #expect(try Analyzer.analyze(Self.shippedRules()).sweptCells == nil)
  }

  /// The comparison above holds only if the map reads the lent cells at all: cells whose decisions
  /// are all made one and the same draw a map of that one answer instead of the table's.
  @Test func theMapReadsTheLentCells() throws {
    let rules = try Self.shippedRules()
    var analysis = Analyzer.analyze(rules, recordingCells: true)
    let real = try #require(analysis.sweptCells)
    #expect(real.decisions.count > 1)
    var fake = SweptCells(Array(zip(real.boxes, real.rules)).map { (box: $0.0, rule: $0.1) })
    var added = 0
    for cell in real.cells {
      let decided = real.decisions[0]
      if fake.add(real.box(cell), numericPart: cell.numeric, decided.outcome, decidedBy: decided.decidedBy) {
        added += 1
      }
    }
    #expect(added == real.cells.count)
    fake.finish(steps: real.steps)
    analysis.sweptCells = fake
    let map = DecisionMap(tables: [rules], analysis: analysis)
    #expect(map.answers.count == 1)
    #expect(DecisionMap(tables: [rules]).answers.count == real.decisions.count)
  }

  @Test func theSameTableGivesTheSameMap() throws {
    let rules = try Self.referenceRules()
    #expect(DecisionMap(tables: [rules]).situations == DecisionMap(tables: [rules]).situations)
  }
}
