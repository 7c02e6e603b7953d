import DialRules

/// A number as another app wrote it, read from its decimal text without binary floating point:
/// `18`, `-0.5`, `.9`, `40.199999999999996`, `8.716724537037037e-5`, `1e400`.
///
/// Other apps print floats in full, so their text often has more digits than `ExactNumber` keeps
/// (nine decimals, eighteen significant digits). `exact` keeps the value exactly when it fits and
/// otherwise rounds it to nine decimals — the float's own noise is in the digits rounded away;
/// `fixed` rounds to a given number of decimals for machine curves. Rounding is half away from
/// zero, on the decimal digits as written.
struct DecimalText: Hashable, Sendable {
  var negative: Bool
  /// The significant digits as written, without leading zeros (empty for zero), 0…9 each.
  var digits: [UInt8]
  /// The value is `digits` (as a whole number) × 10^exponent.
  var exponent: Int

  /// A number from its parts; `digits` without leading zeros.
  init(negative: Bool, digits: [UInt8], exponent: Int) {
    var digits = digits
    var exponent = exponent
    while let last = digits.last, last == 0 {
      digits.removeLast()
      exponent += 1
    }
    self.negative = negative
    self.digits = digits
    self.exponent = digits.isEmpty ? 0 : exponent
  }

  /// Most digits read; a longer number is refused rather than read (no real value has more).
  static let maxDigits = 64

  /// Reads `-?digits[.digits][(e|E)[+-]digits]` (a leading `+`, or a missing integer part as in
  /// `.9`, allowed), with nothing before or after; nil for anything else.
  init?<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
    var i = bytes.startIndex
    let end = bytes.endIndex
    negative = false
    if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
      negative = bytes[i] == UInt8(ascii: "-")
      bytes.formIndex(after: &i)
    }
    var digits: [UInt8] = []
    var sawDigit = false
    var fraction = 0
    while i < end, bytes[i].isASCIIDigit {
      sawDigit = true
      if !(digits.isEmpty && bytes[i] == 0x30) { digits.append(bytes[i] - 0x30) }
      bytes.formIndex(after: &i)
    }
    if i < end, bytes[i] == UInt8(ascii: ".") {
      bytes.formIndex(after: &i)
      while i < end, bytes[i].isASCIIDigit {
        sawDigit = true
        if !(digits.isEmpty && bytes[i] == 0x30) { digits.append(bytes[i] - 0x30) }
        fraction += 1
        bytes.formIndex(after: &i)
      }
    }
    guard sawDigit, digits.count <= Self.maxDigits else { return nil }
    var exponent = 0
    if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      bytes.formIndex(after: &i)
      var expNegative = false
      if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
        expNegative = bytes[i] == UInt8(ascii: "-")
        bytes.formIndex(after: &i)
      }
      var expDigits = 0
      while i < end, bytes[i].isASCIIDigit {
        if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[i] - 0x30) }
        expDigits += 1
        bytes.formIndex(after: &i)
      }
      guard expDigits > 0 else { return nil }
      if expNegative { exponent = -exponent }
    }
    guard i == end else { return nil }
    while let last = digits.last, last == 0 {
      digits.removeLast()
      exponent += 1
    }
    self.digits = digits
    self.exponent = digits.isEmpty ? 0 : exponent - fraction
  }

  /// Reads the text of a string (`" 18.5 "`; surrounding spaces allowed).
  init?(text: String) {
    self.init(Array(text.utf8).trimmingASCIISpaces)
  }

  /// The value × 10^`decimals`, rounded half away from zero to a whole number; nil when it does
  /// not fit in 64 bits.
  func scaled(decimals: Int) -> Int64? {
    guard !digits.isEmpty else { return 0 }
    let shift = exponent + decimals
    var magnitude: Int64 = 0
    if shift >= 0 {
      guard digits.count + shift <= 18 else { return nil }
      for d in digits { magnitude = magnitude * 10 + Int64(d) }
      for _ in 0..<shift { magnitude *= 10 }
    } else {
      let kept = digits.count + shift  // digits before the rounding point
      guard kept <= 18 else { return nil }
      if kept >= 0 {
        for d in digits.prefix(kept) { magnitude = magnitude * 10 + Int64(d) }
      }
      let firstDropped = kept >= 0 ? digits[kept] : 0
      if firstDropped >= 5 { magnitude += 1 }
    }
    return negative ? -magnitude : magnitude
  }

  /// The value, exact when `ExactNumber` can hold it, else rounded to `ExactNumber`'s nine
  /// decimals; nil when even that is out of range (more than 10^9 in magnitude).
  var exact: ExactNumber? {
    guard let value = unboundedExact, value.magnitude <= ExactNumber(Int(ExactNumber.Limits.maxMagnitude)) else {
      return nil
    }
    return value
  }

  private var unboundedExact: ExactNumber? {
    if digits.isEmpty { return .zero }
    let maxFraction = ExactNumber.Limits.maxFractionDigits
    if -exponent <= maxFraction, digits.count <= ExactNumber.Limits.maxSignificantDigits, exponent <= 9 {
      var significand: Int128 = 0
      for d in digits { significand = significand * 10 + Int128(d) }
      if exponent >= 0 {
        for _ in 0..<exponent { significand *= 10 }
        return ExactNumber(significand: negative ? -significand : significand, scale: 0)
      }
      return ExactNumber(significand: negative ? -significand : significand, scale: -exponent)
    }
    guard let nine = scaled(decimals: maxFraction) else { return nil }
    return ExactNumber(significand: Int128(nine), scale: maxFraction)
  }

  /// Whether the value is zero.
  var isZero: Bool { digits.isEmpty }
}

extension BidirectionalCollection<UInt8> {
  /// The bytes without leading and trailing ASCII spaces and tabs.
  var trimmingASCIISpaces: SubSequence {
    var start = startIndex
    var end = endIndex
    while start < end, self[start] == 0x20 || self[start] == 0x09 { formIndex(after: &start) }
    while end > start {
      let last = index(before: end)
      guard self[last] == 0x20 || self[last] == 0x09 else { break }
      end = last
    }
    return self[start..<end]
  }
}
