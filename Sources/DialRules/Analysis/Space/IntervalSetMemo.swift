/// Values remembered by interval set, found by the storage of the set before its numbers.
///
/// A sweep hands out cell after cell whose sets mostly equal the previous cell's, and most of the
/// others share their storage with a set handed out before (the sweep builds each set once). So
/// each lookup first compares with the last set asked about, then looks the set's storage up
/// (`==` confirms, which compares shared storage at once), and only then hashes, which reads every
/// exact number of the set.
struct IntervalSetMemo<Value> {
  private var sets: [IntervalSet] = []
  private var values: [Value] = []
  private var index: [IntervalSet: Int] = [:]
  /// A hint by storage address (`==` confirms).
  private var byStorage = IntTable()
  private var last: Int?

  /// The value remembered for `set`, if any.
  mutating func value(for set: IntervalSet) -> Value? {
    guard let i = position(of: set) else { return nil }
    last = i
    return values[i]
  }

  /// The value remembered for `set`, made by `make` and remembered the first time.
  mutating func value(for set: IntervalSet, orMake make: (IntervalSet) -> Value) -> Value {
    if let known = value(for: set) { return known }
    let made = make(set)
    remember(made, for: set)
    return made
  }

  /// Remembers `value` for `set`.
  mutating func remember(_ value: Value, for set: IntervalSet) {
    let i: Int
    if let known = position(of: set) {
      i = known
      values[i] = value
    } else {
      i = sets.count
      sets.append(set)
      values.append(value)
      index[set] = i
      byStorage[UInt64(set.storageAddress)] = i
    }
    last = i
  }

  private mutating func position(of set: IntervalSet) -> Int? {
    if let last, sets[last] == set { return last }
    let address = set.storageAddress
    if let i = byStorage[UInt64(address)], sets[i] == set { return i }
    guard let i = index[set] else { return nil }
    byStorage[UInt64(address)] = i
    return i
  }
}
