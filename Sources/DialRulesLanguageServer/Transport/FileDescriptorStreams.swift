#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file descriptor (standard input) with `read(2)`; an error counts as end of input, so a
/// client that disappears ends the server instead of making it spin.
struct FileDescriptorSource: ByteSource {
  let fd: Int32

  init(fd: Int32) { self.fd = fd }

  mutating func read(_ maxCount: Int) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: maxCount)
    while true {
      let n = buffer.withUnsafeMutableBytes { raw in systemRead(fd, raw.baseAddress, raw.count) }
      if n > 0 { return Array(buffer[0..<n]) }
      if n < 0 && errno == EINTR { continue }
      return []
    }
  }
}

/// Writes whole messages to a file descriptor (standard output).
struct FileDescriptorSink {
  let fd: Int32

  init(fd: Int32) { self.fd = fd }

  /// Writes every byte; false when the other end is gone (the caller then stops).
  func write(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = systemWrite(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return false }
        offset += n
      }
      return true
    }
  }

  /// Makes a write to a closed pipe fail with EPIPE instead of killing the process.
  static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }
}

/// `read(2)` and `write(2)`, named apart from the methods above.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}
