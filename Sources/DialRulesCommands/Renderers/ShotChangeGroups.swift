import DialRules

/// The shots whose decision changes, grouped for a reviewer: by how the outcome changes
/// (`adjust grind finer 1 step → insufficient evidence (no_rule)`), and apart from those, the shots
/// that keep their outcome but are decided by other rules (or miss other observations), which
/// `diff` counts and lists only with `--show-decided-by`.
///
/// Groups are ordered by size, largest first, then by their first shot; shots keep the order they
/// were compared in (sorted fixtures, then each JSON Lines file line by line).
struct ShotChangeGroups {
  /// Shots whose outcome changes from `from` to `to`.
  struct OutcomeGroup {
    var from: String
    var to: String
    var sources: [String]
  }

  /// Shots that keep `decision` but whose deciding rules (or missing observations) change.
  struct RulesGroup {
    var decision: String
    var oldDecidedBy: [String]
    var newDecidedBy: [String]
    var oldMissing: [String]
    var newMissing: [String]
    var sources: [String]

    /// `channeling → channeling, also_channeling`, and the missing fields when they change.
    var change: String {
      var s = "\(Self.list(oldDecidedBy)) → \(Self.list(newDecidedBy))"
      if oldMissing != newMissing { s += "; missing \(Self.list(oldMissing)) → \(Self.list(newMissing))" }
      return s
    }

    static func list(_ ids: [String]) -> String { ids.isEmpty ? "none" : ids.joined(separator: ", ") }
  }

  var outcomes: [OutcomeGroup] = []
  var rules: [RulesGroup] = []

  /// The most shots a group lists in text and Markdown; JSON lists them all.
  static let maxListed = 10

  init(_ changes: [DecisionChange]) {
    var outcomeIndex: [String: Int] = [:]
    var rulesIndex: [String: Int] = [:]
    for c in changes {
      let from = DecisionChange.label(c.old)
      if c.old.outcome != c.new.outcome {
        let to = DecisionChange.label(c.new)
        let key = from + "\u{0}" + to
        if let i = outcomeIndex[key] {
          outcomes[i].sources.append(c.source)
        } else {
          outcomeIndex[key] = outcomes.count
          outcomes.append(OutcomeGroup(from: from, to: to, sources: [c.source]))
        }
      } else {
        let key = [
          from, c.old.decidedBy.joined(separator: ","), c.new.decidedBy.joined(separator: ","),
          c.old.missing.joined(separator: ","), c.new.missing.joined(separator: ","),
        ].joined(separator: "\u{0}")
        if let i = rulesIndex[key] {
          rules[i].sources.append(c.source)
        } else {
          rulesIndex[key] = rules.count
          rules.append(
            RulesGroup(
              decision: from, oldDecidedBy: c.old.decidedBy, newDecidedBy: c.new.decidedBy, oldMissing: c.old.missing,
              newMissing: c.new.missing, sources: [c.source]))
        }
      }
    }
    // Largest first; `enumerated` keeps first appearance as the tie-break (the sort is not stable).
    outcomes = outcomes.enumerated().sorted {
      ($1.element.sources.count, $0.offset) < ($0.element.sources.count, $1.offset)
    }
    .map(\.element)
    rules = rules.enumerated().sorted { ($1.element.sources.count, $0.offset) < ($0.element.sources.count, $1.offset) }
      .map(\.element)
  }

  var outcomeCount: Int { outcomes.reduce(0) { $0 + $1.sources.count } }
  var rulesCount: Int { rules.reduce(0) { $0 + $1.sources.count } }

  /// `3 shots`, `1 shot`.
  static func shots(_ n: Int) -> String { "\(n) shot\(n == 1 ? "" : "s")" }

  /// The first `maxListed` of `sources` as lines after `indent`, then how many more.
  static func listed(_ sources: [String], indent: String) -> String {
    var out = ""
    for s in sources.prefix(maxListed) { out += indent + s + "\n" }
    if sources.count > maxListed { out += indent + "… and \(sources.count - maxListed) more\n" }
    return out
  }

  /// The same in a Markdown cell: `3: `a.json`, `b.json`, `c.json``.
  static func cell(_ sources: [String]) -> String {
    var s = "\(sources.count): " + sources.prefix(maxListed).map { DiffReport.cell($0) }.joined(separator: ", ")
    if sources.count > maxListed { s += ", … and \(sources.count - maxListed) more" }
    return s
  }

  /// Both lists as JSON: `outcome_changes` and `decided_by_changes`, every shot listed.
  var jsonMembers: [JSONValue.Member] {
    [
      .init(
        "outcome_changes",
        .array(
          outcomes.map {
            [
              "from": .string($0.from), "to": .string($0.to), "count": .number(ExactNumber($0.sources.count)),
              "shots": .array($0.sources.map { .string($0) }),
            ]
          })),
      .init(
        "decided_by_changes",
        .array(
          rules.map {
            [
              "decision": .string($0.decision), "old_decided_by": .array($0.oldDecidedBy.map { .string($0) }),
              "new_decided_by": .array($0.newDecidedBy.map { .string($0) }),
              "old_missing": .array($0.oldMissing.map { .string($0) }),
              "new_missing": .array($0.newMissing.map { .string($0) }),
              "count": .number(ExactNumber($0.sources.count)), "shots": .array($0.sources.map { .string($0) }),
            ]
          })),
    ]
  }
}
