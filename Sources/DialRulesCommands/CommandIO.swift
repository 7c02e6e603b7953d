import Foundation

/// Where a command reads and writes: the real process streams, or buffers in tests. Only the
/// command layer touches the outside world, and only through this.
public final class CommandIO: @unchecked Sendable {
  // @unchecked: a CommandIO belongs to one command run on one thread; the buffers are never shared.
  public private(set) var stdoutBuffer = [UInt8]()
  public private(set) var stderrBuffer = [UInt8]()
  private let capture: Bool
  private let stdinData: [UInt8]?
  /// Whether stderr is a terminal (decides colour under `--color=auto`).
  public let stderrIsTerminal: Bool
  /// The working directory relative paths are resolved against.
  public let currentDirectory: String

  /// The real process: stdout/stderr go straight to file descriptors 1 and 2.
  public static func process() -> CommandIO {
    CommandIO(
      capture: false, stdin: nil, stderrIsTerminal: isatty(2) == 1,
      currentDirectory: FileManager.default.currentDirectoryPath)
  }

  /// Captured streams for tests, with optional standard input.
  public static func captured(stdin: String? = nil, currentDirectory: String? = nil) -> CommandIO {
    CommandIO(
      capture: true, stdin: stdin.map { Array($0.utf8) }, stderrIsTerminal: false,
      currentDirectory: currentDirectory ?? FileManager.default.currentDirectoryPath)
  }

  init(capture: Bool, stdin: [UInt8]?, stderrIsTerminal: Bool, currentDirectory: String) {
    self.capture = capture
    self.stdinData = stdin
    self.stderrIsTerminal = stderrIsTerminal
    self.currentDirectory = currentDirectory
  }

  public var stdout: String { String(decoding: stdoutBuffer, as: UTF8.self) }
  public var stderr: String { String(decoding: stderrBuffer, as: UTF8.self) }

  /// Pending output to fd 1; flushed in large writes because `eval` prints one line per shot.
  private var pending = [UInt8]()

  public func out(_ text: String) {
    if capture {
      stdoutBuffer.append(contentsOf: text.utf8)
    } else {
      pending.append(contentsOf: text.utf8)
      if pending.count >= 1 << 16 { flush() }
    }
  }

  public func out(bytes: [UInt8]) {
    if capture {
      stdoutBuffer.append(contentsOf: bytes)
    } else {
      pending.append(contentsOf: bytes)
      if pending.count >= 1 << 16 { flush() }
    }
  }

  public func err(_ text: String) {
    if capture {
      stderrBuffer.append(contentsOf: text.utf8)
    } else {
      flush()
      Self.writeAll(2, Array(text.utf8))
    }
  }

  public func flush() {
    guard !pending.isEmpty else { return }
    Self.writeAll(1, pending)
    pending.removeAll(keepingCapacity: true)
  }

  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if n <= 0 {
          if n < 0 && errno == EINTR { continue }
          return  // closed pipe (e.g. `| head`): nothing more can be written
        }
        offset += n
      }
    }
  }

  /// All of standard input.
  public func readStandardInput(limit: Int) throws(InputError) -> [UInt8] {
    if let stdinData {
      if stdinData.count > limit { throw .tooLarge(path: "-", limit: limit) }
      return stdinData
    }
    var data = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: "-", reason: String(cString: strerror(errno)))
      }
      if n == 0 { break }
      data.append(contentsOf: buffer[0..<n])
      if data.count > limit { throw .tooLarge(path: "-", limit: limit) }
    }
    return data
  }
}
