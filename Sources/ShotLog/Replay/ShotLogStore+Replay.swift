import DialRules

/// Real history out, for rule authors: every shot's decided record as shot JSON, what another
/// rule file would have suggested over the log, and the records to weigh a table's gaps with.
extension ShotLogStore {
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
    /// Index of the next shot: the first, by pull time, whose stored record names this one as its
    /// previous shot.
    var next: Int?
  }

  /// Every shot that counts (neither voided nor corrected: a correction stands in for the shot it
  /// corrects) with the record it was decided by — stored when it was logged or imported, never
  /// derived again — ordered by pull time (ties by id), in one read transaction.
  func loadRecords() throws -> [RecordEntry] {
    let contents = try Exporter(store: self).load(decodingSuggestions: true)
    var grinders: [Int64: String] = [:]
    var beanNames: [Int64: String] = [:]
    for g in contents.grinders { grinders[g.id] = g.name }
    for b in contents.beans { beanNames[b.id] = b.name }
    var answers: [Int64: SuggestionEvent.Action] = [:]
    for e in contents.events { answers[e.attemptID] = e.action }
    var left = Set(contents.voids.map(\.attemptID))
    for attempt in contents.attempts { if let corrected = attempt.amendsID { left.insert(corrected) } }
    let order = contents.attempts.indices.filter { !left.contains(contents.attempts[$0].id) }.sorted {
      (contents.attempts[$0].pulledAt, contents.attempts[$0].id) < (
        contents.attempts[$1].pulledAt, contents.attempts[$1].id
      )
    }
    var out: [RecordEntry] = []
    out.reserveCapacity(order.count)
    var position: [Int64: Int] = [:]
    for i in order {
      let attempt = contents.attempts[i]
      guard !contents.records[i].isEmpty else { throw ShotLogError.danglingReference(shot: attempt.id) }
      position[attempt.id] = out.count
      out.append(
        RecordEntry(
          attempt: attempt, bean: beanNames[attempt.beanID] ?? "?", grinder: grinders[attempt.grinderID] ?? "?",
          record: attempt.record, answer: answers[attempt.id]))
    }
    // The next shot of one is the first, by pull time, that was compared with it when logged.
    for k in out.indices {
      if let previous = out[k].attempt.previousID, let p = position[previous], out[p].next == nil { out[p].next = k }
    }
    return out
  }
}

/// What other rules would have suggested over the log, and the records they decide.
extension ShotLogStore.Replay {
  /// Every shot's record as the rules decided on it when it was logged (its recipe, grinder,
  /// measurements, and the previous shot with the change made since), with the attempt's id,
  /// oldest first by pull time; read in one transaction. Voided shots and shots corrected since
  /// are left out (the correction is in).
  public func shotRecords() throws(ShotLogError) -> [(attemptID: Int64, record: ShotRecord)] {
    try guarded { try store.loadRecords().map { ($0.attempt.id, $0.record) } }
  }

  /// What `rules` would have suggested for every shot that counts, against what was stored: each
  /// stored record decided again (the records are never derived again).
  public func report(with rules: RuleSet) throws(ShotLogError) -> ReplayReport {
    try guarded {
      let entries = try store.loadRecords()
      var shots: [ReplayReport.Shot] = []
      shots.reserveCapacity(entries.count)
      for entry in entries {
        var moved: Bool?
        if let next = entry.next, let here = ShotLogStore.distanceFromTarget(entry.record),
          let there = ShotLogStore.distanceFromTarget(entries[next].record), there != here
        {
          moved = there < here
        }
        shots.append(
          ReplayReport.Shot(
            attemptID: entry.attempt.id, bean: entry.bean, grinder: entry.grinder, pulledAt: entry.attempt.pulledAt,
            stored: entry.attempt.suggestion?.decision, replayed: rules.decide(entry.record),
            answer: entry.answer, nextMovedTowardTime: moved))
      }
      return ShotLogStore.summarize(shots, entries: entries, rules: rules)
    }
  }
}
