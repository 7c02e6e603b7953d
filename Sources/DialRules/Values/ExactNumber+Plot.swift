extension ExactNumber {
  /// The value as a `Double`, for placing it on a drawing only: every comparison that decides
  /// something (a bound, a band, whether a point lies beyond the drawn range) is made exactly
  /// before anything is converted.
  package var plotValue: Double { Double(numerator) / Double(denominator) }
}
