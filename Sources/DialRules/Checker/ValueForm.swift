/// A numeric expression of the rule program in a normal form: `c₁·a₁ + … + cₙ·aₙ + k`, a sum of
/// *atoms* with exact coefficients, where an atom is an observed field, or a product or a quotient
/// of two such forms (`shot.yield / shot.dose`, `dt * shot.ratio`).
///
/// Expressions that are written differently but add up the same (`shot.time - recipe.time` and
/// `-(recipe.time - shot.time)`, `shot.ratio - 2` and `(shot.yield - 2 * shot.dose) / shot.dose`)
/// get the same form: terms are combined by atom and sorted, constant factors move out of products
/// and quotients, and a quotient by a single atom splits off the part of its numerator that is a
/// multiple of it. The checker proves ranges over forms (`range`), and the analysis uses them as
/// axes: equal forms are the same axis.
struct ValueForm: Hashable, Sendable {
  /// `coefficient · atom`.
  struct Term: Hashable, Sendable {
    var atom: FormAtom
    var coefficient: ExactNumber
  }

  /// Terms over distinct atoms, sorted by atom, none with a zero coefficient.
  private(set) var terms: [Term]
  var constant: ExactNumber

  /// Why an expression has no form (shown in "not analysed: …").
  struct Unsupported: Error, Hashable, Sendable {
    var reason: String
  }

  static let overflow = Unsupported(reason: "its arithmetic is too large to analyse exactly")

  /// A form from terms over distinct atoms (callers combine repeated atoms with `adding`).
  init(terms: [Term], constant: ExactNumber) {
    self.terms = terms.filter { !$0.coefficient.isZero }.map {
      Term(atom: $0.atom, coefficient: $0.coefficient.reduced)
    }
    .sorted { $0.atom.sortKey < $1.atom.sortKey }
    self.constant = constant.reduced
  }

  /// A number.
  static func constant(_ value: ExactNumber) -> ValueForm { ValueForm(terms: [], constant: value) }

  /// A single field with coefficient 1.
  static func field(_ f: NumericField) -> ValueForm {
    ValueForm(terms: [Term(atom: .field(f), coefficient: ExactNumber(1))], constant: .zero)
  }

  /// The value when the expression reads no field.
  var constantValue: ExactNumber? { terms.isEmpty ? constant : nil }

  /// Whether every atom is a field: a linear combination of observations.
  var isLinear: Bool { terms.allSatisfy { if case .field = $0.atom { true } else { false } } }

  /// The coefficient of `atom` (zero when absent).
  func coefficient(of atom: FormAtom) -> ExactNumber { terms.first { $0.atom == atom }?.coefficient ?? .zero }

  /// The form without the term of `atom`.
  func removing(_ atom: FormAtom) -> ValueForm {
    ValueForm(terms: terms.filter { $0.atom != atom }, constant: constant)
  }

  /// The same terms without the constant.
  var withoutConstant: ValueForm { ValueForm(terms: terms, constant: .zero) }

  // MARK: - Arithmetic

  /// `-x`.
  func negated() throws(Unsupported) -> ValueForm { try scaled(by: ExactNumber(-1)) }

  /// `x + y`, combining terms of the same atom.
  func adding(_ other: ValueForm) throws(Unsupported) -> ValueForm {
    guard let k = constant.adding(other.constant) else { throw Self.overflow }
    var combined = terms
    for t in other.terms {
      if let i = combined.firstIndex(where: { $0.atom == t.atom }) {
        guard let c = combined[i].coefficient.adding(t.coefficient) else { throw Self.overflow }
        combined[i].coefficient = c
      } else {
        combined.append(t)
      }
    }
    return ValueForm(terms: combined, constant: k)
  }

  /// `x - y`.
  func subtracting(_ other: ValueForm) throws(Unsupported) -> ValueForm { try adding(other.negated()) }

  /// Every coefficient and the constant times `c`.
  func scaled(by c: ExactNumber) throws(Unsupported) -> ValueForm {
    guard let k = constant.multiplied(by: c) else { throw Self.overflow }
    var out: [Term] = []
    for t in terms {
      guard let v = t.coefficient.multiplied(by: c) else { throw Self.overflow }
      out.append(Term(atom: t.atom, coefficient: v))
    }
    return ValueForm(terms: out, constant: k)
  }

  /// `(lead, x / lead)` with `lead` the first term's coefficient, so the second form leads with 1;
  /// for a constant `k` (no terms) `(k, 1)`.
  func splitScale() throws(Unsupported) -> (ExactNumber, ValueForm) {
    guard let lead = terms.first?.coefficient else { return (constant, .constant(ExactNumber(1))) }
    guard let inverse = ExactNumber(1).divided(by: lead) else { throw Self.overflow }
    return (lead, try scaled(by: inverse))
  }

  /// `x · y`: a constant factor scales; otherwise one product atom of the two forms, each leading
  /// with coefficient 1, in a fixed order.
  func multiplied(by other: ValueForm) throws(Unsupported) -> ValueForm {
    if let c = other.constantValue { return try scaled(by: c) }
    if let c = constantValue { return try other.scaled(by: c) }
    let (ca, a) = try splitScale()
    let (cb, b) = try other.splitScale()
    guard let c = ca.multiplied(by: cb) else { throw Self.overflow }
    let atom: FormAtom = a.sortKey <= b.sortKey ? .product(a, b) : .product(b, a)
    return ValueForm(terms: [Term(atom: atom, coefficient: c)], constant: .zero)
  }

  /// `x / y`: a constant divisor scales; otherwise a quotient atom over `y` led by coefficient 1.
  /// When `y` is one atom, the part of `x` that is a multiple of it becomes a constant:
  /// `(shot.yield + 2 * shot.dose) / shot.dose` is `shot.yield / shot.dose + 2`.
  func divided(by other: ValueForm) throws(Unsupported) -> ValueForm {
    if let c = other.constantValue {
      guard !c.isZero else { throw Unsupported(reason: "it divides by zero") }
      guard let inverse = ExactNumber(1).divided(by: c) else { throw Self.overflow }
      return try scaled(by: inverse)
    }
    let (cd, d) = try other.splitScale()
    guard let inverse = ExactNumber(1).divided(by: cd) else { throw Self.overflow }
    var whole = ExactNumber.zero
    var numerator = self
    if d.constant.isZero, d.terms.count == 1 {
      let atom = d.terms[0].atom
      whole = coefficient(of: atom)
      numerator = removing(atom)
    }
    if numerator.terms.isEmpty && numerator.constant.isZero { return try ValueForm.constant(whole).scaled(by: inverse) }
    let (cn, n) = try numerator.splitScale()
    let quotient = ValueForm(terms: [Term(atom: .quotient(n, d), coefficient: cn)], constant: whole)
    return try quotient.scaled(by: inverse)
  }

  /// The normal form of every numeric node of `program`, front to back (nodes only refer to
  /// earlier nodes).
  static func forms(_ program: ConditionProgram) -> [Result<ValueForm, Unsupported>] {
    var out: [Result<ValueForm, Unsupported>] = []
    out.reserveCapacity(program.nodes.count)
    for node in program.nodes {
      do throws(Unsupported) {
        switch node {
        case .constant(let c): out.append(.success(.constant(c)))
        case .field(let f): out.append(.success(.field(f)))
        case .negate(let a): out.append(.success(try out[a].get().negated()))
        case .arithmetic(let op, let a, let b):
          let x = try out[a].get()
          let y = try out[b].get()
          switch op {
          case .add: out.append(.success(try x.adding(y)))
          case .subtract: out.append(.success(try x.subtracting(y)))
          case .multiply: out.append(.success(try x.multiplied(by: y)))
          case .divide: out.append(.success(try x.divided(by: y)))
          }
        }
      } catch {
        out.append(.failure(error))
      }
    }
    return out
  }
}

/// One summand's variable part in a `ValueForm`.
indirect enum FormAtom: Hashable, Sendable {
  /// An observed field.
  case field(NumericField)
  /// `a · b`: neither is constant, each leads with coefficient 1, and `a` sorts first.
  case product(ValueForm, ValueForm)
  /// `n / d`: `d` is not constant and leads with coefficient 1; `n` leads with 1 too (or is the
  /// constant 1); when `d` is a single atom, `n` has no term of it.
  case quotient(ValueForm, ValueForm)

  /// A fixed order: fields in declaration order, then compound atoms by their first field (so
  /// `shot.ratio` comes before `recipe.ratio`, as `shot.time` before `recipe.time`), then text.
  var sortKey: String {
    func padded(_ f: NumericField) -> String {
      String(repeating: "0", count: 3 - String(f.order).count) + String(f.order)
    }
    switch self {
    case .field(let f): return "0" + padded(f)
    case .product(let a, _), .quotient(let a, _):
      return "1" + (a.fields.first.map(padded) ?? "999") + text
    }
  }
}

extension NumericField {
  /// Position in declaration order: the order of field terms in a `ValueForm`.
  var order: Int { NumericField.allCases.firstIndex(of: self) ?? 0 }
}
