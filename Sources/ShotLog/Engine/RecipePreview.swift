import DialRules

/// The recipe before and after applying one adjustment: what `accept` will store, shown before the
/// barista agrees to it.
public struct RecipePreview: Hashable, Sendable {
  public var adjustment: Adjustment
  public var before: ShotRecord.Recipe
  public var after: ShotRecord.Recipe
  /// Set when the grind move stopped at the grinder's finest or coarsest setting.
  public var clampedAt: ExactNumber?

  /// Why a preview (and so an automatic accept) is not possible.
  public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The grinder has free-text settings; nobody knows what one step is.
    case grinderHasNoScale(grinder: String)
    /// The recipe's grind setting is not a number.
    case grindNotNumeric(grind: String)
    /// The grind is already at the end of the scale in the suggested direction.
    case atLimit(grind: String, direction: GrindDirection)
    /// A temperature change was suggested but the recipe has no temperature.
    case noTemperature
    /// The change would make the recipe implausible (a yield of 0 g).
    case outOfRange(String)

    public var description: String {
      switch self {
      case .grinderHasNoScale(let grinder):
        "grinder '\(grinder)' has free-text settings, so one step cannot be computed; set the new grind with 'dialshot recipe set --grind'"
      case .grindNotNumeric(let grind):
        "the grind setting '\(grind)' is not a number, so it cannot be moved by steps; set the new grind with 'dialshot recipe set --grind'"
      case .atLimit(let grind, let direction):
        "the grind \(grind) is already at the \(direction == .finer ? "finest" : "coarsest") setting of the grinder"
      case .noTemperature:
        "the recipe has no temperature to change; set one with 'dialshot recipe set --temperature'"
      case .outOfRange(let message):
        message
      }
    }
  }

  /// Applies `adjustment` to `snapshot` on `grinder`: the grind moves by the grinder's step in its
  /// finer direction and stops at the scale's ends; yield and temperature move by their deltas.
  public static func make(_ adjustment: Adjustment, snapshot: RecipeSnapshot, grinder: Grinder) -> Result<
    RecipePreview, Problem
  > {
    let before = snapshot.shotRecipe
    var after = before
    var clampedAt: ExactNumber?
    switch adjustment {
    case .noChange:
      break
    case .grind(let direction, let steps):
      guard let scale = grinder.scale else { return .failure(.grinderHasNoScale(grinder: grinder.name)) }
      guard let current = snapshot.grind.value else { return .failure(.grindNotNumeric(grind: snapshot.grind.text)) }
      // Finer is downwards on a "lower is finer" grinder, upwards otherwise.
      let downwards = (direction == .finer) == (scale.finer == .lower)
      guard let distance = scale.step.multiplied(by: ExactNumber(steps)),
        var moved = downwards ? current.subtracting(distance) : current.adding(distance)
      else { return .failure(.outOfRange("the grind change is too large")) }
      if moved < scale.min {
        moved = scale.min
        clampedAt = scale.min
      } else if moved > scale.max {
        moved = scale.max
        clampedAt = scale.max
      }
      if moved == current { return .failure(.atLimit(grind: snapshot.grind.text, direction: direction)) }
      after.grind = GrindSetting(text: moved.decimalText, value: moved)
    case .yield(let delta):
      guard let yield = snapshot.yieldG.adding(delta), Validation.check(yield, .yield) == nil else {
        return .failure(.outOfRange("the yield would leave the plausible range"))
      }
      after.yieldG = yield
    case .temperature(let delta):
      guard let current = snapshot.temperatureC else { return .failure(.noTemperature) }
      guard let temperature = current.adding(delta), Validation.check(temperature, .temperature) == nil else {
        return .failure(.outOfRange("the temperature would leave the plausible range"))
      }
      after.temperatureC = temperature
    }
    return .success(RecipePreview(adjustment: adjustment, before: before, after: after, clampedAt: clampedAt))
  }

  /// One line per changed value: `grind 14 → 13.5`, `yield 36 g → 38 g (ratio 1:2.0 → 1:2.1)`.
  public var changeLines: [String] {
    var lines: [String] = []
    if before.grind?.text != after.grind?.text {
      var line = "grind \(before.grind?.text ?? "?") → \(after.grind?.text ?? "?")"
      if let clampedAt { line += " (stopped at the grinder's limit \(clampedAt.decimalText))" }
      lines.append(line)
    }
    if before.yieldG != after.yieldG, let b = before.yieldG, let a = after.yieldG {
      var line = "yield \(b.decimalText) g → \(a.decimalText) g"
      if let dose = before.doseG, let rb = b.divided(by: dose), let ra = a.divided(by: dose) {
        line += " (ratio 1:\(ratioText(rb)) → 1:\(ratioText(ra)))"
      }
      lines.append(line)
    }
    if before.temperatureC != after.temperatureC, let b = before.temperatureC, let a = after.temperatureC {
      lines.append("temperature \(b.decimalText) °C → \(a.decimalText) °C")
    }
    if lines.isEmpty { lines.append("no change to the recipe") }
    return lines
  }
}
