/// A zip archive read from memory: its central directory, and each entry's bytes on request.
///
/// The structure (end record, central directory, local headers; PKWARE APPNOTE 6.3) is read here
/// with every offset and length checked against the buffer; the compressed data is inflated by the
/// system zlib (`ZipInflater`), never by our own code. Only what backups use is read: entries
/// stored (method 0) or deflated (method 8), unencrypted, on one disk, ZIP64 sizes included. Any
/// other archive is refused with the byte offset of what does not fit.
///
/// Limits against hostile archives (docs/importing.md, "Limits"): at most `maxEntries` entries;
/// an entry may inflate to at most `maxEntryBytes`, and all entries read from one archive to at
/// most `maxTotalBytes`. The size an entry declares is checked before anything is inflated, and
/// the inflater stops the moment its output would pass that size, so a zip bomb costs at most the
/// cap in memory and time.
struct ZipArchive {
  /// Most entries in one archive.
  static let maxEntries = 10_000
  /// Most bytes one entry may inflate to: 64 MiB (a Beanconqueror part of 500 brews is about 1 MB).
  static let maxEntryBytes = 64 << 20
  /// Most bytes all entries read from one archive may inflate to: 512 MiB.
  static let maxTotalBytes = 512 << 20

  /// One file in the archive, as the central directory describes it.
  struct Entry: Hashable, Sendable {
    /// The name, as stored (`Beanconqueror_Brews_1.json`).
    var name: String
    /// 0 stored, 8 deflated.
    var method: UInt16
    /// The CRC-32 of the inflated bytes.
    var crc32: UInt32
    var compressedSize: Int
    var uncompressedSize: Int
    /// Offset of the entry's local header.
    var localHeaderOffset: Int
    /// Offset of the entry's central directory record, for messages.
    var recordOffset: Int
  }

  /// Why an archive or one of its entries cannot be read.
  struct Problem: Error, Hashable, Sendable {
    /// The entry concerned, when the problem is in one.
    var entry: String?
    /// Where in the archive, in bytes.
    var offset: Int
    var message: String
  }

  let bytes: [UInt8]
  /// The entries in central directory order.
  private(set) var entries: [Entry] = []

  /// Reads the central directory of `bytes`.
  init(_ bytes: [UInt8]) throws(Problem) {
    self.bytes = bytes
    let end = try findEndRecord()
    entries = try readDirectory(end)
  }

  /// Whether `bytes` begin like a zip archive (a local header, or the end record of an empty one).
  static func looksLikeZip(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 4, bytes[0] == 0x50, bytes[1] == 0x4B else { return false }
    return (bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6)
  }

  /// The entry named `name`, if there is one.
  func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

  // MARK: - Little-endian fields

  private func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
  private func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
  private func u64(_ at: Int) -> UInt64 { UInt64(u32(at)) | UInt64(u32(at + 4)) << 32 }

  /// Whether `count` bytes starting at `offset` lie inside the archive (overflow-safe).
  private func fits(_ offset: Int, _ count: Int) -> Bool {
    offset >= 0 && count >= 0 && offset <= bytes.count && count <= bytes.count - offset
  }

  private func problem(_ offset: Int, _ message: String, entry: String? = nil) -> Problem {
    Problem(entry: entry, offset: offset, message: message)
  }

  // MARK: - End of central directory

  /// Where the central directory is and how many entries it holds.
  private struct EndRecord {
    var offset: Int
    var directoryOffset: Int
    var directorySize: Int
    var entryCount: Int
  }

  /// Finds the end record: the last `PK\5\6` within the final 64 KiB + 22 bytes (the record plus
  /// the longest comment), then its ZIP64 counterpart when the sizes overflow 16/32 bits.
  private func findEndRecord() throws(Problem) -> EndRecord {
    guard bytes.count >= 22 else {
      throw problem(bytes.count, "the archive is truncated: \(bytes.count) bytes is too short for a zip file")
    }
    var at = bytes.count - 22
    let lowest = max(0, bytes.count - 22 - 65_535)
    while at >= lowest {
      if bytes[at] == 0x50, bytes[at + 1] == 0x4B, bytes[at + 2] == 5, bytes[at + 3] == 6,
        Int(u16(at + 20)) == bytes.count - at - 22
      {
        break
      }
      at -= 1
    }
    guard at >= lowest else {
      throw problem(
        bytes.count, "the archive is truncated or not a zip file: its end record (central directory) is missing")
    }
    let disk = u16(at + 4)
    let directoryDisk = u16(at + 6)
    var record = EndRecord(
      offset: at, directoryOffset: Int(u32(at + 16)), directorySize: Int(u32(at + 12)),
      entryCount: Int(u16(at + 10)))
    if record.entryCount == 0xFFFF || record.directoryOffset == 0xFFFF_FFFF || record.directorySize == 0xFFFF_FFFF {
      record = try zip64EndRecord(locatorAt: at - 20, fallback: record)
    } else if disk != 0 || directoryDisk != 0 || u16(at + 8) != u16(at + 10) {
      throw problem(at, "the archive spans several disks, which is not supported")
    }
    guard record.entryCount <= Self.maxEntries else {
      throw problem(at, "the archive lists \(record.entryCount) entries, more than the \(Self.maxEntries) allowed")
    }
    guard fits(record.directoryOffset, record.directorySize), record.directoryOffset + record.directorySize <= at
    else {
      throw problem(at, "the archive is truncated: its central directory lies outside the file")
    }
    return record
  }

  /// The ZIP64 end record named by the locator at `locator`.
  private func zip64EndRecord(locatorAt locator: Int, fallback: EndRecord) throws(Problem) -> EndRecord {
    guard fits(locator, 20), u32(locator) == 0x0706_4B50 else {
      throw problem(fallback.offset, "the end record asks for ZIP64 but no ZIP64 locator precedes it")
    }
    guard u32(locator + 4) == 0, u32(locator + 16) <= 1 else {
      throw problem(locator, "the archive spans several disks, which is not supported")
    }
    let raw = u64(locator + 8)
    guard raw <= UInt64(Int.max), fits(Int(raw), 56), u32(Int(raw)) == 0x0606_4B50 else {
      throw problem(locator, "the ZIP64 end record the locator points to is missing")
    }
    let at = Int(raw)
    let count = u64(at + 32)
    let size = u64(at + 40)
    let offset = u64(at + 48)
    guard count <= UInt64(Self.maxEntries), size <= UInt64(bytes.count), offset <= UInt64(bytes.count) else {
      throw problem(at, "the ZIP64 end record gives sizes larger than the file")
    }
    return EndRecord(offset: at, directoryOffset: Int(offset), directorySize: Int(size), entryCount: Int(count))
  }

  // MARK: - Central directory

  private func readDirectory(_ end: EndRecord) throws(Problem) -> [Entry] {
    var out: [Entry] = []
    out.reserveCapacity(end.entryCount)
    var at = end.directoryOffset
    let limit = end.directoryOffset + end.directorySize
    for _ in 0..<end.entryCount {
      guard at <= limit - 46, u32(at) == 0x0201_4B50 else {
        throw problem(at, "the central directory is damaged: expected an entry record here")
      }
      let flags = u16(at + 8)
      let method = u16(at + 10)
      let nameLength = Int(u16(at + 28))
      let extraLength = Int(u16(at + 30))
      let commentLength = Int(u16(at + 32))
      guard fits(at + 46, nameLength + extraLength + commentLength), at + 46 + nameLength + extraLength <= limit else {
        throw problem(at, "the central directory is damaged: an entry record runs past its end")
      }
      let nameBytes = bytes[(at + 46)..<(at + 46 + nameLength)]
      guard let name = String(validating: nameBytes, as: UTF8.self), !name.isEmpty else {
        throw problem(at + 46, "an entry's name is not UTF-8 text")
      }
      var entry = Entry(
        name: name, method: method, crc32: u32(at + 16), compressedSize: Int(u32(at + 20)),
        uncompressedSize: Int(u32(at + 24)), localHeaderOffset: Int(u32(at + 42)), recordOffset: at)
      try applyZip64(&entry, extra: at + 46 + nameLength, length: extraLength)
      if flags & 0x1 != 0 { throw problem(at, "the entry is encrypted, which is not supported", entry: name) }
      if u16(at + 34) != 0 { throw problem(at, "the entry lies on another disk, which is not supported", entry: name) }
      out.append(entry)
      at += 46 + nameLength + extraLength + commentLength
    }
    return out
  }

  /// Replaces 32-bit sizes and offsets marked `0xFFFFFFFF` by the 64-bit ones of the ZIP64 extra
  /// field (id 1), in the order the format gives them.
  private func applyZip64(_ entry: inout Entry, extra: Int, length: Int) throws(Problem) {
    let needsSize = entry.uncompressedSize == 0xFFFF_FFFF
    let needsCompressed = entry.compressedSize == 0xFFFF_FFFF
    let needsOffset = entry.localHeaderOffset == 0xFFFF_FFFF
    guard needsSize || needsCompressed || needsOffset else { return }
    var at = extra
    let end = extra + length
    while at + 4 <= end {
      let id = u16(at)
      let size = Int(u16(at + 2))
      guard at + 4 + size <= end else { break }
      if id == 1 {
        var field = at + 4
        func next() throws(Problem) -> Int {
          guard field + 8 <= at + 4 + size else {
            throw problem(field, "the entry's ZIP64 field is too short", entry: entry.name)
          }
          let value = u64(field)
          field += 8
          guard value <= UInt64(Int.max / 2) else {
            throw problem(field - 8, "the entry's ZIP64 sizes are out of range", entry: entry.name)
          }
          return Int(value)
        }
        if needsSize { entry.uncompressedSize = try next() }
        if needsCompressed { entry.compressedSize = try next() }
        if needsOffset { entry.localHeaderOffset = try next() }
        return
      }
      at += 4 + size
    }
    throw problem(entry.recordOffset, "the entry needs a ZIP64 field that is missing", entry: entry.name)
  }

  // MARK: - Entry data

  /// The inflated bytes of `entry`, checked against its size and CRC-32.
  ///
  /// - Parameter budget: bytes this archive may still inflate (`maxTotalBytes` minus what earlier
  ///   reads used); lowered by what this read inflates.
  func read(_ entry: Entry, budget: inout Int) throws(Problem) -> [UInt8] {
    let cap = min(Self.maxEntryBytes, budget)
    guard entry.uncompressedSize <= cap else {
      let which = cap < Self.maxEntryBytes ? "what is left of the archive's" : "the"
      throw problem(
        entry.recordOffset,
        "the entry inflates to \(entry.uncompressedSize) bytes, more than \(which) limit of \(cap) bytes",
        entry: entry.name)
    }
    let header = entry.localHeaderOffset
    guard fits(header, 30) else {
      throw problem(
        entry.recordOffset, "the entry's local header would lie outside the archive: it is truncated or damaged",
        entry: entry.name)
    }
    guard u32(header) == 0x0403_4B50 else {
      throw problem(header, "the entry's local header is missing: the archive is damaged", entry: entry.name)
    }
    let dataStart = header + 30 + Int(u16(header + 26)) + Int(u16(header + 28))
    guard fits(dataStart, entry.compressedSize) else {
      throw problem(
        header, "the archive is truncated: the entry's data runs past the end of the file", entry: entry.name)
    }
    let compressed = bytes[dataStart..<(dataStart + entry.compressedSize)]
    let inflated: [UInt8]
    switch entry.method {
    case 0:
      guard entry.compressedSize == entry.uncompressedSize else {
        throw problem(header, "the stored entry's two sizes differ: the archive is damaged", entry: entry.name)
      }
      inflated = Array(compressed)
    case 8:
      do {
        inflated = try ZipInflater.inflate(compressed, expectedSize: entry.uncompressedSize)
      } catch {
        throw problem(dataStart + error.consumed, error.message, entry: entry.name)
      }
    default:
      throw problem(
        header, "the entry is compressed with method \(entry.method); only stored (0) and deflated (8) are read",
        entry: entry.name)
    }
    guard ZipInflater.crc32(inflated) == entry.crc32 else {
      throw problem(header, "the entry's checksum does not match its data: the archive is damaged", entry: entry.name)
    }
    budget -= inflated.count
    return inflated
  }
}
