/// Numeric axes that cannot vary independently, seen as linear constraints over the observed
/// fields: `dy`, `dd`, `shot.ratio` and `recipe.yield - 2.5 * recipe.dose` read four fields, so
/// not every box of their values holds a shot.
///
/// Every axis must be *linear* for this: a sum of fields with constant factors, or such a sum
/// divided by one that is positive for every valid shot (`shot.ratio = shot.yield / shot.dose`).
/// A comparison of `N / D` with a constant `c` is then the linear constraint `N - c·D ≥ 0` (or
/// `≤`, `>`, `<`), since `D > 0`. A box of axis intervals, together with the fields' own bounds
/// (`FieldBounds`), is a polyhedron over the fields, and whether it holds a shot is decided
/// exactly (`FourierMotzkin`), separately for each *group* of axes that read common fields — the
/// yield and dose axes and the time axes never meet, which keeps each system tiny.
struct AxisDependence: Hashable, Sendable {
  /// `Σ cᵢ·fieldᵢ + constant`.
  struct Affine: Hashable, Sendable {
    var coefficients: [NumericField: ExactNumber] = [:]
    var constant: ExactNumber = .zero

    /// `self·s + other·t`, or nil on overflow.
    func combined(_ s: ExactNumber, _ other: Affine, _ t: ExactNumber) -> Affine? {
      var out = Affine()
      for f in Set(coefficients.keys).union(other.coefficients.keys) {
        guard let a = (coefficients[f] ?? .zero).multiplied(by: s),
          let b = (other.coefficients[f] ?? .zero).multiplied(by: t), let sum = a.adding(b)
        else { return nil }
        if !sum.isZero { out.coefficients[f] = sum }
      }
      guard let a = constant.multiplied(by: s), let b = other.constant.multiplied(by: t), let k = a.adding(b) else {
        return nil
      }
      out.constant = k
      return out
    }
  }

  /// An axis as `numerator / denominator`, the denominator positive for every valid shot (the
  /// constant 1 for a sum of fields).
  struct Ratio: Hashable, Sendable {
    var numerator: Affine
    var denominator: Affine
  }

  /// Axes that read common fields (directly or through each other), and those fields in the
  /// order witnesses choose them.
  struct Group: Hashable, Sendable {
    var axes: [Int]
    var fields: [NumericField]
  }

  /// Per numeric axis of the catalog.
  var ratios: [Ratio]
  /// The groups, in order of their first axis.
  var groups: [Group]
  /// Per numeric axis: its group.
  var groupOf: [Int]

  /// The order fields get their witness values in: the recipe before the shot, so a witness keeps
  /// the default recipe (18 g → 36 g in 28 s) where it can and moves the shot instead.
  static let solvingOrder: [NumericField] = [
    .recipeDose, .recipeYield, .recipeTime, .recipeTemperature, .shotDose, .shotTime, .shotYield, .shotFirstDrop,
    .previousShotDose, .previousShotTime, .previousShotYield, .previousShotFirstDrop,
  ]

  /// The dependence of `forms`, or nil when one of them is not linear.
  init?(_ forms: [ValueForm]) {
    var ratios: [Ratio] = []
    for form in forms {
      guard let r = Self.ratio(form) else { return nil }
      ratios.append(r)
    }
    self.ratios = ratios
    // Union–find over axes by shared fields; groups in order of their first axis.
    var parent = Array(forms.indices)
    func root(_ a: Int) -> Int {
      var x = a
      while parent[x] != x { x = parent[x] }
      return x
    }
    var firstReader: [NumericField: Int] = [:]
    for (a, form) in forms.enumerated() {
      for f in form.fields {
        if let b = firstReader[f] {
          let (ra, rb) = (root(a), root(b))
          if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
        } else {
          firstReader[f] = a
        }
      }
    }
    var groups: [Group] = []
    var groupOfRoot: [Int: Int] = [:]
    var groupOf = [Int](repeating: 0, count: forms.count)
    for a in forms.indices {
      let r = root(a)
      let g = groupOfRoot[r] ?? groups.count
      if g == groups.count {
        groupOfRoot[r] = g
        groups.append(Group(axes: [], fields: []))
      }
      groups[g].axes.append(a)
      groupOf[a] = g
    }
    for g in groups.indices {
      let read = Set(groups[g].axes.flatMap { forms[$0].fields })
      groups[g].fields = Self.solvingOrder.filter(read.contains)
    }
    self.groups = groups
    self.groupOf = groupOf
  }

  /// `form` as a ratio of linear forms with a positive denominator, or nil when it is not one.
  static func ratio(_ form: ValueForm) -> Ratio? {
    func affine(_ f: ValueForm) -> Affine? {
      var out = Affine(constant: f.constant)
      for t in f.terms {
        guard case .field(let field) = t.atom else { return nil }
        out.coefficients[field] = t.coefficient
      }
      return out
    }
    if form.isLinear, let n = affine(form) { return Ratio(numerator: n, denominator: Affine(constant: ExactNumber(1))) }
    // c · n / d + k  =  (c·n + k·d) / d, with d > 0 for every valid shot.
    guard form.terms.count == 1, case .quotient(let n, let d) = form.terms[0].atom, let num = affine(n),
      let den = affine(d), let range = d.range, range.lower.compare(.zero) > 0,
      let numerator = num.combined(form.terms[0].coefficient, den, form.constant)
    else { return nil }
    return Ratio(numerator: numerator, denominator: den)
  }

  /// The inequalities over `group.fields` (variable i is `group.fields[i]`) saying that each axis
  /// of the group lies in its interval (`intervals[k]` for `group.axes[k]`, nil for no
  /// constraint) and each field within its bounds; nil on overflow.
  func system(_ group: Group, intervals: [Interval?]) -> [LinearInequality]? {
    let n = group.fields.count
    var index: [NumericField: Int] = [:]
    for (i, f) in group.fields.enumerated() { index[f] = i }
    func inequality(_ a: Affine, strict: Bool) -> LinearInequality {
      var coefficients = [ExactNumber](repeating: .zero, count: n)
      for (f, c) in a.coefficients { if let i = index[f] { coefficients[i] = c } }
      return LinearInequality(coefficients: coefficients, constant: a.constant, strict: strict)
    }
    var out: [LinearInequality] = []
    for (i, f) in group.fields.enumerated() {
      var lower = [ExactNumber](repeating: .zero, count: n)
      lower[i] = ExactNumber(1)
      out.append(LinearInequality(coefficients: lower, constant: FieldBounds.lower(f).negated(), strict: false))
      var upper = [ExactNumber](repeating: .zero, count: n)
      upper[i] = ExactNumber(-1)
      out.append(LinearInequality(coefficients: upper, constant: FieldBounds.upper(f), strict: false))
    }
    for (k, axis) in group.axes.enumerated() {
      guard let interval = intervals[k] else { continue }
      let r = ratios[axis]
      // l ≤ N/D  ⇔  N − l·D ≥ 0;  N/D ≤ u  ⇔  u·D − N ≥ 0 (D > 0).
      if let l = interval.lower {
        guard let a = r.numerator.combined(ExactNumber(1), r.denominator, l.negated()) else { return nil }
        out.append(inequality(a, strict: !interval.lowerClosed))
      }
      if let u = interval.upper {
        guard let a = r.denominator.combined(u, r.numerator, ExactNumber(-1)) else { return nil }
        out.append(inequality(a, strict: !interval.upperClosed))
      }
    }
    return out
  }

  /// Every choice of one interval per constrained axis of `group` in `box` (`nil` for an axis
  /// the box leaves whole), in a fixed order, or nil when there are more than
  /// `AnalysisLimits.maxFeasibilityCombinations`.
  func combinations(_ group: Group, in box: Box, domains: [IntervalSet]) -> [[Interval?]]? {
    var choices: [[Interval?]] = []
    var total = 1
    for a in group.axes {
      if box.numeric[a] == domains[a] {
        choices.append([nil])
      } else {
        // Element by element: converting `[Interval]` to `[Interval?]` whole is a dynamic cast,
        // which Embedded Swift (the browser playground's compiler) does not have.
        choices.append(box.numeric[a].intervals.map { Interval?.some($0) })
        total *= max(box.numeric[a].intervals.count, 1)
        if total > AnalysisLimits.maxFeasibilityCombinations { return nil }
      }
    }
    var out: [[Interval?]] = [[]]
    for c in choices { out = out.flatMap { prefix in c.map { prefix + [$0] } } }
    return out
  }
}
