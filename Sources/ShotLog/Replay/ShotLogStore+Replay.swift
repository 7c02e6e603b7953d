import DialRules

/// Real history out, for rule authors: every shot's decided record as shot JSON, what another
/// rule file would have suggested over the log, and the records to weigh a table's gaps with.
extension ShotLogStore {
  /// Every attempt's record as the rules decide on it (its recipe, grinder, measurements and
  /// previous shot), with the attempt's id, oldest first by pull time; read in one transaction.
  public func shotRecords() throws(ShotLogError) -> [(attemptID: Int64, record: ShotRecord)] {
    try guarded { try loadRecords().map { ($0.attempt.id, $0.record) } }
  }

  /// `export --shots`: one shot JSON v1 object per line (JSON Lines), each attempt's decided
  /// record with the attempt's UUID as `id`, oldest first — what `dialrules eval|diff|lint
  /// --shots` read.
  public func exportShotsJSONL() throws(ShotLogError) -> [UInt8] {
    try guarded {
      var out: [UInt8] = []
      for entry in try loadRecords() {
        out += Array(entry.record.jsonText.utf8)
        out.append(0x0A)
      }
      return out
    }
  }

  /// What `rules` would have suggested for every shot of the log, against what was stored.
  public func replay(_ rules: RuleSet) throws(ShotLogError) -> ReplayReport {
    try guarded {
      let entries = try loadRecords()
      var shots: [ReplayReport.Shot] = []
      shots.reserveCapacity(entries.count)
      for entry in entries {
        var moved: Bool?
        if let next = entry.next, let here = Self.distanceFromTarget(entry.record),
          let there = Self.distanceFromTarget(entries[next].record), there != here
        {
          moved = there < here
        }
        shots.append(
          ReplayReport.Shot(
            attemptID: entry.attempt.id, bean: entry.bean, grinder: entry.grinder, pulledAt: entry.attempt.pulledAt,
            stored: entry.attempt.suggestion?.decision, replayed: rules.decide(entry.record),
            answer: entry.answer, nextMovedTowardTime: moved))
      }
      return Self.summarize(shots, entries: entries, rules: rules)
    }
  }

  /// |shot time − recipe time|, when both are known.
  static func distanceFromTarget(_ record: ShotRecord) -> ExactNumber? {
    guard let t = record.shot?.timeS, let target = record.recipe?.timeS else { return nil }
    return t.subtracting(target)?.magnitude
  }

  /// Counts the transitions, beans and rule uses of `shots`.
  static func summarize(_ shots: [ReplayReport.Shot], entries: [RecordEntry], rules: RuleSet) -> ReplayReport {
    var transitions: [String: (from: String, to: String, count: Int)] = [:]
    var beans: [String: (shots: Int, changed: Int)] = [:]
    var uses = Dictionary(
      uniqueKeysWithValues: rules.ruleIDs.map {
        (
          $0,
          ReplayReport.RuleUse(
            ruleID: $0, decided: 0, abstained: 0, accepted: 0, rejected: 0, towardTime: 0, awayFromTime: 0,
            sameDistance: 0)
        )
      })
    for (i, shot) in shots.enumerated() {
      let from = ReplayReport.label(shot.stored)
      let to = ReplayReport.label(shot.replayed)
      transitions[from + "\u{0}" + to, default: (from, to, 0)].count += 1
      beans[shot.bean, default: (0, 0)].shots += 1
      if shot.changed { beans[shot.bean, default: (0, 0)].changed += 1 }
      let sameAsStored = !shot.changed
      for id in shot.replayed.decidedBy {
        guard var use = uses[id] else { continue }
        switch shot.replayed.outcome {
        case .insufficientEvidence(.explicit): use.abstained += 1
        case .insufficientEvidence: break
        case .adjust, .noChange:
          use.decided += 1
          if sameAsStored, let answer = shot.answer {
            if answer == .accepted { use.accepted += 1 } else { use.rejected += 1 }
          }
          if case .adjust = shot.replayed.outcome, let next = entries[i].next,
            let here = distanceFromTarget(entries[i].record), let there = distanceFromTarget(entries[next].record)
          {
            if there < here {
              use.towardTime += 1
            } else if there > here {
              use.awayFromTime += 1
            } else {
              use.sameDistance += 1
            }
          }
        }
        uses[id] = use
      }
    }
    return ReplayReport(
      shots: shots,
      transitions: transitions.values.sorted { ($1.count, $0.from, $0.to) < ($0.count, $1.from, $1.to) },
      beans: beans.map { ($0.key, $0.value.shots, $0.value.changed) }.sorted {
        ($1.shots, $0.bean) < ($0.shots, $1.bean)
      },
      rules: rules.ruleIDs.compactMap { uses[$0] })
  }

  /// One attempt with what replay needs.
  struct RecordEntry {
    var attempt: ShotAttempt
    var bean: String
    var grinder: String
    var record: ShotRecord
    var answer: SuggestionEvent.Action?
    /// Index of the next attempt of the same bean and grinder.
    var next: Int?
  }

  /// Every attempt with its record, ordered by pull time (ties by id), in one read transaction.
  func loadRecords() throws -> [RecordEntry] {
    let contents = try Exporter(store: self).load(decodingSuggestions: true)
    var snapshots: [Int64: RecipeSnapshot] = [:]
    var grinders: [Int64: Grinder] = [:]
    var beanNames: [Int64: String] = [:]
    for s in contents.snapshots { snapshots[s.id] = s }
    for g in contents.grinders { grinders[g.id] = g }
    for b in contents.beans { beanNames[b.id] = b.name }
    var answers: [Int64: SuggestionEvent.Action] = [:]
    for e in contents.events { answers[e.attemptID] = e.action }
    let order = contents.attempts.indices.sorted {
      (contents.attempts[$0].pulledAt, contents.attempts[$0].id) < (
        contents.attempts[$1].pulledAt, contents.attempts[$1].id
      )
    }
    var position = [Int](repeating: 0, count: contents.attempts.count)
    for (k, i) in order.enumerated() { position[i] = k }
    var out: [RecordEntry] = []
    out.reserveCapacity(order.count)
    for i in order {
      let attempt = contents.attempts[i]
      out.append(
        RecordEntry(
          attempt: attempt, bean: beanNames[attempt.beanID] ?? "?", grinder: grinders[attempt.grinderID]?.name ?? "?",
          record: try contents.record(at: i, snapshots: snapshots, grinders: grinders), answer: answers[attempt.id]))
    }
    for (i, p) in contents.previousIndex.enumerated() {
      if let p { out[position[p]].next = position[i] }
    }
    return out
  }
}
