/// The adjustment object of docs/design.md §6, shared by `previous.adjustment` and decision output:
/// `{"type":"grind","direction":"finer","steps":1}`, `{"type":"yield","delta_g":2}`,
/// `{"type":"temperature","delta_c":-1}`, `{"type":"no_change"}`.
extension Adjustment {
  /// The adjustment as a JSON tree.
  var jsonObject: JSONValue {
    switch self {
    case .grind(let direction, let steps):
      return ["type": "grind", "direction": .string(direction.rawValue), "steps": .number(ExactNumber(steps))]
    case .yield(let delta):
      return ["type": "yield", "delta_g": .number(delta)]
    case .temperature(let delta):
      return ["type": "temperature", "delta_c": .number(delta)]
    case .noChange:
      return ["type": "no_change"]
    }
  }

  /// Writes the adjustment object (same text as `jsonObject`, without building a tree).
  package func writeJSON(to w: inout JSONWriter) {
    w.beginObject()
    w.key("type")
    switch self {
    case .grind(let direction, let steps):
      w.string("grind")
      w.key("direction")
      w.string(direction.rawValue)
      w.key("steps")
      w.integer(steps)
    case .yield(let delta):
      w.string("yield")
      w.key("delta_g")
      w.number(delta)
    case .temperature(let delta):
      w.string("temperature")
      w.key("delta_c")
      w.number(delta)
    case .noChange:
      w.string("no_change")
    }
    w.endObject()
  }
}
