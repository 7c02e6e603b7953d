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
    // The analysis is about fully observed shots, where every value is known.
    case .known:
      return .constant(true)
    }
  }

  /// `lhs op rhs`, rewritten as `axis op' bound` where the axis is `lhs - rhs` without its
  /// constant, scaled so its leading coefficient is 1 (a negative scale flips the operator).
  /// `shot.time > recipe.time + 3 s` and `recipe.time - shot.time < -3 s` both become
  /// `shot.time - recipe.time > 3`; `shot.ratio > recipe.ratio` becomes
  /// `shot.ratio - recipe.ratio > 0`, an axis of its own.
  static func comparison(_ op: ComparisonOperator, _ lhs: FormResult, _ rhs: FormResult) -> RawAtom {
    do throws(ValueForm.Unsupported) {
      return try canonical(op, lhs.get().subtracting(rhs.get()))
    } catch {
      return .unsupported(error.reason)
    }
  }

  /// `difference op 0` as a constraint on a canonical axis, or a constant.
  static func canonical(_ op: ComparisonOperator, _ difference: ValueForm) throws(ValueForm.Unsupported) -> RawAtom {
    guard let lead = difference.terms.first?.coefficient else {
      return .constant(op.holds(difference.constant.compare(.zero)))
    }
    let (_, axis) = try difference.withoutConstant.splitScale()
    guard let bound = difference.constant.negated().divided(by: lead) else { throw ValueForm.overflow }
    return .numeric([(axis, solutions(lead.isNegative ? op.flipped : op, bound))])
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
