#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command reads and writes: the real process streams, or buffers in tests. Only the
/// command layer touches the outside world, and only through this (and the file helpers, which
/// resolve relative paths against `currentDirectory`).
package final class CommandIO {
  /// Standard output.
  package let standardOutput: any OutputSink
  /// Standard error.
  package let standardError: any OutputSink
  /// Standard input when given as bytes (tests); nil reads file descriptor 0.
  private let standardInput: [UInt8]?
  /// Whether standard error is a terminal (decides colour under `--color=auto`).
  let stderrIsTerminal: Bool
  /// The directory relative paths are resolved against.
  let currentDirectory: String
  /// The buffers of a captured run.
  private let captured: (out: BufferSink, err: BufferSink)?

  /// The real process: standard output buffered on descriptor 1, standard error written at once
  /// on descriptor 2, standard input read from descriptor 0.
  package static func process() -> CommandIO {
    let out = FileDescriptorSink(fd: 1)
    return CommandIO(
      stdout: out, stderr: FileDescriptorSink(fd: 2, unbufferedAfter: out), stdin: nil,
      stderrIsTerminal: FileDescriptor.isTerminal(2), currentDirectory: workingDirectory())
  }

  /// Captured streams for tests, with optional standard input (empty when not given).
  package static func captured(stdin: String? = nil, currentDirectory: String? = nil) -> CommandIO {
    CommandIO(
      capturing: BufferSink(), BufferSink(), stdin: Array((stdin ?? "").utf8),
      currentDirectory: currentDirectory ?? workingDirectory())
  }

  /// Streams on the given sinks; `stdin` nil reads descriptor 0.
  package init(
    stdout: any OutputSink, stderr: any OutputSink, stdin: [UInt8]?, stderrIsTerminal: Bool,
    currentDirectory: String
  ) {
    standardOutput = stdout
    standardError = stderr
    standardInput = stdin
    self.stderrIsTerminal = stderrIsTerminal
    self.currentDirectory = currentDirectory
    captured = nil
  }

  private init(capturing out: BufferSink, _ err: BufferSink, stdin: [UInt8], currentDirectory: String) {
    standardOutput = out
    standardError = err
    standardInput = stdin
    stderrIsTerminal = false
    self.currentDirectory = currentDirectory
    captured = (out, err)
  }

  /// What a captured run wrote to standard output (empty for the real process).
  package var stdout: String { captured?.out.text ?? "" }
  /// What a captured run wrote to standard error (empty for the real process).
  package var stderr: String { captured?.err.text ?? "" }

  package func out(_ text: String) { standardOutput.write(text) }
  package func out(bytes: [UInt8]) { standardOutput.write(bytes: bytes) }
  package func err(_ text: String) { standardError.write(text) }

  /// Pushes buffered output out; the tools call it once at exit.
  package func flush() {
    standardOutput.flush()
    standardError.flush()
  }

  /// `path` as given when absolute, else under `currentDirectory`.
  package func resolve(_ path: String) -> String {
    path.hasPrefix("/") ? path : currentDirectory + "/" + path
  }

  /// All of standard input, refused once it passes `limit` bytes (reported as path `-`).
  func readStandardInput(limit: Int) throws(FileError) -> [UInt8] {
    if let standardInput {
      if standardInput.count > limit { throw .tooLarge(path: "-", limit: limit) }
      return standardInput
    }
    return try InputFiles.readAll(fd: 0, path: "-", limit: limit)
  }

  /// The process's working directory, or "." when it cannot be found (it was deleted).
  package static func workingDirectory() -> String {
    guard let path = getcwd(nil, 0) else { return "." }
    defer { free(path) }
    return String(cString: path)
  }
}
