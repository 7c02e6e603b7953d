/// `c₁·f₁ + c₂·f₂ + … + k`: a linear combination of observed fields with exact coefficients.
///
/// Terms are sorted by field (declaration order of `NumericField`) and never have a zero
/// coefficient, so equal combinations compare equal and can share an axis.
struct LinearForm: Hashable, Sendable {
  /// `coefficient · field`.
  struct Term: Hashable, Sendable {
    var field: NumericField
    var coefficient: ExactNumber
  }

  var terms: [Term]
  var constant: ExactNumber

  /// A form from terms over distinct fields (callers combine repeated fields with `adding`).
  init(terms: [Term], constant: ExactNumber) {
    self.terms = terms.filter { !$0.coefficient.isZero }.map {
      Term(field: $0.field, coefficient: $0.coefficient.reduced)
    }
    .sorted { $0.field.order < $1.field.order }
    self.constant = constant.reduced
  }

  /// A single field with coefficient 1.
  static func field(_ f: NumericField) -> LinearForm {
    LinearForm(terms: [Term(field: f, coefficient: ExactNumber(1))], constant: .zero)
  }

  static let overflow = ValueForm.Unsupported(reason: "its arithmetic is too large to analyse exactly")

  /// The sum, combining terms of the same field.
  func adding(_ other: LinearForm) throws(ValueForm.Unsupported) -> LinearForm {
    guard let k = constant.adding(other.constant) else { throw Self.overflow }
    var combined = terms
    for t in other.terms {
      if let i = combined.firstIndex(where: { $0.field == t.field }) {
        guard let c = combined[i].coefficient.adding(t.coefficient) else { throw Self.overflow }
        combined[i].coefficient = c
      } else {
        combined.append(t)
      }
    }
    return LinearForm(terms: combined, constant: k)
  }

  /// Every coefficient and the constant times `c`.
  func scaled(by c: ExactNumber) throws(ValueForm.Unsupported) -> LinearForm {
    guard let k = constant.multiplied(by: c) else { throw Self.overflow }
    var out: [Term] = []
    for t in terms {
      guard let v = t.coefficient.multiplied(by: c) else { throw Self.overflow }
      out.append(Term(field: t.field, coefficient: v))
    }
    return LinearForm(terms: out, constant: k)
  }

  /// The coefficient of `field` (zero when absent).
  func coefficient(of field: NumericField) -> ExactNumber {
    terms.first { $0.field == field }?.coefficient ?? .zero
  }

  /// The form without the term of `field`.
  func removing(_ field: NumericField) -> LinearForm {
    LinearForm(terms: terms.filter { $0.field != field }, constant: constant)
  }

  /// The value for the given field values, or nil when a field is missing or arithmetic fails.
  func value(_ fields: [NumericField: ExactNumber]) -> ExactNumber? {
    var sum = constant
    for t in terms {
      guard let v = fields[t.field], let p = v.multiplied(by: t.coefficient), let s = sum.adding(p) else { return nil }
      sum = s
    }
    return sum
  }

  /// The form in rule-file words: `shot.time - recipe.time`, `shot.yield - 1.1 * recipe.yield`.
  var text: String {
    var out = ""
    for (i, t) in terms.enumerated() {
      let negative = t.coefficient.isNegative
      let magnitude = t.coefficient.magnitude
      let factor = magnitude == ExactNumber(1) ? "" : "\(magnitude.decimalText) * "
      if i == 0 {
        out += (negative ? "-" : "") + factor + t.field.rawValue
      } else {
        out += (negative ? " - " : " + ") + factor + t.field.rawValue
      }
    }
    if !constant.isZero || terms.isEmpty {
      let c = constant.magnitude.decimalText
      out += terms.isEmpty ? (constant.isNegative ? "-" : "") + c : (constant.isNegative ? " - " : " + ") + c
    }
    return out
  }
}
