/// Canonical shot JSON v1 for a record: the inverse of `ShotJSONReader.read`.
///
/// Keys come in the order of docs/design.md §6 (`format`, `version`, `id`, `recipe`, `grinder`, `shot`,
/// `previous`, and within each object as listed there); absent fields are left out; tags are
/// written in vocabulary order; `grind` is written as a number only when it was read as one
/// (`GrindSetting.isNumber`). For every record the reader can produce,
/// `read(jsonText) == record`; tests check this over generated records.
extension ShotRecord {
  /// The record as compact, canonical shot JSON v1.
  public var jsonText: String {
    var w = JSONWriter(reservingCapacity: 384)
    writeJSON(to: &w)
    return w.text
  }

  /// Appends the record's JSON object to `w`.
  package func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.key("format")
    w.string(ShotJSONSchema.format)
    w.key("version")
    w.integer(ShotJSONSchema.version)
    if let id {
      w.key("id")
      w.string(id)
    }
    if let recipe {
      w.key("recipe")
      w.beginObject()
      Self.write("dose_g", recipe.doseG, to: &w)
      Self.write("yield_g", recipe.yieldG, to: &w)
      Self.write("time_s", recipe.timeS, to: &w)
      Self.write("temperature_c", recipe.temperatureC, to: &w)
      if let grind = recipe.grind {
        w.key("grind")
        if grind.isNumber, let value = grind.value { w.number(value) } else { w.string(grind.text) }
      }
      w.endObject()
    }
    if let grinder {
      w.key("grinder")
      w.beginObject()
      if let name = grinder.name {
        w.key("name")
        w.string(name)
      }
      Self.write("step", grinder.step, to: &w)
      Self.write("min", grinder.min, to: &w)
      Self.write("max", grinder.max, to: &w)
      if let finer = grinder.finer {
        w.key("finer")
        w.string(finer.rawValue)
      }
      w.endObject()
    }
    if let shot {
      w.key("shot")
      shot.writeJSON(to: &w)
    }
    if let previous {
      w.key("previous")
      w.beginObject()
      if let adjustment = previous.adjustment {
        w.key("adjustment")
        adjustment.writeJSON(to: &w)
      }
      if let shot = previous.shot {
        w.key("shot")
        shot.writeJSON(to: &w)
      }
      w.endObject()
    }
    w.endObject()
  }

  fileprivate static func write(_ key: String, _ value: ExactNumber?, to w: inout JSONWriter) {
    guard let value else { return }
    w.key(key)
    w.number(value)
  }
}

extension ShotRecord.Measurements {
  /// Appends the `shot` / `previous.shot` object to `w`.
  func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    ShotRecord.write("dose_g", doseG, to: &w)
    ShotRecord.write("yield_g", yieldG, to: &w)
    ShotRecord.write("time_s", timeS, to: &w)
    ShotRecord.write("first_drop_s", firstDropS, to: &w)
    if let taste { Self.write("taste", taste, to: &w) }
    if let flow { Self.write("flow", flow, to: &w) }
    w.endObject()
  }

  private static func write<Tag>(_ key: String, _ tags: TagSet<Tag>, to w: inout JSONWriter) {
    w.key(key)
    w.beginArray()
    for tag in Tag.allCases where tags.contains(tag) { w.string(tag.rawValue) }
    w.endArray()
  }
}
