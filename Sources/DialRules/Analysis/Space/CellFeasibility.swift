/// Whether a region of dependent axes holds any shot, decided exactly and remembered: the sweep
/// asks about the same combinations of axis intervals again and again (once per branch of the
/// finite axes above them).
///
/// A group of axes that has at most one axis constrained needs no check: each axis alone can take
/// every value of its domain (`AxisDomain`). Otherwise every combination of one interval per
/// constrained axis is one polyhedron over the group's fields, decided by `FourierMotzkin`. A
/// region is kept when some combination in every group holds shots, cut down to the intervals
/// that take part in one; when the combinations are too many
/// (`AnalysisLimits.maxFeasibilityCombinations`) or the elimination cannot decide, it is kept
/// whole. Keeping a region that holds no shot claims nothing false (a gap there gets no witness
/// and is listed under A009); dropping one that does would, and never happens.
final class CellFeasibility {
  let dependence: AxisDependence
  let domains: [IntervalSet]
  /// Per group: the answer for each combination asked about so far.
  private var known: [[[Interval?]: Bool]]
  /// Per group: the trimmed interval sets of each projection of a region onto the group's axes
  /// asked about so far (nil: the projection holds no shot). The sweep meets the same projection
  /// once per cell of the other axes, so this, not the elimination, is what most calls need.
  private var trimmedProjections: [[[IntervalSet]: [IntervalSet]?]]
  /// Per group, for one `CellSweep`'s calls: the answers of `trimmed` and `hullMayHoldShots` by
  /// the sweep's ids of the group's axis sets, which name each set exactly and are cheaper to
  /// hash than the sets (exact numbers) the memos above are keyed by. The ids are those of the
  /// sweep that began last (`beginSweep`); an earlier sweep's calls use the exact memos only.
  private var trimmedByID: [[[Int]: Projection]]
  private var hullByID: [[[Int]: Bool]]
  private var sweepGeneration = 0
  /// Per group: the key being looked up, built in place (a lookup allocates nothing).
  private var keys: [[Int]]

  /// The checker for the axes of `catalog`, or nil when they are independent.
  init?(_ catalog: AxisCatalog) {
    guard let dependence = catalog.dependence else { return nil }
    self.dependence = dependence
    self.domains = catalog.numeric.map { $0.domain }
    self.known = Array(repeating: [:], count: dependence.groups.count)
    self.trimmedProjections = Array(repeating: [:], count: dependence.groups.count)
    self.trimmedByID = Array(repeating: [:], count: dependence.groups.count)
    self.hullByID = Array(repeating: [:], count: dependence.groups.count)
    self.keys = dependence.groups.map { Array(repeating: 0, count: $0.axes.count) }
  }

  /// Whether the checker decides for the axes of `catalog` (the same dependent axes), so a sweep
  /// over them may share its memos: the table's sweep, A007's and the property proof's ask
  /// about many of the same projections.
  func serves(_ catalog: AxisCatalog) -> Bool {
    catalog.dependence == dependence && catalog.numeric.map { $0.domain } == domains
  }

  /// The checker for `catalog`: `sharing` when it serves the same axes (its memos then serve
  /// too), else a new one; nil when the axes are independent.
  static func serving(_ catalog: AxisCatalog, sharing: CellFeasibility?) -> CellFeasibility? {
    if let sharing, sharing.serves(catalog) { return sharing }
    return CellFeasibility(catalog)
  }

  /// Starts the memos by ids of a new sweep, returning its generation for the `ids:` calls.
  func beginSweep() -> Int {
    sweepGeneration += 1
    for g in trimmedByID.indices {
      trimmedByID[g].removeAll(keepingCapacity: true)
      hullByID[g].removeAll(keepingCapacity: true)
    }
    return sweepGeneration
  }

  /// Whether the combination `intervals` of group `g` may hold shots (true when undecided).
  func mayHoldShots(group g: Int, _ intervals: [Interval?]) -> Bool {
    if let answer = known[g][intervals] { return answer }
    let group = dependence.groups[g]
    var answer = true
    if let system = dependence.system(group, intervals: intervals),
      case .infeasible = FourierMotzkin.eliminate(system, variables: group.fields.count)
    {
      answer = false
    }
    known[g][intervals] = answer
    return answer
  }

  /// How many answers the memos by value hold (a measure of the memory they take).
  var answerCount: Int {
    known.reduce(0) { $0 + $1.count } + trimmedProjections.reduce(0) { $0 + $1.count }
  }

  /// How many axes of group `g` the region constrains.
  private func constrainedCount(_ g: Int, _ region: Box) -> Int {
    dependence.groups[g].axes.reduce(0) { $0 + (region.numeric[$1] == domains[$1] ? 0 : 1) }
  }

  /// Whether the hull of `region` on the group of numeric axis `axis` (each axis's interval set
  /// read as the one interval from its first end to its last) may hold shots: when it cannot,
  /// no part of the region can, and the sweep need not cut it further.
  func hullMayHoldShots(_ region: Box, axis: Int) -> Bool {
    let g = dependence.groupOf[axis]
    guard constrainedCount(g, region) > 1 else { return true }
    let intervals = dependence.groups[g].axes.map { a -> Interval? in
      let set = region.numeric[a]
      guard set != domains[a] else { return nil }
      guard let first = set.intervals.first, let last = set.intervals.last else { return Interval.empty }
      return Interval(
        lower: first.lower, lowerClosed: first.lowerClosed, upper: last.upper, upperClosed: last.upperClosed)
    }
    return mayHoldShots(group: g, intervals)
  }

  /// `hullMayHoldShots` for a sweep that names each numeric axis's set in `region` by `ids`
  /// (the same id always for the same set).
  func hullMayHoldShots(_ region: Box, axis: Int, ids: [Int], generation: Int) -> Bool {
    guard generation == sweepGeneration else { return hullMayHoldShots(region, axis: axis) }
    let g = dependence.groupOf[axis]
    let key = key(g, ids)
    if let known = hullByID[g][key] { return known }
    let answer = hullMayHoldShots(region, axis: axis)
    hullByID[g][key] = answer
    return answer
  }

  /// `region` cut down to the intervals of its axes that hold shots together, or nil when it
  /// holds none.
  func trimmed(_ region: Box) -> Box? {
    var out = region
    for (g, group) in dependence.groups.enumerated() {
      switch trimmedProjection(g, region) {
      case .holdsNoShot: return nil
      case .unchecked: continue
      case .kept(let kept): for (k, a) in group.axes.enumerated() { out.numeric[a] = kept[k] }
      }
    }
    return out
  }

  /// `trimmed` for a sweep that names each numeric axis's set in `region` by `ids` (the same id
  /// always for the same set).
  func trimmed(_ region: Box, ids: [Int], generation: Int) -> Box? {
    guard generation == sweepGeneration else { return trimmed(region) }
    var out = region
    for (g, group) in dependence.groups.enumerated() {
      let key = key(g, ids)
      let projection: Projection
      if let known = trimmedByID[g][key] {
        projection = known
      } else {
        projection = trimmedProjection(g, region)
        // Sets the trimming left as they were need no copy into the cell.
        if case .kept(let sets) = projection,
          group.axes.indices.allSatisfy({ sets[$0] == region.numeric[group.axes[$0]] })
        {
          trimmedByID[g][key] = .unchecked
        } else {
          trimmedByID[g][key] = projection
        }
      }
      switch projection {
      case .holdsNoShot: return nil
      case .unchecked: continue
      case .kept(let kept):
        for (k, a) in group.axes.enumerated() where out.numeric[a] != kept[k] { out.numeric[a] = kept[k] }
      }
    }
    return out
  }

  /// The ids of group `g`'s axes among `ids`, in the group's scratch key.
  private func key(_ g: Int, _ ids: [Int]) -> [Int] {
    for (k, a) in dependence.groups[g].axes.enumerated() { keys[g][k] = ids[a] }
    return keys[g]
  }

  /// What `trimmed` does to one group of axes.
  private enum Projection {
    /// No combination of the group's intervals holds a shot.
    case holdsNoShot
    /// At most one of the group's axes is constrained: nothing to check.
    case unchecked
    /// The group's sets, cut down to the intervals taking part in a combination holding shots.
    case kept([IntervalSet])
  }

  private func trimmedProjection(_ g: Int, _ region: Box) -> Projection {
    guard constrainedCount(g, region) > 1 else { return .unchecked }
    let projection = dependence.groups[g].axes.map { region.numeric[$0] }
    let kept: [IntervalSet]?
    if let known = trimmedProjections[g][projection] {
      kept = known
    } else {
      kept = trimmed(group: g, region)
      trimmedProjections[g][projection] = .some(kept)
    }
    return kept.map { .kept($0) } ?? .holdsNoShot
  }

  /// The interval sets of group `g`'s axes in `region`, each cut down to the intervals that take
  /// part in a combination holding shots; nil when none does.
  private func trimmed(group g: Int, _ region: Box) -> [IntervalSet]? {
    let group = dependence.groups[g]
    var sets = group.axes.map { region.numeric[$0] }
    guard let combinations = dependence.combinations(group, in: region, domains: domains) else { return sets }
    var used = [Set<Interval>](repeating: [], count: group.axes.count)
    var any = false
    for c in combinations where mayHoldShots(group: g, c) {
      any = true
      for (k, interval) in c.enumerated() { if let interval { used[k].insert(interval) } }
    }
    guard any else { return nil }
    for (k, a) in group.axes.enumerated() where region.numeric[a] != domains[a] {
      let kept = region.numeric[a].intervals.filter(used[k].contains)
      if kept.count != region.numeric[a].intervals.count { sets[k] = IntervalSet(kept, grid: region.numeric[a].grid) }
    }
    return sets
  }
}
