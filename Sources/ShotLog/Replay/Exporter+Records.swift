import DialRules

extension Exporter.Contents {
  /// The shot JSON v1 record of attempt `index`: its snapshot as `recipe`, the grinder, its
  /// measurements, and its previous attempt of the same bean and grinder with the adjustment
  /// applied since — what the rules decide on (the export's `record`, `export --shots`, replay).
  func record(at index: Int, snapshots: [Int64: RecipeSnapshot], grinders: [Int64: Grinder]) throws -> ShotRecord {
    let attempt = attempts[index]
    guard let snapshot = snapshots[attempt.snapshotID], let grinder = grinders[attempt.grinderID] else {
      throw ShotLogError.danglingReference(shot: attempt.id)
    }
    var previous: ShotRecord.Previous?
    if let p = previousIndex[index] {
      let earlier = attempts[p]
      var adjustment: Adjustment?
      if earlier.snapshotID != snapshot.id, let earlierSnapshot = snapshots[earlier.snapshotID] {
        adjustment = snapshot.adjustment(from: earlierSnapshot, scale: grinder.scale)
      }
      previous = ShotRecord.Previous(adjustment: adjustment, shot: earlier.measurements)
    }
    return ShotRecord(
      id: attempt.uuid, recipe: snapshot.shotRecipe, grinder: grinder.shotGrinder, shot: attempt.measurements,
      previous: previous)
  }
}
