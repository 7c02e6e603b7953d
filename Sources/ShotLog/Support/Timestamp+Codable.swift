/// A timestamp encodes as its milliseconds since 1970-01-01 UTC, one integer, the value the log
/// stores.
extension Timestamp: Codable {
  /// Decodes milliseconds since 1970-01-01 UTC.
  public init(from decoder: any Decoder) throws {
    self.init(millisecondsSinceEpoch: try decoder.singleValueContainer().decode(Int64.self))
  }

  /// Encodes milliseconds since 1970-01-01 UTC.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(millisecondsSinceEpoch)
  }
}

/// A calendar date encodes as its ISO text, `2026-11-20`; decoding refuses a day that does not
/// exist, as `CalendarDate.parse(_:)` does.
extension CalendarDate: Codable {
  /// Decodes ISO text (`2026-11-20`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = CalendarDate.parse(text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a date (YYYY-MM-DD)")
    }
    self = date
  }

  /// Encodes ISO text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
