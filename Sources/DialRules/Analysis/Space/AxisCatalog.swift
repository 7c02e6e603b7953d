/// A constraint one atom puts on one axis.
enum AxisConstraint: Hashable, Sendable {
  /// The numeric axis lies in the set.
  case numeric(Int, IntervalSet)
  /// The finite axis is in one of the classes of the mask.
  case finite(Int, UInt64)
}

/// What an atom means for a fully observed shot.
enum AtomMeaning: Hashable, Sendable {
  /// The same for every shot (a comparison of constants, or `dt < dt`).
  case constant(Bool)
  /// True exactly when every constraint holds.
  case constraints([AxisConstraint])
  /// Outside the analysable fragment, with the reason in words.
  case unsupported(String)
}

/// The axes of a decision table and the meaning of each atom over them.
///
/// Built once per table: numeric nodes are put in normal form (`ValueForm`), each comparison with
/// a constant becomes an interval set over a numeric axis, each `has` a class of a tag axis, each
/// `is` pattern a set of adjustment classes. Axes appear in order of first use, so everything
/// downstream (columns, regions, findings) is deterministic.
struct AxisCatalog: Sendable {
  var numeric: [NumericAxis] = []
  var finite: [FiniteAxis] = []
  var atoms: [AtomMeaning] = []
  /// Ways to solve field values for witnesses (at least one when there is a numeric axis and the
  /// axes are independent).
  var plans: [PivotPlan] = []
  /// Set when the numeric axes are dependent (no pivot plan exists) but all linear: which regions
  /// hold shots is then decided over the fields (`CellFeasibility`), and witnesses are solved
  /// for all fields of a group at once (`WitnessBuilder.linearFieldValues`).
  var dependence: AxisDependence?
  /// For a catalog built with `recording` (the properties' sweep): per atom, the tests it is the
  /// Kleene conjunction of, over the recorded axes too (`AxisCatalog+Recording`); empty otherwise.
  var kleene: [[AtomTest]] = []
  /// Set when `recording` was asked for but the recorded axes would not fit beside the others
  /// (64 axes in all): why, in words. The catalog then has no recorded axes.
  var recordingRefused: String?
  /// The observations the axes read, for the properties' sweep: each recorded axis with its path,
  /// each numeric axis's paths, each tag axis read from a path (by the path's bit).
  private(set) var recordedAxes: [(axis: Int, path: ObservedPath)] = []
  private(set) var numericReads: [UInt32] = []
  private(set) var tagReads: [(axis: Int, bit: UInt32)] = []

  /// The catalog of `rules`; with `recording`, also one recorded axis per path an `is known` test
  /// reads, and the atoms read three-valuedly (`kleene`), for the properties' sweep.
  init(_ rules: CompiledRules, recording: Bool = false) {
    self = Self.shared([rules], recording: recording)[0]
  }

  /// One catalog per table, all with the same axes (the union of what the tables compare), so a
  /// box means the same region under every table and one cell sweep can cut by all their atoms
  /// (`diff` over the input space). Each catalog's `atoms` are those of its own table's program.
  static func shared(_ tables: [CompiledRules], recording: Bool = false) -> [AxisCatalog] {
    var out = AxisCatalog()
    let programs = tables.map { $0.program }
    let formsPerTable = programs.map { ValueForm.forms($0) }
    // Only atoms some rule can reach become axes: an unused `let` must not add a column, nor make
    // a used axis look dependent.
    var raws: [[RawAtom]] = []
    // With `recording`: per table, per atom, its three-valued tests and the paths each reads.
    var testRaws: [[[(RawAtom, UInt32)]]] = []
    let known = recording ? tables.reduce(UInt32(0)) { $0 | Self.knownPaths($1) } : 0
    for (t, rules) in tables.enumerated() {
      let used = Self.reachableAtoms(rules)
      raws.append(
        programs[t].atoms.enumerated().map { i, atom in
          used.contains(i) ? Self.translate(atom, forms: formsPerTable[t]) : .unsupported("no rule uses it")
        })
      if known != 0 {
        testRaws.append(
          programs[t].atoms.enumerated().map { i, atom in
            guard used.contains(i) else { return [(.unsupported("no rule uses it"), 0)] }
            return Self.tests(
              atom, reads: programs[t].atomReads[i], program: programs[t], forms: formsPerTable[t])
          })
      }
    }
    func name(_ form: ValueForm) -> String? {
      for t in tables.indices {
        if let n = Self.axisName(form, program: programs[t], forms: formsPerTable[t]) { return n }
      }
      return nil
    }

    // Numeric axes, greedily, in order of first use. While the axes are independent each gets a
    // pivot field (`PivotPlanner`). An axis that would make the set dependent is still accepted
    // when every axis is linear (`AxisDependence`): from then on regions are checked for holding
    // shots over the fields, and only linear axes are accepted. Any other axis is refused and its
    // atoms become unsupported.
    var accepted: [ValueForm] = []
    var refused: [ValueForm: String] = [:]
    var dependent = false
    func dependentReason(_ form: ValueForm) -> String {
      "'\(name(form) ?? form.text)' reads the same observations as other "
        + "compared values, so they cannot vary independently"
    }
    // A test of `between` may compare a value the whole atom never does (its other end made it
    // constant): its axis is considered like any other.
    for atom in Array(raws.joined()) + testRaws.joined().joined().map({ $0.0 }) {
      guard case .numeric(let parts) = atom else { continue }
      for (form, _) in parts where !accepted.contains(form) && refused[form] == nil {
        if PivotPlanner.candidates(form).isEmpty {
          refused[form] =
            "'\(name(form) ?? form.text)' reads every observation in it more than once, "
            + "so no witness can be solved for it"
          continue
        }
        let candidate = accepted + [form]
        if dependent {
          if AxisDependence.ratio(form) == nil {
            refused[form] = dependentReason(form) + " (and it is not linear)"
          } else if candidate.count > AnalysisLimits.maxDependentAxes {
            refused[form] =
              "'\(name(form) ?? form.text)' is one compared value more than the analysis relates "
              + "(limit \(AnalysisLimits.maxDependentAxes))"
          } else {
            accepted = candidate
          }
          continue
        }
        let found = PivotPlanner.plans(for: candidate)
        if !found.isEmpty {
          accepted = candidate
          out.plans = found
        } else if candidate.count <= AnalysisLimits.maxDependentAxes,
          candidate.allSatisfy({ AxisDependence.ratio($0) != nil })
        {
          accepted = candidate
          out.plans = []
          dependent = true
        } else {
          refused[form] = dependentReason(form)
        }
      }
    }
    if dependent { out.dependence = AxisDependence(accepted) }
    func refusing(_ atom: RawAtom) -> RawAtom {
      guard case .numeric(let parts) = atom, let reason = parts.lazy.compactMap({ refused[$0.0] }).first else {
        return atom
      }
      return .unsupported(reason)
    }
    raws = raws.map { $0.map(refusing) }
    testRaws = testRaws.map { $0.map { $0.map { (refusing($0.0), $0.1) } } }
    for form in accepted {
      out.numeric.append(
        NumericAxis(
          form: form, name: name(form), expression: form.definitionText,
          unit: form.unit, domain: AxisDomain.domain(form), typical: form.value(AxisDomain.defaults) ?? .zero))
    }

    // Finite axes in order of first use; one adjustment axis for all patterns.
    let patterns = raws.joined().compactMap { atom -> AdjustmentMatcher? in
      if case .adjustment(let m) = atom { return m }
      return nil
    }
    var uniquePatterns: [AdjustmentMatcher] = []
    for p in patterns where !uniquePatterns.contains(p) { uniquePatterns.append(p) }
    let classes = uniquePatterns.isEmpty ? nil : AdjustmentClasses(patterns: uniquePatterns)
    var tagAxis: [String: Int] = [:]
    var adjustmentAxis: Int?
    for atom in raws.joined() {
      switch atom {
      case .tag(let source, let tag) where tagAxis["\(source.rawValue) \(tag)"] == nil:
        tagAxis["\(source.rawValue) \(tag)"] = out.finite.count
        out.finite.append(FiniteAxis(kind: .tag(source, tag)))
      case .adjustment where adjustmentAxis == nil && classes != nil:
        adjustmentAxis = out.finite.count
        out.finite.append(FiniteAxis(kind: .adjustment, adjustments: classes))
      default: break
      }
    }
    // One recorded axis per path an `is known` test reads, after the other finite axes, when they
    // fit in the 64 axes a box's constrained-axes mask holds.
    var recordedAxis: [UInt32: Int] = [:]
    let recordedPaths = ObservedPath.allCases.filter { known & $0.bit != 0 }
    if out.finite.count + recordedPaths.count + out.numeric.count > 64 {
      out.recordingRefused =
        "the table tests \(recordedPaths.count) observations with 'is known', more than fit beside its "
        + "\(out.finite.count + out.numeric.count) other axes (64 in all), so shots without them are not swept"
      testRaws = []
    } else {
      for path in recordedPaths {
        recordedAxis[path.bit] = out.finite.count
        out.finite.append(FiniteAxis(kind: .recorded(path)))
      }
    }
    out.numericReads = out.numeric.map { axis in axis.form.fields.reduce(UInt32(0)) { $0 | $1.path.bit } }
    for (i, axis) in out.finite.enumerated() {
      switch axis.kind {
      case .recorded(let path): out.recordedAxes.append((i, path))
      case .tag(let source, _): if let path = source.path { out.tagReads.append((i, path.bit)) }
      case .adjustment: break
      }
    }
    func needs(_ reads: UInt32) -> [Int] {
      recordedPaths.compactMap { reads & $0.bit != 0 ? recordedAxis[$0.bit] : nil }
    }

    let numeric = out.numeric
    func meaning(_ atom: RawAtom) -> AtomMeaning {
      switch atom {
      case .constant(let b): return .constant(b)
      case .unsupported(let reason): return .unsupported(reason)
      case .numeric(let parts):
        return .constraints(
          parts.compactMap { form, set in
            accepted.firstIndex(of: form).map { i in .numeric(i, set.intersection(numeric[i].domain)) }
          })
      case .tag(let source, let tag):
        guard let axis = tagAxis["\(source.rawValue) \(tag)"] else { return .unsupported("internal: no tag axis") }
        return .constraints([.finite(axis, 0b10)])
      case .adjustment(let m):
        guard let axis = adjustmentAxis, let classes else {
          return .unsupported(
            "'previous.adjustment' is tested with more patterns than the analysis tells apart "
              + "(limit \(AdjustmentClasses.maxClasses) classes)")
        }
        return .constraints([.finite(axis, classes.mask(of: m))])
      case .recorded(let reads):
        // Known when every observation it reads is recorded; one it reads always is (a path
        // without an axis) needs nothing.
        return .constraints(needs(reads).map { .finite($0, 0b10) })
      }
    }
    return raws.indices.map { t in
      var catalog = out
      catalog.atoms = raws[t].map(meaning)
      if t < testRaws.count {
        catalog.kleene = testRaws[t].map { tests in
          tests.map { AtomTest(meaning: meaning($0.0), needs: needs($0.1)) }
        }
      }
      return catalog
    }
  }

  /// An empty catalog, filled in by `shared`.
  private init() {}

  /// The atoms the rules' conditions read, directly or through named conditions; with `only`, the
  /// conditions of those rules (indices into `rules.rules`) alone. Named conditions are followed
  /// through a work list, so a long chain of `let`s costs no recursion depth.
  static func reachableAtoms(_ rules: CompiledRules, only: [Int]? = nil) -> Set<Int> {
    var atoms = Set<Int>()
    var formulas = Set<Int>()
    var pending: [Int] = []
    // Depth is that of one condition tree, which the parser bounds.
    func visit(_ c: Condition) {
      switch c {
      case .atom(let a): atoms.insert(a)
      case .formula(let f): if formulas.insert(f).inserted { pending.append(f) }
      case .not(let inner): visit(inner)
      case .and(let parts), .or(let parts): for p in parts { visit(p) }
      case .invalid: break
      }
    }
    for i in only ?? Array(rules.rules.indices) { visit(rules.rules[i].condition) }
    while let f = pending.popLast() {
      if f < rules.program.formulas.count { visit(rules.program.formulas[f].condition) }
    }
    return atoms
  }

  /// An atom before axes are numbered.
  enum RawAtom {
    case constant(Bool)
    /// A conjunction of interval sets over axis forms (`between` gives two).
    case numeric([(ValueForm, IntervalSet)])
    case tag(TagSource, String)
    case adjustment(AdjustmentMatcher)
    /// `is known` over the paths of the mask, in a catalog with recorded axes.
    case recorded(UInt32)
    case unsupported(String)
  }

  /// The name of an axis: the `let` bound to exactly its expression (the first such `let` in
  /// program order), else a built-in ratio name (`shot.ratio`), else nil.
  static func axisName(_ form: ValueForm, program: ConditionProgram, forms: [Result<ValueForm, ValueForm.Unsupported>])
    -> String?
  {
    for (node, name) in program.nodeNames.sorted(by: { $0.key < $1.key }) {
      if case .success(let f) = forms[node], f == form { return name }
    }
    return form.builtInName
  }
}
