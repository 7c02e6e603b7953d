/// What the checker reads from around a mistake to make its help specific: the unit of the
/// amount a name is compared with, the literal a unit mismatch could be rewritten as, the tag set
/// a misplaced tag belongs to.
extension Checker {
  /// Types a comparison operand; an unknown name compared with an amount gets "did you mean"
  /// among the names of that amount's unit (`recipe.temp > 93 C` → `recipe.temperature`).
  mutating func typeOperand(_ e: ConditionExpression, beside other: ConditionExpression) -> Typed {
    if case .name(let id) = e.kind, let (_, unit) = Self.amount(other),
      let dimension = QuantityDimension(unitWord: unit)
    {
      return resolveName(id, unitHint: dimension)
    }
    return typeOf(e)
  }

  /// Whether the two sides of a comparison have one unit; reports T001 otherwise, with a help
  /// that rewrites a written amount in the other side's unit (`dy < -2 s` → `-2 g`).
  mutating func comparable(_ a: Int, _ b: Int, _ l: ConditionExpression, _ r: ConditionExpression, context: String)
    -> Bool
  {
    let da = program.dimensions[a]
    let db = program.dimensions[b]
    if da == db { return true }
    var help: String?
    if da != .none, db != .none {
      if let (number, _) = Self.amount(r) {
        help = CheckerMessages.amountHelp(number, in: da, other: Self.sideName(l))
      } else if let (number, _) = Self.amount(l) {
        help = CheckerMessages.amountHelp(number, in: db, other: Self.sideName(r))
      }
    }
    report(CheckerMessages.unitMismatch(r.span, expected: da, found: db, context: context, help: help))
    return false
  }

  /// A written amount with its unit, `-2 s` or `(93 C)`: its number as written (with the sign)
  /// and the unit word.
  static func amount(_ e: ConditionExpression) -> (String, String)? {
    switch e.kind {
    case .literal(let q):
      guard let unit = q.unit, let value = q.value else { return nil }
      return (value.description, unit.name)
    case .negate(let inner):
      return amount(inner).map { ("-" + $0.0, $0.1) }
    case .parenthesized(let inner):
      return amount(inner)
    default:
      return nil
    }
  }

  /// How the help names the other side of a comparison: `'dy'` for a name, else "the other side".
  static func sideName(_ e: ConditionExpression) -> String {
    if case .name(let id) = e.kind { return "'\(id.name)'" }
    return "the other side"
  }

  /// The set a tag word belongs to when it is not a word of `source` (`channeling` in a taste set
  /// → `shot.flow`), or nil.
  static func otherTagSet(_ source: TagSource, _ word: String) -> String? {
    let set = source.rawValue
    if set.hasSuffix(".taste"), FlowTag(rawValue: word) != nil { return String(set.dropLast("taste".count)) + "flow" }
    if set.hasSuffix(".flow"), TasteTag(rawValue: word) != nil { return String(set.dropLast("flow".count)) + "taste" }
    return nil
  }
}
