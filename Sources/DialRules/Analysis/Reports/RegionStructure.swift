/// Regions as data: the structured form of a region that a program can test a shot against
/// without reading English (docs/analysis.md, "Regions as data"; docs/schema/region.schema.json).
///
/// One function, `json(_:)`, encodes any region (`Box`) over the axes of a catalog; lint findings
/// (every finding with a region) and `diff`'s input-space regions all carry its output. A shot
/// with every observation known is in the region exactly when
///
/// - for every entry of `tags`, the shot's tag set (`shot.taste`, `shot.flow`, `previous.shot.taste`,
///   `previous.shot.flow`) holds every `required` word and no `excluded` word;
/// - when `adjustment` is present, the patterns of `adjustment.patterns` that the shot's
///   `previous.adjustment` matches are exactly the `matches` of one of `adjustment.classes`;
/// - every path of `absent` is missing from the shot record and every path of `recorded` is in it
///   (only the regions of property findings have these: their sweep covers shots without the
///   observations a condition tests with `is known`);
/// - for every entry of `numeric`, the value of its `value` form on the shot lies in one of its
///   `intervals` (bounds are exact numbers as text, `null` for unbounded, with closedness).
///
/// Axes the region does not constrain are left out, so `{}` is every fully observed shot.
struct RegionStructure: Sendable {
  let catalog: AxisCatalog
  /// Per numeric axis, its `value` form as data: the same for every region, so built once.
  private let forms: [JSONValue]
  /// Per numeric axis, its `legend` entry, nil when its label is its expression: also the same
  /// for every region.
  private let legends: [JSONValue?]

  /// Encodes regions over the axes of `catalog`.
  init(catalog: AxisCatalog) {
    self.catalog = catalog
    forms = catalog.numeric.map { Self.form($0.form) }
    legends = catalog.numeric.map { axis in
      guard let name = axis.name, name != axis.expression else { return nil }
      return ["name": .string(name), "expression": .string(axis.expression)]
    }
  }

  /// The structured form of `box` (see the type's description).
  func json(_ box: Box) -> JSONValue {
    var memo = Memo(remembering: false)
    return json(box, memo: &memo)
  }

  /// Numeric entries already built, for encoding many regions over the same axes (a finding's
  /// regions mostly share their axes' sets). An entry depends only on the axis and its set (`==`
  /// compares values), so a remembered one is the entry `json` would build; a memo must only be
  /// used with one `RegionStructure`.
  struct Memo: Sendable {
    /// Off for a single region: nothing is looked up or stored.
    fileprivate let remembering: Bool
    /// Per numeric axis index, the `numeric` entry of each set met.
    fileprivate var entries: [Int: [IntervalSet: JSONValue]] = [:]

    /// An empty memo that remembers.
    init() { remembering = true }

    fileprivate init(remembering: Bool) { self.remembering = remembering }
  }

  /// `json(box)`, reusing and adding to the entries in `memo`.
  func json(_ box: Box, memo: inout Memo) -> JSONValue {
    var members: [JSONValue.Member] = []
    let tags: [JSONValue] = catalog.tagConstraints(of: box).map {
      [
        "set": .string($0.source.rawValue), "required": .array($0.required.map(JSONValue.string)),
        "excluded": .array($0.excluded.map(JSONValue.string)),
      ]
    }
    if !tags.isEmpty { members.append(.init("tags", .array(tags))) }
    for (i, axis) in catalog.finite.enumerated() {
      guard case .adjustment = axis.kind, let classes = axis.adjustments, box.finite[i] != axis.allMask else {
        continue
      }
      members.append(.init("adjustment", Self.adjustment(classes, mask: box.finite[i])))
    }
    let recorded = catalog.recordedConstraints(of: box)
    if !recorded.absent.isEmpty {
      members.append(.init("absent", .array(recorded.absent.map { .string($0.rawValue) })))
    }
    if !recorded.recorded.isEmpty {
      members.append(.init("recorded", .array(recorded.recorded.map { .string($0.rawValue) })))
    }
    var numeric: [JSONValue] = []
    var legend: [JSONValue] = []
    for (i, axis) in catalog.numeric.enumerated() where box.numeric[i] != axis.domain {
      numeric.append(entry(i, box.numeric[i], memo: &memo))
      if let entry = legends[i] { legend.append(entry) }
    }
    if !numeric.isEmpty { members.append(.init("numeric", .array(numeric))) }
    if !legend.isEmpty { members.append(.init("legend", .array(legend))) }
    return .object(members)
  }

  /// The `numeric` entry of axis `i` for `set`, from `memo` when it was built before.
  private func entry(_ i: Int, _ set: IntervalSet, memo: inout Memo) -> JSONValue {
    if memo.remembering, let entry = memo.entries[i]?[set] { return entry }
    let axis = catalog.numeric[i]
    let entry: JSONValue = [
      "axis": .string(axis.label), "expression": .string(axis.expression), "unit": .string(axis.unit),
      "value": forms[i], "intervals": .array(set.intervals.map(Self.interval)),
    ]
    if memo.remembering { memo.entries[i, default: [:]][set] = entry }
    return entry
  }

  /// The adjustment classes of `mask`: the table's patterns, and each class allowed as the
  /// patterns it matches, with a representative adjustment (`null` is none).
  static func adjustment(_ classes: AdjustmentClasses, mask: UInt64) -> JSONValue {
    var allowed: [JSONValue] = []
    for c in classes.representatives.indices where mask & (UInt64(1) << UInt64(c)) != 0 {
      let bit = UInt64(1) << UInt64(c)
      let matches = classes.patternMasks.indices.filter { classes.patternMasks[$0] & bit != 0 }
      allowed.append(
        [
          "matches": .array(matches.map { .number(ExactNumber($0)) }),
          "example": classes.representatives[c]?.jsonObject ?? .null,
        ])
    }
    return ["patterns": .array(classes.patterns.map(pattern)), "classes": .array(allowed)]
  }

  /// One `previous.adjustment is …` pattern: its text and its parts (`null` matches any).
  static func pattern(_ m: AdjustmentMatcher) -> JSONValue {
    var members: [JSONValue.Member] = [.init("text", .string(m.ruleText))]
    switch m.kind {
    case .none: members.append(.init("type", "none"))
    case .noChange: members.append(.init("type", "no_change"))
    case .grind:
      members.append(.init("type", "grind"))
      members.append(.init("direction", m.direction.map { .string($0.rawValue) } ?? .null))
      members.append(.init("steps", m.steps.map { .number(ExactNumber($0)) } ?? .null))
    case .yield, .temperature:
      members.append(.init("type", m.kind == .yield ? "yield" : "temperature"))
      members.append(.init("sign", m.negative.map { .string($0 ? "-" : "+") } ?? .null))
      members.append(.init("amount", m.amount.map { .string($0.exactText) } ?? .null))
    }
    return .object(members)
  }

  /// A normal form: `{"constant": "0", "terms": [{"coefficient": "1", "field": "shot.time"}, …]}`;
  /// a term's atom is a `field`, a `product` of two forms or a `quotient` of two forms.
  static func form(_ f: ValueForm) -> JSONValue {
    let terms: [JSONValue] = f.terms.map { t in
      let atom: JSONValue.Member
      switch t.atom {
      case .field(let field):
        return .object([
          .init("coefficient", .string(t.coefficient.exactText)), .init("field", .string(field.rawValue)),
          .init("json_path", .string(field.path.rawValue)),
        ])
      case .product(let a, let b): atom = .init("product", .array([form(a), form(b)]))
      case .quotient(let a, let b): atom = .init("quotient", .array([form(a), form(b)]))
      }
      return .object([.init("coefficient", .string(t.coefficient.exactText)), atom])
    }
    return ["constant": .string(f.constant.exactText), "terms": .array(terms)]
  }

  /// `{"lower": "-3", "lower_closed": false, "upper": null, "upper_closed": false}`.
  static func interval(_ i: Interval) -> JSONValue {
    [
      "lower": i.lower.map { .string($0.exactText) } ?? .null, "lower_closed": .bool(i.lowerClosed),
      "upper": i.upper.map { .string($0.exactText) } ?? .null, "upper_closed": .bool(i.upperClosed),
    ]
  }
}
