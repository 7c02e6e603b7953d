import DialRules

/// Reads a Decent app `history_v2` JSON shot: every value is a string, and `"0"` means "not
/// recorded" for the dose, the enjoyment and the other entries.
///
/// `meta` holds what the barista entered (`in`, `out`, `time`, `bean`, `grinder`, `shot`), the
/// sample series are `elapsed` against `pressure.pressure`, `flow.flow`, `flow.by_weight`,
/// `totals.weight` and `temperature.basket`, and `app.data.settings` holds the app's settings for
/// whatever `meta` lacks. The same shot saved as `.shot` has the same `clock`, so the two are one
/// shot to the importer (docs/importing.md, "Decent").
enum DecentJSONReader {
  static func read(_ document: JSONDocument, detected: Bool) throws(ShotImportProblem) -> ImportedFile {
    let root = document.root
    var out = ImportedFile(file: document.file, format: .decentJSON, detected: detected)
    guard let clock = (root["clock"] ?? root["timestamp"])?.raw.number?.scaled(decimals: 0) else {
      throw document.problem(
        root["clock"] ?? root, field: "clock", "a Decent JSON shot needs its 'clock' (seconds since 1970)")
    }
    var shot = ImportedShot(source: ImportSource(format: .decentJSON, file: document.file, id: String(clock)))
    shot.pulledAt = Timestamp(millisecondsSinceEpoch: clock * 1000)

    let meta = root["meta"]
    let settings = root["app"]?["data"]?["settings"]
    if let meta {
      _ = try document.object(meta, field: "meta")
      shot.set(\.doseG, .dose, meta["in"]?.raw ?? .missing, field: "meta.in")
      shot.set(\.yieldG, .yield, meta["out"]?.raw ?? .missing, field: "meta.out")
      shot.set(\.timeS, .time, meta["time"]?.raw ?? .missing, field: "meta.time")
      shot.grinderName = meta["grinder"]?.text("model")
      shot.grind = meta["grinder"]?.text("setting")
      shot.setNotes(meta["shot"]?["notes"]?.text)
      DecentFields.setEnjoyment(meta["shot"]?["enjoyment"]?.raw ?? .missing, field: "meta.shot.enjoyment", on: &shot)
      if let bean = meta["bean"] {
        DecentFields.setBean(
          name: bean.text("type"), roaster: bean.text("brand"), roastLevel: bean.text("roast_level"),
          roastDate: bean.text("roast_date"), notes: bean["notes"]?.text, on: &shot)
      }
    }
    // The settings fill in what `meta` lacks (older files have no `meta` at all).
    if let settings {
      _ = try document.object(settings, field: "app.data.settings")
      var fromSettings = ImportedShot(source: shot.source)
      try DecentFields.apply({ settings[$0]?.text }, prefix: "app.data.settings.", to: &fromSettings)
      shot.fillMissing(from: fromSettings)
    }
    shot.profile = root["profile"]?.text("title") ?? shot.profile
    if let target = root["profile"]?["target_weight"]?.raw, shot.targetYieldG == nil {
      shot.set(\.targetYieldG, .yield, target, field: "profile.target_weight")
    }

    if let elapsedNode = root["elapsed"] {
      let elapsed = try document.samples(elapsedNode, field: "elapsed")
      let times = elapsed.map { CurveBuilder.milliseconds(seconds: $0.raw) }
      let series: [(path: [String], kind: ImportedCurve.Kind)] = [
        (["totals", "weight"], .weight), (["pressure", "pressure"], .pressure), (["flow", "flow"], .flow),
        (["flow", "by_weight"], .weightFlow), (["temperature", "basket"], .temperature),
      ]
      var builders: [CurveBuilder] = []
      for (path, kind) in series {
        guard let node = root[path[0]]?[path[1]] else { continue }
        let values = try document.samples(node, field: path.joined(separator: "."))
        var builder = CurveBuilder(kind, capacity: values.count)
        for (t, v) in zip(times, values) { builder.add(milliseconds: t, v.raw) }
        builders.append(builder)
      }
      shot.addCurves(builders)
      if shot.timeS == nil, let last = elapsed.last {
        shot.set(\.timeS, .time, ImportedShot.tenthsOfSeconds(last.raw), field: "elapsed")
      }
    }
    shot.deriveFirstDrop()
    out.shots.append(shot)
    return out
  }
}

extension ImportedShot {
  /// Takes every value `other` has that this shot lacks (the notices of both are kept).
  mutating func fillMissing(from other: ImportedShot) {
    pulledAt = pulledAt ?? other.pulledAt
    if bean == nil { bean = other.bean }
    grinderName = grinderName ?? other.grinderName
    grind = grind ?? other.grind
    doseG = doseG ?? other.doseG
    yieldG = yieldG ?? other.yieldG
    timeS = timeS ?? other.timeS
    firstDropS = firstDropS ?? other.firstDropS
    temperatureC = temperatureC ?? other.temperatureC
    targetYieldG = targetYieldG ?? other.targetYieldG
    rating = rating ?? other.rating
    notes = notes ?? other.notes
    profile = profile ?? other.profile
    if curves.isEmpty { curves = other.curves }
    for notice in other.notices where !notices.contains(notice) { notices.append(notice) }
  }
}
