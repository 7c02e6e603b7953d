/// How to give every numeric axis a chosen value at once: each axis gets its own *pivot* field,
/// solved from the axis value after the other fields it reads are known.
///
/// `dt = shot.time - recipe.time` with pivot `shot.time` is solved as `shot.time = recipe.time + dt`
/// once `recipe.time` has its default. A set of axes is *independent* when pivots can be chosen all
/// different, with no axis needing a pivot that is solved after it. Only then does every box of
/// axis values stand for real shots, which is what makes the analysis exact; an axis that would
/// break this is not analysed (its rules say so) rather than reasoned about wrongly.
struct PivotPlan: Hashable, Sendable {
  /// The pivot field of each axis.
  var pivots: [NumericField]
  /// Axis indices in the order they are solved.
  var order: [Int]
}

/// Finds pivot plans for a set of axes by a bounded search over pivot choices.
enum PivotPlanner {
  /// Most plans kept: alternatives let the witness builder dodge a field bound (a very negative
  /// `dt` is reached by a long recipe time rather than a negative shot time).
  static let maxPlans = 8
  /// Search steps before giving up on a set of axes; the search is tiny for real tables (at most
  /// eleven numeric fields exist), this only bounds contrived ones.
  static let maxSteps = 50_000

  /// The fields an axis may be solved for: those it reads exactly once, so that undoing each
  /// operation on the way to it gives its value (`WitnessBuilder.solve`). A sum's every field; for
  /// `shot.ratio - recipe.ratio` all four; for `shot.ratio * shot.ratio` none.
  /// They come in the order the form reads them (a numerator before its denominator), so the
  /// first plan solves `shot.ratio` for the yield and keeps the dose at its default.
  static func candidates(_ form: ValueForm) -> [NumericField] {
    var counts: [NumericField: Int] = [:]
    form.countOccurrences(into: &counts)
    return form.fieldsInReadingOrder.filter { counts[$0] == 1 }
  }

  /// Up to `maxPlans` plans for `forms`, in a fixed order; empty when the axes are not independent.
  static func plans(for forms: [ValueForm]) -> [PivotPlan] {
    let options = forms.map(candidates)
    let fieldSets = forms.map { Set($0.fields) }
    var out: [PivotPlan] = []
    var chosen: [NumericField] = []
    var used = Set<NumericField>()
    var steps = 0
    // Depth is the number of axes, at most the number of distinct numeric fields (11): an axis
    // beyond that can never get a pivot of its own.
    /// Chooses a pivot for `axis` and the axes after it.
    func search(_ axis: Int) {
      steps += 1
      if out.count >= maxPlans || steps > maxSteps { return }
      if axis == forms.count {
        if let order = solveOrder(pivots: chosen, fieldSets: fieldSets) {
          out.append(PivotPlan(pivots: chosen, order: order))
        }
        return
      }
      for f in options[axis] where !used.contains(f) {
        chosen.append(f)
        used.insert(f)
        search(axis + 1)
        used.remove(f)
        chosen.removeLast()
      }
    }
    guard forms.count <= NumericField.allCases.count else { return [] }
    search(0)
    return out
  }

  /// An order in which each axis is solved after every axis whose pivot it reads, or nil when
  /// that is circular (Kahn's algorithm; ties go to the lower axis index, so the order is fixed).
  static func solveOrder(pivots: [NumericField], fieldSets: [Set<NumericField>]) -> [Int]? {
    let n = pivots.count
    var blockers = [Int](repeating: 0, count: n)
    var dependents = [[Int]](repeating: [], count: n)
    for x in 0..<n {
      for y in 0..<n where y != x && fieldSets[x].contains(pivots[y]) {
        blockers[x] += 1
        dependents[y].append(x)
      }
    }
    var order: [Int] = []
    var ready = (0..<n).filter { blockers[$0] == 0 }
    while !ready.isEmpty {
      let x = ready.removeFirst()
      order.append(x)
      for d in dependents[x] {
        blockers[d] -= 1
        if blockers[d] == 0 {
          ready.append(d)
          ready.sort()
        }
      }
    }
    return order.count == n ? order : nil
  }
}
