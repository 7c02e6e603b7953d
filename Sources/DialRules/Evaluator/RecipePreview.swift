/// The recipe before and after an adjustment, as values: which field changes, from what to what
/// (exact numbers with their units), and whether the grinder's end stop held the move back. Made
/// by `RuleSet.explain(_:)` (in `Explanation.preview`) and by ShotLog's suggestions.
///
/// The English texts (`Change.before`, `after`, `note`) are computed from the values, so an app
/// that shows its own words (another language, a VoiceOver label) reads `from`, `to` and `stop`:
///
/// ```swift
/// for change in preview.changes {
///   if case .amount(let a) = change.to, a.unit == .grams { print("\(a.value) grams") }
/// }
/// ```
public struct RecipePreview: Hashable, Sendable {
  /// One field the adjustment changes.
  public struct Change: Hashable, Sendable {
    /// Which part of the recipe changes. New fields may be added in a minor release.
    public enum Field: String, CaseIterable, Hashable, Sendable {
      /// The grinder setting.
      case grind
      /// The target yield (grams).
      case yield
      /// The brew ratio (yield over dose), which a yield change moves.
      case ratio
      /// The brew temperature (degrees Celsius).
      case temperature
    }

    /// A value of a field, exact.
    public enum Value: Hashable, Sendable {
      /// A grinder setting: as recorded before the change, the exact moved number after it.
      case grind(GrindSetting)
      /// A quantity with its unit: a yield in grams, a temperature in degrees Celsius.
      case amount(Amount)
      /// A ratio, yield over dose, exact (`38 g / 18 g` is 19/9); `text` rounds it to two decimals.
      case ratio(ExactNumber)

      /// The value's number, when it has one (a free-text grind setting has none).
      public var number: ExactNumber? {
        switch self {
        case .grind(let setting): setting.value
        case .amount(let amount): amount.value
        case .ratio(let r): r
        }
      }

      /// The English form the renderers print: `14`, `36 g`, `93 C`, `1:2.11`.
      public var text: String {
        switch self {
        case .grind(let setting): setting.text
        case .amount(let amount): amount.text
        case .ratio(let r): RecipePreview.ratioText(r)
        }
      }
    }

    /// A grind move held back at an end of the grinder's scale.
    public struct Stop: Hashable, Sendable {
      /// Which end of the scale.
      public enum End: String, CaseIterable, Hashable, Sendable {
        /// The finest setting.
        case finest
        /// The coarsest setting.
        case coarsest
      }
      /// The end the move reached.
      public var end: End
      /// That end's setting (the scale's `min` or `max`).
      public var setting: ExactNumber
      /// True when the grinder was already there, so the setting does not move at all; false when
      /// it moved part of the way and stopped at the end.
      public var alreadyThere: Bool

      /// A stop at `end`, whose setting is `setting`.
      public init(end: End, setting: ExactNumber, alreadyThere: Bool) {
        self.end = end
        self.setting = setting
        self.alreadyThere = alreadyThere
      }

      /// The English note: "clamped at the grinder's finest setting (0)", "the grinder is already
      /// at its finest setting (0); it cannot move further".
      public var text: String {
        alreadyThere
          ? "the grinder is already at its \(end.rawValue) setting (\(setting.decimalText)); it cannot move further"
          : "clamped at the grinder's \(end.rawValue) setting (\(setting.decimalText))"
      }
    }

    /// Which field changes.
    public var field: Field
    /// The value now.
    public var from: Value
    /// The value after the adjustment.
    public var to: Value
    /// Set when the grinder's end stop held a grind move back.
    public var stop: Stop?

    /// A change of `field` from `from` to `to`.
    public init(field: Field, from: Value, to: Value, stop: Stop? = nil) {
      self.field = field
      self.from = from
      self.to = to
      self.stop = stop
    }

    /// `from` in English, with its unit where it has one: `36 g`, `93 C`, a grinder setting as
    /// written (`14`), a ratio (`1:2`).
    public var before: String { from.text }
    /// `to` in English: `38 g`, `13.5`, `1:2.11`.
    public var after: String { to.text }
    /// `stop` in English: "clamped at the grinder's finest setting (0)".
    public var note: String? { stop?.text }
  }

  /// The fields that change, in the order shown.
  public var changes: [Change]

  /// A preview of these changes.
  public init(changes: [Change]) { self.changes = changes }
}

// Codable is unavailable in Embedded Swift (the browser playground: Tests/Playground/build.sh).
#if !hasFeature(Embedded)
  extension RecipePreview: Codable {}
  extension RecipePreview.Change: Codable {}
  extension RecipePreview.Change.Field: Codable {}
  extension RecipePreview.Change.Value: Codable {}
  extension RecipePreview.Change.Stop: Codable {}
  extension RecipePreview.Change.Stop.End: Codable {}
#endif
