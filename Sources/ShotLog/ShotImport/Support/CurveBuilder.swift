import DialRules

/// Collects one curve's samples as a reader walks a file: times in milliseconds, values in
/// hundredths, each rounded from the file's decimal text. A sample whose time or value is not a
/// number, or too large for fixed point, is left out and counted.
struct CurveBuilder {
  let kind: ImportedCurve.Kind
  private(set) var times: [Int32] = []
  private(set) var values: [Int32] = []
  /// Samples left out.
  private(set) var dropped = 0

  init(_ kind: ImportedCurve.Kind, capacity: Int = 0) {
    self.kind = kind
    times.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  /// Adds a sample at `milliseconds` (nil: the time was unreadable).
  mutating func add(milliseconds: Int64?, _ value: RawValue) {
    guard let milliseconds, let t = Int32(exactly: milliseconds), let number = value.number,
      let scaled = number.scaled(decimals: 2), let v = Int32(exactly: scaled)
    else {
      if case .missing = value, milliseconds != nil { return }
      dropped += 1
      return
    }
    times.append(t)
    values.append(v)
  }

  /// The curve, or nil when no sample was kept.
  var curve: ImportedCurve? {
    times.isEmpty ? nil : ImportedCurve(kind: kind, times: times, values: values)
  }

  /// Milliseconds from seconds written as decimal text (`0.076`).
  static func milliseconds(seconds raw: RawValue) -> Int64? { raw.number?.scaled(decimals: 3) }

  /// Milliseconds from milliseconds written as decimal text (`200`, `41534`).
  static func milliseconds(raw: RawValue) -> Int64? { raw.number?.scaled(decimals: 0) }
}

extension ImportedShot {
  /// Adds the built curves that kept a sample, and a notice for each that left samples out.
  mutating func addCurves(_ builders: [CurveBuilder]) {
    for builder in builders {
      if let curve = builder.curve { curves.append(curve) }
      if builder.dropped > 0 {
        let what =
          builder.dropped == 1
          ? "1 \(builder.kind.rawValue) sample" : "\(builder.dropped) \(builder.kind.rawValue) samples"
        notices.append("\(what) were not numbers; left out of the curve")
      }
    }
  }

  /// Sets the first drop from the weight curve when the source records none: the first sample at
  /// or above 1 g, to a tenth of a second (docs/importing.md).
  mutating func deriveFirstDrop() {
    guard firstDropS == nil, let weight = curves.first(where: { $0.kind == .weight }),
      let index = weight.values.firstIndex(where: { $0 >= 100 })
    else { return }
    let tenths = (Int64(weight.times[index]) + 50) / 100
    if let value = ExactNumber(significand: Int128(tenths), scale: 1), Quantity.firstDrop.accepts(value) {
      firstDropS = value
    }
  }

  /// A duration from the machine's clock to a tenth of a second, as the machines' own apps show
  /// a shot's length. `unit` is the power of ten of the source's unit in seconds: 0 for seconds,
  /// -1 for tenths (Gaggiuino), -3 for milliseconds.
  static func tenthsOfSeconds(_ raw: RawValue, unit: Int = 0) -> RawValue {
    guard let tenths = raw.number?.scaled(decimals: 1 + unit) else { return raw }
    return .number(DecimalText(negative: tenths < 0, digits: tenths.magnitude.decimalDigits, exponent: -1))
  }
}

extension UInt64 {
  /// The decimal digits, most significant first, without leading zeros (empty for 0).
  var decimalDigits: [UInt8] {
    var out: [UInt8] = []
    var v = self
    while v > 0 {
      out.append(UInt8(v % 10))
      v /= 10
    }
    return out.reversed()
  }
}
