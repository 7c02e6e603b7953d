import DialRules

/// Builds a rule file that type-checks by construction, and shots to decide, from fuzz bytes.
///
/// The evaluator's oracles (determinism, monotonicity, rule-order independence) are only worth
/// checking on tables the checker accepts; a fuzzer mutating rule *text* would almost never reach
/// them. So the bytes choose a table instead: `let`s of every unit and of conditions, comparisons,
/// `between`, tag tests, `is` patterns, `is known`, arithmetic with units, `not`/`and`/`or`, `overrides`
/// (always towards earlier rules, so never a cycle), `limit`s every action respects, and an
/// optional `otherwise`. Compound operands are parenthesized where precedence would otherwise
/// change their unit, so every generated file must check; one that does not is a finding too.
public struct RuleGenerator {
  /// The units a generated value can have (grinder steps appear only in actions and patterns).
  enum Unit: CaseIterable {
    case mass, time, temperature, plain

    var word: String? {
      switch self {
      case .mass: "g"
      case .time: "s"
      case .temperature: "C"
      case .plain: nil
      }
    }

    var fields: [String] {
      switch self {
      case .mass:
        ["shot.dose", "shot.yield", "recipe.dose", "recipe.yield", "previous.shot.dose", "previous.shot.yield"]
      case .time: ["shot.time", "shot.first_drop", "recipe.time", "previous.shot.time", "previous.shot.first_drop"]
      case .temperature: ["recipe.temperature"]
      case .plain: ["shot.ratio", "recipe.ratio", "previous.shot.ratio"]
      }
    }
  }

  /// A generated table: its parts kept apart so the rules can be written in another order.
  public struct Table: Sendable {
    public var header: String
    public var lets: [String]
    public var rules: [String]

    /// The file with the rules in `order` (indices into `rules`), or in source order.
    public func text(order: [Int]? = nil) -> String {
      let ordered = (order ?? Array(rules.indices)).map { rules[$0] }
      return header + lets.joined() + "\n" + ordered.joined(separator: "\n")
    }
  }

  var input: FuzzedBytes
  var conditionLets: [String] = []
  var valueLets: [(name: String, unit: Unit)] = []

  public init(_ input: FuzzedBytes) {
    self.input = input
  }

  /// How many shots to decide against the table: 1–6.
  public mutating func shotCount() -> Int { input.int(in: 1...6) }

  // MARK: - Tables

  /// A table of 1–12 rules over 0–6 `let`s, whose arithmetic the checker proves safe.
  public mutating func table() -> Table {
    var header = "dialrules 1\nruleset \"fuzz\"\n"
    if input.chance(2) { header += "  limit grind 2 steps\n" }
    if input.chance(2) { header += "  limit yield 4 g\n" }
    if input.chance(2) { header += "  limit temperature 2 C\n" }
    if input.chance(3) { header += "  otherwise \(action())\n" }
    header += "\n"
    var lets: [String] = []
    var letUnits: [Unit?] = []
    for k in 0..<input.int(in: 0...6) {
      if input.chance(2) {
        let name = "c\(k)"
        lets.append("let \(name) = \(condition(depth: 1))\n")
        conditionLets.append(name)
        letUnits.append(nil)
      } else {
        let unit = input.pick(Unit.allCases)
        let name = "v\(k)"
        lets.append("let \(name) = \(value(unit, depth: 1))\n")
        valueLets.append((name, unit))
        letUnits.append(unit)
      }
    }
    var conditions: [String] = []
    var tails: [String] = []
    for i in 0..<input.int(in: 1...12) {
      conditions.append(condition(depth: 0))
      var tail = "  then \(action())\n  because \"reason \(i)\"\n"
      if i > 0, input.chance(3) {
        var targets: [Int] = []
        for _ in 0..<input.int(in: 1...3) {
          let t = input.int(below: i)
          if !targets.contains(t) { targets.append(t) }
        }
        tail += "  overrides " + targets.map { "r\($0)" }.joined(separator: ", ") + "\n"
      }
      tails.append(tail)
    }
    Self.removeUnsafeArithmetic(header: header, lets: &lets, letUnits: letUnits, conditions: &conditions, tails: tails)
    return Table(header: header, lets: lets, rules: Self.rules(conditions, tails))
  }

  /// A `property pN` over the table's names: a condition (or none) and an `always`/`never` of one
  /// to three decision patterns (language §3.8). Append it after the table's rules.
  public mutating func property(_ n: Int) -> String {
    var text = "property p\(n)\n"
    if !input.chance(6) { text += "  when \(condition(depth: 0))\n" }
    let patterns = [
      "grind", "grind finer", "grind coarser", "grind finer 1 step", "grind coarser 2 steps", "yield", "yield +2 g",
      "yield -1 g", "temperature", "no change", "insufficient", "insufficient conflict", "insufficient incomplete",
      "insufficient explicit", "insufficient no_rule", "decides",
    ]
    let chosen = (0..<input.int(in: 1...3)).map { _ in input.pick(patterns) }
    text += "  \(input.chance(2) ? "always" : "never") \(chosen.joined(separator: " or "))\n"
    return text
  }

  /// The text of a generated table followed by six generated properties, from 1,200 bytes drawn
  /// from `rng`: the inputs of the property proof's tests over generated tables.
  public static func tableWithProperties(using rng: inout SeededGenerator) -> String {
    var generator = RuleGenerator(FuzzedBytes((0..<1_200).map { _ in UInt8.random(in: 0...255, using: &rng) }))
    let table = generator.table()
    return table.text() + "\n" + (0..<6).map { generator.property($0) }.joined(separator: "\n")
  }

  /// `rule rN` with each condition and the rest of its clauses.
  static func rules(_ conditions: [String], _ tails: [String]) -> [String] {
    conditions.indices.map { "rule r\($0)\n  when \(conditions[$0])\n" + tails[$0] }
  }

  /// Replaces each `let` or condition the checker's arithmetic proof rejects (T004: a divisor that
  /// can be 0, a value beyond the exact numbers — random arithmetic makes both) by a plain one: a
  /// value `let` by a constant of its unit, a condition by `sour`. So every generated table still
  /// checks; each round removes at least one rejected part.
  static func removeUnsafeArithmetic(
    header: String, lets: inout [String], letUnits: [Unit?], conditions: inout [String], tails: [String]
  ) {
    for _ in 0...(lets.count + conditions.count) {
      let rules = Self.rules(conditions, tails)
      let text = Table(header: header, lets: lets, rules: rules).text()
      let unsafe = RuleCompiler.compile(SourceFile(path: "generated.dialrules", text: text)).diagnostics
        .filter { $0.code == "T004" }.map(\.span.start)
      if unsafe.isEmpty { return }
      // Where each part starts in `text` (header, lets, a newline, then rules joined by newlines).
      var starts: [Int] = []
      var offset = header.utf8.count
      for l in lets {
        starts.append(offset)
        offset += l.utf8.count
      }
      offset += 1
      for r in rules {
        starts.append(offset)
        offset += r.utf8.count + 1
      }
      for position in Set(unsafe.map { at in starts.lastIndex { $0 <= at } ?? 0 }) {
        if position < lets.count {
          let name = lets[position].dropFirst(4).prefix { $0 != " " }
          let replacement = letUnits[position].map { u in u.word.map { "1 \($0)" } ?? "1" } ?? "sour"
          lets[position] = "let \(name) = \(replacement)\n"
        } else {
          conditions[position - lets.count] = "sour"
        }
      }
    }
  }

  /// An action within every limit `table()` may declare.
  mutating func action() -> String {
    switch input.int(below: 8) {
    case 0: "grind finer"
    case 1: "grind finer \(input.pick(["1 step", "2 steps"]))"
    case 2: "grind coarser \(input.pick(["1 step", "2 steps", "1 steps"]))"
    case 3: "yield \(input.pick(["+", "-"]))\(input.pick(["1", "2", "0.5", "4", "2.0"])) g"
    case 4: "temperature \(input.pick(["+", "-"]))\(input.pick(["1", "2", "0.5"])) C"
    case 5: "no change"
    default: "insufficient \"abstain \(input.int(below: 3))\""
    }
  }

  // MARK: - Conditions and values

  /// A condition; deeper levels prefer atoms so tables stay small.
  mutating func condition(depth: Int) -> String {
    let choice = input.int(below: depth >= 3 ? 7 : 11)
    switch choice {
    case 0: return input.pick(TasteTag.allCases.map(\.rawValue) + FlowTag.allCases.map(\.rawValue))
    case 1:
      switch input.int(below: 4) {
      case 0: return "shot.taste has \(input.pick(TasteTag.allCases).rawValue)"
      case 1: return "shot.flow has \(input.pick(FlowTag.allCases).rawValue)"
      case 2: return "previous.shot.flow has \(input.pick(FlowTag.allCases).rawValue)"
      default: return "previous.shot.taste has \(input.pick(TasteTag.allCases).rawValue)"
      }
    case 2, 3:
      let unit = input.pick(Unit.allCases)
      let op = input.pick(["<", "<=", ">", ">=", "==", "!="])
      return "\(value(unit, depth: depth + 1)) \(op) \(value(unit, depth: depth + 1))"
    case 4:
      let unit = input.pick(Unit.allCases)
      return
        "\(value(unit, depth: depth + 1)) between \(value(unit, depth: depth + 1)) and \(value(unit, depth: depth + 1))"
    case 5:
      // One in four: whether a value or a tag set was recorded (`is known`, language §6.9).
      if input.int(below: 4) == 0 {
        return input.chance(3)
          ? input.pick(["shot.taste", "previous.shot.taste", "shot.flow"]) + " is known"
          : "\(value(input.pick(Unit.allCases), depth: depth + 1)) is known"
      }
      return "previous.adjustment is \(pattern())"
    case 6: return conditionLets.isEmpty ? "sour" : input.pick(conditionLets)
    case 7: return "not " + wrapped(condition(depth: depth + 1))
    case 8: return "(\(condition(depth: depth + 1)))"
    default:
      let word = choice == 9 ? "and" : "or"
      // Without parentheses precedence regroups the parts, which is fine: they are all conditions.
      let left = condition(depth: depth + 1)
      let right = condition(depth: depth + 1)
      return input.chance(2) ? "\(left) \(word) \(right)" : "(\(left)) \(word) (\(right))"
    }
  }

  /// `(text)` unless it is a single word.
  func wrapped(_ text: String) -> String {
    text.contains(" ") ? "(\(text))" : text
  }

  /// A pattern for `previous.adjustment is …` (language §6.8).
  mutating func pattern() -> String {
    input.pick([
      "none", "no change", "grind", "grind finer", "grind coarser", "grind finer 1 step", "grind coarser 2 steps",
      "yield", "yield +2 g", "yield -2 g", "temperature", "temperature -1 C", "temperature +1 C",
    ])
  }

  /// A value of `unit`; compound operands are parenthesized so precedence cannot change units.
  mutating func value(_ unit: Unit, depth: Int) -> String {
    let lets = valueLets.filter { $0.unit == unit }.map(\.name)
    switch input.int(below: depth >= 3 ? 3 : 8) {
    case 0: return unit.fields.isEmpty ? constant(unit) : input.pick(unit.fields)
    case 1: return constant(unit)
    case 2: return lets.isEmpty ? constant(unit) : input.pick(lets)
    case 3:
      let op = input.pick(["+", "-"])
      return "\(wrapped(value(unit, depth: depth + 1))) \(op) \(wrapped(value(unit, depth: depth + 1)))"
    case 4: return "\(wrapped(value(unit, depth: depth + 1))) * \(wrapped(value(.plain, depth: depth + 1)))"
    case 5:
      if unit == .plain, input.chance(2) {
        let other = input.pick(Unit.allCases)
        return "\(wrapped(value(other, depth: depth + 1))) / \(wrapped(value(other, depth: depth + 1)))"
      }
      return "\(wrapped(value(unit, depth: depth + 1))) / \(wrapped(value(.plain, depth: depth + 1)))"
    case 6: return "-" + wrapped(value(unit, depth: depth + 1))
    default: return "(\(value(unit, depth: depth + 1)))"
    }
  }

  /// A literal with its unit, from values near the default table's boundaries.
  mutating func constant(_ unit: Unit) -> String {
    let number: String
    switch input.int(below: 3) {
    case 0: number = input.pick(["0", "0.5", "1", "2", "3", "1.8", "2.1", "18", "28", "36", "93", "0.000000001"])
    case 1: number = "\(input.int(below: 100))"
    default: number = "\(input.int(below: 100)).\(input.int(below: 10))"
    }
    return unit.word.map { "\(number) \($0)" } ?? number
  }

  // MARK: - Shots

  /// A shot whose every field may be absent, with values near typical recipes so comparisons go
  /// both ways, and now and then at the bounds of shot JSON (0.000000001 g, 100 g, 600 s), where
  /// exact arithmetic is stretched most. Every value is valid shot JSON.
  public mutating func shot(id: Int) -> ShotRecord {
    var record = ShotRecord(id: "s\(id)")
    if !input.chance(6) {
      record.recipe = .init(
        doseG: maybe(.dose, ["18", "17.5", "20"]), yieldG: maybe(.yield, ["36", "40", "38.1"]),
        timeS: maybe(.time, ["28", "30", "25"]), temperatureC: maybe(.temperature, ["93", "90", "94.5"]))
    }
    if !input.chance(6) { record.shot = measurements() }
    if !input.chance(3) {
      let adjustments: [Adjustment?] = [
        nil, .grind(.finer, steps: 1), .grind(.coarser, steps: 2), .yield(deltaGrams: ExactNumber(2)),
        .yield(deltaGrams: ExactNumber(-2)), .temperature(deltaCelsius: ExactNumber(-1)), .noChange,
      ]
      record.previous = .init(adjustment: input.pick(adjustments), shot: input.chance(3) ? nil : measurements())
    }
    return record
  }

  /// A shot whose values sit at and next to the edges: the bounds of shot JSON (the smallest
  /// positive value, the largest), the table's constants and one part in 10⁹ either side of them,
  /// nine-decimal values; any field may be absent. The compiled evaluator's fixed-point arithmetic
  /// is checked against exact arithmetic on these.
  public mutating func extremeShot(id: Int) -> ShotRecord {
    func value(max: String, allowsZero: Bool = false) -> ExactNumber? {
      let picks = [
        "0.000000001", max, "18", "17.999999999", "18.000000001", "28", "27.999999999", "31", "25", "36",
        "35.000000001", "2", "1.999999999", "93", "0.5", "3", "123.456789123",
      ]
      switch input.int(below: 8) {
      case 0: return nil
      case 1: return allowsZero ? .zero : ExactNumber(significand: 1, scale: 9)
      case 2: return ExactNumber(significand: Int128(input.int(in: 1...255)) * 1_000_003, scale: 9)
      default:
        guard case .success(let v) = ExactNumber.parse(input.pick(picks)) else { return nil }
        // Above the field's bound (a temperature of 123.4 C) the largest admitted value stands in.
        return (try? ExactNumber.parse(max).get()).map { v <= $0 ? v : $0 } ?? v
      }
    }
    func measurements(firstDrop: Bool) -> ShotRecord.Measurements {
      var m = ShotRecord.Measurements(
        doseG: value(max: "100"), yieldG: value(max: "500"), timeS: value(max: "600"),
        firstDropS: firstDrop ? value(max: "600", allowsZero: true) : nil)
      if !input.chance(4) { m.taste = tags() }
      if !input.chance(2) { m.flow = tags() }
      return m
    }
    var record = ShotRecord(id: "x\(id)")
    if !input.chance(8) {
      record.recipe = .init(
        doseG: value(max: "100"), yieldG: value(max: "500"), timeS: value(max: "600"),
        temperatureC: value(max: "110"))
    }
    if !input.chance(8) { record.shot = measurements(firstDrop: true) }
    if !input.chance(3) {
      let adjustments: [Adjustment?] = [
        nil, .grind(.finer, steps: 1), .grind(.finer, steps: 100), .grind(.coarser, steps: 2),
        .yield(deltaGrams: ExactNumber(100)), .yield(deltaGrams: ExactNumber(-2)),
        .temperature(deltaCelsius: ExactNumber(-20)), .temperature(deltaCelsius: ExactNumber(1)), .noChange,
      ]
      record.previous = .init(
        adjustment: input.pick(adjustments), shot: input.chance(2) ? nil : measurements(firstDrop: true))
    }
    return record
  }

  /// Dose, yield, time and first drop, each possibly absent, a taste that is absent one time in
  /// five, and sometimes flow problems.
  mutating func measurements() -> ShotRecord.Measurements {
    var m = ShotRecord.Measurements(
      doseG: maybe(.dose, ["18", "17.4", "18.6", "20"]), yieldG: maybe(.yield, ["36", "33.9", "38.1", "45"]),
      timeS: maybe(.time, ["20", "24.9", "25", "28", "31", "31.1", "36"]))
    m.firstDropS = maybe(.firstDrop, ["5", "8", "9.5"])
    if !input.chance(5) { m.taste = tags() }
    if !input.chance(3) { m.flow = tags() }
    return m
  }

  /// Each tag of the vocabulary with probability one in three (so often none: a known empty set).
  mutating func tags<Tag: TagVocabulary>() -> TagSet<Tag> {
    TagSet(Tag.allCases.filter { _ in input.chance(3) })
  }

  /// A measured field and the values shot JSON allows for it (`ShotJSONSchema`, `docs/shot-json.md`).
  enum Field {
    case dose, yield, time, firstDrop, temperature

    /// The largest value allowed.
    var maximum: Int {
      switch self {
      case .dose: 100
      case .yield: 500
      case .time, .firstDrop: 600
      case .temperature: 110
      }
    }

    /// Values at and next to the bounds: the smallest there is, the largest, and their neighbours.
    var extremes: [String] {
      [
        self == .firstDrop ? "0" : "0.000000001", "0.000000007", "\(maximum)", "\(maximum - 1).999999999",
        "17.999999999",
      ]
    }
  }

  /// One of `values`, a byte-derived positive decimal within the field's bounds, a value at the
  /// bounds, or absent.
  mutating func maybe(_ field: Field, _ values: [String]) -> ExactNumber? {
    let text: String
    switch input.int(below: 7) {
    case 0: return nil
    case 1:
      let v = ExactNumber(significand: Int128(input.int(in: 1...255)), scale: input.int(below: 3)) ?? ExactNumber(1)
      return v > ExactNumber(field.maximum) ? ExactNumber(field.maximum) : v
    case 2: text = input.pick(field.extremes)
    default: text = input.pick(values)
    }
    guard case .success(let v) = ExactNumber.parse(text) else { return nil }
    return v
  }

  /// A permutation of `0..<count` (Fisher–Yates driven by the input).
  public mutating func permutation(_ count: Int) -> [Int] {
    var order = Array(0..<count)
    guard count > 1 else { return order }
    for i in stride(from: count - 1, to: 0, by: -1) {
      order.swapAt(i, input.int(below: i + 1))
    }
    return order
  }
}
