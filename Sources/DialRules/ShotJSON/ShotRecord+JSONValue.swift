/// A shot record as a JSON tree, for output that embeds shots in larger documents (`lint
/// --format json` puts each finding's witness inside it). Same keys, order and values as
/// `ShotRecord.jsonText`; a test checks that both give the same text.
extension ShotRecord {
  package var jsonObject: JSONValue {
    var members: [JSONValue.Member] = [.init("format", .string(ShotJSONSchema.format)), .init("version", 1)]
    if let id { members.append(.init("id", .string(id))) }
    if let recipe {
      var r: [JSONValue.Member] = []
      Self.add("dose_g", recipe.doseG, to: &r)
      Self.add("yield_g", recipe.yieldG, to: &r)
      Self.add("time_s", recipe.timeS, to: &r)
      Self.add("temperature_c", recipe.temperatureC, to: &r)
      if let grind = recipe.grind {
        if grind.isNumber, let value = grind.value {
          r.append(.init("grind", .number(value)))
        } else {
          r.append(.init("grind", .string(grind.text)))
        }
      }
      members.append(.init("recipe", .object(r)))
    }
    if let grinder {
      var g: [JSONValue.Member] = []
      if let name = grinder.name { g.append(.init("name", .string(name))) }
      Self.add("step", grinder.step, to: &g)
      Self.add("min", grinder.min, to: &g)
      Self.add("max", grinder.max, to: &g)
      if let finer = grinder.finer { g.append(.init("finer", .string(finer.rawValue))) }
      members.append(.init("grinder", .object(g)))
    }
    if let shot { members.append(.init("shot", shot.jsonObject)) }
    if let previous {
      var p: [JSONValue.Member] = []
      if let adjustment = previous.adjustment { p.append(.init("adjustment", adjustment.jsonObject)) }
      if let shot = previous.shot { p.append(.init("shot", shot.jsonObject)) }
      members.append(.init("previous", .object(p)))
    }
    return .object(members)
  }

  fileprivate static func add(_ key: String, _ value: ExactNumber?, to members: inout [JSONValue.Member]) {
    if let value { members.append(.init(key, .number(value))) }
  }
}

extension ShotRecord.Measurements {
  /// The `shot` / `previous.shot` object as a tree.
  var jsonObject: JSONValue {
    var m: [JSONValue.Member] = []
    ShotRecord.add("dose_g", doseG, to: &m)
    ShotRecord.add("yield_g", yieldG, to: &m)
    ShotRecord.add("time_s", timeS, to: &m)
    ShotRecord.add("first_drop_s", firstDropS, to: &m)
    if let taste { m.append(.init("taste", .array(taste.members.map { .string($0.rawValue) }))) }
    if let flow { m.append(.init("flow", .array(flow.members.map { .string($0.rawValue) }))) }
    return .object(m)
  }
}
