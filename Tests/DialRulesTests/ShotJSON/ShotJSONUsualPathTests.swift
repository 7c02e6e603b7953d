import DialRulesTestSupport
import Testing

@testable import DialRules

/// The reader's shortcuts for usual input — the header matched as bytes, the expected next key
/// matched in place, the one-pass number, the one-pass tag list — against the reader with all of
/// them off: generated documents, usual and broken, must read to the same record or to the same
/// diagnostics (code, message, span, notes), one document at a time and as JSON Lines.
@Suite struct ShotJSONUsualPathTests {
  /// A random document built from pieces that are usual (the canonical header and key order),
  /// nearly usual (other spacing, `1.0`, keys out of order, a key that extends a known one) and
  /// broken (duplicates, unknown or escaped keys, missing colons, trailing commas, cut short).
  static func randomDocument(_ rng: inout SeededGenerator) -> String {
    var g = DocumentGenerator(rng: rng)
    defer { rng = g.rng }
    return g.document()
  }

  @Test func documentsReadAlikeWithAndWithoutTheShortcuts() {
    var rng = SeededGenerator(seed: 1_414)
    var valid = 0
    var invalid = 0
    var usualHeaders = 0
    for n in 0..<6_000 {
      let text = Self.randomDocument(&rng)
      if text.hasPrefix(#"{"format": "dialrules-shot", "version": 1,"#) { usualHeaders += 1 }
      let file = SourceFile(path: "doc\(n).json", text: text)
      let usual = ShotJSONReader.read(file, usualPaths: true)
      let general = ShotJSONReader.read(file, usualPaths: false)
      switch (usual, general) {
      case (.success(let a), .success(let b)):
        #expect(a == b, "\(text)")
        valid += 1
      case (.failure(let a), .failure(let b)):
        #expect(Array(a) == Array(b), "\(text)")
        invalid += 1
      default:
        Issue.record("one path accepted what the other rejected: \(text)")
      }
    }
    // Seeded: 535 valid, 5,465 invalid, 1,219 with the usual header. The floors keep a generator
    // change from making the test vacuous.
    #expect(valid > 400)
    #expect(invalid > 3_000)
    #expect(usualHeaders > 1_000)
  }

  /// The same documents as JSON Lines (`eval`'s path): per line, the same record, id and compact
  /// shot, or the same diagnostics.
  @Test func linesReadAlikeWithAndWithoutTheShortcuts() {
    var rng = SeededGenerator(seed: 2_718)
    var lines: [String] = []
    for _ in 0..<3_000 { lines.append(Self.randomDocument(&rng).replacing("\n", with: " ")) }
    let file = SourceFile(path: "shots.jsonl", text: lines.joined(separator: "\n"))
    typealias Outcome = (line: Int, record: ShotRecord?, id: String?, compact: [Int64?], problems: [Diagnostic])
    func read(usualPaths: Bool) -> [Outcome] {
      var outcomes: [Outcome] = []
      ShotJSONReader.readShots(file, usualPaths: usualPaths) { line, result in
        switch result {
        case .success(let shot):
          let compact = shot.compact
          outcomes.append((line, shot.record, shot.id, NumericField.allCases.map { compact.scaled($0) }, []))
        case .failure(let problems):
          outcomes.append((line, nil, nil, [], Array(problems)))
        }
      }
      return outcomes
    }
    let usual = read(usualPaths: true)
    let general = read(usualPaths: false)
    #expect(usual.count == general.count)
    var valid = 0
    for (a, b) in zip(usual, general) {
      #expect(a.line == b.line)
      #expect(a.record == b.record, "line \(a.line): \(lines[a.line - 1])")
      #expect(a.id == b.id)
      #expect(a.compact == b.compact)
      #expect(a.problems == b.problems, "line \(a.line): \(lines[a.line - 1])")
      if a.record != nil { valid += 1 }
    }
    #expect(valid > 200)
    #expect(usual.count - valid > 1_000)
  }

  /// The positions the header shortcut marks as seen are those of `format` and `version`.
  @Test func headerPositionsAreThoseOfTheTable() {
    #expect(ShotJSONSchema.TopKey.table.position(of: .format) == ShotJSONSchema.TopKey.formatPosition)
    #expect(ShotJSONSchema.TopKey.table.position(of: .version) == ShotJSONSchema.TopKey.versionPosition)
  }
}

/// The pieces of `ShotJSONUsualPathTests.randomDocument`.
private struct DocumentGenerator {
  var rng: SeededGenerator

  /// What a member's value is.
  enum Value {
    case number, id, recipe, grinder, measurements, previous, adjustment, taste, flow, grind, name, finer, one
  }

  mutating func pick(_ options: [String]) -> String { options.randomElement(using: &rng) ?? "" }
  mutating func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &rng) == 0 }

  mutating func key(_ name: String) -> String {
    switch Int.random(in: 0..<300, using: &rng) {
    case 0: return "\"\\u00" + String(name.utf8.first ?? 0x61, radix: 16) + name.dropFirst() + "\""
    case 1: return "\"" + name + "x\""
    case 2: return "\"" + name.dropLast() + "\""
    case 3: return "\"" + name.uppercased() + "\""
    case 4: return "'" + name + "'"
    default: return "\"" + name + "\""
    }
  }

  mutating func number() -> String {
    if !chance(40) {
      // Mostly in every field's bounds: 0.5 to 99.999999999, with up to 9 decimals.
      var text = String(Int.random(in: 1...99, using: &rng))
      let decimals = Int.random(in: 0...9, using: &rng)
      if decimals > 0 {
        text += "."
        for _ in 0..<decimals { text += String(Int.random(in: 0...9, using: &rng)) }
      }
      return text
    }
    if chance(3) {
      return pick([
        "0", "-0", "0.0", "01", "00.5", "1.", ".5", "-", "1e", "1e2", "1E-2", "2.5e0", "100", "100.000000001",
        "99.999999999", "0.000000001", "0.0000000001", "600", "600.5", "1000000000", "9999999999",
        "123456789.123456789", "12345678901234567890", "36.4000", "18.0", "NaN", "-Infinity", "null", "\"18\"",
        "true", "[]", "{}", "18 .5",
      ])
    }
    return ShotJSONFastPathTests.randomNumber(&rng)
  }

  mutating func tags(_ words: [String]) -> String {
    if chance(30) { return pick(["null", "\"sour\"", "{}", "[", "[\"sour\",]"]) }
    var list: [String] = []
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
      list.append(chance(15) ? "\"\\u0073our\"" : "\"" + (chance(20) ? "Sour" : pick(words)) + "\"")
    }
    return "[" + list.joined(separator: pick([",", ", ", " ,"])) + "]"
  }

  mutating func value(_ kind: Value) -> String {
    switch kind {
    case .number: return number()
    case .one: return "1"
    case .id: return pick(["\"1\"", "\"shot-42\"", "\"a\\\"b\"", "\"\\u00e9t\\u00e9\"", "null", "7", "\"\""])
    case .name: return pick(["\"Niche\"", "\"Ni\\nche\"", "null"])
    case .finer: return pick(["\"lower\"", "\"higher\"", "\"lower\"", "\"higher\"", "\"up\""])
    case .grind: return chance(2) ? number() : "\"fine\""
    case .taste: return tags(["sour", "bitter", "balanced", "thin", "strong", "harsh"])
    case .flow: return tags(["channeling", "gushing", "choked"])
    case .recipe:
      return object([
        ("dose_g", .number), ("yield_g", .number), ("time_s", .number), ("temperature_c", .number), ("grind", .grind),
      ])
    case .grinder:
      return object([("name", .name), ("step", .number), ("min", .number), ("max", .number), ("finer", .finer)])
    case .measurements:
      return object([
        ("dose_g", .number), ("yield_g", .number), ("time_s", .number), ("first_drop_s", .number),
        ("taste", .taste), ("flow", .flow),
      ])
    case .previous:
      return object([("adjustment", .adjustment), ("shot", .measurements)])
    case .adjustment:
      return pick([
        #"{"type": "grind", "direction": "finer", "steps": 2}"#, #"{"type":"yield","delta_g":-2}"#,
        #"{"type": "temperature", "delta_c": 1.5}"#, #"{"type": "no_change"}"#,
        #"{"direction": "coarser", "type": "grind", "steps": 1.5}"#, #"{"type": "grind"}"#, "null",
        #"{"type": "grind", "direction": "coarser", "steps": 1}"#, #"{"type": "no_change"}"#,
      ])
    }
  }

  mutating func object(_ members: [(String, Value)]) -> String {
    var chosen: [(String, Value)] = []
    for m in members where !chance(4) { chosen.append(m) }
    if chance(5) { chosen.shuffle(using: &rng) }
    if chance(25), let repeated = chosen.randomElement(using: &rng) { chosen.append(repeated) }
    if chance(30) { chosen.insert(("unknown_key", .one), at: Int.random(in: 0...chosen.count, using: &rng)) }
    var text = pick(["{", "{", "{ ", "{\n  "])
    for (i, member) in chosen.enumerated() {
      if i > 0 { text += chance(150) ? " " : pick([", ", ", ", ",", " , ", ",\n  "]) }
      text += key(member.0) + (chance(150) ? " " : pick([": ", ": ", ":", " : ", ":\t"])) + value(member.1)
    }
    if chance(150) { text += "," }
    return text + pick(["}", "}", " }", "\n}"])
  }

  mutating func document() -> String {
    let header = pick([
      #""format": "dialrules-shot", "version": 1"#, #""format":"dialrules-shot","version":1"#,
      #""format": "dialrules-shot", "version": 1"#, #""format": "dialrules-shot", "version": 1"#,
      #""format": "dialrules-shot", "version": 1"#, #""format": "dialrules-shot", "version": 1"#,
      #""format": "dialrules-shot", "version": 1"#, #""format": "dialrules-shot", "version": 1"#,
      #""format": "dialrules-shot", "version": 1.0"#, #""format": "dialrules-shot", "version": 10"#,
      #""format": "dialrules-shot", "version": 1e0"#, #""format": "dialrules-shot", "version": 1.5"#,
      #""format": "dialrules-shot", "version": 2"#, #""format": "dialrules-shotx", "version": 1"#,
      #""version": 1, "format": "dialrules-shot""#, #""format": "dialrules-shot",  "version": 1"#,
      #""format": "dialrules-shot", "version": 1 "#, #""format": "dialrules-shot""#, "",
    ])
    var text = object([
      ("id", .id), ("recipe", .recipe), ("grinder", .grinder), ("shot", .measurements), ("previous", .previous),
    ])
    // The header goes just after the first `{`, followed by the rest of the members.
    if !header.isEmpty {
      let rest = text.dropFirst().drop { $0 == " " || $0 == "\n" }
      let separator = rest.hasPrefix("}") ? "" : pick([", ", ",", " ,"])
      text = "{" + (chance(6) ? " " : "") + header + separator + rest
    }
    if chance(30) { text = String(text.prefix(Int.random(in: 0...text.count, using: &rng))) }
    if chance(40) { text += pick([" x", "}", " "]) }
    return text
  }
}
