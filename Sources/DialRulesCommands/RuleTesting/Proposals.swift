import CommandLineSupport
import DialRules

/// `test --coverage --propose DIR`: a witness fixture for each uncovered rule, written as
/// `DIR/<rule-id>.json` in the layout of `Fixtures/shots/`, ready to commit (then `--update`
/// writes its goldens).
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
      // Shown as given (relative paths stay relative), resolved by `io` when written.
      let shown = dir + "/" + id + ".json"
      do {
        try Directories.create(dir, io: io)
        try AtomicFile.write(JSONPrettyPrinter.format(shot.jsonText), to: shown, io: io)
      } catch {
        throw WriteError(message: error.message)
      }
      entries.append(Entry(rule: id, path: shown, note: note))
    }
    return entries
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
