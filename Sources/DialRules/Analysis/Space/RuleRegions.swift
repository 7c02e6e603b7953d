/// The region of every rule: the fully observed shots its condition is true for, as a union of
/// boxes (disjunctive normal form over the atoms).
///
/// `not` is pushed down to the atoms, where it is exact: the complement of an interval set is an
/// interval set, of a class mask a class mask; a negated atom with two constraints (`between` with
/// non-constant ends) becomes two boxes. `and` intersects boxes pairwise, `or` collects them, and
/// both simplify as they go. Named conditions are converted once, in both polarities, and reused,
/// so a `let` used by every rule costs once and recursion never follows a chain of `let`s (depth
/// stays within one expression, which the parser bounds).
///
/// Over a catalog with recorded axes (`AxisCatalog+Recording`, the properties' sweep) the region
/// is where the condition is true three-valuedly, as the evaluator reads it: each atom is true or
/// false only where the observations it reads are recorded. With `possible`, it is where the
/// condition is *not false* instead (true or unknown): where a rule that is not true is unknown.
struct RuleRegions {
  /// Why a rule has no region.
  enum Failure: Error, Hashable, Sendable {
    /// An atom outside the analysable fragment, at `span`.
    case unsupported(reason: String, span: SourceSpan)
    /// The condition needs more than `AnalysisLimits.maxBoxesPerRule` boxes.
    case tooLarge
  }

  /// Per rule: its boxes (empty for an impossible rule) or why it was not analysed.
  var regions: [Result<[Box], Failure>]

  /// For a rule that is not analysed because of an atom outside the fragment: where it is surely
  /// true (`lower`: each occurrence of such an atom, once `not` is pushed down to it, counts as
  /// false) and where it may be true (`upper`: each counts as true). With `not` pushed down the
  /// condition only grows with each occurrence, so outside `upper` the rule is false and inside
  /// `lower` true, exactly, whatever the atom is; between them the analysis does not know. A rule
  /// whose condition is too large has `lower` empty and `upper` everything.
  var bounds: [(lower: [Box], upper: [Box])?]

  /// Converts every rule of `rules` over the axes of `catalog`: where each is true, or with
  /// `possible` (for a catalog with recorded axes) where each is not false. With `known`, the
  /// regions of the first rules, converted over the same axes the same way, are taken from it
  /// (the property proof's table is the table and one rule per property condition). `sharing` is
  /// a checker of which regions hold shots to use when it serves these axes (the analysis hands
  /// the same one to its sweep).
  init(
    _ rules: CompiledRules, catalog: AxisCatalog, possible: Bool = false, known: RuleRegions? = nil,
    sharing: CellFeasibility? = nil
  ) {
    let all = Box.all(catalog)
    let reused = min(known?.regions.count ?? 0, rules.rules.count)
    var builder = Builder(catalog: catalog, program: rules.program, all: all, possible: possible)
    builder.prepareFormulas()
    regions = rules.rules[reused...].map { rule in
      Result { () throws(Failure) in try builder.boxes(rule.condition, positive: true) }
    }
    // With dependent axes a box may hold no shot (`CellFeasibility`): it is no part of the region,
    // and a rule left with none is impossible.
    if let feasibility = CellFeasibility.serving(catalog, sharing: sharing) {
      regions = regions.map { $0.map { boxes in boxes.compactMap(feasibility.trimmed) } }
    }
    var approximations: [Bool: Builder] = [:]
    bounds = []
    if let known, reused > 0 {
      regions = Array(known.regions.prefix(reused)) + regions
      bounds = Array(known.bounds.prefix(reused))
    }
    for (i, rule) in rules.rules.enumerated() where i >= reused {
      switch regions[i] {
      case .success: bounds.append(nil)
      case .failure(.tooLarge): bounds.append(([], [all]))
      case .failure(.unsupported):
        func approximation(_ unknownAs: Bool) -> [Box] {
          if approximations[unknownAs] == nil {
            var b = Builder(
              catalog: catalog, program: rules.program, all: all, unknownAs: unknownAs, possible: possible)
            b.prepareFormulas()
            approximations[unknownAs] = b
          }
          let result = Result { () throws(Failure) in
            try approximations[unknownAs]?.boxes(rule.condition, positive: true) ?? []
          }
          // Too large an approximation says nothing: the rule may be anything.
          guard case .success(let boxes) = result else { return unknownAs ? [all] : [] }
          return boxes
        }
        bounds.append((approximation(false), approximation(true)))
      }
    }
  }

  /// Converts conditions to boxes, with every named condition converted once.
  struct Builder {
    let catalog: AxisCatalog
    let program: ConditionProgram
    let all: Box
    /// When set, an atom outside the fragment counts as this truth value (with `not` pushed down
    /// to it first) instead of making the condition unsupported: false gives the region where the
    /// condition is surely true, true the region where it may be.
    var unknownAs: Bool?
    /// Over a catalog with recorded axes: the region where a condition is not false (true or
    /// unknown) rather than true; negated, where it is not true.
    var possible = false

    init(catalog: AxisCatalog, program: ConditionProgram, all: Box, unknownAs: Bool? = nil, possible: Bool = false) {
      self.catalog = catalog
      self.program = program
      self.all = all
      self.unknownAs = unknownAs
      self.possible = possible
    }
    /// Each formula's boxes when true and when false.
    var formulas: [(positive: Result<[Box], Failure>, negative: Result<[Box], Failure>)] = []

    /// Converts every formula front to back; a formula only refers to earlier ones.
    mutating func prepareFormulas() {
      for formula in program.formulas {
        let positive = Result { () throws(Failure) in try boxes(formula.condition, positive: true) }
        let negative = Result { () throws(Failure) in try boxes(formula.condition, positive: false) }
        formulas.append((positive, negative))
      }
    }

    /// The boxes where `condition` is true (`positive`) or false.
    func boxes(_ condition: Condition, positive: Bool) throws(Failure) -> [Box] {
      switch condition {
      case .atom(let i):
        return try atom(i, positive: positive)
      case .formula(let i):
        guard i < formulas.count else {
          throw .unsupported(reason: "it refers to a later definition", span: SourceSpan.at(0))
        }
        return try (positive ? formulas[i].positive : formulas[i].negative).get()
      case .not(let inner):
        return try boxes(inner, positive: !positive)
      case .and(let parts), .or(let parts):
        // De Morgan: a negated `and` is an `or` of negations, and the other way round.
        let isAnd: Bool
        if case .and = condition { isAnd = positive } else { isAnd = !positive }
        var result: [Box] = isAnd ? [all] : []
        for part in parts {
          let next = try boxes(part, positive: positive)
          result = isAnd ? try intersect(result, next) : BoxUnion.simplify(result + next)
          if result.count > AnalysisLimits.maxBoxesPerRule { throw .tooLarge }
        }
        return result
      case .invalid:
        if let unknownAs { return unknownAs ? [all] : [] }
        throw .unsupported(reason: "it contains an error", span: SourceSpan.at(0))
      }
    }

    /// Every pairwise intersection, simplified.
    func intersect(_ a: [Box], _ b: [Box]) throws(Failure) -> [Box] {
      if a.count * b.count > AnalysisLimits.maxBoxesPerRule * 4 { throw .tooLarge }
      var out: [Box] = []
      for x in a {
        for y in b {
          let c = x.intersection(y)
          if !c.isEmpty { out.append(c) }
        }
      }
      return BoxUnion.simplify(out)
    }

    /// The boxes where atom `i` is true (`positive`) or false.
    func atom(_ i: Int, positive: Bool) throws(Failure) -> [Box] {
      guard !catalog.records else { return try kleeneAtom(i, positive: positive) }
      switch catalog.atoms[i] {
      case .constant(let value):
        return value == positive ? [all] : []
      case .unsupported(let reason):
        if let unknownAs { return unknownAs ? [all] : [] }
        throw .unsupported(reason: reason, span: program.atomSpans[i])
      case .constraints(let constraints):
        if positive {
          var box = all
          for c in constraints { box = box.constrained(by: c) }
          return box.isEmpty ? [] : [box]
        }
        // not (c₁ and c₂) = not c₁ or not c₂; each complement stays within the axis domain.
        var out: [Box] = []
        for c in constraints {
          let negated: AxisConstraint
          switch c {
          case .numeric(let axis, let set): negated = .numeric(axis, set.complement)
          case .finite(let axis, let mask): negated = .finite(axis, ~mask)
          }
          let box = all.constrained(by: negated)
          if !box.isEmpty { out.append(box) }
        }
        return BoxUnion.simplify(out)
      }
    }

    /// Atom `i` over recorded axes: the Kleene `and` of its tests, true where every test is and
    /// false where one is (with `possible`: not false where no test is false, not true where one
    /// is not true).
    func kleeneAtom(_ i: Int, positive: Bool) throws(Failure) -> [Box] {
      var result: [Box] = positive ? [all] : []
      for test in catalog.kleene[i] {
        let next = try self.test(test, atom: i, positive: positive)
        result = positive ? try intersect(result, next) : BoxUnion.simplify(result + next)
      }
      return result
    }

    /// Where one test is true (`positive`) or false: only where what it reads is recorded; with
    /// `possible`, also wherever something it reads is not recorded (it is unknown there).
    func test(_ test: AxisCatalog.AtomTest, atom i: Int, positive: Bool) throws(Failure) -> [Box] {
      var recorded = all
      for n in test.needs { recorded.finite[n] &= 0b10 }
      var out: [Box] = []
      if possible {
        for n in test.needs {
          var unknown = all
          unknown.finite[n] = 0b01
          out.append(unknown)
        }
      }
      switch test.meaning {
      case .constant(let value):
        if value == positive { out.append(recorded) }
      case .unsupported(let reason):
        if let unknownAs { return unknownAs ? [all] : [] }
        throw .unsupported(reason: reason, span: program.atomSpans[i])
      case .constraints(let constraints):
        if positive {
          var box = recorded
          for c in constraints { box = box.constrained(by: c) }
          out.append(box)
        } else {
          for c in constraints {
            switch c {
            case .numeric(let axis, let set): out.append(recorded.constrained(by: .numeric(axis, set.complement)))
            case .finite(let axis, let mask): out.append(recorded.constrained(by: .finite(axis, ~mask)))
            }
          }
        }
      }
      return BoxUnion.simplify(out)
    }
  }
}
