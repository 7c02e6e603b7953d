import DialRules

/// The Decent app's settings names for what the barista entered, shared by the `.shot` and the
/// v2 JSON reader (the v2 JSON's `app.data.settings` holds the same settings as text).
enum DecentFields {
  /// The sample series kept as curves, with what each measures.
  static let curveKeys: [(key: String, kind: ImportedCurve.Kind)] = [
    ("espresso_weight", .weight), ("espresso_pressure", .pressure), ("espresso_flow", .flow),
    ("espresso_flow_weight", .weightFlow), ("espresso_temperature_basket", .temperature),
  ]

  /// The settings a dose may be in, in the order they are tried: the first positive one counts
  /// (the DSx skin keeps its own, often 0, beside the app's).
  static let doseKeys = ["grinder_dose_weight", "DSx_bean_weight", "bean_weight"]

  /// Fills `shot` from the settings (`setting(name)` gives a setting's text, nil when absent);
  /// `prefix` names where the settings are, for notices (`settings.`).
  static func apply(
    _ setting: (String) throws(ShotImportProblem) -> String?, prefix: String = "settings.", to shot: inout ImportedShot
  ) throws(ShotImportProblem) {
    for key in doseKeys where shot.doseG == nil {
      let raw = RawValue(text: try setting(key))
      shot.set(\.doseG, .dose, raw, field: prefix + key)
    }
    shot.set(\.yieldG, .yield, RawValue(text: try setting("drink_weight")), field: prefix + "drink_weight")
    shot.set(
      \.temperatureC, .temperature, RawValue(text: try setting("espresso_temperature")),
      field: prefix + "espresso_temperature")
    // An advanced profile (settings_2c…) stops at its own target weight; the basic ones at the other.
    let advanced = (try setting("settings_profile_type"))?.hasPrefix("settings_2c") ?? false
    let targetKey = advanced ? "final_desired_shot_weight_advanced" : "final_desired_shot_weight"
    shot.set(\.targetYieldG, .yield, RawValue(text: try setting(targetKey)), field: prefix + targetKey)
    shot.grinderName = try setting("grinder_model")?.nonEmptyTrimmed
    shot.grind = try setting("grinder_setting")?.nonEmptyTrimmed
    shot.setNotes(try setting("espresso_notes"))
    shot.profile = try setting("profile_title")?.nonEmptyTrimmed
    setEnjoyment(RawValue(text: try setting("espresso_enjoyment")), field: prefix + "espresso_enjoyment", on: &shot)
    try setBean(
      name: setting("bean_type"), roaster: setting("bean_brand"), roastLevel: setting("roast_level"),
      roastDate: setting("roast_date"), notes: setting("bean_notes"), on: &shot)
  }

  /// Enjoyment 1–100 is a rating out of 100; 0 is Decent's "not rated".
  static func setEnjoyment(_ raw: RawValue, field: String, on shot: inout ImportedShot) {
    switch raw {
    case .missing: return
    case .other(let text): shot.notices.append("\(field) '\(ImportedShot.clipped(text))' is not a number; left out")
    case .number(let number):
      guard !number.isZero else { return }
      guard let value = number.exact, value > .zero, value <= ExactNumberConstants.hundred else {
        shot.notices.append("\(field) is outside 0–100; left out")
        return
      }
      shot.rating = ImportedRating(value: value, scale: ExactNumberConstants.hundred)
    }
  }

  /// The bean from Decent's bean fields: `bean_type` is the coffee, `bean_brand` the roaster.
  static func setBean(
    name: String?, roaster: String?, roastLevel: String?, roastDate: String?, notes: String?,
    on shot: inout ImportedShot
  ) {
    let roaster = roaster?.nonEmptyTrimmed
    guard let beanName = name?.nonEmptyTrimmed ?? roaster else { return }
    var bean = ImportedBean(name: beanName)
    bean.roaster = roaster
    bean.roastLevel = roastLevel?.nonEmptyTrimmed
    bean.notes = notes?.nonEmptyTrimmed
    bean.setRoastDate(roastDate, notices: &shot.notices)
    shot.bean = bean
  }
}

/// Constants the readers compare with.
enum ExactNumberConstants {
  static let hundred = ExactNumber(100)
}
