import DialRules

/// Readers for the machines that log a shot as rows of samples and know nothing of the coffee:
/// Gaggiuino, Meticulous and GaggiMate. Each gives the time, the yield (the last weight), the
/// profile with its temperature and target weight when it has them, and the curves; dose, grinder,
/// bean and taste are never in these files (docs/importing.md).
enum MachineShotReaders {
  /// One sample series of a row-oriented file: where each row keeps its value.
  struct Column {
    var path: [String]
    var kind: ImportedCurve.Kind
  }

  /// Builds the curves of `rows`, timing each row by `time` (milliseconds, as decimal text).
  static func curves(
    _ rows: [JSONNode], time: [String], columns: [Column], into shot: inout ImportedShot
  ) {
    var builders = columns.map { CurveBuilder($0.kind, capacity: rows.count) }
    for row in rows {
      let t = CurveBuilder.milliseconds(raw: row[path: time]?.raw ?? .missing)
      for (i, column) in columns.enumerated() {
        builders[i].add(milliseconds: t, row[path: column.path]?.raw ?? .missing)
      }
    }
    shot.addCurves(builders)
  }

  /// A Gaggiuino shot: `id`, `timestamp` (seconds), `duration` (tenths of a second), `datapoints`
  /// (`timeInShot` in milliseconds, `shotWeight`, `pressure`, `pumpFlow`, `weightFlow`,
  /// `temperature`) and its `profile` (`name`, `waterTemperature`, `globalStopConditions.weight`).
  static func gaggiuino(_ document: JSONDocument, detected: Bool) throws(ShotImportProblem) -> ImportedFile {
    let root = document.root
    guard let id = root.text("id") else { throw document.problem(root, field: "id", "a Gaggiuino shot needs its 'id'") }
    let stamp = root["timestamp"]?.raw.number?.scaled(decimals: 0)
    // Ids count up per machine, so the time makes the id unique across machines.
    var shot = ImportedShot(
      source: ImportSource(format: .gaggiuino, file: document.file, id: stamp.map { "\(id)@\($0)" } ?? id))
    shot.pulledAt = stamp.map { Timestamp(millisecondsSinceEpoch: $0 * 1000) }
    shot.set(
      \.timeS, .time, ImportedShot.tenthsOfSeconds(root["duration"]?.raw ?? .missing, unit: -1), field: "duration")
    let rows =
      try root["datapoints"].map { node throws(ShotImportProblem) in try document.samples(node, field: "datapoints") }
      ?? []
    shot.set(\.yieldG, .yield, rows.last?["shotWeight"]?.raw ?? .missing, field: "datapoints[last].shotWeight")
    if let profile = root["profile"] {
      shot.profile = profile.text("name")
      shot.set(
        \.temperatureC, .temperature, profile["waterTemperature"]?.raw ?? .missing, field: "profile.waterTemperature")
      shot.set(
        \.targetYieldG, .yield, profile["globalStopConditions"]?["weight"]?.raw ?? .missing,
        field: "profile.globalStopConditions.weight")
    }
    curves(
      rows, time: ["timeInShot"],
      columns: [
        Column(path: ["shotWeight"], kind: .weight), Column(path: ["pressure"], kind: .pressure),
        Column(path: ["pumpFlow"], kind: .flow), Column(path: ["weightFlow"], kind: .weightFlow),
        Column(path: ["temperature"], kind: .temperature),
      ], into: &shot)
    shot.deriveFirstDrop()
    var out = ImportedFile(file: document.file, format: .gaggiuino, detected: detected)
    out.shots.append(shot)
    return out
  }

  /// A Meticulous shot: `id`, `time` (seconds, with a fraction), `profile_name`, `data` rows
  /// (`time` in milliseconds, `shot.weight`, `shot.pressure`, `shot.flow`,
  /// `shot.gravimetric_flow`, `sensors.tube`) and its `profile` (`temperature`, `final_weight`).
  static func meticulous(_ document: JSONDocument, detected: Bool) throws(ShotImportProblem) -> ImportedFile {
    let root = document.root
    guard let id = root.text("id") else {
      throw document.problem(root, field: "id", "a Meticulous shot needs its 'id'")
    }
    var shot = ImportedShot(source: ImportSource(format: .meticulous, file: document.file, id: id))
    shot.pulledAt = root["time"]?.raw.number?.scaled(decimals: 3).map(Timestamp.init(millisecondsSinceEpoch:))
    let rows =
      try root["data"].map { node throws(ShotImportProblem) in try document.samples(node, field: "data") } ?? []
    shot.set(\.yieldG, .yield, rows.last?[path: ["shot", "weight"]]?.raw ?? .missing, field: "data[last].shot.weight")
    shot.set(
      \.timeS, .time, ImportedShot.tenthsOfSeconds(rows.last?["time"]?.raw ?? .missing, unit: -3),
      field: "data[last].time")
    shot.profile = root.text("profile_name") ?? root["profile"]?.text("name")
    if let profile = root["profile"] {
      shot.set(\.temperatureC, .temperature, profile["temperature"]?.raw ?? .missing, field: "profile.temperature")
      shot.set(\.targetYieldG, .yield, profile["final_weight"]?.raw ?? .missing, field: "profile.final_weight")
    }
    curves(
      rows, time: ["time"],
      columns: [
        Column(path: ["shot", "weight"], kind: .weight), Column(path: ["shot", "pressure"], kind: .pressure),
        Column(path: ["shot", "flow"], kind: .flow), Column(path: ["shot", "gravimetric_flow"], kind: .weightFlow),
        Column(path: ["sensors", "tube"], kind: .temperature),
      ], into: &shot)
    shot.deriveFirstDrop()
    var out = ImportedFile(file: document.file, format: .meticulous, detected: detected)
    out.shots.append(shot)
    return out
  }

  /// A GaggiMate shot: `id`, `timestamp` (seconds), `profile` (its name), `duration`
  /// (milliseconds), `volume` (the scale's weight at the end, g) and `samples` with short keys
  /// (`t` milliseconds, `v` weight, `cp` pressure, `fl` flow, `ct` temperature).
  static func gaggimate(_ document: JSONDocument, detected: Bool) throws(ShotImportProblem) -> ImportedFile {
    let root = document.root
    guard let id = root.text("id") else { throw document.problem(root, field: "id", "a GaggiMate shot needs its 'id'") }
    let stamp = root["timestamp"]?.raw.number?.scaled(decimals: 0)
    var shot = ImportedShot(
      source: ImportSource(format: .gaggimate, file: document.file, id: stamp.map { "\(id)@\($0)" } ?? id))
    shot.pulledAt = stamp.map { Timestamp(millisecondsSinceEpoch: $0 * 1000) }
    shot.set(
      \.timeS, .time, ImportedShot.tenthsOfSeconds(root["duration"]?.raw ?? .missing, unit: -3), field: "duration")
    shot.set(\.yieldG, .yield, root["volume"]?.raw ?? .missing, field: "volume")
    shot.profile = root.text("profile") ?? root["profile"]?.text("label")
    let rows =
      try root["samples"].map { node throws(ShotImportProblem) in try document.samples(node, field: "samples") } ?? []
    curves(
      rows, time: ["t"],
      columns: [
        Column(path: ["v"], kind: .weight), Column(path: ["cp"], kind: .pressure), Column(path: ["fl"], kind: .flow),
        Column(path: ["ct"], kind: .temperature),
      ], into: &shot)
    shot.deriveFirstDrop()
    var out = ImportedFile(file: document.file, format: .gaggimate, detected: detected)
    out.shots.append(shot)
    return out
  }
}

extension JSONNode {
  /// The value at a path of member names, when every step is an object that has it.
  subscript(path path: [String]) -> JSONNode? {
    var node: JSONNode? = self
    for key in path { node = node?[key] }
    return node
  }
}
