import CommandLineSupport
import DialRules

/// `test --coverage --propose DIR`: a witness fixture for each uncovered rule, written as
/// `DIR/<rule-id>.json` in the layout of `Fixtures/shots/`, ready to commit (then `--update`
/// writes its goldens); and one for each condition never seen false or never shown to matter,
/// `DIR/<rule-id>.condition-<n>-false.json`.
enum Proposals {
  /// What happened for one uncovered rule.
  struct Entry {
    var rule: String
    /// The file written, or nil when none was.
    var path: String?
    /// `decides` (alone, or with the rules that decide it too) or `matches` when a file was
    /// written, else why not.
    var note: String
  }

  /// A directory or file that could not be written (exit status 2).
  struct WriteError: Error {
    var message: String
  }

  /// Proposes and writes fixtures for the `uncovered` rule ids; one entry per rule, in table order.
  static func write(rules: CompiledRules, uncovered: [String], to dir: String, io: CommandIO) throws(WriteError)
    -> [Entry]
  {
    let indices = rules.rules.filter { uncovered.contains($0.id) }.map(\.index)
    let found = FixtureProposal.propose(rules, for: indices)
    var entries: [Entry] = []
    for r in indices {
      let id = rules.rules[r].id
      let shot: ShotRecord
      let note: String
      switch found[r] ?? .notFound("not analysed") {
      case .decides(let s, let others) where others.isEmpty: (shot, note) = (s, "decides")
      case .decides(let s, let others):
        let names = others.map { "'\($0)'" }
        let list =
          names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "") : names.joined()
        (shot, note) = (s, "decides, together with \(list): no shot was found where it decides alone")
      case .matches(let s): (shot, note) = (s, "matches, but never decides")
      case .notFound(let reason):
        entries.append(Entry(rule: id, path: nil, note: reason))
        continue
      }
      let shown = try writeFixture(shot, named: id, to: dir, io: io)
      entries.append(Entry(rule: id, path: shown, note: note))
    }
    return entries
  }

  /// Writes `shot` as `DIR/<name>.json` and returns that path, shown as given (relative paths
  /// stay relative; `io` resolves them).
  static func writeFixture(_ shot: ShotRecord, named name: String, to dir: String, io: CommandIO) throws(WriteError)
    -> String
  {
    let shown = dir + "/" + name + ".json"
    do {
      try Directories.create(dir, io: io)
      try AtomicFile.write(JSONPrettyPrinter.format(shot.jsonText), to: shown, io: io)
    } catch {
      throw WriteError(message: error.message)
    }
    return shown
  }

  /// What happened for one condition with a gap, for one value it should be shown with.
  struct ConditionEntry {
    var rule: String
    /// Counted from 1, as the coverage report numbers them.
    var condition: Int
    var text: String
    /// The value the fixture shows it with: `false`, the rule's other conditions true (so the
    /// rule is false because of it alone), or `true`, on the rule's own proposal (every
    /// condition true).
    var shows: Truth
    /// The condition's gaps (all of them, as the coverage report lists them).
    var gaps: [Coverage.Gap]
    /// The file written, or for `true` the rule's proposal; nil when there is none.
    var path: String?
    /// Why there is none, when `path` is nil.
    var reason: String?
  }

  /// For each condition with a gap, the fixtures that show what no case showed:
  ///
  /// - never false alone (never false, or false only where another condition of the rule was
  ///   false too): `DIR/<rule-id>.condition-<n>-false.json`, a shot on which it is false and the
  ///   rule's other conditions true (`ConditionProposal`);
  /// - never true, or never mattering while true or unknown: only a rule that never matched has
  ///   such a condition, and the rule's own proposal in `ruleEntries` makes every condition true,
  ///   so the entry points at it.
  ///
  /// One entry per fixture meant, written or not (then with the reason), in table order.
  static func writeConditions(
    rules: CompiledRules, coverage: Coverage, ruleEntries: [Entry], to dir: String, io: CommandIO
  ) throws(WriteError) -> [ConditionEntry] {
    let gaps = coverage.conditionGaps
    let targets = gaps.filter { coverage.rows[$0.rule].conditions[$0.condition].falseAlone == 0 }.map {
      ConditionProposal.Target(rule: $0.rule, condition: $0.condition)
    }
    let found = ConditionProposal.propose(rules, for: targets)
    var entries: [ConditionEntry] = []
    for gap in gaps {
      let row = coverage.rows[gap.rule]
      let c = row.conditions[gap.condition]
      func entry(_ shows: Truth, _ path: String?, _ reason: String?) -> ConditionEntry {
        ConditionEntry(
          rule: row.id, condition: gap.condition + 1, text: c.text, shows: shows, gaps: gap.gaps, path: path,
          reason: reason)
      }
      if c.falseAlone == 0 {
        let target = ConditionProposal.Target(rule: gap.rule, condition: gap.condition)
        switch found[target] ?? .notFound("not analysed") {
        case .falseAlone(let shot):
          let shown = try writeFixture(shot, named: ConditionProposal.fixtureName(rules, target), to: dir, io: io)
          entries.append(entry(.no, shown, nil))
        case .notFound(let reason):
          entries.append(entry(.no, nil, reason))
        }
      }
      if c.seenTrue == 0 || c.matters == c.falseAlone {
        let ruleEntry = ruleEntries.first { $0.rule == row.id }
        let reason = ruleEntry.map { "the rule has none: \($0.note)" } ?? "the rule was not proposed"
        entries.append(entry(.yes, ruleEntry?.path, ruleEntry?.path == nil ? reason : nil))
      }
    }
    return entries
  }

  /// `proposed for conditions:` then one line per gap: the file written (or the rule's, for a
  /// condition never true), or why there is none.
  static func conditionText(_ entries: [ConditionEntry]) -> String {
    guard !entries.isEmpty else {
      return "proposed for conditions: nothing (every condition was seen true and false and shown to matter)\n"
    }
    var out = "proposed for conditions:\n"
    for e in entries {
      let name = "\(e.rule) condition \(e.condition) '\(e.text)'"
      let gaps = e.gaps.map(\.words).joined(separator: ", ")
      switch (e.shows, e.path) {
      case (.no, let path?):
        out += "  wrote \(path) (\(name) false, the rule's other conditions true; it was \(gaps))\n"
      case (_, let path?):
        out += "  \(name) (\(gaps)): true on the rule's proposal \(path)\n"
      case (_, nil):
        out += "  \(name) (\(gaps)): no fixture where it is \(e.shows.word): \(e.reason ?? "")\n"
      }
    }
    return out
  }

  /// The same as JSON: one object per gap with `rule`, `condition`, `text`, `shows`, `gaps`,
  /// `file` (or null) and `reason` (or null).
  static func conditionJSON(_ entries: [ConditionEntry]) -> JSONValue {
    .array(
      entries.map {
        [
          "rule": .string($0.rule), "condition": .number(ExactNumber($0.condition)), "text": .string($0.text),
          "shows": .string($0.shows.word), "gaps": .array($0.gaps.map { .string($0.rawValue) }),
          "file": $0.path.map { .string($0) } ?? .null, "reason": $0.reason.map { .string($0) } ?? .null,
        ]
      })
  }

  /// `proposed:` then one line per rule: the file written, or why there is none.
  static func text(_ entries: [Entry]) -> String {
    guard !entries.isEmpty else { return "proposed: nothing (every rule is covered)\n" }
    var out = "proposed:\n"
    for e in entries {
      if let path = e.path {
        out += "  wrote \(path) (\(e.rule) \(e.note))\n"
      } else {
        out += "  \(e.rule): no fixture: \(e.note)\n"
      }
    }
    return out
  }

  /// The same as JSON: one object per rule with `rule`, `file` (or null) and `note`.
  static func json(_ entries: [Entry]) -> JSONValue {
    .array(
      entries.map {
        ["rule": .string($0.rule), "file": $0.path.map { .string($0) } ?? .null, "note": .string($0.note)]
      })
  }
}
