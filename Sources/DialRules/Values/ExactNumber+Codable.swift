// Codable is unavailable in Embedded Swift (the browser playground: Tests/Playground/build.sh).
#if !hasFeature(Embedded)
  /// Exact numbers encode as one string, so no decoder ever reads them through `Double`: the decimal
  /// text when the number has one (`"36.5"`), else the reduced fraction (`"19/9"`). Decoding accepts
  /// both forms, and a number as the encoder wrote it decodes to an equal number.
  extension ExactNumber: Codable {
    /// Decodes the string `encode(to:)` writes: decimal text (`"36.5"`, `"-2"`) or a fraction
    /// (`"19/9"`); anything else, or a value outside `Limits`, is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      if let number = ExactNumber(fractionText: text) {
        self = number
      } else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "'\(text)' is not an exact number (decimal text or numerator/denominator)")
      }
    }

    /// Encodes the number as a string: its decimal text, or `numerator/denominator` when the decimal
    /// does not terminate.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(exactText)
    }
  }
#endif

extension ExactNumber {
  /// Decimal text, or `numerator/denominator` with a positive denominator.
  init?(fractionText text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 1 {
      guard let n = ExactNumber(text) else { return nil }
      self = n
      return
    }
    guard parts.count == 2, let n = Int128(String(parts[0])), let d = Int128(String(parts[1])), d > 0 else {
      return nil
    }
    self = ExactNumber(numerator: n, denominator: d)
  }
}
