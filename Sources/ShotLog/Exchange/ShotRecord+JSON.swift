import DialRules

/// Shot JSON v1 (design §6) for the records ShotLog writes into exports and reads back.
extension ShotRecord {
  /// Writes the record as a shot JSON v1 object; absent fields stay absent.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("format", "dialrules-shot")
    writer.key("version")
    writer.number("1")
    writer.member("id", id)
    if let recipe {
      writer.key("recipe")
      writer.beginObject()
      writer.member("dose_g", number: recipe.doseG?.decimalText)
      writer.member("yield_g", number: recipe.yieldG?.decimalText)
      writer.member("time_s", number: recipe.timeS?.decimalText)
      writer.member("temperature_c", number: recipe.temperatureC?.decimalText)
      writer.member("grind", recipe.grind?.text)
      writer.endObject()
    }
    if let grinder {
      writer.key("grinder")
      writer.beginObject()
      writer.member("name", grinder.name)
      writer.member("step", number: grinder.step?.decimalText)
      writer.member("min", number: grinder.min?.decimalText)
      writer.member("max", number: grinder.max?.decimalText)
      writer.member("finer", grinder.finer?.rawValue)
      writer.endObject()
    }
    if let shot {
      writer.key("shot")
      Self.write(shot, to: &writer)
    }
    if let previous {
      writer.key("previous")
      writer.beginObject()
      if let adjustment = previous.adjustment {
        writer.key("adjustment")
        writer.value(adjustment.json)
      }
      if let shot = previous.shot {
        writer.key("shot")
        Self.write(shot, to: &writer)
      }
      writer.endObject()
    }
    writer.endObject()
  }

  private static func write(_ shot: Measurements, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("dose_g", number: shot.doseG?.decimalText)
    writer.member("yield_g", number: shot.yieldG?.decimalText)
    writer.member("time_s", number: shot.timeS?.decimalText)
    writer.member("first_drop_s", number: shot.firstDropS?.decimalText)
    if let taste = shot.taste {
      writer.key("taste")
      writer.beginArray()
      for name in taste.names { writer.string(name) }
      writer.endArray()
    }
    if let flow = shot.flow {
      writer.key("flow")
      writer.beginArray()
      for name in flow.names { writer.string(name) }
      writer.endArray()
    }
    writer.endObject()
  }
}

/// Reads shot JSON v1 objects strictly, collecting every problem with its JSON path.
struct ShotRecordReader {
  /// Problems found, as (path, message).
  var issues: [(path: String, message: String)] = []

  mutating func issue(_ path: String, _ message: String) { issues.append((path, message)) }

  /// Checks that an object holds only `allowed` keys; unknown ones are reported with the closest
  /// valid key. Returns the members, or nil when `value` is not an object.
  mutating func object(_ value: JSONValue, _ path: @autoclosure () -> String, allowed: [String]) -> [(
    key: String, value: JSONValue
  )]? {
    guard case .object(let members) = value else {
      issue(path(), "expected an object, found \(value.kindName)")
      return nil
    }
    for member in members where !allowed.contains(member.key) {
      issue(
        path() + "." + member.key,
        "unknown key '\(member.key)'" + (closest(member.key, among: allowed).map { "; did you mean '\($0)'?" } ?? ""))
    }
    return members
  }

  /// An optional quantity in its plausible range.
  mutating func quantity(_ value: JSONValue?, _ path: @autoclosure () -> String, _ quantity: Quantity) -> ExactNumber? {
    guard let value else { return nil }
    guard case .number(let text) = value else {
      issue(path(), "expected a number, found \(value.kindName)")
      return nil
    }
    switch ExactNumber.parse(text) {
    case .success(let number):
      if let problem = Validation.check(number, quantity) {
        issue(path(), problem)
        return nil
      }
      return number
    case .failure:
      issue(path(), "'\(text)' is not an acceptable number (at most 9 decimals, magnitude at most 10^9)")
      return nil
    }
  }

  /// Any decimal number (grind settings, grinder scales).
  mutating func decimal(_ value: JSONValue?, _ path: @autoclosure () -> String) -> ExactNumber? {
    guard let value else { return nil }
    guard case .number(let text) = value, let number = ExactNumber.decimal(text) else {
      issue(path(), "expected a number (at most 9 decimals, magnitude at most 10^9), found \(value.kindName)")
      return nil
    }
    return number
  }

  mutating func string(_ value: JSONValue?, _ path: @autoclosure () -> String) -> String? {
    guard let value else { return nil }
    guard case .string(let text) = value else {
      issue(path(), "expected a string, found \(value.kindName)")
      return nil
    }
    return text
  }

  mutating func tags<Tag: TagVocabulary>(_ value: JSONValue?, _ path: @autoclosure () -> String, _ type: Tag.Type)
    -> TagSet<Tag>?
  {
    guard let value else { return nil }
    guard case .array(let items) = value else {
      issue(path(), "expected an array of \(Tag.setName) tags, found \(value.kindName)")
      return nil
    }
    var set = TagSet<Tag>()
    for (i, item) in items.enumerated() {
      guard case .string(let word) = item, let tag = Tag(rawValue: word) else {
        let names = Tag.allCases.map(\.rawValue)
        let word: String = if case .string(let w) = item { w } else { item.kindName }
        issue(
          "\(path())[\(i)]",
          "unknown \(Tag.setName) tag '\(word)'" + (closest(word, among: names).map { "; did you mean '\($0)'?" } ?? "")
        )
        continue
      }
      set.insert(tag)
    }
    return set
  }

  /// Reads a whole shot JSON v1 object.
  mutating func record(_ value: JSONValue, _ path: @autoclosure () -> String) -> ShotRecord? {
    guard
      let members = object(
        value, path(), allowed: ["format", "version", "id", "recipe", "grinder", "shot", "previous"])
    else { return nil }
    func field(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
    if field("format") != .string("dialrules-shot") { issue(path() + ".format", "expected \"dialrules-shot\"") }
    if field("version") != .number("1") { issue(path() + ".version", "expected 1 (the only shot JSON version)") }
    var record = ShotRecord(id: string(field("id"), path() + ".id"))
    if let recipe = field("recipe"),
      let m = object(
        recipe, path() + ".recipe", allowed: ["dose_g", "yield_g", "time_s", "temperature_c", "grind"])
    {
      func f(_ key: String) -> JSONValue? { m.first { $0.key == key }?.value }
      var grind: GrindSetting?
      switch f("grind") {
      case .string(let text)?: grind = GrindSetting(text: text)
      case .number(let text)?: grind = GrindSetting(text: text)
      case nil: grind = nil
      case let other?: issue(path() + ".recipe.grind", "expected a string or a number, found \(other.kindName)")
      }
      record.recipe = ShotRecord.Recipe(
        doseG: quantity(f("dose_g"), path() + ".recipe.dose_g", .dose),
        yieldG: quantity(f("yield_g"), path() + ".recipe.yield_g", .yield),
        timeS: quantity(f("time_s"), path() + ".recipe.time_s", .time),
        temperatureC: quantity(f("temperature_c"), path() + ".recipe.temperature_c", .temperature), grind: grind)
    }
    if let grinder = field("grinder"),
      let m = object(
        grinder, path() + ".grinder", allowed: ["name", "step", "min", "max", "finer"])
    {
      func f(_ key: String) -> JSONValue? { m.first { $0.key == key }?.value }
      var finer: ShotRecord.FinerDirection?
      if let text = string(f("finer"), path() + ".grinder.finer") {
        finer = ShotRecord.FinerDirection(rawValue: text)
        if finer == nil { issue(path() + ".grinder.finer", "expected \"lower\" or \"higher\"") }
      }
      record.grinder = ShotRecord.Grinder(
        name: string(f("name"), path() + ".grinder.name"), step: decimal(f("step"), path() + ".grinder.step"),
        min: decimal(f("min"), path() + ".grinder.min"), max: decimal(f("max"), path() + ".grinder.max"), finer: finer)
    }
    if let shot = field("shot") { record.shot = measurements(shot, path() + ".shot") }
    if let previous = field("previous"),
      let m = object(previous, path() + ".previous", allowed: ["adjustment", "shot"])
    {
      var result = ShotRecord.Previous()
      if let adjustment = m.first(where: { $0.key == "adjustment" })?.value {
        do {
          result.adjustment = try Adjustment(json: adjustment)
        } catch {
          let inner = error.prefixed("adjustment")
          issue(path() + ".previous." + inner.path, inner.message)
        }
      }
      if let shot = m.first(where: { $0.key == "shot" })?.value {
        result.shot = measurements(shot, path() + ".previous.shot")
      }
      record.previous = result
    }
    return record
  }

  mutating func measurements(_ value: JSONValue, _ path: @autoclosure () -> String) -> ShotRecord.Measurements? {
    guard
      let m = object(value, path(), allowed: ["dose_g", "yield_g", "time_s", "first_drop_s", "taste", "flow"])
    else { return nil }
    func f(_ key: String) -> JSONValue? { m.first { $0.key == key }?.value }
    return ShotRecord.Measurements(
      doseG: quantity(f("dose_g"), path() + ".dose_g", .dose),
      yieldG: quantity(f("yield_g"), path() + ".yield_g", .yield),
      timeS: quantity(f("time_s"), path() + ".time_s", .time),
      firstDropS: quantity(f("first_drop_s"), path() + ".first_drop_s", .firstDrop),
      taste: tags(f("taste"), path() + ".taste", TasteTag.self), flow: tags(f("flow"), path() + ".flow", FlowTag.self))
  }
}
