/// Builds one concrete, fully observed shot inside a region: the witness a finding carries.
///
/// Tags are chosen present only where the region requires it, the adjustment is the first class
/// the region allows, and each numeric axis gets a short decimal inside its interval set, as near
/// as possible to the value of an ordinary shot (`dt = 0`, `shot.ratio = 2`). Field values are
/// then solved axis by axis through a `PivotPlan`: with `recipe.time` at its default of 28 s,
/// `dt = -4 s` gives `shot.time = 24 s`; `shot.ratio = 2.5` with an 18 g dose gives a 45 g yield.
/// When a value would leave the bounds of shot JSON (a negative time), other plans and points
/// nearer the interval ends are tried before giving up.
struct WitnessBuilder {
  let rules: CompiledRules
  let catalog: AxisCatalog
  /// Paths some rule reads: those fields are written even when no axis needs them.
  let reads: UInt32

  /// A builder for witnesses of `rules`.
  init(rules: CompiledRules, catalog: AxisCatalog) {
    self.rules = rules
    self.catalog = catalog
    self.reads = rules.rules.reduce(0) { $0 | $1.reads }
  }

  /// A builder that writes the fields `reads` names: for a witness two tables must both see in
  /// full (`diff` over the input space), `reads` is what either table reads.
  init(rules: CompiledRules, catalog: AxisCatalog, reads: UInt32) {
    self.rules = rules
    self.catalog = catalog
    self.reads = reads
  }

  /// A shot in `box`, or nil when none could be built within the bounds of shot JSON.
  func shot(in box: Box, id: String) -> ShotRecord? {
    var candidates: [[ExactNumber]] = []
    for (i, axis) in catalog.numeric.enumerated() {
      let set = box.numeric[i]
      var points: [ExactNumber] = []
      let targets = [axis.typical, set.intervals.first?.lower, set.intervals.last?.upper, set.intervals.first?.upper]
      for target in targets.compactMap({ $0 }) {
        if let p = NicePoint.point(in: set, near: target), !points.contains(p) { points.append(p) }
      }
      guard !points.isEmpty else { return nil }
      candidates.append(points)
    }
    let plans = catalog.numeric.isEmpty ? [PivotPlan(pivots: [], order: [])] : catalog.plans
    let attempts = candidates.map(\.count).max() ?? 1
    for attempt in 0..<attempts {
      let values = candidates.map { $0[min(attempt, $0.count - 1)] }
      for plan in plans {
        if let fields = solve(values, plan) { return record(box: box, fields: fields, id: id) }
      }
    }
    return nil
  }

  /// Field values giving every axis its value, or nil when one leaves the bounds of shot JSON.
  func solve(_ values: [ExactNumber], _ plan: PivotPlan) -> [NumericField: ExactNumber]? {
    var fields = AxisDomain.defaults
    for x in plan.order {
      let pivot = plan.pivots[x]
      guard let v = Self.solve(catalog.numeric[x].form, for: pivot, value: values[x], fields: fields),
        AxisDomain.admits(v, for: pivot)
      else { return nil }
      fields[pivot] = v
    }
    // Solving is exact, but check anyway: a wrong witness must never be printed.
    for (x, axis) in catalog.numeric.enumerated() where axis.form.value(fields) != values[x] { return nil }
    return fields
  }

  /// The value of `pivot` that gives `form` the value `v`, the other fields as given.
  static func solve(
    _ form: ValueForm, for pivot: NumericField, value v: ExactNumber, fields: [NumericField: ExactNumber]
  )
    -> ExactNumber?
  {
    switch form {
    case .linear(let l):
      // c·pivot + rest = v  ⇒  pivot = (v - rest) / c
      guard let rest = l.removing(pivot).value(fields) else { return nil }
      return v.subtracting(rest)?.divided(by: l.coefficient(of: pivot))
    case .ratio(let n, let d):
      if pivot == d {
        // n / d = v  ⇒  d = n / v
        guard !v.isZero, let top = n.value(fields) else { return nil }
        return top.divided(by: v)
      }
      // (c·pivot + rest) / d = v  ⇒  pivot = (v·d - rest) / c
      guard let den = fields[d], let rest = n.removing(pivot).value(fields), let vd = v.multiplied(by: den) else {
        return nil
      }
      return vd.subtracting(rest)?.divided(by: n.coefficient(of: pivot))
    }
  }

  /// The shot JSON record for the chosen classes and field values.
  func record(box: Box, fields: [NumericField: ExactNumber], id: String) -> ShotRecord {
    var taste = TagSet<TasteTag>()
    var flow = TagSet<FlowTag>()
    var previousTaste = TagSet<TasteTag>()
    var previousFlow = TagSet<FlowTag>()
    var adjustment: Adjustment?
    for (i, axis) in catalog.finite.enumerated() {
      let mask = box.finite[i]
      switch axis.kind {
      case .tag(let source, let word):
        // Absent unless the region requires the tag: witnesses stay as plain as the region allows.
        guard mask & 0b01 == 0 else { continue }
        switch source {
        case .shotTaste: if let t = TasteTag(rawValue: word) { taste.insert(t) }
        case .shotFlow: if let t = FlowTag(rawValue: word) { flow.insert(t) }
        case .previousShotTaste: if let t = TasteTag(rawValue: word) { previousTaste.insert(t) }
        case .previousShotFlow: if let t = FlowTag(rawValue: word) { previousFlow.insert(t) }
        }
      case .adjustment:
        guard mask != 0, let classes = axis.adjustments else { continue }
        adjustment = classes.representatives[mask.trailingZeroBitCount]
      }
    }
    func value(_ f: NumericField) -> ExactNumber? {
      let basic: Set<NumericField> = [.shotDose, .shotYield, .shotTime, .recipeDose, .recipeYield, .recipeTime]
      return basic.contains(f) || reads & f.path.bit != 0 ? fields[f] : nil
    }
    var record = ShotRecord(id: id)
    record.recipe = .init(
      doseG: value(.recipeDose), yieldG: value(.recipeYield), timeS: value(.recipeTime),
      temperatureC: value(.recipeTemperature))
    record.shot = .init(
      doseG: value(.shotDose), yieldG: value(.shotYield), timeS: value(.shotTime), firstDropS: value(.shotFirstDrop),
      taste: reads & ObservedPath.shotTaste.bit != 0 ? taste : nil, flow: flow.isEmpty ? nil : flow)
    let previousReads =
      ObservedPath.previousShotDose.bit | ObservedPath.previousShotYield.bit | ObservedPath.previousShotTime.bit
      | ObservedPath.previousShotFirstDrop.bit | ObservedPath.previousShotTaste.bit
    var previousShot: ShotRecord.Measurements?
    if reads & previousReads != 0 || !previousFlow.isEmpty {
      previousShot = .init(
        doseG: value(.previousShotDose), yieldG: value(.previousShotYield), timeS: value(.previousShotTime),
        firstDropS: value(.previousShotFirstDrop),
        taste: reads & ObservedPath.previousShotTaste.bit != 0 ? previousTaste : nil,
        flow: previousFlow.isEmpty ? nil : previousFlow)
    }
    if adjustment != nil || previousShot != nil { record.previous = .init(adjustment: adjustment, shot: previousShot) }
    return record
  }
}
