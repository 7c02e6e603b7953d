import CommandLineSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real terminal in raw mode (no echo, no line buffering, Ctrl-C as a key), via termios.
///
/// Output post-processing stays on so "\n" still moves to the start of the next line. The
/// original settings are restored by `restore()` and, as a safety net, on deinit.
final class RawTerminal: TerminalIO {
  private var original = termios()
  private var active = false
  private var pending: [UInt8] = []

  init() throws {
    guard tcgetattr(0, &original) == 0 else {
      throw FileError.unreadable(path: "terminal", reason: FileDescriptor.errorText())
    }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else {
      throw FileError.unreadable(path: "terminal", reason: FileDescriptor.errorText())
    }
    active = true
    write("\u{1B}[?25l")  // Hide the cursor while the readout redraws.
  }

  deinit { restore() }

  func restore() {
    guard active else { return }
    active = false
    write("\u{1B}[?25h")
    tcsetattr(0, TCSAFLUSH, &original)
  }

  func write(_ text: String) { FileDescriptor.writeAll(1, Array(text.utf8)) }

  private func readByte(timeoutMilliseconds: Int) -> UInt8?? {
    if !pending.isEmpty { return pending.removeFirst() }
    var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, Int32(timeoutMilliseconds))
    if ready <= 0 { return .some(nil) }
    var byte: UInt8 = 0
    let n = read(0, &byte, 1)
    if n <= 0 { return nil }  // End of input.
    return .some(byte)
  }

  func readKey(timeoutMilliseconds: Int) throws -> Key? {
    guard let next = readByte(timeoutMilliseconds: timeoutMilliseconds) else { return .endOfInput }
    guard let byte = next else { return nil }
    switch byte {
    case 0x03: return .interrupt
    case 0x04: return .endOfInput
    case 0x0D, 0x0A: return .enter
    case 0x7F, 0x08: return .backspace
    case 0x1B:
      // A lone Escape, or the start of an escape sequence (arrow keys): swallow the sequence.
      guard case .some(.some(let b)) = readByte(timeoutMilliseconds: 30),
        b == UInt8(ascii: "[") || b == UInt8(ascii: "O")
      else { return .escape }
      while case .some(.some(let c)) = readByte(timeoutMilliseconds: 30), !(0x40...0x7E).contains(c) {}
      return try readKey(timeoutMilliseconds: timeoutMilliseconds)
    default:
      // UTF-8: gather the continuation bytes of a multi-byte character.
      var bytes = [byte]
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
      while bytes.count < length, case .some(.some(let c)) = readByte(timeoutMilliseconds: 30) { bytes.append(c) }
      guard let text = String(validating: bytes, as: UTF8.self), let character = text.first else { return nil }
      return .character(character)
    }
  }
}
