import DialRules

/// The one count of what "decides differently" in a `diff`, computed once and printed by every
/// format (text, JSON, Markdown, HTML), so they cannot disagree.
///
/// "Decides differently" means the *outcome* changes. A shot that keeps its outcome but is decided
/// by other rules (or misses other observations) is counted apart, as a change of deciding rules
/// only, and every format labels it so.
struct DiffCounts: Equatable {
  /// Shots (fixtures and JSON Lines lines) run on both tables.
  var shotsCompared: Int
  /// Shots whose outcome changes.
  var shotsDecidingDifferently: Int
  /// Shots that keep their outcome with other deciding rules or missing observations.
  var shotsDecidedByOnly: Int
  /// Regions of the input space whose outcome changes (listed, omitted or without a witness);
  /// nil when the space was not compared (`--no-space`) or could not be analysed.
  var regionsDecidingDifferently: Int?

  /// Counts `changes` (every shot whose decision differs in any way) and the space's regions.
  init(changes: [DecisionChange], compared: Int, space: InputSpaceDiff?) {
    shotsCompared = compared
    shotsDecidingDifferently = changes.filter { $0.old.outcome != $0.new.outcome }.count
    shotsDecidedByOnly = changes.count - shotsDecidingDifferently
    if let space, space.notAnalysed == nil {
      regionsDecidingDifferently = space.regions.count + space.omitted + space.withoutWitness
    }
  }

  /// `2 of 5 decide differently`: the shots whose outcome changes, as every format prints it.
  var shotsPhrase: String { "\(shotsDecidingDifferently) of \(shotsCompared) decide differently" }

  /// `1 more changes only its deciding rules`, or nil when no shot does.
  var decidedByPhrase: String? {
    switch shotsDecidedByOnly {
    case 0: nil
    case 1: "1 more changes only its deciding rules"
    default: "\(shotsDecidedByOnly) more change only their deciding rules"
    }
  }

  /// `31 regions decide differently`, or nil when the space was not compared.
  var regionsPhrase: String? {
    switch regionsDecidingDifferently {
    case nil: nil
    case 0: "no region decides differently"
    case 1: "1 region decides differently"
    case let n?: "\(n) regions decide differently"
    }
  }

  /// The counts as the JSON `summary` object.
  var json: JSONValue {
    var members: [JSONValue.Member] = [
      .init("shots_compared", .number(ExactNumber(shotsCompared))),
      .init("shots_decide_differently", .number(ExactNumber(shotsDecidingDifferently))),
      .init("shots_deciding_rules_only", .number(ExactNumber(shotsDecidedByOnly))),
    ]
    members.append(
      .init("regions_decide_differently", regionsDecidingDifferently.map { .number(ExactNumber($0)) } ?? .null))
    return .object(members)
  }
}
