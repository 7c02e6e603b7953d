/// A numeric dimension of the analysed space: one expression the rules compare against constants,
/// such as `dt = shot.time - recipe.time` or `shot.ratio`.
///
/// Every comparison of the axis with a constant becomes an `IntervalSet` over it. The domain is the
/// set of values valid shot JSON can give the expression (`shot.time` is in `(0, 600]`), so a
/// "gap" is never reported for a value no shot can have.
struct NumericAxis: Hashable, Sendable {
  /// The expression in normal form (leading coefficient 1, no constant term).
  var form: ValueForm
  /// The `let` name bound to exactly this expression (`dt`), or the built-in `shot.ratio`.
  var name: String?
  /// The expression in rule-file words: `shot.time - recipe.time`.
  var expression: String
  /// `g`, `s`, `C`, or empty for plain numbers.
  var unit: String
  /// Values a valid shot can give the expression.
  var domain: IntervalSet
  /// The value at the witness builder's default recipe (18 g → 36 g in 28 s): where witnesses
  /// are placed when the region allows, so they look like ordinary shots.
  var typical: ExactNumber

  /// How the axis is written in regions and column headers: `dt`, or the expression itself.
  var label: String { name ?? expression }

  /// `dt = shot.time - recipe.time`, for the legend after a region; nil when the label is the
  /// expression already.
  var legend: String? {
    guard let name, name != expression else { return nil }
    return "\(name) = \(expression)"
  }

  /// `-3 s`, `20/9`: a value of this axis, exactly, with its unit.
  func quantity(_ value: ExactNumber) -> String {
    unit.isEmpty ? value.exactText : "\(value.exactText) \(unit)"
  }
}

/// A dimension with finitely many classes: a tag (absent / present), `previous.adjustment` (one
/// class per way the patterns in the table can tell adjustments apart), or, in the properties'
/// sweep only, whether an observation was recorded (`AxisCatalog.Recording`).
struct FiniteAxis: Hashable, Sendable {
  /// What the axis tests.
  enum Kind: Hashable, Sendable {
    /// `set has tag`: class 0 is "absent", class 1 "present".
    case tag(TagSource, String)
    /// `previous.adjustment is …`.
    case adjustment
    /// Whether the observation at the path is in the shot record: class 0 is "not recorded", class
    /// 1 "recorded". Only the properties' catalog has such axes (docs/analysis.md §5, A011).
    case recorded(ObservedPath)
  }

  var kind: Kind
  /// For `adjustment`: one representative per class (nil is `none`) and the patterns used.
  var adjustments: AdjustmentClasses?

  /// Number of classes.
  var classCount: Int {
    switch kind {
    case .tag, .recorded: 2
    case .adjustment: adjustments?.representatives.count ?? 0
    }
  }

  /// The mask holding every class.
  var allMask: UInt64 { classCount >= 64 ? ~0 : (UInt64(1) << UInt64(classCount)) - 1 }

  /// Column header: the tag word (`sour`, `channeling`), `previous.adjustment`, or the rule-file
  /// name of a recorded observation (`shot.first_drop`).
  var label: String {
    switch kind {
    case .tag(let source, let tag): source.isThisShot ? tag : "previous \(tag)"
    case .adjustment: "previous.adjustment"
    case .recorded(let path): path.ruleFileName
    }
  }
}
