/// A product region: one interval set per numeric axis and one class mask per finite axis. A
/// shot is in the box when every axis value lies in its part.
///
/// A rule's condition is a union of boxes; regions of findings are boxes. An unconstrained numeric
/// axis holds its whole domain and an unconstrained finite axis every class, so "no constraint"
/// and "everything a shot can be" are the same value.
struct Box: Hashable, Sendable {
  var numeric: [IntervalSet]
  var finite: [UInt64]

  /// The box holding every fully observed shot.
  static func all(_ catalog: AxisCatalog) -> Box {
    Box(numeric: catalog.numeric.map { $0.domain }, finite: catalog.finite.map { $0.allMask })
  }

  /// Whether some shot is in the box.
  var isEmpty: Bool { numeric.contains { $0.isEmpty } || finite.contains { $0 == 0 } }

  /// The box cut down by one constraint.
  func constrained(by c: AxisConstraint) -> Box {
    var out = self
    switch c {
    case .numeric(let axis, let set): out.numeric[axis] = numeric[axis].intersection(set)
    case .finite(let axis, let mask): out.finite[axis] = finite[axis] & mask
    }
    return out
  }

  /// The shots in both boxes.
  func intersection(_ other: Box) -> Box {
    var out = self
    for i in numeric.indices { out.numeric[i] = numeric[i].intersection(other.numeric[i]) }
    for i in finite.indices { out.finite[i] = finite[i] & other.finite[i] }
    return out
  }

  /// Whether the boxes may share a shot: false only when on some axis they share no value, so
  /// `intersection` would be empty. Builds nothing, so it can sort out most pairs cheaply.
  func mayMeet(_ other: Box) -> Bool {
    for i in finite.indices where finite[i] & other.finite[i] == 0 { return false }
    for i in numeric.indices where !numeric[i].mayMeet(other.numeric[i]) { return false }
    return true
  }

  /// Whether every shot of `self` is in `other`.
  func isSubset(of other: Box) -> Bool {
    for i in finite.indices where finite[i] & ~other.finite[i] != 0 { return false }
    for i in numeric.indices where !numeric[i].isSubset(of: other.numeric[i]) { return false }
    return true
  }

  /// When the boxes differ on at most one axis, the single box that is their union.
  func union(_ other: Box) -> Box? {
    var differing: (numeric: Bool, index: Int)?
    for i in finite.indices where finite[i] != other.finite[i] {
      if differing != nil { return nil }
      differing = (false, i)
    }
    for i in numeric.indices where numeric[i] != other.numeric[i] {
      if differing != nil { return nil }
      differing = (true, i)
    }
    guard let (isNumeric, i) = differing else { return self }
    var out = self
    if isNumeric {
      out.numeric[i] = numeric[i].union(other.numeric[i])
    } else {
      out.finite[i] = finite[i] | other.finite[i]
    }
    return out
  }

  /// Bit mask of the axes the box constrains (finite axes first, then numeric), against `full`.
  /// Axes always fit in 64 bits: at most 22 tags and one adjustment axis, and at most 11 numeric
  /// axes when they are independent (one per observed field, which `PivotPlanner` enforces) or
  /// `AnalysisLimits.maxDependentAxes` (32) when they are not.
  func constrainedAxes(comparedWith full: Box) -> UInt64 {
    var mask: UInt64 = 0
    for i in finite.indices where finite[i] != full.finite[i] { mask |= UInt64(1) << UInt64(i) }
    for i in numeric.indices where numeric[i] != full.numeric[i] {
      mask |= UInt64(1) << UInt64(finite.count + i)
    }
    return mask
  }
}

/// Simplifying unions of boxes without changing the region they cover.
enum BoxUnion {
  /// Drops boxes inside another box, then repeatedly merges two boxes that differ on one axis,
  /// until nothing changes. The result covers exactly the same shots. Pairs are tried in a fixed
  /// order, so the result is deterministic. `limit` bounds the quadratic work: larger inputs are
  /// only deduplicated.
  static func simplify(_ boxes: [Box], limit: Int = 2_000) -> [Box] {
    var budget = AnalysisLimits.maxMergeComparisons
    return simplify(boxes, limit: limit, budget: &budget)
  }

  /// `simplify`, spending at most `budget` pair comparisons (and taking them off it). Once it is
  /// spent, merging stops where it is: every step keeps the union the same, so the boxes still
  /// cover exactly the same shots, there are only more of them. Repeated passes over a couple of
  /// thousand boxes were the analysis's slowest step (found by the evaluator fuzz target: a
  /// 10-rule table took over 10 s under the sanitizers).
  static func simplify(_ boxes: [Box], limit: Int = 2_000, budget: inout Int) -> [Box] {
    var out: [Box] = []
    var seen = Set<Box>()
    for b in boxes where !b.isEmpty && seen.insert(b).inserted { out.append(b) }
    guard out.count <= limit else { return out }
    var changed = true
    while changed {
      changed = false
      var i = 0
      while i < out.count {
        var j = i + 1
        while j < out.count {
          guard budget > 0 else { return out }
          budget -= 1
          if out[j].isSubset(of: out[i]) {
            out.remove(at: j)
            changed = true
          } else if out[i].isSubset(of: out[j]) {
            out[i] = out[j]
            out.remove(at: j)
            changed = true
          } else if let merged = out[i].union(out[j]) {
            out[i] = merged
            out.remove(at: j)
            changed = true
          } else {
            j += 1
          }
        }
        i += 1
      }
    }
    return out
  }
}
