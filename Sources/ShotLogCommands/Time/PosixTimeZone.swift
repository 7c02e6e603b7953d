import ShotLog

/// A POSIX `TZ` rule (`CET-1CEST,M3.5.0,M10.5.0/3`, `UTC0`, `<-03>3`): a standard time, and
/// optionally a daylight-saving time with the days it starts and ends. TZif files end with one for
/// the years after their last listed transition.
struct PosixTimeZone: Sendable {
  /// When in a year daylight saving starts or ends.
  enum Day: Sendable {
    /// `Jn`: day 1…365, never counting February 29.
    case julian(Int)
    /// `n`: day 0…365, counting February 29 in leap years.
    case zeroBased(Int)
    /// `Mm.w.d`: weekday `d` (0 is Sunday) of week `w` (1…5, 5 the last) of month `m`.
    case monthWeekDay(month: Int, week: Int, weekday: Int)
  }

  var standard: TimeZoneRules.LocalType
  var daylight: TimeZoneRules.LocalType?
  var start: (day: Day, seconds: Int64) = (.monthWeekDay(month: 3, week: 2, weekday: 0), 7200)
  var end: (day: Day, seconds: Int64) = (.monthWeekDay(month: 11, week: 1, weekday: 0), 7200)

  /// The local types the rule uses.
  var types: [TimeZoneRules.LocalType] { [standard] + (daylight.map { [$0] } ?? []) }

  /// Parses a POSIX TZ string; nil when it is not one.
  static func parse(_ text: String) -> PosixTimeZone? {
    var scanner = Scanner(bytes: Array(text.utf8))
    guard let standardName = scanner.name(), let standardOffset = scanner.offset() else { return nil }
    var zone = PosixTimeZone(
      standard: .init(offset: -standardOffset, isDST: false, abbreviation: standardName), daylight: nil)
    if scanner.atEnd { return zone }
    guard let daylightName = scanner.name() else { return nil }
    let daylightOffset = scanner.offset().map { -$0 } ?? (-standardOffset + 3600)
    zone.daylight = .init(offset: daylightOffset, isDST: true, abbreviation: daylightName)
    if scanner.atEnd { return zone }
    guard scanner.expect(","), let start = scanner.transition(), scanner.expect(","),
      let end = scanner.transition(), scanner.atEnd
    else { return nil }
    zone.start = start
    zone.end = end
    return zone
  }

  /// The local type in force at `seconds` since the epoch.
  func type(at seconds: Int64) -> TimeZoneRules.LocalType {
    guard let daylight else { return standard }
    let year = CalendarDateMath.year(ofDay: Timestamp.floorDivide(seconds + standard.offset, 86_400))
    // The year's two changes, as instants: the start is given in standard time, the end in
    // daylight time.
    let starts = instant(start, year: year, offset: standard.offset)
    let ends = instant(end, year: year, offset: daylight.offset)
    let inDaylight = starts < ends ? (seconds >= starts && seconds < ends) : (seconds < ends || seconds >= starts)
    return inDaylight ? daylight : standard
  }

  /// The instant of `change` in `year`, its local time counted with `offset`.
  private func instant(_ change: (day: Day, seconds: Int64), year: Int, offset: Int64) -> Int64 {
    let first = CalendarDateMath.days(year: year, month: 1, day: 1)
    let leap = CalendarDateMath.isLeap(year)
    let day: Int64
    switch change.day {
    case .julian(let n): day = first + Int64(n - 1) + (leap && n >= 60 ? 1 : 0)
    case .zeroBased(let n): day = first + Int64(n)
    case .monthWeekDay(let month, let week, let weekday):
      let monthStart = CalendarDateMath.days(year: year, month: month, day: 1)
      let startWeekday = Int(floorMod(monthStart + 4, 7))  // 1970-01-01 was a Thursday.
      var d = monthStart + Int64((weekday - startWeekday + 7) % 7) + Int64(week - 1) * 7
      let length = Int64(CalendarDateMath.length(month: month, year: year))
      while d >= monthStart + length { d -= 7 }
      day = d
    }
    return day * 86_400 + change.seconds - offset
  }

  /// Reads the pieces of a TZ string.
  private struct Scanner {
    let bytes: [UInt8]
    var i = 0
    var atEnd: Bool { i == bytes.count }

    mutating func expect(_ c: Character) -> Bool {
      guard i < bytes.count, bytes[i] == c.asciiValue else { return false }
      i += 1
      return true
    }

    /// `CET`, or `<-03>` (quoted, for names with digits and signs).
    mutating func name() -> String? {
      let start = i
      if expect("<") {
        while i < bytes.count, bytes[i] != UInt8(ascii: ">") { i += 1 }
        guard i < bytes.count, i - start - 1 >= 3 else { return nil }
        let name = String(decoding: bytes[(start + 1)..<i], as: UTF8.self)
        i += 1
        return name
      }
      while i < bytes.count, (bytes[i] | 0x20) >= UInt8(ascii: "a"), (bytes[i] | 0x20) <= UInt8(ascii: "z") { i += 1 }
      return i - start >= 3 ? String(decoding: bytes[start..<i], as: UTF8.self) : nil
    }

    mutating func number(maximum: Int64) -> Int64? {
      var value: Int64 = 0
      var digits = 0
      while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 3 {
        value = value * 10 + Int64(bytes[i] - 0x30)
        digits += 1
        i += 1
      }
      return digits > 0 && value <= maximum ? value : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds (POSIX: positive is west of Greenwich).
    mutating func offset(maximumHours: Int64 = 24) -> Int64? {
      var sign: Int64 = 1
      if expect("-") { sign = -1 } else { _ = expect("+") }
      guard let hours = number(maximum: maximumHours) else { return nil }
      var seconds = hours * 3600
      if expect(":") {
        guard let minutes = number(maximum: 59) else { return nil }
        seconds += minutes * 60
        if expect(":") {
          guard let s = number(maximum: 59) else { return nil }
          seconds += s
        }
      }
      return sign * seconds
    }

    /// `Mm.w.d[/time]`, `Jn[/time]` or `n[/time]`.
    mutating func transition() -> (day: Day, seconds: Int64)? {
      let day: Day
      if expect("M") {
        guard let m = number(maximum: 12), m >= 1, expect("."), let w = number(maximum: 5), w >= 1, expect("."),
          let d = number(maximum: 6)
        else { return nil }
        day = .monthWeekDay(month: Int(m), week: Int(w), weekday: Int(d))
      } else if expect("J") {
        guard let n = number(maximum: 365), n >= 1 else { return nil }
        day = .julian(Int(n))
      } else {
        guard let n = number(maximum: 365) else { return nil }
        day = .zeroBased(Int(n))
      }
      var seconds: Int64 = 7200
      if expect("/") {
        guard let t = offset(maximumHours: 167) else { return nil }
        seconds = t
      }
      return (day, seconds)
    }
  }
}

/// Day arithmetic on plain integers (days since 1970-01-01), on top of ShotLog's `CalendarDate`.
enum CalendarDateMath {
  static func isLeap(_ year: Int) -> Bool { CalendarDate(year: year, month: 2, day: 29) != nil }

  static func length(month: Int, year: Int) -> Int {
    (28...31).last { CalendarDate(year: year, month: month, day: $0) != nil } ?? 28
  }

  /// Days since 1970-01-01 of a date (years outside 1…9999 are clamped).
  static func days(year: Int, month: Int, day: Int) -> Int64 {
    CalendarDate(year: min(9999, max(1, year)), month: month, day: day)?.daysSinceEpoch ?? 0
  }

  /// The date of a day since 1970-01-01.
  static func date(ofDay days: Int64) -> CalendarDate {
    Timestamp(millisecondsSinceEpoch: days * 86_400_000).date
  }

  static func year(ofDay days: Int64) -> Int { date(ofDay: days).year }
}

/// `a mod b`, never negative for positive `b`.
func floorMod(_ a: Int64, _ b: Int64) -> Int64 { a - Timestamp.floorDivide(a, b) * b }
