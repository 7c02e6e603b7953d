/// Observations that may be missing, in the properties' catalog (docs/analysis.md §5, A011).
///
/// `is known` is not monotonic: `shot.first_drop is known and shot.first_drop <= 10 s` is false
/// without a first drop, though it is true for some recorded value. So for every path a condition
/// tests with `is known`, the catalog built with `recording: true` has one more finite axis,
/// whether that observation was recorded (`FiniteAxis.Kind.recorded`), and every atom is read the
/// way the evaluator reads it (Kleene): as a conjunction of tests (`AtomTest`; `between` is two),
/// each true or false only where the observations it reads are recorded and unknown elsewhere,
/// and `x is known` as "x's axes say recorded". A box over these axes then says exactly which
/// rules are true, false or unknown for the shots without those observations too
/// (`RuleRegions.Builder`), and the one property sweep decides them as the evaluator does.
extension AxisCatalog {
  /// One test of an atom read three-valuedly: `meaning` where every axis of `needs` says
  /// "recorded", unknown where one says "not recorded".
  struct AtomTest: Hashable, Sendable {
    var meaning: AtomMeaning
    /// Indices (into `finite`) of the recorded axes of the observations the test reads.
    var needs: [Int]
  }

  /// Whether the catalog has recorded axes, so atoms are read through `kleene`.
  var records: Bool { !kleene.isEmpty }

  /// The paths with a recorded axis, as a mask over `ObservedPath`.
  var recordedPaths: UInt32 { recordedAxes.reduce(0) { $0 | $1.path.bit } }

  /// The paths `box` requires to be absent and those it requires to be recorded, in
  /// `ObservedPath` order.
  func recordedConstraints(of box: Box) -> (absent: [ObservedPath], recorded: [ObservedPath]) {
    var absent: [ObservedPath] = []
    var recorded: [ObservedPath] = []
    for (i, path) in recordedAxes {
      if box.finite[i] == 0b01 { absent.append(path) } else if box.finite[i] == 0b10 { recorded.append(path) }
    }
    return (absent.sorted(), recorded.sorted())
  }

  /// `box` with every axis that reads an observation the box requires absent left whole: no rule
  /// can tell those values apart there (each test reading them is unknown), so the region is the
  /// same and a witness need not give them a value.
  func widened(_ box: Box) -> Box {
    var absent: UInt32 = 0
    for (axis, path) in recordedAxes where box.finite[axis] == 0b01 { absent |= path.bit }
    guard absent != 0 else { return box }
    var out = box
    for i in numeric.indices where numericReads[i] & absent != 0 { out.numeric[i] = numeric[i].domain }
    for (axis, bit) in tagReads where absent & bit != 0 { out.finite[axis] = finite[axis].allMask }
    return out
  }

  /// The tests of one atom for a catalog with recorded axes, before axes are numbered: each with
  /// the paths it reads (`between` reads its value and one end per test, as the evaluator's
  /// Kleene `and` of the two bounds does).
  static func tests(_ atom: ConditionProgram.Atom, reads: UInt32, program: ConditionProgram, forms: [FormResult])
    -> [(RawAtom, UInt32)]
  {
    switch atom {
    case .between(let v, let low, let high):
      return [
        (comparison(.greaterOrEqual, forms[v], forms[low]), program.nodeReads[v] | program.nodeReads[low]),
        (comparison(.lessOrEqual, forms[v], forms[high]), program.nodeReads[v] | program.nodeReads[high]),
      ]
    case .known: return [(.recorded(reads), 0)]
    case .compare, .has, .previousAdjustment: return [(translate(atom, forms: forms), reads)]
    }
  }

  /// The paths the `is known` atoms some rule reaches test (with `only`, one of those rules), as a
  /// mask over `ObservedPath`.
  static func knownPaths(_ rules: CompiledRules, only: [Int]? = nil) -> UInt32 {
    reachableAtoms(rules, only: only).reduce(0) { mask, a in
      if case .known = rules.program.atoms[a] { return mask | rules.program.atomReads[a] }
      return mask
    }
  }
}

extension ObservedPath {
  /// The path as a rule file writes it: `shot.first_drop`, `shot.taste`.
  var ruleFileName: String {
    if let field = NumericField.allCases.first(where: { $0.path == self }) { return field.rawValue }
    if let source = TagSource.allCases.first(where: { $0.path == self }) { return source.rawValue }
    return rawValue
  }
}
