/// One series a machine or scale logged during a shot: weight, pressure, flow or temperature over
/// time, in fixed point so it is stored compactly and read back exactly.
///
/// Times are milliseconds since the shot started; values are hundredths of the unit (`pressure`
/// 9.05 bar is 905). Machines log more digits than their sensors resolve (`0.30000000000000004`);
/// two decimals keep everything a chart can show. Samples are in the order logged; a sample the
/// source wrote as something other than a number is left out (and counted in the shot's notices).
public struct ImportedCurve: Hashable, Sendable {
  /// What a curve measures, with its unit. May grow.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// Weight in the cup, g.
    case weight
    /// Pressure at the group, bar.
    case pressure
    /// Water flow, ml/s.
    case flow
    /// Flow into the cup as the scale sees it, g/s.
    case weightFlow = "weight_flow"
    /// Water temperature (at the basket, or the machine's best reading), °C.
    case temperature

    /// The unit, as charts label it.
    public var unit: String {
      switch self {
      case .weight: "g"
      case .pressure: "bar"
      case .flow: "ml/s"
      case .weightFlow: "g/s"
      case .temperature: "°C"
      }
    }
  }

  /// Most samples one curve may hold: a ten-minute shot logged at 100 Hz, with room to spare. A
  /// longer series is refused (docs/importing.md, "Limits").
  public static let maxSamples = 100_000

  /// What the curve measures.
  public var kind: Kind
  /// Milliseconds since the start of the shot, one per sample.
  public var times: [Int32]
  /// Hundredths of `kind.unit`, one per sample.
  public var values: [Int32]

  /// A curve; `times` and `values` must have the same length.
  init(kind: Kind, times: [Int32], values: [Int32]) {
    precondition(times.count == values.count, "a curve needs one value per time; please report this bug")
    self.kind = kind
    self.times = times
    self.values = values
  }
}
