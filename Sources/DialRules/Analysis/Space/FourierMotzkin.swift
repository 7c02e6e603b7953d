/// One linear inequality over variables `x₀ … xₙ₋₁`: `Σ aᵢ·xᵢ + b ≥ 0`, or `> 0` when strict.
struct LinearInequality: Hashable, Sendable {
  var coefficients: [ExactNumber]
  var constant: ExactNumber
  var strict: Bool

  /// Whether no variable occurs.
  var isConstant: Bool { coefficients.allSatisfy { $0.isZero } }

  /// For an inequality without variables: whether it holds.
  var holds: Bool { strict ? constant.compare(.zero) > 0 : constant.compare(.zero) >= 0 }
}

/// Exact Fourier–Motzkin elimination over the rationals, with strict and non-strict inequalities
/// kept apart, so that `x > 1 and x < 1` is empty while `x >= 1 and x <= 1` is not.
///
/// Eliminating the variables from the last to the first gives one system per prefix of the
/// variables (`stages[k]` reads only `x₀ … xₖ₋₁`), each exactly the projection of the one before:
/// a value of `x₀ … xₖ₋₁` satisfies `stages[k]` exactly when some values of the later variables
/// complete it to a solution of the whole system. `stages[0]` has no variables: the system is
/// feasible exactly when all of it holds. The same stages then give solutions by back-substitution,
/// one variable at a time, each chosen inside the interval its stage leaves it.
///
/// The systems of the analysis are tiny (a handful of fields of one group, two bounds per field
/// and per axis), but elimination can square their size per variable, so the size is bounded:
/// past `AnalysisLimits.maxEliminationInequalities` inequalities the answer is "unknown".
enum FourierMotzkin {
  /// The result of `eliminate`.
  enum Outcome {
    /// No solution.
    case infeasible
    /// Solutions exist; the systems per prefix of the variables (`stages[k]` reads `x₀ … xₖ₋₁`).
    case feasible([[LinearInequality]])
    /// The elimination grew past its bound, or left the exact numbers.
    case unknown
  }

  /// Eliminates `x_{count-1}`, …, `x₀` from `system` in turn.
  static func eliminate(_ system: [LinearInequality], variables count: Int) -> Outcome {
    if system.contains(where: { $0.isConstant && !$0.holds }) { return .infeasible }
    guard var current = normalized(system) else { return .unknown }
    var stages = [[LinearInequality]](repeating: [], count: count + 1)
    stages[count] = current
    for v in stride(from: count - 1, through: 0, by: -1) {
      var next: [LinearInequality] = []
      var positive: [LinearInequality] = []
      var negative: [LinearInequality] = []
      for c in current {
        let a = c.coefficients[v]
        if a.isZero {
          next.append(c)
        } else if a.isNegative {
          negative.append(c)
        } else {
          positive.append(c)
        }
      }
      guard next.count + positive.count * negative.count <= AnalysisLimits.maxEliminationInequalities else {
        return .unknown
      }
      for p in positive {
        for n in negative {
          // p·(−aₙ) + n·aₚ: both factors positive, so the direction holds and xᵥ cancels.
          guard let combined = combine(p, by: n.coefficients[v].negated(), n, by: p.coefficients[v], eliminating: v)
          else { return .unknown }
          if combined.isConstant {
            if !combined.holds { return .infeasible }
          } else {
            next.append(combined)
          }
        }
      }
      guard let reduced = normalized(next) else { return .unknown }
      current = reduced
      stages[v] = current
    }
    return .feasible(stages)
  }

  /// `p·s + n·t` with `xᵥ` set to exactly zero; nil on overflow.
  private static func combine(
    _ p: LinearInequality, by s: ExactNumber, _ n: LinearInequality, by t: ExactNumber, eliminating v: Int
  ) -> LinearInequality? {
    var coefficients = [ExactNumber](repeating: .zero, count: p.coefficients.count)
    for i in coefficients.indices where i != v {
      guard let a = p.coefficients[i].multiplied(by: s), let b = n.coefficients[i].multiplied(by: t),
        let sum = a.adding(b)
      else { return nil }
      coefficients[i] = sum
    }
    guard let a = p.constant.multiplied(by: s), let b = n.constant.multiplied(by: t), let k = a.adding(b) else {
      return nil
    }
    return LinearInequality(coefficients: coefficients, constant: k, strict: p.strict || n.strict)
  }

  /// The inequalities with variables, each scaled so its first non-zero coefficient is ±1, and
  /// of those with the same coefficients only the tightest (the smallest constant; strict on a
  /// tie), in a fixed order (that of their first occurrence). Inequalities without variables are
  /// dropped (callers check them). Nil on overflow.
  static func normalized(_ system: [LinearInequality]) -> [LinearInequality]? {
    var out: [LinearInequality] = []
    out.reserveCapacity(system.count)
    // The systems are a handful of inequalities, where comparing coefficient lists one by one
    // beats hashing exact numbers; an elimination that grows past `linearSearchLimit` distinct
    // lists finds them by hash instead.
    var index: [[ExactNumber]: Int]? = nil
    for c in system where !c.isConstant {
      guard let lead = c.coefficients.first(where: { !$0.isZero }) else { return nil }
      // No scale when the lead is ±1: scaling by 1 changes only the terms, and every number
      // below is reduced to lowest terms anyway.
      let scale: ExactNumber?
      if lead.magnitude == ExactNumber(1) {
        scale = nil
      } else {
        guard let s = ExactNumber(1).divided(by: lead.magnitude) else { return nil }
        scale = s
      }
      func scaled(_ a: ExactNumber) -> ExactNumber? { (scale.map { a.multiplied(by: $0) } ?? a)?.reduced }
      var coefficients: [ExactNumber] = []
      coefficients.reserveCapacity(c.coefficients.count)
      for a in c.coefficients {
        guard let x = scaled(a) else { return nil }
        coefficients.append(x)
      }
      guard let k = scaled(c.constant) else { return nil }
      let found = index.map { $0[coefficients] } ?? out.firstIndex { $0.coefficients == coefficients }
      if let i = found {
        let cmp = k.compare(out[i].constant)
        if cmp < 0 || (cmp == 0 && c.strict && !out[i].strict) {
          out[i].constant = k
          out[i].strict = c.strict
        }
      } else {
        out.append(LinearInequality(coefficients: coefficients, constant: k, strict: c.strict))
        if index != nil {
          index?[coefficients] = out.count - 1
        } else if out.count > linearSearchLimit {
          var byCoefficients: [[ExactNumber]: Int] = [:]
          for (i, kept) in out.enumerated() { byCoefficients[kept.coefficients] = i }
          index = byCoefficients
        }
      }
    }
    return out
  }

  /// How many distinct coefficient lists `normalized` compares one by one before hashing them.
  private static let linearSearchLimit = 24

  /// The interval `stage` leaves variable `v` once `x₀ … x_{v-1}` have the values `known`
  /// (`stage` reads no variable after `v`), or nil when the numbers overflow.
  static func interval(of v: Int, in stage: [LinearInequality], known: [ExactNumber]) -> Interval? {
    var out = Interval.all
    for c in stage {
      var rest = c.constant
      for i in 0..<v {
        guard let p = c.coefficients[i].multiplied(by: known[i]), let s = rest.adding(p) else { return nil }
        rest = s
      }
      let a = c.coefficients[v]
      if a.isZero {
        if !LinearInequality(coefficients: [], constant: rest, strict: c.strict).holds { return Interval.empty }
        continue
      }
      // a·x + rest ≥ 0  ⇒  x ≥ −rest/a (a > 0) or x ≤ −rest/a (a < 0).
      guard let bound = rest.negated().divided(by: a) else { return nil }
      let one =
        a.isNegative
        ? Interval(lower: nil, lowerClosed: false, upper: bound, upperClosed: !c.strict)
        : Interval(lower: bound, lowerClosed: !c.strict, upper: nil, upperClosed: false)
      out = out.intersection(one)
    }
    return out
  }
}

extension Interval {
  /// An interval holding no number.
  static let empty = Interval(lower: .zero, lowerClosed: false, upper: .zero, upperClosed: false)
}
