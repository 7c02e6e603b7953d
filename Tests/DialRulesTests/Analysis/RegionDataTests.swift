import DialRulesTestSupport
import Testing

@testable import DialRules

/// Regions as data (docs/analysis.md, "Regions as data"): every listed region's structured form,
/// read by an evaluator of its own (`RegionDataReader`, over the shot's JSON and nothing else), holds
/// the shots built inside the region, and every shot it holds gets the finding's outcome from the
/// evaluator: for lint findings the witness's outcome and deciding rules, for `diff` regions the
/// old and the new outcome.
@Suite struct RegionDataTests {
  /// The reference table, and a table with an adjustment class only a difference of patterns
  /// names, a ratio with a bound that has no decimal (20/9), a late first drop, the previous shot.
  static let inline = """
    dialrules 1
    ruleset "probe"
      otherwise insufficient "none"
    let dt = shot.time - recipe.time
    let dy = shot.yield - recipe.yield
    let fast = dt < -3 s
    rule sour_fast
      when sour and fast
      then grind finer 1 step
      because "x"
    rule thin_fast
      when thin and fast
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
    rule ratio_long
      when bitter and shot.ratio > 20/9
      then yield -1 g
      because "x"
    rule late_drop
      when shot.first_drop > 10 s and sour
      then insufficient "late"
      because "x"
    rule sour_again
      when sour and previous.shot.taste has sour and not channeling
      then grind finer 2 steps
      because "x"
    """

  static func rules(_ name: String) throws -> CompiledRules {
    let text = name == "inline" ? inline : try PackageRoot.read(name)
    return try #require(RuleCompiler.compile(SourceFile(path: name, text: text)).rules)
  }

  /// Boxes inside `box`, each a single point on every numeric axis (on a closed end, next to each
  /// end, near the typical value) and a single class on every finite axis, the k-th probe taking
  /// the k-th choice of every axis.
  static func probes(in box: Box, catalog: AxisCatalog) -> [Box] {
    var numeric: [[ExactNumber]] = []
    for (i, axis) in catalog.numeric.enumerated() {
      var points: [ExactNumber] = []
      for interval in box.numeric[i].intervals {
        let one = IntervalSet([interval], grid: box.numeric[i].grid)
        if interval.lowerClosed, let l = interval.lower { points.append(l) }
        if interval.upperClosed, let u = interval.upper { points.append(u) }
        for target in [interval.lower, interval.upper, axis.typical].compactMap({ $0 }) {
          if let p = NicePoint.point(in: one, near: target), !points.contains(p) { points.append(p) }
        }
      }
      numeric.append(points)
    }
    let finite: [[UInt64]] = catalog.finite.indices.map { i in
      (0..<64).map { UInt64(1) << UInt64($0) }.filter { box.finite[i] & $0 != 0 }
    }
    let count = max(1, numeric.map(\.count).max() ?? 1, finite.map(\.count).max() ?? 1)
    return (0..<count).compactMap { k in
      var out = box
      for i in numeric.indices {
        guard !numeric[i].isEmpty else { return nil }
        let p = numeric[i][k % numeric[i].count]
        out.numeric[i] = IntervalSet([Interval(lower: p, lowerClosed: true, upper: p, upperClosed: true)])
      }
      for i in finite.indices where !finite[i].isEmpty { out.finite[i] = finite[i][k % finite[i].count] }
      return out
    }
  }

  /// One region to test: its data and the decision every shot in it must get.
  struct Claim {
    var data: JSONValue
    var box: Box
    var outcome: Decision.Outcome?
    var decidedBy: [String]?
    var label: String
  }

  @Test(arguments: ["Fixtures/reference/reference-table.dialrules", "rules/espresso.dialrules", "inline"])
  func everyShotInALintRegionGetsTheFindingsOutcome(_ name: String) throws {
    let rules = try Self.rules(name)
    let analysis = Analyzer.analyze(rules)
    let builder = WitnessBuilder(rules: rules, catalog: analysis.catalog)
    let evaluator = Evaluator(rules)
    var claims: [Claim] = []
    for finding in analysis.findings where ["A001", "A002", "A003", "A004", "A007"].contains(finding.code) {
      for one in finding.perRegion {
        let box = try #require(one.region, "\(finding.code) without a region")
        let data = try #require(one.regionData, "\(finding.code) without region data")
        // A007's witness leaves an observation out; its region is where the full shot is decided.
        let decision =
          finding.code == "A007" ? builder.shot(in: box, id: "p").map(evaluator.decide) : one.witnessDecision
        claims.append(
          Claim(
            data: data, box: box, outcome: decision?.outcome, decidedBy: decision?.decidedBy,
            label: "\(finding.code) \(one.regionText ?? "")"))
      }
    }
    #expect(!claims.isEmpty)
    var shots: [ShotRecord] = []
    for claim in claims {
      for probe in Self.probes(in: claim.box, catalog: analysis.catalog) {
        if let shot = builder.shot(in: probe, id: "probe") {
          shots.append(shot)
          // A shot built inside the region is inside its data.
          #expect(RegionDataReader.contains(claim.data, shot.jsonObject), "\(claim.label)\n\(shot.jsonText)")
        }
      }
    }
    var rng = SeededGenerator(seed: 23)
    for _ in 0..<300 { shots.append(AnalysisTestSupport.fullShot(&rng)) }
    var inside = 0
    for shot in shots {
      let decision = evaluator.decide(shot)
      for claim in claims where RegionDataReader.contains(claim.data, shot.jsonObject) {
        inside += 1
        #expect(decision.outcome == claim.outcome, "\(claim.label)\n\(shot.jsonText)")
        #expect(decision.decidedBy == claim.decidedBy, "\(claim.label)\n\(shot.jsonText)")
      }
    }
    #expect(inside >= claims.count)
  }

  @Test func everyShotInADiffRegionGoesFromOldToNew() throws {
    let old = try Self.rules("Fixtures/reference/reference-table.dialrules")
    let text = try PackageRoot.read("Fixtures/reference/reference-table.dialrules")
      .replacingOccurrences(of: "let fast = dt < -3 s", with: "let fast = dt < -4 s")
      .replacingOccurrences(of: "let slow = dt > 3 s", with: "let slow = dt > 4 s")
      .replacingOccurrences(of: "let on_time = dt between -3 s and 3 s", with: "let on_time = dt between -2 s and 2 s")
    let new = try #require(RuleCompiler.compile(SourceFile(path: "new", text: text)).rules)
    let diff = InputSpaceDiff(old: old, new: new, limit: 0)
    #expect(diff.omitted == 0 && diff.unverified == 0)
    #expect(diff.regions.count > InputSpaceDiff.maxRegions, "--max-regions 0 lists every region")
    // Each region's witness is inside its data; random shots around every bound are placed too.
    var shots: [ShotRecord] = diff.regions.map(\.witness)
    for region in diff.regions {
      #expect(RegionDataReader.contains(region.data, region.witness.jsonObject), "\(region.region)")
    }
    var rng = SeededGenerator(seed: 6)
    for _ in 0..<600 { shots.append(AnalysisTestSupport.fullShot(&rng)) }
    let before = Evaluator(old)
    let after = Evaluator(new)
    var inside = 0
    for shot in shots {
      for region in diff.regions where RegionDataReader.contains(region.data, shot.jsonObject) {
        inside += 1
        #expect(DecisionChange.label(before.decide(shot)) == region.from, "\(region.region)\n\(shot.jsonText)")
        #expect(DecisionChange.label(after.decide(shot)) == region.to, "\(region.region)\n\(shot.jsonText)")
      }
    }
    #expect(inside > diff.regions.count)
  }
}

/// Reads the structured form of a region as docs/schema/region.schema.json says, over a shot's
/// JSON alone (none of the analysis' types), for `RegionDataTests`.
enum RegionDataReader {
  static func contains(_ region: JSONValue, _ shot: JSONValue) -> Bool {
    if case .array(let tags)? = region["tags"] {
      for entry in tags {
        guard case .string(let set)? = entry["set"] else { return false }
        // A taste not recorded is unknown: a region is about fully observed shots only.
        if set.hasSuffix(".taste"), value(at: set, in: shot) == nil { return false }
        let words = Set(strings(at: set, in: shot))
        if !strings(entry["required"]).allSatisfy(words.contains) { return false }
        if strings(entry["excluded"]).contains(where: words.contains) { return false }
      }
    }
    if let adjustment = region["adjustment"] {
      guard case .array(let patterns)? = adjustment["patterns"], case .array(let classes)? = adjustment["classes"]
      else { return false }
      let previous = value(at: "previous.adjustment", in: shot)
      let matched = patterns.indices.filter { matches(patterns[$0], previous) }
      let allowed = classes.contains { c in
        guard case .array(let m)? = c["matches"] else { return false }
        return m.compactMap { v -> Int? in
          if case .number(let n) = v { return Int(n.exactText) }
          return nil
        } == matched
      }
      if !allowed { return false }
    }
    if case .array(let axes)? = region["numeric"] {
      for axis in axes {
        guard let form = axis["value"], let x = evaluate(form, shot), case .array(let intervals)? = axis["intervals"]
        else { return false }
        if !intervals.contains(where: { inside(x, $0) }) { return false }
      }
    }
    return true
  }

  static func value(at path: String, in shot: JSONValue) -> JSONValue? {
    var node: JSONValue? = shot
    for key in path.split(separator: ".") { node = node?[String(key)] }
    if case .null? = node { return nil }
    return node
  }

  static func strings(at path: String, in shot: JSONValue) -> [String] { strings(value(at: path, in: shot)) }

  static func strings(_ v: JSONValue?) -> [String] {
    guard case .array(let items)? = v else { return [] }
    return items.compactMap { if case .string(let s) = $0 { s } else { nil } }
  }

  static func number(_ v: JSONValue?) -> ExactNumber? {
    switch v {
    case .string(let s)?: exact(s)
    case .number(let n)?: n
    default: nil
    }
  }

  /// `-3`, `2.5` or `20/9`.
  static func exact(_ s: String) -> ExactNumber? {
    let parts = s.split(separator: "/")
    guard case .success(let n) = ExactNumber.parse(String(parts[0])) else { return nil }
    guard parts.count == 2 else { return n }
    guard case .success(let d) = ExactNumber.parse(String(parts[1])) else { return nil }
    return n.divided(by: d)
  }

  static func matches(_ pattern: JSONValue, _ adjustment: JSONValue?) -> Bool {
    guard case .string(let type)? = pattern["type"] else { return false }
    let actual = strings(.array([adjustment?["type"] ?? .null])).first
    switch type {
    case "none": return adjustment == nil
    case "no_change": return actual == "no_change"
    case "grind":
      guard actual == "grind" else { return false }
      if case .string(let d)? = pattern["direction"], adjustment?["direction"] != .string(d) { return false }
      if let steps = number(pattern["steps"]), number(adjustment?["steps"]) != steps { return false }
      return true
    default:
      guard actual == type, let delta = number(adjustment?[type == "yield" ? "delta_g" : "delta_c"]) else {
        return false
      }
      if case .string(let sign)? = pattern["sign"], (sign == "-") != delta.isNegative { return false }
      if let amount = number(pattern["amount"]), amount != delta.magnitude { return false }
      return true
    }
  }

  static func evaluate(_ form: JSONValue, _ shot: JSONValue) -> ExactNumber? {
    guard var total = number(form["constant"]), case .array(let terms)? = form["terms"] else { return nil }
    for term in terms {
      guard let c = number(term["coefficient"]) else { return nil }
      var atom: ExactNumber?
      if case .string(let path)? = term["json_path"] {
        atom = number(value(at: path, in: shot))
      } else if case .array(let ab)? = term["product"], ab.count == 2, let a = evaluate(ab[0], shot),
        let b = evaluate(ab[1], shot)
      {
        atom = a.multiplied(by: b)
      } else if case .array(let ab)? = term["quotient"], ab.count == 2, let a = evaluate(ab[0], shot),
        let b = evaluate(ab[1], shot)
      {
        atom = a.divided(by: b)
      }
      guard let atom, let t = c.multiplied(by: atom), let sum = total.adding(t) else { return nil }
      total = sum
    }
    return total
  }

  static func inside(_ x: ExactNumber, _ interval: JSONValue) -> Bool {
    if let l = number(interval["lower"]) {
      if interval["lower_closed"] == .bool(true) ? x < l : x <= l { return false }
    }
    if let u = number(interval["upper"]) {
      if interval["upper_closed"] == .bool(true) ? x > u : x >= u { return false }
    }
    return true
  }
}
