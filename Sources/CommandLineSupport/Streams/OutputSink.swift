/// Where a command writes text: a file descriptor, or a buffer in tests and when composing
/// output.
package protocol OutputSink: AnyObject {
  /// Writes `text` (possibly buffered).
  func write(_ text: String)
  /// Writes raw bytes (possibly buffered).
  func write(bytes: [UInt8])
  /// Pushes buffered output out (before prompting, before writing to the other stream, at exit).
  func flush()
}

extension OutputSink {
  /// Writes `text` and a newline.
  package func line(_ text: String = "") { write(text + "\n") }
}

/// A sink on a file descriptor. Standard output is buffered (listing thousands of shots or
/// evaluating a million lines is a handful of `write` calls); standard error is written at once,
/// after flushing standard output, so the two interleave in the order they were produced.
final class FileDescriptorSink: OutputSink {
  private let fd: Int32
  private let buffered: Bool
  /// The sink flushed before each write to this one (standard output, for standard error).
  private let flushesFirst: FileDescriptorSink?
  private var buffer: [UInt8] = []

  /// A buffered sink on `fd`.
  init(fd: Int32) {
    self.fd = fd
    self.buffered = true
    self.flushesFirst = nil
  }

  /// An unbuffered sink on `fd` that flushes `other` before each write.
  init(fd: Int32, unbufferedAfter other: FileDescriptorSink) {
    self.fd = fd
    self.buffered = false
    self.flushesFirst = other
  }

  deinit { flush() }

  func write(_ text: String) { write(bytes: Array(text.utf8)) }

  func write(bytes: [UInt8]) {
    if buffered {
      buffer.append(contentsOf: bytes)
      if buffer.count >= 1 << 16 { flush() }
    } else {
      flushesFirst?.flush()
      FileDescriptor.writeAll(fd, bytes)
    }
  }

  func flush() {
    guard !buffer.isEmpty else { return }
    FileDescriptor.writeAll(fd, buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}

/// A sink that keeps everything: captured streams in tests, and text composed before printing.
package final class BufferSink: OutputSink {
  /// Everything written, as bytes.
  private(set) var bytes: [UInt8] = []

  package init() {}

  /// Everything written, as text.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  package func write(_ text: String) { bytes.append(contentsOf: text.utf8) }
  package func write(bytes more: [UInt8]) { bytes.append(contentsOf: more) }
  package func flush() {}
}
