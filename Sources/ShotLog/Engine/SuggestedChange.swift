import DialRules

/// What accepting a suggestion will change: the evaluator's before/after `RecipePreview` for the
/// shot, read into the values of the next recipe snapshot.
///
/// The preview is the one `DialRules` computes for `explain` (the `Explanation.preview` that
/// `RuleSet.explain(_:)` returns for the shot's record); the snapshot that
/// `ShotLogStore.Shots.accept(_:note:)` creates is built from the preview's typed `to` values, so it
/// holds exactly the change the barista was shown.
public struct SuggestedChange: Hashable, Sendable {
  /// The suggested adjustment.
  public var adjustment: Adjustment
  /// The evaluator's preview; nil for "no change".
  public var preview: RecipePreview?
  /// The next grind setting, when it changes.
  public var grind: GrindSetting?
  /// The next target yield, when it changes.
  public var yieldG: ExactNumber?
  /// The next temperature, when it changes.
  public var temperatureC: ExactNumber?

  /// Why the change cannot be previewed, so cannot be applied automatically (the barista can
  /// still apply it by hand). May grow with new kinds of adjustment: end a `switch` with `@unknown default`.
  public enum Problem: Error, Hashable, Sendable {
    /// The grinder has free-text settings; nobody knows what one step is.
    case grinderHasNoScale(grinder: String)
    /// The recipe's grind setting is not a number.
    case grindNotNumeric(grind: String)
    /// The grind is already at the end of the scale in the suggested direction; `note` is
    /// DialRules' preview note ("clamped at the grinder's finest setting (0)").
    case atLimit(note: String)
    /// A temperature change was suggested but the recipe has no temperature.
    case noTemperature
    /// The preview could not be read back (a mismatch between ShotLog and DialRules: a bug).
    case unreadable(field: String, text: String)
  }

  /// The change `adjustment` makes to the recipe of `record` (an attempt's stored record: its
  /// snapshot and the grinder scale it was made on).
  static func make(_ adjustment: Adjustment, record: ShotRecord) -> Result<
    SuggestedChange, Problem
  > {
    if adjustment == .noChange {
      return .success(SuggestedChange(adjustment: adjustment, preview: nil))
    }
    guard let preview = RecipePreview.compute(adjustment, shot: record) else {
      // Say which input was missing; the computation itself belongs to DialRules.
      switch adjustment {
      case .grind:
        if record.grinder?.step == nil { return .failure(.grinderHasNoScale(grinder: record.grinder?.name ?? "?")) }
        return .failure(.grindNotNumeric(grind: record.recipe?.grind?.text ?? "?"))
      case .temperature: return .failure(.noTemperature)
      default: return .failure(.unreadable(field: "recipe", text: "no preview"))
      }
    }
    var change = SuggestedChange(adjustment: adjustment, preview: preview)
    for item in preview.changes {
      switch (item.field, item.to) {
      case (.grind, .grind(let next)):
        guard next.value != nil, next.value != item.from.number else {
          return .failure(.atLimit(note: item.note ?? "the grind cannot move further"))
        }
        change.grind = next
      case (.yield, .amount(let next)) where next.unit == .grams:
        change.yieldG = next.value
      case (.temperature, .amount(let next)) where next.unit == .celsius:
        change.temperatureC = next.value
      case (.ratio, _):
        continue  // Derived from the yield and the dose.
      default:
        return .failure(.unreadable(field: item.field.rawValue, text: item.after))
      }
    }
    if let yield = change.yieldG, let problem = Validation.check(yield, .yield) {
      return .failure(.atLimit(note: "the new yield \(problem)"))
    }
    return .success(change)
  }

  /// The preview's sentences: one per changed value, or "no change to the recipe".
  public var sentences: [ShotLogSentence] {
    guard let preview, !preview.changes.isEmpty else { return [.noRecipeChange] }
    return preview.changes.map { .previewChange($0) }
  }

  /// One line per changed value in `language`: `grind 14 → 13.5`, `Ausbeute 36 g → 38 g`,
  /// `ratio 1:2 → 1:2,11`; "no change to the recipe" when nothing changes.
  public func lines(in language: RuleLanguage) -> [String] { sentences.map { $0.text(in: language) } }

  /// The lines in English.
  var changeLines: [String] { lines(in: .english) }

  /// `snapshot` with this change applied (ids, provenance and time are the caller's).
  func applied(to snapshot: RecipeSnapshot) -> RecipeSnapshot {
    var next = snapshot
    if let grind { next.grind = grind }
    if let yieldG { next.yieldG = yieldG }
    if let temperatureC { next.temperatureC = temperatureC }
    return next
  }
}
