/// Building a decision map from the analysis' exact cells.
///
/// 1. The tables get catalogs over the same axes (`AxisCatalog.shared`) and every rule its region
///    as boxes (`RuleRegions`). The numeric axes constrained by the most boxes are plotted (x the
///    most, then y); the other constrained numeric axes become slices.
/// 2. Every axis is cut into its elementary pieces (`ElementaryPieces`: each end point some box
///    uses, and the open stretches between), so each chart is a grid of pieces.
/// 3. One `CellSweep` over the boxes of all tables visits every exact cell; `Combiner` gives each
///    table's decision there, and the cell's answer is written into the grid pieces it covers.
///    A cell's finite classes are fixed before any numeric cut (the sweep cuts finite axes
///    first), so the finite part of a cell names its situation.
/// 4. Situations with identical grids are one chart; slices identical in every chart are one
///    slice; runs of equal pieces are merged into rectangles whose bounds stay exact intervals.
extension DecisionMap {
  /// Most grid points written (cells × the pieces each covers); past it the map is incomplete.
  static let maxGridWrites = 4_000_000
  /// Most slice combinations drawn; past it only the typical slice is.
  static let maxSlices = 48

  /// The map of one table (`tables.count == 1`) or of a change between two (old, new).
  ///
  /// `analysis`, of the one table and made `recordingCells`, lends the map its sweep's cells: the
  /// same cells this map's own sweep would visit, in the same order, so the map is the same.
  package init(tables: [CompiledRules], analysis: Analysis? = nil) {
    precondition((1...2).contains(tables.count), "a decision map shows one or two tables")
    let catalogs = AxisCatalog.shared(tables)
    catalog = catalogs[0]
    ruleIDs = tables.map { $0.rules.map { $0.id } }
    let entries: [(box: Box, rule: Int)]
    switch Self.ruleBoxes(tables, catalogs: catalogs) {
    case .success(let boxes): entries = boxes
    case .failure(let reason):
      incomplete = reason.text
      return
    }
    let pieces = choosePlotAxes(entries)
    let layout = GridLayout(
      pieces: pieces, combos: sliceCombinations(pieces), nx: x.map { pieces[$0.index].count } ?? 1,
      ny: y.map { pieces[$0.index].count } ?? 1)
    let recorded = tables.count == 1 ? analysis?.sweptCells.flatMap { $0.swept(entries) ? $0 : nil } : nil
    guard let swept = sweepGrids(tables, entries: entries, layout: layout, recorded: recorded) else { return }
    answers = swept.answers
    let charts = Self.mergeCharts(swept)
    let builtSlices = buildSlices(charts.grids, layout: layout)
    slices = builtSlices.map { $0.slice }
    situations = drawSituations(charts, slices: builtSlices, layout: layout)
  }

  /// Why a map is not drawn, as the sentence `incomplete` holds.
  private struct NotDrawn: Error {
    var text: String
  }

  /// Every rule's region as boxes, numbered across both tables (the new table's rules
  /// after the old one's); fails on the first rule that is not analysed.
  private static func ruleBoxes(_ tables: [CompiledRules], catalogs: [AxisCatalog]) -> Result<
    [(box: Box, rule: Int)], NotDrawn
  > {
    var entries: [(box: Box, rule: Int)] = []
    let offsets = [0, tables[0].rules.count]
    for (t, rules) in tables.enumerated() {
      let which = tables.count == 1 ? "" : (t == 0 ? " of the old table" : " of the new table")
      let regions = RuleRegions(rules, catalog: catalogs[t])
      for rule in rules.rules {
        switch regions.regions[rule.index] {
        case .success(let boxes):
          for box in boxes { entries.append((box, offsets[t] + rule.index)) }
        case .failure(.unsupported(let reason, _)):
          return .failure(NotDrawn(text: "rule '\(rule.id)'\(which) is not analysed: \(reason)"))
        case .failure(.tooLarge):
          return .failure(
            NotDrawn(
              text:
                "rule '\(rule.id)'\(which) expands to more than \(AnalysisLimits.maxBoxesPerRule) boxes, so it is not analysed"
            ))
        }
      }
    }
    return .success(entries)
  }

  /// Sets `x`, `y` and `sliceAxes` to the numeric axes the most boxes constrain (ties to
  /// the axis used first), and returns every numeric axis cut into its elementary pieces.
  private mutating func choosePlotAxes(_ entries: [(box: Box, rule: Int)]) -> [ElementaryPieces] {
    let full = Box.all(catalog)
    var uses = [Int](repeating: 0, count: catalog.numeric.count)
    for e in entries {
      for i in uses.indices where e.box.numeric[i] != full.numeric[i] { uses[i] += 1 }
    }
    let ranked = uses.indices.filter { uses[$0] > 0 }.sorted { uses[$0] != uses[$1] ? uses[$0] > uses[$1] : $0 < $1 }
    let pieces = catalog.numeric.indices.map { i in
      ElementaryPieces(full.numeric[i].endPoints + entries.flatMap { $0.box.numeric[i].endPoints })
    }
    let axes = ranked.map { plotAxis($0, pieces: pieces[$0]) }
    x = axes.first
    y = axes.count > 1 ? axes[1] : nil
    sliceAxes = Array(axes.dropFirst(2))
    return pieces
  }

  /// The slice combinations, one elementary piece per slice axis; past `maxSlices`, only
  /// the typical slice (and `incomplete` says so).
  private mutating func sliceCombinations(_ pieces: [ElementaryPieces]) -> [[Int]] {
    let slicePieces: [[Int]] = sliceAxes.map { axis in
      let p = pieces[axis.index]
      let inDomain = p.mask(of: axis.domain)
      return (0..<p.count).filter { inDomain[$0] }
    }
    var combos: [[Int]] = [[]]
    for choices in slicePieces {
      combos = combos.flatMap { c in choices.map { c + [$0] } }
      if combos.count > Self.maxSlices { break }
    }
    guard combos.count > Self.maxSlices else { return combos }
    let catalog = catalog
    incomplete =
      "only the slice with \(sliceAxes.map { "\($0.label) = \(catalog.numeric[$0.index].typical.decimalText)" }.joined(separator: ", ")) is drawn: "
      + "the other values of \(sliceAxes.map { $0.label }.joined(separator: ", ")) make more than \(Self.maxSlices) slices"
    return [
      sliceAxes.map { axis in
        let p = pieces[axis.index]
        return (0..<p.count).first { p.interval($0).contains(catalog.numeric[axis.index].typical) } ?? 0
      }
    ]
  }

  /// The grid every situation is drawn on: the pieces of each numeric axis, the slice
  /// combinations, and one plane of `nx` × `ny` pieces per combination.
  private struct GridLayout {
    var pieces: [ElementaryPieces]
    var combos: [[Int]]
    var nx: Int
    var ny: Int
    var plane: Int { nx * ny }
  }

  /// What the sweep found: the answers, and each situation's finite part and grid.
  private struct SweptGrids {
    var answers: [Answer] = []
    var situationParts: [[UInt64]] = []
    var grids: [[Int32]] = []
  }

  /// One sweep over the boxes of all tables visits every exact cell, and the cell's answer
  /// is written into the grid pieces it covers; nil (and `incomplete` says why) when the sweep
  /// stops at its limits or the grid writes pass `maxGridWrites`. With `recorded` (the cells of a
  /// sweep of the same entries) the cells are read from it instead; past `maxGridWrites` the map
  /// sweeps after all, so that `sweptCells` counts where its own sweep stopped.
  private mutating func sweepGrids(
    _ tables: [CompiledRules], entries: [(box: Box, rule: Int)], layout: GridLayout, recorded: SweptCells? = nil
  ) -> SweptGrids? {
    var found = SweptGrids()
    var keys: [[UInt64]: Int] = [:]
    var answerIndex: [[SweptCells.Decided]: Int] = [:]
    var writes = 0
    let offsets = [0, tables[0].rules.count]
    let combiners = tables.map(Combiner.init)
    let (pieces, combos, nx, plane) = (layout.pieces, layout.combos, layout.nx, layout.plane)
    let gridSize = combos.count * plane
    let xIndex = x?.index
    let yIndex = y?.index
    let sliceIndices = sliceAxes.map { $0.index }
    // The answer of each list of covering rules met so far: cells of many situations share one,
    // and deciding, naming the deciding rules and hashing the answer cost more than the lookup.
    var answerByRules: [[Int]: Int] = [:]
    // Per numeric axis, the pieces each set the sweep gives a cell covers: cells share few sets.
    var coveredPieces = [IntervalSetMemo<[Int]>](repeating: IntervalSetMemo(), count: catalog.numeric.count)
    var sliceMask = [IntervalSetMemo<[Bool]>](repeating: IntervalSetMemo(), count: catalog.numeric.count)
    // The previous cell's finite part and situation: neighbouring cells mostly share it, and
    // comparing a few integers costs less than hashing them.
    var lastFinite: [UInt64] = []
    var lastSituation: Int?
    // The answer of each table's decision, numbered in order of discovery. Rule ids are distinct
    // within a table, so the deciding rules' indices name an answer as their ids do, without
    // hashing strings.
    func answer(_ decided: [SweptCells.Decided]) -> Int {
      if let known = answerIndex[decided] { return known }
      let a = found.answers.count
      answerIndex[decided] = a
      found.answers.append(
        Answer(
          outcomes: decided.map { $0.outcome },
          decidedBy: decided.indices.map { t in decided[t].decidedBy.map { tables[t].rules[$0].id } }))
      return a
    }
    // The covering rules of the cell being visited, each run of one rule's entries once.
    var rulesKey: [Int] = []
    // The answer where the entries `covering` (of rules `entryRules`) are true.
    func answer(covering: [Int], entryRules: [Int]) -> Int {
      rulesKey.removeAll(keepingCapacity: true)
      for e in covering where rulesKey.last != entryRules[e] { rulesKey.append(entryRules[e]) }
      if let known = answerByRules[rulesKey] { return known }
      // `rulesKey` holds every covering rule; each table's true rules, ascending and distinct.
      var trueRules = [[Int]](repeating: [], count: tables.count)
      for r in rulesKey {
        let t = tables.count == 2 && r >= offsets[1] ? 1 : 0
        trueRules[t].append(r - offsets[t])
      }
      let a = answer(
        tables.indices.map { t in
          let d = combiners[t].decide(Self.ascendingDistinct(trueRules[t]))
          return SweptCells.Decided(outcome: d.outcome, decidedBy: d.decidedBy)
        })
      answerByRules[rulesKey] = a
      return a
    }
    // Where a numeric part lands on the grid: the pieces its x and y sets cover, and per slice
    // axis which of its pieces it meets.
    typealias Placement = (xs: [Int], ys: [Int], sliceMasks: [[Bool]])
    func placement(_ numeric: [IntervalSet]) -> Placement {
      func covered(_ a: Int) -> [Int] {
        coveredPieces[a].value(for: numeric[a]) { Self.covered(pieces[a], $0) }
      }
      return (
        xIndex.map(covered) ?? [0], yIndex.map(covered) ?? [0],
        sliceIndices.map { a in sliceMask[a].value(for: numeric[a]) { pieces[a].mask(of: $0) } }
      )
    }
    func visit(_ finite: [UInt64], _ placed: Placement, answer a: Int) -> Bool {
      let s: Int
      if let lastSituation, finite == lastFinite {
        s = lastSituation
      } else if let known = keys[finite] {
        s = known
      } else {
        s = found.situationParts.count
        keys[finite] = s
        found.situationParts.append(finite)
        found.grids.append([Int32](repeating: -1, count: gridSize))
      }
      if lastSituation != s {
        lastSituation = s
        lastFinite = finite
      }
      let (xs, ys, sliceMasks) = placed
      for (c, combo) in combos.enumerated() where combo.indices.allSatisfy({ sliceMasks[$0][combo[$0]] }) {
        let base = c * plane
        for py in ys {
          for px in xs { found.grids[s][base + py * nx + px] = Int32(a) }
        }
        writes += xs.count * ys.count
      }
      return writes <= Self.maxGridWrites
    }
    if let recorded {
      // The analysis decided each cell already (with the same `Combiner`), and numbered its
      // numeric parts: each is placed once.
      var answerOfDecision = [Int?](repeating: nil, count: recorded.decisions.count)
      var placements = [Placement?](repeating: nil, count: recorded.numericParts.count)
      for cell in recorded.cells {
        let a: Int
        if let known = answerOfDecision[cell.decision] {
          a = known
        } else {
          a = answer([recorded.decisions[cell.decision]])
          answerOfDecision[cell.decision] = a
        }
        let placed: Placement
        if let known = placements[cell.numeric] {
          placed = known
        } else {
          placed = placement(recorded.numericParts[cell.numeric])
          placements[cell.numeric] = placed
        }
        if !visit(recorded.finiteParts[cell.finite], placed, answer: a) {
          return sweepGrids(tables, entries: entries, layout: layout)
        }
      }
      sweptCells = recorded.steps
      return found
    }
    var sweep = CellSweep(entries: entries, catalog: catalog)
    let entryRules = sweep.entries.map { $0.rule }
    sweep.run { box, covering in
      visit(box.finite, placement(box.numeric), answer: answer(covering: covering, entryRules: entryRules))
    }
    sweptCells = sweep.cells
    if writes > Self.maxGridWrites {
      incomplete = "the map needs more than \(Self.maxGridWrites) grid points, so it is not drawn"
      return nil
    }
    if sweep.stopped {
      incomplete = "the analysis stopped at its limits (\(AnalysisLimits.maxCells) cells), so the map is not drawn"
      return nil
    }
    return found
  }

  /// `rules` sorted, each once.
  private static func ascendingDistinct(_ rules: [Int]) -> [Int] {
    var out = rules.sorted()
    var kept = 0
    for r in out where kept == 0 || out[kept - 1] != r {
      out[kept] = r
      kept += 1
    }
    out.removeLast(out.count - kept)
    return out
  }

  /// The charts: distinct grids, each with the finite parts of every situation that has it.
  private struct Charts {
    var grids: [[Int32]] = []
    var parts: [[[UInt64]]] = []
  }

  /// Situations with the same picture are one chart.
  private static func mergeCharts(_ swept: SweptGrids) -> Charts {
    var charts = Charts()
    var byGrid: [[Int32]: Int] = [:]
    for (s, grid) in swept.grids.enumerated() {
      if let m = byGrid[grid] {
        charts.parts[m].append(swept.situationParts[s])
      } else {
        byGrid[grid] = charts.grids.count
        charts.grids.append(grid)
        charts.parts.append([swept.situationParts[s]])
      }
    }
    return charts
  }

  /// Slices that look the same in every chart are one slice, each with the combination
  /// it is drawn from; the typical one comes first.
  private func buildSlices(_ grids: [[Int32]], layout: GridLayout) -> [(slice: Slice, combo: Int)] {
    let (pieces, combos, plane) = (layout.pieces, layout.combos, layout.plane)
    var sliceGroups: [[Int]] = []
    var bySignature: [[Int32]: Int] = [:]
    for c in combos.indices {
      let signature = grids.flatMap { $0[(c * plane)..<((c + 1) * plane)] }
      if let g = bySignature[signature] {
        sliceGroups[g].append(c)
      } else {
        bySignature[signature] = sliceGroups.count
        sliceGroups.append([c])
      }
    }
    let sliceIndices = sliceAxes.map { $0.index }
    let typical = sliceIndices.map { catalog.numeric[$0].typical }
    let text = RegionText(catalog: catalog)
    var builtSlices: [(slice: Slice, combo: Int)] = sliceGroups.map { group in
      let products = group.map { c in
        Box(
          numeric: combos[c].enumerated().map { k, p in IntervalSet(pieces[sliceIndices[k]].interval(p)) }, finite: [])
      }
      let merged = BoxUnion.simplify(products)
      let words = merged.map { box in
        box.numeric.enumerated().map { k, set in
          text.inequality(catalog.numeric[sliceIndices[k]], set)
        }.joined(separator: ", ")
      }
      let isTypical = merged.contains { box in box.numeric.indices.allSatisfy { box.numeric[$0].contains(typical[$0]) }
      }
      return (
        Slice(
          parts: merged.map { $0.numeric },
          text: sliceIndices.isEmpty ? "every value" : words.joined(separator: "; or "),
          isTypical: isTypical),
        group[0]
      )
    }
    if let t = builtSlices.firstIndex(where: { $0.slice.isTypical }), t > 0 {
      builtSlices.insert(builtSlices.remove(at: t), at: 0)
    }
    return builtSlices
  }

  /// The rectangles of every chart in every slice, as situations in the order a barista
  /// looks for them.
  private func drawSituations(_ charts: Charts, slices builtSlices: [(slice: Slice, combo: Int)], layout: GridLayout)
    -> [Situation]
  {
    let (nx, ny, plane) = (layout.nx, layout.ny, layout.plane)
    let xPieces = x.map { layout.pieces[$0.index] }
    let yPieces = y.map { layout.pieces[$0.index] }
    let words = SituationWords(catalog: catalog)
    var drawn: [(rank: (Int, Int, Int), order: Int, situation: Situation)] = []
    for (m, grid) in charts.grids.enumerated() {
      let parts = BoxUnion.simplify(charts.parts[m].map { Box(numeric: [], finite: $0) }).map { $0.finite }
      var cells: [[Cell]] = []
      for built in builtSlices {
        let base = built.combo * plane
        let rectangles = Self.rectangles(nx: nx, ny: ny) { px, py in grid[base + py * nx + px] }
        cells.append(
          rectangles.map { r in
            Cell(
              x: xPieces.map { Self.span($0, r.x0, r.x1) } ?? .all,
              y: yPieces.map { Self.span($0, r.y0, r.y1) } ?? .all,
              answer: Int(r.answer))
          })
      }
      let situation = Situation(
        id: "", title: words.title(parts), detail: words.detail(parts), parts: parts, cells: cells)
      drawn.append((words.rank(parts), m, situation))
    }
    drawn.sort { ($0.rank.0, $0.rank.1, $0.rank.2, $0.order) < ($1.rank.0, $1.rank.1, $1.rank.2, $1.order) }
    return drawn.enumerated().map { n, entry in
      var situation = entry.situation
      situation.id = "situation-\(n + 1)"
      return situation
    }
  }

  /// The pieces of `pieces` that `set` covers, ascending.
  static func covered(_ pieces: ElementaryPieces, _ set: IntervalSet) -> [Int] {
    pieces.ranges(of: set).flatMap { Array($0) }
  }

  /// The interval from the start of piece `first` to the end of piece `last`.
  static func span(_ pieces: ElementaryPieces, _ first: Int, _ last: Int) -> Interval {
    let a = pieces.interval(first)
    let b = pieces.interval(last)
    return Interval(lower: a.lower, lowerClosed: a.lowerClosed, upper: b.upper, upperClosed: b.upperClosed)
  }

  /// A rectangle of grid pieces with one answer.
  struct Rectangle: Hashable {
    var x0: Int
    var x1: Int
    var y0: Int
    var y1: Int
    var answer: Int32
  }

  /// Merges a grid of answers (-1 where no valid shot lies) into rectangles: runs of equal
  /// answers along each row, then equal runs in consecutive rows. Deterministic: rectangles come
  /// out ordered by their first row, then column.
  static func rectangles(nx: Int, ny: Int, _ answer: (Int, Int) -> Int32) -> [Rectangle] {
    var done: [Rectangle] = []
    var open: [Rectangle] = []
    for py in 0..<ny {
      var runs: [Rectangle] = []
      var px = 0
      while px < nx {
        let a = answer(px, py)
        var end = px
        while end + 1 < nx, answer(end + 1, py) == a { end += 1 }
        if a >= 0 { runs.append(Rectangle(x0: px, x1: end, y0: py, y1: py, answer: a)) }
        px = end + 1
      }
      var next: [Rectangle] = []
      for run in runs {
        if let i = open.firstIndex(where: { $0.x0 == run.x0 && $0.x1 == run.x1 && $0.answer == run.answer }) {
          var grown = open.remove(at: i)
          grown.y1 = py
          next.append(grown)
        } else {
          next.append(run)
        }
      }
      done += open
      open = next
    }
    done += open
    return done.sorted { ($0.y0, $0.x0) < ($1.y0, $1.x0) }
  }

  /// The plotted form of numeric axis `i`: its breakpoints and a drawn range around them.
  func plotAxis(_ i: Int, pieces: ElementaryPieces) -> PlotAxis {
    let axis = catalog.numeric[i]
    let domainEnds = Set(axis.domain.endPoints)
    let breakpoints = pieces.points.filter { !domainEnds.contains($0) }
    let words = AxisWords(axis)
    let (low, high) = Self.drawnRange(breakpoints, typical: axis.typical, domain: axis.domain)
    return PlotAxis(
      index: i, label: axis.label, expression: axis.expression, unit: axis.unit, words: words.words,
      lowWord: words.low, highWord: words.high, breakpoints: breakpoints, low: low, high: high, domain: axis.domain)
  }

  /// Every breakpoint and the typical value, with a margin of half their spread (rounded up to
  /// 1, 2, 2.5 or 5 times a power of ten) on each side, kept within the domain.
  static func drawnRange(_ breakpoints: [ExactNumber], typical: ExactNumber, domain: IntervalSet) -> (
    ExactNumber, ExactNumber
  ) {
    let values = breakpoints + [typical]
    let lo = values.min() ?? .zero
    let hi = values.max() ?? .zero
    var spread = hi.subtracting(lo) ?? ExactNumber(1)
    if spread.isZero { spread = lo.isZero ? ExactNumber(2) : lo.magnitude }
    let margin = nice(spread.divided(by: ExactNumber(2)) ?? ExactNumber(1))
    var low = lo.subtracting(margin) ?? lo
    var high = hi.adding(margin) ?? hi
    if let first = domain.intervals.first?.lower, low < first { low = first }
    if let last = domain.intervals.last?.upper, last < high { high = last }
    return (low, high)
  }

  /// The smallest of 1, 2, 2.5, 5 × 10^k (k from -3) that is at least `value`.
  static func nice(_ value: ExactNumber) -> ExactNumber {
    var scale = ExactNumber(significand: 1, scale: 3) ?? ExactNumber(1)
    let steps = [
      ExactNumber(1), ExactNumber(2), ExactNumber(significand: 25, scale: 1) ?? ExactNumber(2), ExactNumber(5),
    ]
    for _ in 0..<16 {
      for s in steps {
        if let candidate = s.multiplied(by: scale), !(candidate < value) { return candidate }
      }
      scale = scale.multiplied(by: ExactNumber(10)) ?? scale
    }
    return value
  }
}
