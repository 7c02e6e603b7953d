import Glibc

/// Where a command writes text: standard output or error, or a buffer in tests.
public protocol OutputSink: AnyObject {
  func write(_ text: String)
  /// Pushes buffered text out (before prompting, and at exit).
  func flush()
}

/// A sink on a file descriptor, buffered so that listing thousands of shots is a handful of
/// `write` calls.
public final class FileDescriptorSink: OutputSink {
  private let fd: Int32
  private var buffer: [UInt8] = []

  public init(fd: Int32) { self.fd = fd }

  deinit { flush() }

  public func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  public func flush() {
    var offset = 0
    while offset < buffer.count {
      let written = buffer[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        break  // A closed pipe: nothing more can be shown; the command's status still stands.
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

/// A sink that keeps everything, for tests and for composing output.
public final class BufferSink: OutputSink {
  public private(set) var text = ""
  public init() {}
  public func write(_ text: String) { self.text += text }
  public func flush() {}
}

extension OutputSink {
  /// Writes `text` and a newline.
  func line(_ text: String = "") { write(text + "\n") }
}

extension String {
  /// The text without surrounding whitespace (without Foundation).
  var trimmed: String {
    let isSpace: (Character) -> Bool = { $0.isWhitespace }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
