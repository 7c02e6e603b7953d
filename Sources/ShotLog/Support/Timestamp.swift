/// A point in time in UTC, with millisecond precision: how ShotLog stores every time.
///
/// Kept as an integer so that ordering and storage are exact and formatting needs no locale or
/// time zone database; text is always ISO 8601 in UTC (`2026-03-01T08:15:00Z`, with `.123` only
/// when there are milliseconds), so an export is the same on every machine.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Milliseconds since 1970-01-01T00:00:00Z.
  public var millisecondsSinceEpoch: Int64

  /// The time `millisecondsSinceEpoch` after 1970-01-01T00:00:00Z.
  public init(millisecondsSinceEpoch: Int64) { self.millisecondsSinceEpoch = millisecondsSinceEpoch }

  /// The system's wall clock now: the store's default clock.
  public static func now() -> Timestamp { Timestamp(millisecondsSinceEpoch: Platform.wallClockMilliseconds()) }

  /// Earlier times sort first.
  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
  }

  /// The UTC calendar day.
  public var date: CalendarDate {
    let days = Self.floorDivide(millisecondsSinceEpoch, 86_400_000)
    return CalendarDate(daysSinceEpoch: days)
  }

  /// ISO 8601 in UTC.
  public var iso8601: String {
    let ms = millisecondsSinceEpoch
    let days = Self.floorDivide(ms, 86_400_000)
    let msOfDay = ms - days * 86_400_000
    let seconds = msOfDay / 1000
    let millis = msOfDay % 1000
    let hh = seconds / 3600
    let mm = (seconds / 60) % 60
    let ss = seconds % 60
    var text = CalendarDate(daysSinceEpoch: days).text + "T" + pad(hh, 2) + ":" + pad(mm, 2) + ":" + pad(ss, 2)
    if millis != 0 { text += "." + pad(millis, 3) }
    return text + "Z"
  }

  /// The `iso8601` text.
  public var description: String { iso8601 }

  /// Appends the `iso8601` text to `bytes` digit by digit (the export writes 200,000 of them).
  func appendISO8601(to bytes: inout [UInt8]) {
    let ms = millisecondsSinceEpoch
    let days = Self.floorDivide(ms, 86_400_000)
    let msOfDay = ms - days * 86_400_000
    let date = CalendarDate(daysSinceEpoch: days)
    func digits(_ value: Int64, _ width: Int) {
      var divisor: Int64 = 1
      for _ in 1..<width { divisor *= 10 }
      var rest = value
      while divisor > 0 {
        bytes.append(UInt8(48 + (rest / divisor) % 10))
        rest %= divisor
        divisor /= 10
      }
    }
    digits(Int64(date.year), 4)
    bytes.append(UInt8(ascii: "-"))
    digits(Int64(date.month), 2)
    bytes.append(UInt8(ascii: "-"))
    digits(Int64(date.day), 2)
    bytes.append(UInt8(ascii: "T"))
    let seconds = msOfDay / 1000
    digits(seconds / 3600, 2)
    bytes.append(UInt8(ascii: ":"))
    digits((seconds / 60) % 60, 2)
    bytes.append(UInt8(ascii: ":"))
    digits(seconds % 60, 2)
    if msOfDay % 1000 != 0 {
      bytes.append(UInt8(ascii: "."))
      digits(msOfDay % 1000, 3)
    }
    bytes.append(UInt8(ascii: "Z"))
  }

  /// A shorter form for tables: `2026-03-01 08:15` (UTC).
  package var shortText: String {
    let days = Self.floorDivide(millisecondsSinceEpoch, 86_400_000)
    let minutes = (millisecondsSinceEpoch - days * 86_400_000) / 60_000
    return CalendarDate(daysSinceEpoch: days).text + " " + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
  }

  /// Parses ISO 8601 date-time text: `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by `Z` or `±HH:MM`.
  /// A date alone (`YYYY-MM-DD`) is midnight UTC. Returns nil for anything else.
  public static func parse(_ text: String) -> Timestamp? {
    // Read in place (an import parses 200,000 of these): no array of the bytes, no `Character`s.
    var text = text
    return text.withUTF8 { parse(bytes: $0) }
  }

  private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
    var i = 0
    func number(_ width: Int) -> Int64? {
      guard i + width <= bytes.count else { return nil }
      var value: Int64 = 0
      for b in bytes[i..<(i + width)] {
        guard b >= 0x30, b <= 0x39 else { return nil }
        value = value * 10 + Int64(b - 0x30)
      }
      i += width
      return value
    }
    func expect(_ c: Unicode.Scalar) -> Bool {
      guard i < bytes.count, bytes[i] == UInt8(ascii: c) else { return false }
      i += 1
      return true
    }
    guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
      let date = CalendarDate(year: Int(year), month: Int(month), day: Int(day))
    else { return nil }
    var ms = date.daysSinceEpoch * 86_400_000
    if i == bytes.count { return Timestamp(millisecondsSinceEpoch: ms) }
    guard expect("T") || expect(" ") else { return nil }
    guard let hh = number(2), hh < 24, expect(":"), let mi = number(2), mi < 60 else { return nil }
    var ss: Int64 = 0
    var frac: Int64 = 0
    if expect(":") {
      guard let s = number(2), s < 60 else { return nil }
      ss = s
      if expect(".") {
        var digits = 0
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
          if digits < 3 { frac = frac * 10 + Int64(bytes[i] - 0x30) }
          digits += 1
          i += 1
        }
        guard digits > 0 else { return nil }
        // Milliseconds: pad short fractions; longer ones were truncated above. (`digits..<3` with
        // more than three digits is an invalid range and traps; found by the import fuzz target.)
        if digits < 3 { for _ in digits..<3 { frac *= 10 } }
      }
    }
    ms += ((hh * 60 + mi) * 60 + ss) * 1000 + frac
    if expect("Z") || expect("z") {
      return i == bytes.count ? Timestamp(millisecondsSinceEpoch: ms) : nil
    }
    guard i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") else { return nil }
    let sign: Int64 = bytes[i] == UInt8(ascii: "+") ? 1 : -1
    i += 1
    guard let oh = number(2), oh < 24, expect(":"), let om = number(2), om < 60, i == bytes.count else { return nil }
    return Timestamp(millisecondsSinceEpoch: ms - sign * (oh * 60 + om) * 60_000)
  }

  /// `a / b` rounded towards minus infinity.
  package static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }
}

/// A calendar day (proleptic Gregorian), used for roast dates and date filters.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The year, 1 to 9999.
  public var year: Int
  /// The month, 1 to 12.
  public var month: Int
  /// The day of the month, from 1.
  public var day: Int

  /// The day, or nil when there is no such date (`2023-02-29`) or the year is outside 1…9999.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= CalendarDate.daysIn(month: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
  init(daysSinceEpoch days: Int64) {
    let z = days + 719_468
    let era = Timestamp.floorDivide(z, 146_097)
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    year = Int(yoe + era * 400 + (m <= 2 ? 1 : 0))
    month = Int(m)
    day = Int(d)
  }

  /// Days since 1970-01-01 (`days_from_civil`).
  public var daysSinceEpoch: Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = Timestamp.floorDivide(y, 400)
    let yoe = y - era * 400
    let m = Int64(month)
    let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// Midnight UTC at the start of the day.
  public var start: Timestamp { Timestamp(millisecondsSinceEpoch: daysSinceEpoch * 86_400_000) }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// `YYYY-MM-DD`.
  public var text: String { pad(Int64(year), 4) + "-" + pad(Int64(month), 2) + "-" + pad(Int64(day), 2) }
  /// The `text`, `YYYY-MM-DD`.
  public var description: String { text }

  /// Parses exactly `YYYY-MM-DD` (ISO 8601 calendar date); other forms such as `11.09.2021` are
  /// refused rather than guessed, since day and month order cannot be known.
  public static func parse(_ text: String) -> CalendarDate? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard text.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
    else { return nil }
    return CalendarDate(year: y, month: m, day: d)
  }

  /// Earlier days sort first.
  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}

/// Zero-pads a non-negative number to `width` digits.
func pad(_ value: Int64, _ width: Int) -> String {
  let digits = String(value)
  return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
