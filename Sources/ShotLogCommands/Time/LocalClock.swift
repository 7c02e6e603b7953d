import ShotLog

/// How `dialshot` shows and reads times: in the local time zone (`TZ`, else the system's) unless
/// `--utc` is given. The log stores UTC; local time is only for people.
struct LocalClock: Sendable {
  var zone: TimeZoneRules
  /// True with `--utc`.
  var isUTC: Bool

  static let utc = LocalClock(zone: .utc, isUTC: true)

  /// The wall-clock reading of `time`: its date and time of day, in seconds as if it were UTC.
  func local(_ time: Timestamp) -> Int64 {
    let seconds = Timestamp.floorDivide(time.millisecondsSinceEpoch, 1000)
    return seconds + zone.type(at: seconds).offset
  }

  /// `2026-03-01 09:15`.
  func short(_ time: Timestamp) -> String {
    Timestamp(millisecondsSinceEpoch: local(time) * 1000).shortText
  }

  /// `2026-03-01 09:15 CET` (the zone's abbreviation at that time).
  func long(_ time: Timestamp) -> String {
    short(time) + " " + abbreviation(at: time)
  }

  /// The abbreviation in force at `time` (`CET`, `CEST`, `UTC`).
  func abbreviation(at time: Timestamp) -> String {
    zone.type(at: Timestamp.floorDivide(time.millisecondsSinceEpoch, 1000)).abbreviation
  }

  /// What table headers call the times: `UTC`, or the zone's name (`Europe/Berlin`).
  var label: String { isUTC ? "UTC" : zone.name == "local" ? "local" : zone.name }

  /// The local calendar day of `time`.
  func day(_ time: Timestamp) -> CalendarDate {
    Timestamp(millisecondsSinceEpoch: local(time) * 1000).date
  }

  /// The first instant of the local day `date` (midnight, or the first minute after it that
  /// exists when the clocks jump at midnight).
  func start(of date: CalendarDate) -> Timestamp {
    let midnight = date.daysSinceEpoch * 86_400
    for minute in stride(from: Int64(0), through: 120, by: 1) {
      if let first = zone.instants(forLocal: midnight + minute * 60).first {
        return Timestamp(millisecondsSinceEpoch: first * 1000)
      }
    }
    return Timestamp(millisecondsSinceEpoch: (midnight - zone.type(at: midnight).offset) * 1000)
  }

  /// Why a time could not be read.
  enum Problem: Error, Equatable {
    /// Not a date and time this reads.
    case malformed
    /// A local time the clocks skipped (spring forward).
    case skipped(local: String)
    /// A local time that happened twice (fall back); an offset says which.
    case repeated(local: String, first: String, second: String)
  }

  /// Reads a time as typed: ISO 8601 with `Z` or an offset (`2026-03-01T08:15:00Z`,
  /// `2026-03-01T09:15+01:00`) as is; without one as local time (`2026-03-01 09:15`,
  /// `2026-03-01T09:15:30`), or a time of day alone (`09:15`) as today's, `now` telling the day.
  func parse(_ text: String, now: Timestamp) -> Result<Timestamp, Problem> {
    let trimmed = text.trimmed
    if let absolute = Timestamp.parse(trimmed), trimmed.count > 10, hasZone(trimmed) { return .success(absolute) }
    var dateText = trimmed
    var timeText = ""
    if trimmed.count <= 8, trimmed.contains(":") {
      dateText = day(now).text
      timeText = trimmed
    } else if let separator = trimmed.firstIndex(where: { $0 == "T" || $0 == " " }) {
      dateText = String(trimmed[..<separator])
      timeText = String(trimmed[trimmed.index(after: separator)...])
    }
    guard let date = CalendarDate.parse(dateText) else { return .failure(.malformed) }
    var seconds: Int64 = 0
    if !timeText.isEmpty {
      let parts = timeText.split(separator: ":", omittingEmptySubsequences: false)
      guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
        let h = Int64(parts[0]), let m = Int64(parts[1]), h < 24, m < 60
      else { return .failure(.malformed) }
      let s = parts.count == 3 ? Int64(parts[2]) : 0
      guard let s, s < 60 else { return .failure(.malformed) }
      seconds = (h * 60 + m) * 60 + s
    }
    let local = date.daysSinceEpoch * 86_400 + seconds
    let instants = zone.instants(forLocal: local)
    let shown = Timestamp(millisecondsSinceEpoch: local * 1000).shortText
    switch instants.count {
    case 0:
      return .failure(.skipped(local: shown))
    case 1:
      return .success(Timestamp(millisecondsSinceEpoch: instants[0] * 1000))
    default:
      func withOffset(_ instant: Int64) -> String {
        let offset = zone.type(at: instant).offset
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        let hh = minutes / 60 < 10 ? "0\(minutes / 60)" : "\(minutes / 60)"
        let mm = minutes % 60 < 10 ? "0\(minutes % 60)" : "\(minutes % 60)"
        return date.text + "T" + String(shown.suffix(5)) + sign + hh + ":" + mm
      }
      return .failure(.repeated(local: shown, first: withOffset(instants[0]), second: withOffset(instants[1])))
    }
  }

  /// Whether ISO text ends in `Z` or a `±HH:MM` offset after its time.
  private func hasZone(_ text: String) -> Bool {
    if text.hasSuffix("Z") || text.hasSuffix("z") { return true }
    guard text.count >= 6 else { return false }
    let tail = Array(text.suffix(6))
    return (tail[0] == "+" || tail[0] == "-") && tail[3] == ":"
  }
}
