extension RecipePreview {
  /// The preview of `adjustment` applied to the shot's recipe; nil when the shot lacks what is
  /// needed (a numeric grind setting and the grinder's step and direction for grind changes; the
  /// target yield for yield changes; the temperature for temperature changes).
  package static func compute(_ adjustment: Adjustment, shot: ShotRecord) -> RecipePreview? {
    let recipe = shot.recipe
    switch adjustment {
    case .noChange:
      return nil
    case .grind(let direction, let steps):
      guard let setting = recipe?.grind, let value = setting.value, let grinder = shot.grinder,
        let step = grinder.step, let finer = grinder.finer
      else { return nil }
      // Finer moves down on a "lower is finer" grinder, up on the other kind.
      let down = (direction == .finer) == (finer == .lower)
      guard let delta = step.multiplied(by: ExactNumber(steps)),
        var moved = down ? value.subtracting(delta) : value.adding(delta)
      else { return nil }
      var stop: Change.Stop?
      // Which end a bound is follows from the scale, not from the move: a setting recorded outside
      // the scale can be clamped at the far end.
      let lowEnd: Change.Stop.End = finer == .lower ? .finest : .coarsest
      let highEnd: Change.Stop.End = finer == .lower ? .coarsest : .finest
      if let lo = grinder.min, moved < lo {
        moved = lo
        stop = Change.Stop(end: lowEnd, setting: lo, alreadyThere: false)
      } else if let hi = grinder.max, moved > hi {
        moved = hi
        stop = Change.Stop(end: highEnd, setting: hi, alreadyThere: false)
      }
      if moved == value, var held = stop {
        // The note names the setting the grinder is at (the bound it already sits on).
        held.alreadyThere = true
        held.setting = value
        stop = held
      }
      return RecipePreview(changes: [
        .init(field: .grind, from: .grind(setting), to: .grind(GrindSetting(text: moved.decimalText)), stop: stop)
      ])
    case .yield(let delta):
      guard let target = recipe?.yieldG, let after = target.adding(delta) else { return nil }
      var changes = [Change(field: .yield, from: .amount(Amount(target, .grams)), to: .amount(Amount(after, .grams)))]
      if let dose = recipe?.doseG, let r0 = target.divided(by: dose), let r1 = after.divided(by: dose) {
        changes.append(.init(field: .ratio, from: .ratio(r0), to: .ratio(r1)))
      }
      return RecipePreview(changes: changes)
    case .temperature(let delta):
      guard let t = recipe?.temperatureC, let after = t.adding(delta) else { return nil }
      return RecipePreview(changes: [
        .init(field: .temperature, from: .amount(Amount(t, .celsius)), to: .amount(Amount(after, .celsius)))
      ])
    }
  }

  /// `1:2.11`: ratios are read to two decimals by baristas; rounding here is display only.
  static func ratioText(_ r: ExactNumber) -> String { "1:\(ratioShown(r).decimalText)" }

  /// The ratio as shown: rounded half up to two decimals on the exact value (`r` itself when
  /// that overflows). The one rounding of a ratio for every language's text.
  static func ratioShown(_ r: ExactNumber) -> ExactNumber {
    guard let hundredths = r.multiplied(by: ExactNumber(100)) else { return r }
    let n = hundredths.numerator
    let d = hundredths.denominator
    var q = n / d
    if (n % d) * 2 >= d { q += 1 }
    return ExactNumber(numerator: q, denominator: 100)
  }

}
