/// Values remembered by interval set, with the set looked up last in front of the dictionary.
///
/// A sweep hands out cell after cell whose sets mostly equal the previous cell's, often in the
/// same storage, which `==` compares at once; hashing a set reads every exact number in it. So
/// each lookup first compares with the last set asked about, and only then hashes.
struct IntervalSetMemo<Value> {
  private var known: [IntervalSet: Value] = [:]
  private var last: (set: IntervalSet, value: Value)?

  /// The value remembered for `set`, if any.
  mutating func value(for set: IntervalSet) -> Value? {
    if let last, last.set == set { return last.value }
    guard let value = known[set] else { return nil }
    last = (set, value)
    return value
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
    known[set] = value
    last = (set, value)
  }
}
