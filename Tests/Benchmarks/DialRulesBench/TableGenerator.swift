import DialRules

/// Generates rule tables for the benchmark, deterministic for a seed, over the first `axes` of six
/// numeric axes with four thresholds each (as real tables have a handful, like "fast" and "slow").
///
/// - `structured` (the default) models a large, reviewed table: the space is cut like a k-d tree
///   into `rules` boxes along the thresholds (`dt >= -3 s and dt < 3 s and dy < 2 g`), one rule per
///   box, with its action following from where it lies, so neighbours often agree. Then, as in real
///   tables, one rule in twenty is widened by a band (overlaps, some disagreeing), one in twenty is
///   dropped (gaps), and one in thirty abstains.
/// - `stress` is the adversarial case: one to three random comparisons per rule and a random
///   action for every rule, so almost every overlap disagrees and most rules never decide.
struct TableGenerator {
  /// An axis: how rules name it, its `let` (if any) and its thresholds.
  struct Axis {
    var name: String
    var definition: String?
    var unit: String
    var thresholds: [String]
  }

  static let axes: [Axis] = [
    Axis(name: "dt", definition: "shot.time - recipe.time", unit: "s", thresholds: ["-6", "-3", "3", "6"]),
    Axis(name: "dy", definition: "shot.yield - recipe.yield", unit: "g", thresholds: ["-4", "-2", "2", "4"]),
    Axis(name: "dd", definition: "shot.dose - recipe.dose", unit: "g", thresholds: ["-1", "-0.5", "0.5", "1"]),
    Axis(name: "shot.ratio", definition: nil, unit: "", thresholds: ["1.5", "1.8", "2.2", "2.5"]),
    Axis(name: "shot.first_drop", definition: nil, unit: "s", thresholds: ["4", "6", "8", "10"]),
    Axis(name: "recipe.temperature", definition: nil, unit: "C", thresholds: ["88", "91", "94", "96"]),
  ]

  static let actions = [
    "grind finer 1 step", "grind coarser 1 step", "yield +2 g", "yield -2 g", "no change", "grind finer 2 steps",
    "yield +1 g", "insufficient \"check the puck\"",
  ]

  var rng: BenchGenerator
  let stress: Bool

  init(seed: UInt64, stress: Bool = false) {
    rng = BenchGenerator(state: seed)
    self.stress = stress
  }

  /// The rule file text.
  mutating func table(rules: Int, axes axisCount: Int) -> String {
    let used = Array(Self.axes.prefix(axisCount))
    var out = "dialrules 1\nruleset \"bench\"\n  otherwise insufficient \"No rule covers this shot.\"\n\n"
    for axis in used {
      if let definition = axis.definition { out += "let \(axis.name) = \(definition)\n" }
    }
    if !stress { return out + structuredRules(rules, used) }
    for i in 0..<rules {
      let k = Int.random(in: 1...min(3, axisCount), using: &rng)
      let chosen = used.indices.shuffled(using: &rng).prefix(k).sorted()
      let parts = chosen.map { condition(used[$0]) }
      out += "\nrule r\(i)\n  when \(parts.joined(separator: " and "))\n"
      out += "  then \(Self.actions.randomElement(using: &rng) ?? "no change")\n  because \"generated\"\n"
    }
    return out
  }

  /// The structured table's rules: a k-d partition of the bands (band b of an axis lies between
  /// thresholds b - 1 and b; band 0 below the first, band 4 above the last), perturbed.
  mutating func structuredRules(_ count: Int, _ used: [Axis]) -> String {
    // Each box is a band range [low, high] per axis; split the widest splittable box in turn.
    var boxes: [[ClosedRange<Int>]] = [Array(repeating: 0...4, count: used.count)]
    var cursor = 0
    while boxes.count < count {
      let candidates = boxes.indices.filter { b in boxes[b].contains { $0.count > 1 } }
      guard !candidates.isEmpty else { break }
      let b = candidates[cursor % candidates.count]
      cursor += 1
      let axes = boxes[b].indices.filter { boxes[b][$0].count > 1 }
      let a = axes[Int.random(in: 0..<axes.count, using: &rng)]
      let range = boxes[b][a]
      let cut = Int.random(in: (range.lowerBound + 1)...range.upperBound, using: &rng)
      var other = boxes[b]
      boxes[b][a] = range.lowerBound...(cut - 1)
      other[a] = cut...range.upperBound
      boxes.append(other)
    }
    var out = ""
    for (i, box) in boxes.enumerated() {
      let roll = Int.random(in: 0..<60, using: &rng)
      if roll < 3 { continue }  // dropped: a gap
      var ranges = box
      if roll < 6, let a = ranges.indices.randomElement(using: &rng) {
        // widened by one band: an overlap with a neighbour
        ranges[a] = max(0, ranges[a].lowerBound - 1)...min(4, ranges[a].upperBound + 1)
      }
      var parts: [String] = []
      for (a, r) in ranges.enumerated() {
        let axis = used[a]
        let unit = axis.unit.isEmpty ? "" : " \(axis.unit)"
        if r.lowerBound > 0 { parts.append("\(axis.name) >= \(axis.thresholds[r.lowerBound - 1])\(unit)") }
        if r.upperBound < 4 { parts.append("\(axis.name) < \(axis.thresholds[r.upperBound])\(unit)") }
      }
      if parts.isEmpty { parts.append("\(used[0].name) > -1000\(used[0].unit.isEmpty ? "" : " \(used[0].unit)")") }
      let action: String
      if roll >= 6 && roll < 8 {
        action = "insufficient \"check the puck\""
      } else {
        // Where the box lies on the first two axes decides what it suggests, as in a real table.
        let place = box[0].lowerBound + (box.count > 1 ? 5 * box[1].lowerBound : 0)
        action = Self.actions[place % (Self.actions.count - 1)]
      }
      out += "\nrule r\(i)\n  when \(parts.joined(separator: " and "))\n  then \(action)\n  because \"generated\"\n"
    }
    return out
  }

  mutating func condition(_ axis: Axis) -> String {
    let unit = axis.unit.isEmpty ? "" : " \(axis.unit)"
    let t = axis.thresholds
    let i = Int.random(in: 0..<t.count, using: &rng)
    switch Int.random(in: 0..<5, using: &rng) {
    case 0: return "\(axis.name) < \(t[i])\(unit)"
    case 1: return "\(axis.name) > \(t[i])\(unit)"
    case 2: return "\(axis.name) <= \(t[i])\(unit)"
    case 3: return "\(axis.name) >= \(t[i])\(unit)"
    default:
      let j = Int.random(in: 0..<t.count, using: &rng)
      let (lo, hi) = (min(i, j), max(i, j))
      return "\(axis.name) between \(t[lo])\(unit) and \(t[hi])\(unit)"
    }
  }
}
