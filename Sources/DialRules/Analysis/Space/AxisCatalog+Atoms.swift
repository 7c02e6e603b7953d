/// Translating one atom of the condition program into constraints on axes.
extension AxisCatalog {
  typealias FormResult = Result<ValueForm, ValueForm.Unsupported>

  /// The meaning of one atom, before axes are numbered.
  static func translate(_ atom: ConditionProgram.Atom, forms: [FormResult]) -> RawAtom {
    switch atom {
    case .compare(let op, let a, let b):
      return comparison(op, forms[a], forms[b])
    case .between(let v, let low, let high):
      // For a fully observed shot `between` is plainly `low <= v and v <= high`.
      return conjunction(
        comparison(.greaterOrEqual, forms[v], forms[low]), comparison(.lessOrEqual, forms[v], forms[high]))
    case .has(let source, let tag, _):
      return .tag(source, tag)
    case .previousAdjustment(let matcher):
      return .adjustment(matcher)
    }
  }

  /// `lhs op rhs`, rewritten as `axis op' bound` where the axis is `lhs - rhs` without its
  /// constant, scaled so its leading coefficient is 1 (a negative scale flips the operator).
  /// `shot.time > recipe.time + 3 s` and `recipe.time - shot.time < -3 s` both become
  /// `shot.time - recipe.time > 3`.
  static func comparison(_ op: ComparisonOperator, _ lhs: FormResult, _ rhs: FormResult) -> RawAtom {
    do throws(ValueForm.Unsupported) {
      return try canonical(op, lhs.get().subtracting(rhs.get()))
    } catch {
      return .unsupported(error.reason)
    }
  }

  /// `difference op 0` as a constraint on a canonical axis, or a constant.
  static func canonical(_ op: ComparisonOperator, _ difference: ValueForm) throws(ValueForm.Unsupported) -> RawAtom {
    switch difference {
    case .linear(let l):
      guard let lead = l.terms.first?.coefficient else { return .constant(op.holds(l.constant.compare(.zero))) }
      let inverse = try reciprocal(lead)
      let axis = try LinearForm(terms: l.terms, constant: .zero).scaled(by: inverse)
      guard let bound = l.constant.negated().multiplied(by: inverse) else { throw LinearForm.overflow }
      return .numeric([(.linear(axis), solutions(lead.isNegative ? op.flipped : op, bound))])
    case .ratio(let n, let d):
      // n/d = a + rest/d, where a is n's coefficient of d; rest/d is the axis, up to its scale.
      let a = n.coefficient(of: d)
      let rest = n.removing(d)
      let lead = rest.terms.first?.coefficient ?? rest.constant
      if lead.isZero { return .constant(op.holds(a.compare(.zero))) }
      let inverse = try reciprocal(lead)
      let axis = try rest.scaled(by: inverse)
      guard let bound = a.negated().multiplied(by: inverse) else { throw LinearForm.overflow }
      return .numeric([(.ratio(numerator: axis, denominator: d), solutions(lead.isNegative ? op.flipped : op, bound))])
    }
  }

  /// `1 / x`, or unsupported on overflow.
  static func reciprocal(_ x: ExactNumber) throws(ValueForm.Unsupported) -> ExactNumber {
    guard let r = ExactNumber(1).divided(by: x) else { throw LinearForm.overflow }
    return r
  }

  /// The values `x` with `x op bound`.
  static func solutions(_ op: ComparisonOperator, _ bound: ExactNumber) -> IntervalSet {
    switch op {
    case .less: IntervalSet(Interval(lower: nil, lowerClosed: false, upper: bound, upperClosed: false))
    case .lessOrEqual: IntervalSet(Interval(lower: nil, lowerClosed: false, upper: bound, upperClosed: true))
    case .greater: IntervalSet(Interval(lower: bound, lowerClosed: false, upper: nil, upperClosed: false))
    case .greaterOrEqual: IntervalSet(Interval(lower: bound, lowerClosed: true, upper: nil, upperClosed: false))
    case .equal: IntervalSet(.point(bound))
    case .notEqual: IntervalSet(.point(bound)).complement
    }
  }

  /// Both atoms (for `between`).
  static func conjunction(_ a: RawAtom, _ b: RawAtom) -> RawAtom {
    switch (a, b) {
    case (.unsupported, _): return a
    case (_, .unsupported): return b
    case (.constant(false), _), (_, .constant(false)): return .constant(false)
    case (.constant(true), _): return b
    case (_, .constant(true)): return a
    case (.numeric(let x), .numeric(let y)): return .numeric(x + y)
    default: return .unsupported("internal: 'between' over a non-numeric value")
    }
  }
}

extension ComparisonOperator {
  /// The operator after multiplying both sides by a negative number.
  var flipped: ComparisonOperator {
    switch self {
    case .less: .greater
    case .lessOrEqual: .greaterOrEqual
    case .greater: .less
    case .greaterOrEqual: .lessOrEqual
    case .equal, .notEqual: self
    }
  }
}
