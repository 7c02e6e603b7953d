/// Builds one concrete, fully observed shot inside a region: the witness a finding carries.
///
/// Tags are chosen present only where the region requires it, the adjustment is the first class
/// the region allows, and each numeric axis gets a short decimal inside its interval set, as near
/// as possible to the value of an ordinary shot (`dt = 0`, `shot.ratio = 2`). Field values are
/// then solved axis by axis through a `PivotPlan`: with `recipe.time` at its default of 28 s,
/// `dt = -4 s` gives `shot.time = 24 s`; `shot.ratio = 2.5` with an 18 g dose gives a 45 g yield.
/// When a value would leave the bounds of shot JSON (a negative time), other plans and points
/// nearer the interval ends are tried before giving up. When the axes are dependent, the fields of
/// each group are solved together instead (`linearFieldValues`).
struct WitnessBuilder {
  let rules: CompiledRules
  let catalog: AxisCatalog
  /// Paths some rule reads: those fields are written even when no axis needs them.
  let reads: UInt32
  /// Per numeric axis, the fields its form reads (`ValueForm.fields`, which counts them anew on
  /// every call).
  private let axisFields: [[NumericField]]
  /// Per numeric axis, the bits of the paths of `axisFields`.
  private let axisFieldBits: [UInt32]

  /// A builder for witnesses of `rules`.
  init(rules: CompiledRules, catalog: AxisCatalog) {
    self.init(rules: rules, catalog: catalog, reads: rules.rules.reduce(0) { $0 | $1.reads })
  }

  /// A builder that writes the fields `reads` names: for a witness two tables must both see in
  /// full (`diff` over the input space), `reads` is what either table reads.
  init(rules: CompiledRules, catalog: AxisCatalog, reads: UInt32) {
    self.rules = rules
    self.catalog = catalog
    self.reads = reads
    axisFields = catalog.numeric.map { $0.form.fields }
    axisFieldBits = axisFields.map { $0.reduce(UInt32(0)) { $0 | $1.path.bit } }
  }

  /// A shot in `box`, or nil when none could be built within the bounds of shot JSON.
  func shot(in box: Box, id: String) -> ShotRecord? {
    var memo = Memo(remembering: false)
    return shot(in: box, id: id, memo: &memo)
  }

  /// `shot(in:id:)`, taking each axis's first candidate from `memo` when an earlier region had
  /// the same set there: a failing property's regions mostly share their axes' sets, and working
  /// out the round point of each anew was a third of the cost of their field values. The first
  /// candidate depends only on the axis and its set (`==` compares values), so the witness is the
  /// same; a memo must only be used with one builder.
  func shot(in box: Box, id: String, memo: inout Memo) -> ShotRecord? {
    guard let fields = fieldValues(in: box, memo: &memo) else { return nil }
    return record(box: box, fields: fields, id: id)
  }

  /// First candidates already worked out, per numeric axis index and set (see `shot(in:id:memo:)`).
  struct Memo: Sendable {
    /// Off for a single region: nothing is looked up or stored.
    fileprivate let remembering: Bool
    fileprivate var first: [Int: [IntervalSet: [ExactNumber]]] = [:]

    /// An empty memo that remembers.
    init() { remembering = true }

    fileprivate init(remembering: Bool) { self.remembering = remembering }
  }

  /// The first candidate of axis `i` in `box` (`candidates(_:in:limit: 1)`), from `memo` when
  /// it was worked out before.
  private func firstCandidate(_ i: Int, in box: Box, memo: inout Memo) -> [ExactNumber] {
    guard memo.remembering else { return candidates(i, in: box, limit: 1) }
    if let known = memo.first[i]?[box.numeric[i]] { return known }
    let found = candidates(i, in: box, limit: 1)
    memo.first[i, default: [:]][box.numeric[i]] = found
    return found
  }

  /// Field values giving every numeric axis a value inside `box`, or nil when none were found.
  ///
  /// Each axis gets candidate values (the shortest decimal near an ordinary shot, then near the
  /// interval's ends); each pivot plan solves the fields for them in turn. When a pivot would
  /// leave shot JSON's bounds, the fields its axis reads but no axis solves for, and that no axis
  /// solved so far has read, are moved to the ends of their ranges and to round values — so a
  /// region that needs a ratio of 0.0000000001 is met with a 100 g dose.
  func fieldValues(in box: Box) -> [NumericField: ExactNumber]? {
    var memo = Memo(remembering: false)
    return fieldValues(in: box, memo: &memo)
  }

  /// `fieldValues(in:)`, with first candidates from `memo` (see `shot(in:id:memo:)`).
  func fieldValues(in box: Box, memo: inout Memo) -> [NumericField: ExactNumber]? {
    if let dependence = catalog.dependence { return linearFieldValues(in: box, dependence) }
    let plans = catalog.numeric.isEmpty ? [PivotPlan(pivots: [], order: [])] : catalog.plans
    // The first attempt takes each axis's first candidate, and it mostly succeeds: try it before
    // working out every candidate (the same values in the same order, so the same witness).
    var first: [[ExactNumber]] = []
    first.reserveCapacity(catalog.numeric.count)
    for i in catalog.numeric.indices { first.append(firstCandidate(i, in: box, memo: &memo)) }
    guard first.allSatisfy({ !$0.isEmpty }) else { return nil }
    for plan in plans {
      if let fields = solve(first.map { $0[0] }, plan) { return fields }
    }
    let all = catalog.numeric.indices.map { candidates($0, in: box, limit: Int.max) }
    let attempts = all.map { $0.count }.max() ?? 1
    for attempt in 1..<max(1, attempts) {
      let values = all.map { $0[min(attempt, $0.count - 1)] }
      for plan in plans {
        if let fields = solve(values, plan) { return fields }
      }
    }
    return nil
  }

  /// Up to `limit` distinct round values of numeric axis `i` inside `box`, nearest first to the
  /// axis's typical value, then to the ends of its set.
  private func candidates(_ i: Int, in box: Box, limit: Int) -> [ExactNumber] {
    let set = box.numeric[i]
    let targets = [
      catalog.numeric[i].typical, set.intervals.first?.lower, set.intervals.last?.upper, set.intervals.first?.upper,
      set.intervals.last?.lower,
    ]
    var points: [ExactNumber] = []
    for case let target? in targets where points.count < limit {
      if let p = NicePoint.point(in: set, near: target), !points.contains(p) { points.append(p) }
    }
    return points
  }

  /// Field values giving every axis its value, or nil when one leaves the bounds of shot JSON.
  func solve(_ values: [ExactNumber], _ plan: PivotPlan) -> [NumericField: ExactNumber]? {
    var fields = AxisDomain.defaults
    // The fields settled so far, as the bits of their paths (one path per field): a `Set` here
    // was a third of the cost of a solve.
    var settled = plan.pivots.reduce(UInt32(0)) { $0 | $1.path.bit }
    for x in plan.order {
      let pivot = plan.pivots[x]
      let form = catalog.numeric[x].form
      func attempt(_ trial: [NumericField: ExactNumber]) -> ExactNumber? {
        guard let v = Self.solve(form, for: pivot, value: values[x], fields: trial), AxisDomain.admits(v, for: pivot)
        else { return nil }
        return v
      }
      var solved = attempt(fields)
      if solved == nil {
        // Move one free field at a time; fields an earlier axis read stay as they were.
        search: for free in axisFields[x] where settled & free.path.bit == 0 {
          for alternative in AxisDomain.alternatives(free) {
            var trial = fields
            trial[free] = alternative
            if let v = attempt(trial) {
              fields = trial
              solved = v
              break search
            }
          }
        }
      }
      guard let v = solved else { return nil }
      fields[pivot] = v
      settled |= axisFieldBits[x]
    }
    // Solving is exact, but check anyway: a wrong witness must never be printed.
    for (x, axis) in catalog.numeric.enumerated() where axis.form.value(fields) != values[x] { return nil }
    return fields
  }

  /// The value of `pivot` that gives `form` the value `v`, the other fields as given: the term
  /// holding the pivot is isolated, then each operation on the way down to it is undone
  /// (`PivotPlanner.candidates` only offers fields that occur once). Nil when that would divide
  /// by zero or leave the exact numbers.
  static func solve(
    _ form: ValueForm, for pivot: NumericField, value v: ExactNumber, fields: [NumericField: ExactNumber]
  ) -> ExactNumber? {
    var rest = form.constant
    var holder: ValueForm.Term?
    for t in form.terms {
      if t.atom.reads(pivot) {
        guard holder == nil else { return nil }
        holder = t
      } else {
        guard let a = t.atom.value(fields), let p = a.multiplied(by: t.coefficient), let s = rest.adding(p) else {
          return nil
        }
        rest = s
      }
    }
    guard let holder, let w = v.subtracting(rest)?.divided(by: holder.coefficient) else { return nil }
    switch holder.atom {
    case .field(let f): return f == pivot ? w : nil
    case .product(let a, let b):
      let (inner, other) = a.reads(pivot) ? (a, b) : (b, a)
      guard let o = other.value(fields), let target = w.divided(by: o) else { return nil }
      return solve(inner, for: pivot, value: target, fields: fields)
    case .quotient(let n, let d):
      if n.reads(pivot) {
        // n / d = w  ⇒  n = w · d
        guard let den = d.value(fields), let target = w.multiplied(by: den) else { return nil }
        return solve(n, for: pivot, value: target, fields: fields)
      }
      // n / d = w  ⇒  d = n / w
      guard let num = n.value(fields), let target = num.divided(by: w) else { return nil }
      return solve(d, for: pivot, value: target, fields: fields)
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
      // Left out below when the region requires it absent; written as usual otherwise.
      case .recorded: break
      }
    }
    // The paths of the fields every witness writes, and those a rule reads. As bits: a `Set`
    // literal here was built anew for each of the twelve fields of every witness.
    let basic =
      ObservedPath.shotDose.bit | ObservedPath.shotYield.bit | ObservedPath.shotTime.bit | ObservedPath.recipeDose.bit
      | ObservedPath.recipeYield.bit | ObservedPath.recipeTime.bit
    let written = basic | reads
    func value(_ f: NumericField) -> ExactNumber? { written & f.path.bit != 0 ? fields[f] : nil }
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
    for path in catalog.recordedConstraints(of: box).absent { record = record.removing(path) }
    return record
  }
}
