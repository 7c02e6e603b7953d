import DialRules

/// Reads a shot as Visualizer (visualizer.coffee) serves it for download: the shot's fields at
/// the top level, numbers mostly as strings (`"drink_weight": "36.6"`), `timeframe` (seconds) and
/// the sample series under `data` (`espresso_weight`, `espresso_pressure`, …).
///
/// The dose is `bean_weight`, the yield `drink_weight`, the time `duration`, the rating
/// `espresso_enjoyment` out of 100 (0 is "not rated"); the mapping is in docs/importing.md.
enum VisualizerReader {
  static func read(_ document: JSONDocument, detected: Bool) throws(ShotImportProblem) -> ImportedFile {
    let root = document.root
    var out = ImportedFile(file: document.file, format: .visualizer, detected: detected)
    guard let id = root.text("id") else {
      throw document.problem(root, field: "id", "a Visualizer shot needs its 'id'")
    }
    var shot = ImportedShot(source: ImportSource(format: .visualizer, file: document.file, id: id))
    if let start = root.text("start_time") {
      guard let time = Timestamp.parse(start) else {
        throw document.problem(root["start_time"], field: "start_time", "expected an ISO 8601 time, found '\(start)'")
      }
      shot.pulledAt = time
    }
    shot.set(\.doseG, .dose, root["bean_weight"]?.raw ?? .missing, field: "bean_weight")
    shot.set(\.yieldG, .yield, root["drink_weight"]?.raw ?? .missing, field: "drink_weight")
    shot.set(\.timeS, .time, ImportedShot.tenthsOfSeconds(root["duration"]?.raw ?? .missing), field: "duration")
    shot.grinderName = root.text("grinder_model")
    shot.grind = root.text("grinder_setting")
    shot.setNotes(root["espresso_notes"]?.text)
    shot.profile = root.text("profile_title")
    DecentFields.setEnjoyment(root["espresso_enjoyment"]?.raw ?? .missing, field: "espresso_enjoyment", on: &shot)
    DecentFields.setBean(
      name: root.text("bean_type"), roaster: root.text("bean_brand"), roastLevel: root.text("roast_level"),
      roastDate: root.text("roast_date"), notes: root["bean_notes"]?.text, on: &shot)

    if let timeframe = root["timeframe"], let data = root["data"] {
      let times = try document.samples(timeframe, field: "timeframe").map { CurveBuilder.milliseconds(seconds: $0.raw) }
      _ = try document.object(data, field: "data")
      var builders: [CurveBuilder] = []
      for (key, kind) in DecentFields.curveKeys {
        guard let series = data[key] else { continue }
        let values = try document.samples(series, field: "data." + key)
        var builder = CurveBuilder(kind, capacity: values.count)
        for (t, v) in zip(times, values) { builder.add(milliseconds: t, v.raw) }
        builders.append(builder)
      }
      shot.addCurves(builders)
    }
    shot.deriveFirstDrop()
    out.shots.append(shot)
    return out
  }
}
