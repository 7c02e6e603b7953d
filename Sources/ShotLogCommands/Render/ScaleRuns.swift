import DialRules

/// A grinder's shots in runs of the same finer direction, as each shot's recipe snapshot kept it:
/// editing a grinder's direction starts a new run, and finer and coarser only compare within one.
enum ScaleRuns {
  /// `items` (one grinder's shots, oldest first) split where `finer` changes.
  static func split<Item>(_ items: [Item], finer: (Item) -> ShotRecord.FinerDirection?) -> [ArraySlice<Item>] {
    var runs: [ArraySlice<Item>] = []
    var start = items.startIndex
    for i in items.indices.dropFirst() where finer(items[i]) != finer(items[i - 1]) {
      runs.append(items[start..<i])
      start = i
    }
    if start < items.endIndex { runs.append(items[start...]) }
    return runs
  }

  /// `lower is finer`, `higher is finer`, or `direction not set` (free-text settings).
  static func words(_ finer: ShotRecord.FinerDirection?, _ w: Wording = Wording(.english)) -> String {
    switch finer {
    case .lower?: w.pick("lower is finer", de: "niedriger ist feiner", es: "más bajo es más fino")
    case .higher?: w.pick("higher is finer", de: "höher ist feiner", es: "más alto es más fino")
    case nil: w.pick("direction not set", de: "Richtung nicht festgelegt", es: "dirección sin definir")
    }
  }
}
