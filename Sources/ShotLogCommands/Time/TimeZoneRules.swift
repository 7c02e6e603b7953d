import CommandLineSupport

/// A time zone: which UTC offset applies at each instant, read from the system's tz database
/// (TZif files under `/usr/share/zoneinfo`) or from a POSIX `TZ` string (`CET-1CEST,M3.5.0,M10.5.0/3`).
///
/// Written here rather than taken from Foundation so `dialshot` starts in a few milliseconds and
/// shows the same local times as `date` does for the same `TZ`. The shot log itself stores UTC;
/// only the command line shows and reads local times.
struct TimeZoneRules: Sendable {
  /// One kind of local time: its offset east of UTC and its abbreviation (`CET`).
  struct LocalType: Hashable, Sendable {
    var offset: Int64
    var isDST: Bool
    var abbreviation: String
  }

  /// How the zone was named (`Europe/Berlin`, `UTC`, the TZ string).
  var name: String
  /// Transition instants, in seconds since the epoch, ascending.
  var transitions: [Int64] = []
  /// The local type from each transition on.
  var transitionTypes: [Int] = []
  var types: [LocalType]
  /// The type before the first transition.
  var initialType = 0
  /// The rule for instants after the last transition (a TZif file's footer), if any.
  var rule: PosixTimeZone?

  /// Coordinated Universal Time.
  static let utc = TimeZoneRules(name: "UTC", types: [LocalType(offset: 0, isDST: false, abbreviation: "UTC")])

  /// The zone named by the `TZ` environment variable, as the C library reads it: unset means the
  /// system's zone (`/etc/localtime`); `:NAME` or `NAME` a file of the tz database (or a path); a
  /// name that is no file a POSIX rule. A zone that cannot be read is UTC (as in the C library),
  /// and `problem` says why.
  static func fromEnvironment(_ tz: String?, zoneDirectory: String?, io: CommandIO) -> (
    TimeZoneRules, problem: String?
  ) {
    let directory = zoneDirectory.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    guard var spec = tz else {
      if let zone = try? file("/etc/localtime", name: "local", io: io) { return (zone, nil) }
      return (.utc, nil)
    }
    if spec.isEmpty { return (.utc, nil) }
    if spec.hasPrefix(":") { spec.removeFirst() }
    let path = spec.hasPrefix("/") ? spec : directory + "/" + spec
    if !spec.contains(".."), InputFiles.exists(path, io: io) {
      do {
        return (try file(path, name: spec, io: io), nil)
      } catch {
        return (.utc, "TZ=\(spec): \(error)")
      }
    }
    if let rule = PosixTimeZone.parse(spec) {
      return (TimeZoneRules(name: spec, types: rule.types, rule: rule), nil)
    }
    return (.utc, "TZ=\(spec): no such time zone; showing UTC")
  }

  /// Reads a TZif file (RFC 8536), version 1 or later.
  static func file(_ path: String, name: String, io: CommandIO) throws -> TimeZoneRules {
    let bytes = try InputFiles.bytes(path, io: io, limit: 1 << 20)
    guard let zone = parse(tzif: bytes, name: name) else { throw TimeZoneError(message: "not a tz database file") }
    return zone
  }

  /// The zone a TZif file describes, or nil when the bytes are not one.
  static func parse(tzif bytes: [UInt8], name: String) -> TimeZoneRules? {
    var reader = ByteReader(bytes: bytes)
    guard let header = reader.header() else { return nil }
    var counts = header.counts
    var timeSize = 4
    if header.version >= 2 {
      // Skip the 32-bit block; the 64-bit one that follows covers every instant.
      guard reader.skip(counts.dataSize(timeSize: 4)), let second = reader.header() else { return nil }
      counts = second.counts
      timeSize = 8
    }
    var zone = TimeZoneRules(name: name, types: [])
    for _ in 0..<counts.times {
      guard let t = reader.signed(timeSize) else { return nil }
      zone.transitions.append(t)
    }
    for _ in 0..<counts.times {
      guard let index = reader.byte(), Int(index) < counts.types else { return nil }
      zone.transitionTypes.append(Int(index))
    }
    var raw: [(offset: Int64, isDST: Bool, index: Int)] = []
    for _ in 0..<counts.types {
      guard let offset = reader.signed(4), let dst = reader.byte(), let index = reader.byte() else { return nil }
      raw.append((offset, dst != 0, Int(index)))
    }
    guard let chars = reader.take(counts.chars) else { return nil }
    zone.types = raw.map { type in
      let tail = chars.dropFirst(type.index).prefix { $0 != 0 }
      return LocalType(offset: type.offset, isDST: type.isDST, abbreviation: String(decoding: tail, as: UTF8.self))
    }
    guard !zone.types.isEmpty else { return nil }
    guard reader.skip(counts.leaps * (timeSize + 4) + counts.standardFlags + counts.utFlags) else { return nil }
    if header.version >= 2, reader.byte() == 0x0A, let footer = reader.take(reader.remaining) {
      let text = String(decoding: footer.prefix { $0 != 0x0A }, as: UTF8.self)
      zone.rule = PosixTimeZone.parse(text)
    }
    // RFC 8536 §3.2: before the first transition, the first non-DST type (or the first type).
    zone.initialType = zone.types.firstIndex { !$0.isDST } ?? 0
    return zone
  }

  /// The local type in force at `seconds` since the epoch.
  func type(at seconds: Int64) -> LocalType {
    if let last = transitions.last, seconds >= last, let rule {
      return rule.type(at: seconds)
    }
    if transitions.isEmpty { return rule?.type(at: seconds) ?? types[initialType] }
    // The last transition at or before `seconds`.
    var low = 0
    var high = transitions.count
    while low < high {
      let mid = (low + high) / 2
      if transitions[mid] <= seconds { low = mid + 1 } else { high = mid }
    }
    return low == 0 ? types[initialType] : types[transitionTypes[low - 1]]
  }

  /// The instants (seconds since the epoch) whose local wall-clock time is `local` (itself counted
  /// in seconds as if it were UTC): none in a gap when clocks go forward, two in the hour repeated
  /// when they go back, else one. Ascending.
  func instants(forLocal local: Int64) -> [Int64] {
    var offsets = Set(types.map(\.offset))
    if let rule { offsets.formUnion(rule.types.map(\.offset)) }
    return offsets.map { local - $0 }.filter { type(at: $0).offset == local - $0 }.sorted()
  }
}

/// A time zone file that could not be read.
struct TimeZoneError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// Big-endian reading of a TZif file, every read checked against the end.
private struct ByteReader {
  let bytes: [UInt8]
  var offset = 0

  struct Counts {
    var utFlags = 0
    var standardFlags = 0
    var leaps = 0
    var times = 0
    var types = 0
    var chars = 0

    func dataSize(timeSize: Int) -> Int {
      times * timeSize + times + types * 6 + chars + leaps * (timeSize + 4) + standardFlags + utFlags
    }
  }

  var remaining: Int { bytes.count - offset }

  mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
    guard count >= 0, count <= remaining else { return nil }
    defer { offset += count }
    return bytes[offset..<(offset + count)]
  }

  mutating func skip(_ count: Int) -> Bool { take(count) != nil }

  mutating func byte() -> UInt8? { take(1)?.first }

  /// A big-endian two's-complement integer of 4 or 8 bytes.
  mutating func signed(_ size: Int) -> Int64? {
    guard let slice = take(size) else { return nil }
    var value: UInt64 = 0
    for b in slice { value = value << 8 | UInt64(b) }
    if size == 4 { return Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: value))) }
    return Int64(bitPattern: value)
  }

  /// `TZif`, the version, 15 reserved bytes and the six counts.
  mutating func header() -> (version: Int, counts: Counts)? {
    guard let magic = take(4), Array(magic) == Array("TZif".utf8), let version = byte(), skip(15) else { return nil }
    var counts = Counts()
    guard let ut = signed(4), let std = signed(4), let leap = signed(4), let time = signed(4), let type = signed(4),
      let char = signed(4), ut >= 0, std >= 0, leap >= 0, time >= 0, type > 0, char >= 0,
      time < 100_000, type < 256, char < 10_000, leap < 10_000, ut < 256, std < 256
    else { return nil }
    counts.utFlags = Int(ut)
    counts.standardFlags = Int(std)
    counts.leaps = Int(leap)
    counts.times = Int(time)
    counts.types = Int(type)
    counts.chars = Int(char)
    return (version == 0 ? 1 : Int(version) - 0x30, counts)
  }
}
