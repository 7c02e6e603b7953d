extension WitnessBuilder {
  /// Most values tried per witness while choosing the fields of one combination of intervals:
  /// the first choice nearly always works; the others dodge a sliver that holds no 9-decimal value.
  static let maxLinearChoices = 64

  /// Field values giving every numeric axis a value inside `box`, when the axes are dependent
  /// (`AxisDependence`), or nil when none were found.
  ///
  /// Per group of axes that read common fields, each combination of one interval per constrained
  /// axis is a polyhedron over the group's fields; the first that holds shots is solved by
  /// back-substitution through its elimination (`FourierMotzkin`): field by field, recipe before
  /// shot, each takes the shortest decimal (at most 9 decimals, as shot JSON requires) inside the
  /// interval the fields chosen so far leave it, nearest its default (18 g, 36 g, 28 s), else
  /// nearest the middle or the ends of that interval. Every such choice can be completed to a
  /// solution; only the 9 decimals can leave a later field no value, and then the other choices
  /// are tried.
  func linearFieldValues(in box: Box, _ dependence: AxisDependence) -> [NumericField: ExactNumber]? {
    let domains = catalog.numeric.map { $0.domain }
    var fields = AxisDomain.defaults
    groups: for group in dependence.groups {
      guard group.axes.contains(where: { box.numeric[$0] != domains[$0] }) else { continue }
      guard let combinations = dependence.combinations(group, in: box, domains: domains) else { return nil }
      for c in combinations {
        guard let system = dependence.system(group, intervals: c),
          case .feasible(let stages) = FourierMotzkin.eliminate(system, variables: group.fields.count),
          let values = Self.backSubstitute(stages, group.fields)
        else { continue }
        for (i, f) in group.fields.enumerated() { fields[f] = values[i] }
        continue groups
      }
      return nil
    }
    // Solving is exact, but check anyway: a wrong witness must never be printed.
    for (i, axis) in catalog.numeric.enumerated() {
      guard let v = axis.form.value(fields), box.numeric[i].contains(v) else { return nil }
    }
    return fields
  }

  /// Values for `fields` satisfying the last of `stages`, chosen one at a time.
  static func backSubstitute(_ stages: [[LinearInequality]], _ fields: [NumericField]) -> [ExactNumber]? {
    var known: [ExactNumber] = []
    var budget = maxLinearChoices
    // Depth is the number of fields of one group, at most 12.
    func choose(_ v: Int) -> Bool {
      if v == fields.count { return true }
      guard let range = FourierMotzkin.interval(of: v, in: stages[v + 1], known: known) else { return false }
      let set = IntervalSet(range, grid: FieldBounds.step)
      guard let first = set.intervals.first, let last = set.intervals.last else { return false }
      var targets = [AxisDomain.defaults[fields[v]] ?? .zero]
      if let l = first.lower, let u = last.upper, let s = l.adding(u), let mid = s.divided(by: ExactNumber(2)) {
        targets.append(mid)
      }
      targets += [first.lower, last.upper].compactMap { $0 }
      var tried: [ExactNumber] = []
      for target in targets {
        guard budget > 0 else { return false }
        guard let p = NicePoint.point(in: set, near: target), !tried.contains(p),
          FieldBounds.admits(p, for: fields[v])
        else { continue }
        budget -= 1
        tried.append(p)
        known.append(p)
        if choose(v + 1) { return true }
        known.removeLast()
      }
      return false
    }
    return choose(0) ? known : nil
  }
}
