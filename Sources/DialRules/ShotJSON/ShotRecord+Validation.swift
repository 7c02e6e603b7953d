/// Checking a record built in code against the bounds of shot JSON without writing it as JSON:
/// the direct path of `ShotRecord.validate()` and `RuleSet.decide(_:)`.
///
/// The bounds are the reader's own (`ShotJSONSchema.NumberField.rule`, `maxStringBytes`), so the
/// two cannot drift apart; and only the verdict is computed here. A record that breaks a bound is
/// then written as shot JSON and read back, as before, so its diagnostics — codes, messages,
/// places — are exactly the reader's. A test checks that the direct verdict and the round trip
/// agree on a corpus of records at and beyond every bound.
extension ShotRecord {
  /// Whether shot JSON would accept the record: true or false, or nil when a number has no
  /// fixed-point form (a denominator that does not divide 10⁹, such as 1/3 or 10⁻¹²) and only the
  /// round trip can tell how it is written and read.
  var passesShotJSONBounds: Bool? {
    var verdict: Bool? = true
    func number(_ value: ExactNumber?, _ field: ShotJSONSchema.NumberField) {
      guard let value, verdict != false else { return }
      guard let scaled = value.scaledValue else {
        verdict = nil
        return
      }
      if !field.rule.admits(scaled: scaled) || (field.rule.wholeNumber && scaled % CompactShot.scale != 0) {
        verdict = false
      }
    }
    func text(_ value: String?) {
      if let value, value.utf8.count > ShotJSONSchema.maxStringBytes { verdict = false }
    }
    func measurements(_ m: Measurements?) {
      guard let m else { return }
      number(m.doseG, .dose)
      number(m.yieldG, .yield)
      number(m.timeS, .time)
      number(m.firstDropS, .firstDrop)
    }
    text(id)
    if let recipe {
      number(recipe.doseG, .dose)
      number(recipe.yieldG, .yield)
      number(recipe.timeS, .time)
      number(recipe.temperatureC, .temperature)
      if let grind = recipe.grind {
        // Written as a number only when it is one (`writeJSON`); otherwise as its text.
        if grind.isNumber, let value = grind.value { number(value, .grindSetting) } else { text(grind.text) }
      }
    }
    if let grinder {
      text(grinder.name)
      number(grinder.step, .grinderStep)
      number(grinder.min, .grinderBound)
      number(grinder.max, .grinderBound)
      // The reader rejects a scale whose minimum is not below its maximum.
      if let low = grinder.min, let high = grinder.max, low >= high { verdict = false }
    }
    measurements(shot)
    if let previous {
      measurements(previous.shot)
      switch previous.adjustment {
      case .grind(_, let steps)?: number(ExactNumber(steps), .steps)
      case .yield(let delta)?: number(delta, .deltaGrams)
      case .temperature(let delta)?: number(delta, .deltaCelsius)
      case .noChange?, nil: break
      }
    }
    return verdict
  }

  /// The record as the shot JSON reader would read it back after `writeJSON`, for a record that
  /// passes the bounds: every number over 10⁹ (how the reader stores decimals) and every grind
  /// setting rebuilt from the form it is written in.
  var readBack: ShotRecord {
    func n(_ v: ExactNumber?) -> ExactNumber? { v.map { $0.scaledValue.map(ExactNumber.init(scaled:)) ?? $0 } }
    func m(_ x: Measurements?) -> Measurements? {
      x.map {
        Measurements(
          doseG: n($0.doseG), yieldG: n($0.yieldG), timeS: n($0.timeS), firstDropS: n($0.firstDropS), taste: $0.taste,
          flow: $0.flow)
      }
    }
    var out = ShotRecord(id: id, shot: m(shot))
    out.recipe = recipe.map { r in
      var grind: GrindSetting?
      if let g = r.grind {
        grind = g.isNumber && g.value != nil ? GrindSetting(number: n(g.value) ?? .zero) : GrindSetting(text: g.text)
      }
      return Recipe(
        doseG: n(r.doseG), yieldG: n(r.yieldG), timeS: n(r.timeS), temperatureC: n(r.temperatureC), grind: grind)
    }
    out.grinder = grinder.map {
      Grinder(name: $0.name, step: n($0.step), min: n($0.min), max: n($0.max), finer: $0.finer)
    }
    out.previous = previous.map { p in
      var adjustment = p.adjustment
      switch adjustment {
      case .yield(let d)?: adjustment = .yield(deltaGrams: n(d) ?? d)
      case .temperature(let d)?: adjustment = .temperature(deltaCelsius: n(d) ?? d)
      default: break
      }
      return Previous(adjustment: adjustment, shot: m(p.shot))
    }
    return out
  }
}
