/// The compact form a machine curve is stored in (`attempt_curves.data`): a format byte (1), then
/// every time and then every value as the difference from the one before, zig-zag encoded
/// (small negatives stay small) in LEB128 varints. A 280-sample Decent curve takes about 600
/// bytes, against some 4 KB as decimal text.
enum ShotCurveCoding {
  static let format: UInt8 = 1

  /// `curve` encoded.
  static func encode(_ curve: ImportedCurve) -> [UInt8] {
    var out: [UInt8] = [format]
    out.reserveCapacity(1 + curve.times.count * 3)
    for series in [curve.times, curve.values] {
      var previous: Int64 = 0
      for v in series {
        let delta = Int64(v) - previous
        previous = Int64(v)
        var z = UInt64(bitPattern: (delta << 1) ^ (delta >> 63))
        while z >= 0x80 {
          out.append(UInt8(z & 0x7F) | 0x80)
          z >>= 7
        }
        out.append(UInt8(z))
      }
    }
    return out
  }

  /// The curve of `kind` with `samples` samples decoded from `data`; nil when the bytes are not
  /// such a curve (damage is reported by the caller, never read as samples).
  static func decode(_ data: [UInt8], kind: ImportedCurve.Kind, samples: Int) -> ImportedCurve? {
    guard data.first == format, samples > 0, samples <= ImportedCurve.maxSamples else { return nil }
    var i = 1
    func series() -> [Int32]? {
      var out: [Int32] = []
      out.reserveCapacity(samples)
      var previous: Int64 = 0
      for _ in 0..<samples {
        var z: UInt64 = 0
        var shift: UInt64 = 0
        while true {
          guard i < data.count, shift < 64 else { return nil }
          let b = data[i]
          i += 1
          z |= UInt64(b & 0x7F) << shift
          if b < 0x80 { break }
          shift += 7
        }
        let delta = Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1)))
        let (value, overflow) = previous.addingReportingOverflow(delta)
        guard !overflow, let v = Int32(exactly: value) else { return nil }
        out.append(v)
        previous = value
      }
      return out
    }
    guard let times = series(), let values = series(), i == data.count else { return nil }
    return ImportedCurve(kind: kind, times: times, values: values)
  }
}
