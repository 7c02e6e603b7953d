import DialRules
import ShotLog

/// What `dialshot report` draws for one bean, read through ShotLog's public API: the bean, its
/// shots oldest first (one `history` query), the grinders they were pulled on, and the recipe it
/// settled on (the active snapshot).
struct BeanReport {
  var bean: Bean
  /// Oldest first. A shot's number is the log's own (`attemptID`), as `history` shows it.
  var shots: [HistoryRow]
  /// Every grinder, by name (a history row names its grinder).
  var grinders: [String: Grinder]
  /// The active recipe, the one the shots led to.
  var recipe: RecipeSnapshot?
  /// The active recipe's grinder.
  var recipeGrinder: Grinder?
  /// The notes of the shots that have any, by shot number.
  var notes: [Int64: String] = [:]
  /// The shots imported from another app, whose recipe time is the import's assumption (no
  /// source records a target time), not a target.
  var imported: Set<Int64> = []
  /// How times are shown: local (`TZ`) or UTC with `--utc`, as in `history`.
  var clock = LocalClock.utc
  /// The bean's bags, oldest first, with their shots and the grams left.
  var bags: [BagUsage] = []

  /// The beans to report (`only`, or every active bean with shots, by name), each with its shots.
  static func load(_ store: ShotLogStore, only: Bean?) throws -> [BeanReport] {
    var grinders: [String: Grinder] = [:]
    var byID: [Int64: Grinder] = [:]
    for g in try store.profiles.grinders(includeArchived: true) {
      grinders[g.name] = g
      byID[g.id] = g
    }
    let beans = try only.map { [$0] } ?? store.profiles.beans().sorted { $0.name < $1.name }
    var out: [BeanReport] = []
    for bean in beans {
      // Voided and corrected shots take no part, as in trends.
      let shots = Array(try store.shots.history(HistoryFilter(beanID: bean.id, countingOnly: true)).reversed())
      if shots.isEmpty && only == nil { continue }
      let recipe = try store.profiles.activeSnapshot(beanID: bean.id)
      out.append(
        BeanReport(
          bean: bean, shots: shots, grinders: grinders, recipe: recipe,
          recipeGrinder: recipe.flatMap { byID[$0.grinderID] }, notes: try store.shots.shotNotes(beanID: bean.id),
          bags: try store.profiles.bagUsage(beanID: bean.id)
        ))
    }
    return out
  }

  /// The grinders this bean's shots were pulled on, in order of first use.
  var grinderNames: [String] {
    var seen: [String] = []
    for s in shots where !seen.contains(s.grinderName) { seen.append(s.grinderName) }
    return seen
  }

  /// Days from roasting (of the bag it was pulled from) to the last shot (the report never reads the clock, so the same log
  /// gives the same page tomorrow).
  var daysFromRoastToLastShot: Int64? {
    // The age of the coffee that shot was pulled from: its own bag's roast date.
    guard let last = shots.last, let roast = last.roastDate else { return nil }
    return last.pulledAt.date.daysSinceEpoch - roast.daysSinceEpoch
  }

  /// The shot's target time: the recipe's, except for an imported shot (its recipe's time is
  /// only what the import assumed).
  func targetTime(_ shot: HistoryRow) -> ExactNumber? {
    imported.contains(shot.attemptID) ? nil : shot.targetTimeS
  }

  /// Whether the active recipe came from an import, so its time is the import's assumption.
  var recipeTimeIsAssumed: Bool { recipe?.reasonDetail?.hasPrefix("imported from") == true }

  /// How many of the newest shots were pulled at the active recipe's grind on its grinder: how
  /// long the recipe has held. Zero when the recipe's grind was never pulled (an accepted
  /// suggestion moved it after the last shot): then it has not settled there.
  var shotsAtSettledGrind: Int {
    guard let recipe, let grinder = recipeGrinder else { return 0 }
    var n = 0
    for s in shots.reversed() {
      guard s.grinderName == grinder.name, s.grind == recipe.grind.text else { break }
      n += 1
    }
    return n
  }
}

/// What a stored suggestion was, for its mark on the chart: the decision's kind and its
/// adjustment as stored (`HistoryRow.adjustment`).
enum SuggestionMark: String {
  case finer, coarser, longer, shorter, hotter, cooler, same, abstain

  init?(_ row: HistoryRow) {
    guard let kind = row.decisionKind else { return nil }
    switch kind {
    case .noChange: self = .same
    case .insufficientEvidence: self = .abstain
    case .adjust:
      switch row.adjustment {
      case .grind(.finer, _)?: self = .finer
      case .grind(.coarser, _)?: self = .coarser
      case .yield(let delta)?: self = delta.isNegative ? .shorter : .longer
      case .temperature(let delta)?: self = delta.isNegative ? .cooler : .hotter
      case .noChange?: self = .same
      default: return nil
      }
    }
  }

  /// The glyph drawn in the suggestions row.
  var glyph: String {
    switch self {
    case .finer: "F"
    case .coarser: "C"
    case .longer: "+"
    case .shorter: "−"
    case .hotter: "H"
    case .cooler: "L"
    case .same: "="
    case .abstain: "?"
    }
  }
}
