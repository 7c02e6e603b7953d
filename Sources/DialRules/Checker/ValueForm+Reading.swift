/// What a `ValueForm` says: its text in rule-file words, its value for given fields, the fields it
/// reads, its unit, and the exact range of values valid shot JSON gives it.
extension ValueForm {
  /// The form in rule-file words: `shot.time - recipe.time`, `shot.yield - 1.1 * recipe.yield`,
  /// `shot.yield / shot.dose`.
  var text: String {
    var out = ""
    for (i, t) in terms.enumerated() {
      let negative = t.coefficient.isNegative
      let magnitude = t.coefficient.magnitude
      let factor = magnitude == ExactNumber(1) ? "" : "\(magnitude.exactText) * "
      let atom = factor.isEmpty ? t.atom.text : t.atom.operandText
      if i == 0 {
        out += (negative ? "-" : "") + factor + atom
      } else {
        out += (negative ? " - " : " + ") + factor + atom
      }
    }
    if !constant.isZero || terms.isEmpty {
      let c = constant.magnitude.exactText
      out += terms.isEmpty ? (constant.isNegative ? "-" : "") + c : (constant.isNegative ? " - " : " + ") + c
    }
    return out
  }

  /// The text, in brackets when it is more than one atom with coefficient 1.
  var operandText: String {
    if constant.isZero, terms.count == 1, terms[0].coefficient == ExactNumber(1) { return terms[0].atom.operandText }
    if terms.isEmpty && !constant.isNegative { return text }
    return "(\(text))"
  }

  /// The form as its definition: the text, with a form that is just a built-in ratio spelled out
  /// (`shot.yield / shot.dose` for `shot.ratio`), for legends such as `shot.ratio = …`.
  var definitionText: String {
    guard builtInName != nil else { return text }
    return terms[0].atom.spelledOut
  }

  /// The order of forms inside a product atom.
  var sortKey: String { text }

  /// The built-in name of a ratio (`shot.ratio` for `shot.yield / shot.dose`), if it is one.
  var builtInName: String? {
    guard constant.isZero, terms.count == 1, terms[0].coefficient == ExactNumber(1) else { return nil }
    return terms[0].atom.builtInName
  }

  /// The value for the given field values, or nil when a field is missing, a divisor is zero or
  /// arithmetic overflows.
  func value(_ fields: [NumericField: ExactNumber]) -> ExactNumber? {
    var sum = constant
    for t in terms {
      guard let v = t.atom.value(fields), let p = v.multiplied(by: t.coefficient), let s = sum.adding(p) else {
        return nil
      }
      sum = s
    }
    return sum
  }

  /// Every field the form reads, each once, in declaration order.
  var fields: [NumericField] {
    var counts: [NumericField: Int] = [:]
    countOccurrences(into: &counts)
    return NumericField.allCases.filter { counts[$0] != nil }
  }

  /// Every field the form reads, each once, in the order its text reads them.
  var fieldsInReadingOrder: [NumericField] {
    var out: [NumericField] = []
    func visit(_ form: ValueForm) {
      for t in form.terms {
        switch t.atom {
        case .field(let f): if !out.contains(f) { out.append(f) }
        case .product(let a, let b), .quotient(let a, let b):
          visit(a)
          visit(b)
        }
      }
    }
    visit(self)
    return out
  }

  /// How often each field occurs in the form, counting every atom.
  func countOccurrences(into counts: inout [NumericField: Int]) {
    for t in terms { t.atom.countOccurrences(into: &counts) }
  }

  /// Whether the form reads `field`.
  func reads(_ field: NumericField) -> Bool { terms.contains { $0.atom.reads(field) } }

  /// The unit of the form's values: the leading atom's (`g`, `s`, `C`), empty for plain numbers.
  var unit: String { terms.first?.atom.unit ?? "" }

  /// The exact closed range of the form's values over valid shots, by interval arithmetic over
  /// `FieldBounds`. Exact (both ends reached) when no field occurs twice, since each field then
  /// moves independently; otherwise a sound enclosure. Nil when a bound cannot be computed: a
  /// divisor whose range holds 0, or an end beyond the exact numbers.
  var range: ClosedInterval? {
    var out = ClosedInterval(constant)
    for t in terms {
      guard let r = t.atom.range, let scaled = r.scaled(by: t.coefficient), let sum = out.adding(scaled) else {
        return nil
      }
      out = sum
    }
    return out
  }

  /// The spacing of the values when every atom is a field: the values are whole multiples of
  /// `FieldBounds.step` times the greatest common divisor of the coefficients (nil otherwise, or
  /// when there is no term).
  var grid: ExactNumber? {
    guard isLinear, !terms.isEmpty else { return nil }
    var numerators: UInt128 = 0
    var denominators: UInt128 = 1
    for t in terms {
      let c = t.coefficient.reduced
      numerators = ExactNumber.gcd(numerators, c.numerator.magnitude)
      let g = ExactNumber.gcd(denominators, c.denominator.magnitude)
      let (l, o) = (denominators / g).multipliedReportingOverflow(by: c.denominator.magnitude)
      if o { return nil }
      denominators = l
    }
    guard let n = Int128(exactly: numerators), let d = Int128(exactly: denominators), d > 0 else { return nil }
    return ExactNumber(numerator: n, denominator: d).multiplied(by: FieldBounds.step)
  }
}

extension FormAtom {
  /// The atom in rule-file words, with the built-in ratios by name (`shot.ratio`).
  var text: String {
    if let builtInName { return builtInName }
    return spelledOut
  }

  /// The atom with a ratio spelled out (`shot.yield / shot.dose`).
  var spelledOut: String {
    switch self {
    case .field(let f): f.rawValue
    case .product(let a, let b): "\(a.operandText) * \(b.operandText)"
    case .quotient(let n, let d): "\(n.operandText) / \(d.operandText)"
    }
  }

  /// The text as an operand of `*`: a product needs no brackets, a quotient does not either
  /// (`2 * shot.yield / shot.dose`).
  var operandText: String { text }

  /// `shot.ratio`, `recipe.ratio`, `previous.shot.ratio` for the yield over the dose.
  var builtInName: String? {
    guard case .quotient(let n, let d) = self, n.constant.isZero, d.constant.isZero, n.terms.count == 1,
      d.terms.count == 1, n.terms[0].coefficient == ExactNumber(1), d.terms[0].coefficient == ExactNumber(1),
      case .field(let y) = n.terms[0].atom, case .field(let dose) = d.terms[0].atom
    else { return nil }
    switch (y, dose) {
    case (.shotYield, .shotDose): return "shot.ratio"
    case (.recipeYield, .recipeDose): return "recipe.ratio"
    case (.previousShotYield, .previousShotDose): return "previous.shot.ratio"
    default: return nil
    }
  }

  /// The atom's value for the given fields.
  func value(_ fields: [NumericField: ExactNumber]) -> ExactNumber? {
    switch self {
    case .field(let f): fields[f]
    case .product(let a, let b): a.value(fields).flatMap { x in b.value(fields).flatMap { x.multiplied(by: $0) } }
    case .quotient(let n, let d): n.value(fields).flatMap { x in d.value(fields).flatMap { x.divided(by: $0) } }
    }
  }

  /// Whether the atom reads `field`.
  func reads(_ field: NumericField) -> Bool {
    switch self {
    case .field(let f): f == field
    case .product(let a, let b), .quotient(let a, let b): a.reads(field) || b.reads(field)
    }
  }

  func countOccurrences(into counts: inout [NumericField: Int]) {
    switch self {
    case .field(let f): counts[f, default: 0] += 1
    case .product(let a, let b), .quotient(let a, let b):
      a.countOccurrences(into: &counts)
      b.countOccurrences(into: &counts)
    }
  }

  /// `g`, `s` or `C` for a quantity, empty for a plain number.
  var unit: String {
    switch self {
    case .field(let f):
      switch f.dimension {
      case .mass: "g"
      case .time: "s"
      case .temperature: "C"
      case .steps, .none: ""
      }
    case .product(let a, let b): a.unit.isEmpty ? b.unit : a.unit
    case .quotient(let n, let d): d.unit.isEmpty ? n.unit : ""
    }
  }

  /// The atom's exact range over valid shots (see `ValueForm.range`).
  var range: ClosedInterval? {
    switch self {
    case .field(let f): ClosedInterval(lower: FieldBounds.lower(f), upper: FieldBounds.upper(f))
    case .product(let a, let b): a.range.flatMap { x in b.range.flatMap { x.multiplied(by: $0) } }
    case .quotient(let n, let d): n.range.flatMap { x in d.range.flatMap { x.divided(by: $0) } }
    }
  }
}
