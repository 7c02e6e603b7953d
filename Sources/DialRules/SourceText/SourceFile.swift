/// The text of one input (a rule file or a shot JSON file) with its path and a line table.
///
/// Bytes are kept as read: invalid UTF-8 is reported by the lexer, not repaired here, so a span
/// always means the same bytes the user has on disk.
///
/// The line table is built on first use — when a diagnostic needs a line and column, or the lexer
/// walks the lines — not when the file is read: `eval` over a 100,000-line batch of valid shots
/// never needs one.
public struct SourceFile: Equatable, Sendable {
  /// The path shown in diagnostics (`-` or `<stdin>` for standard input).
  public let path: String
  /// The raw bytes.
  public let bytes: [UInt8]
  /// The line table, built once, on first use, by whichever thread asks first.
  private let lines = LazyValue<LineTable>()

  /// Byte offset of the start of each line; line endings are LF, CRLF or a lone CR.
  package var lineStarts: [Int] { lines.value { Self.lineTable(bytes) }.starts }

  /// Continuation bytes (`10xxxxxx`) before each multiple of `checkpointStride`, recorded only
  /// for files with a line longer than the stride: a column is then counted from the nearest
  /// checkpoint, not from the start of a megabyte-long line (rendering many diagnostics on one
  /// such line was quadratic). Empty for ordinary files, whose lines are short.
  var continuationCheckpoints: [Int] { lines.value { Self.lineTable(bytes) }.checkpoints }
  static let checkpointStride = 4_096

  /// A file with the given bytes, kept as they are.
  /// - Parameters:
  ///   - path: the name diagnostics show (`-` or `<stdin>` for standard input).
  ///   - bytes: the contents, UTF-8 as far as they are valid.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  /// The line starts and checkpoints of `bytes`.
  static func lineTable(_ bytes: [UInt8]) -> LineTable {
    var starts = [0]
    var longestLine = 0
    bytes.withUnsafeBufferPointer { buffer in
      var lines = LineSplitter(buffer)
      while let (start, _) = lines.next() {
        if start > 0 { starts.append(start) }
        // With its line ending: up to where the next line starts (the last line: to the end).
        longestLine = max(longestLine, (lines.start > start ? lines.start : buffer.count) - start)
      }
      // A final line ending starts one more, empty line.
      if let last = buffer.last, last == 0x0A || last == 0x0D { starts.append(buffer.count) }
    }
    var checkpoints: [Int] = []
    if longestLine > Self.checkpointStride {
      checkpoints.reserveCapacity(bytes.count / Self.checkpointStride + 1)
      checkpoints.append(0)
      var total = 0
      var chunk = 0
      while chunk + Self.checkpointStride <= bytes.count {
        total += Self.continuationCount(bytes[chunk..<(chunk + Self.checkpointStride)])
        checkpoints.append(total)
        chunk += Self.checkpointStride
      }
    }
    return LineTable(starts: starts, checkpoints: checkpoints)
  }

  /// A file holding `text` (as UTF-8).
  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// Two files are equal when their paths and bytes are (the line table follows from the bytes).
  public static func == (lhs: SourceFile, rhs: SourceFile) -> Bool {
    lhs.path == rhs.path && lhs.bytes == rhs.bytes
  }

  /// A 1-based line and column; columns count Unicode characters so carets line up.
  public struct Position: Hashable, Sendable {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in characters (Unicode scalars) from the line's start.
    public var column: Int
  }

  /// The 0-based line index that holds `offset` (binary search of the line table).
  package func lineIndex(of offset: Int) -> Int {
    Self.lineIndex(of: offset, in: lineStarts)
  }

  private static func lineIndex(of offset: Int, in starts: [Int]) -> Int {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The line and column of `offset`: a binary search for the line, then characters counted
  /// from the line's start (or from the nearest checkpoint on a very long line).
  public func position(of offset: Int) -> Position {
    let table = lines.value { Self.lineTable(bytes) }
    let clamped = min(max(0, offset), bytes.count)
    let line = Self.lineIndex(of: clamped, in: table.starts)
    let start = table.starts[line]
    let column: Int
    if table.checkpoints.isEmpty {
      column = Self.characterCount(bytes[start..<clamped]) + 1
    } else {
      let before = continuations(before: clamped, table.checkpoints) - continuations(before: start, table.checkpoints)
      column = (clamped - start) - before + 1
    }
    return Position(line: line + 1, column: column)
  }

  /// The number of continuation bytes in `bytes[0..<offset]`, from the checkpoints.
  func continuations(before offset: Int) -> Int { continuations(before: offset, continuationCheckpoints) }

  private func continuations(before offset: Int, _ checkpoints: [Int]) -> Int {
    let k = min(offset / Self.checkpointStride, checkpoints.count - 1)
    let from = k * Self.checkpointStride
    return checkpoints[k] + Self.continuationCount(bytes[from..<max(from, offset)])
  }

  /// The bytes of the 0-based line `index`, without its line ending.
  package func lineBytes(_ index: Int) -> ArraySlice<UInt8> {
    let starts = lineStarts
    guard index >= 0, index < starts.count else { return [] }
    let start = starts[index]
    var end = index + 1 < starts.count ? starts[index + 1] : bytes.count
    while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    return bytes[start..<end]
  }

  /// The text covered by `span`, decoded leniently (invalid UTF-8 becomes U+FFFD).
  public func text(of span: SourceSpan) -> String {
    let s = min(max(0, span.start), bytes.count)
    let e = min(max(s, span.end), bytes.count)
    return String(decoding: bytes[s..<e], as: UTF8.self)
  }

  /// Counts characters the way a terminal shows them: each UTF-8 lead byte starts one (combining
  /// marks are rare in rule files and count as their own column, as most editors do too).
  static func characterCount(_ slice: ArraySlice<UInt8>) -> Int {
    slice.count - continuationCount(slice)
  }

  /// The bytes of `slice` that continue a UTF-8 sequence rather than start a character.
  static func continuationCount(_ slice: ArraySlice<UInt8>) -> Int {
    WorkMeter.count(.sourceBytes, slice.count)
    var n = 0
    for b in slice where b & 0xC0 == 0x80 { n += 1 }
    return n
  }
}

/// A file's line starts and long-line checkpoints.
struct LineTable: Sendable {
  var starts: [Int]
  var checkpoints: [Int]
}
