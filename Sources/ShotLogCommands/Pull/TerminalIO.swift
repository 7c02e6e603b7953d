/// A key press, as the pull screen understands it.
public enum Key: Hashable, Sendable {
  case character(Character)
  case enter
  case backspace
  case escape
  /// Ctrl-C: raw mode delivers it as a key, not a signal, so the terminal is always restored.
  case interrupt
  /// Ctrl-D or the end of input.
  case endOfInput
}

/// The interactive terminal `pull` draws on and reads keys from; a protocol so tests can script
/// key presses against a fake clock.
public protocol TerminalIO: AnyObject {
  /// The next key, waiting at most `timeoutMilliseconds`; nil when none arrived in time.
  func readKey(timeoutMilliseconds: Int) throws -> Key?
  /// Writes text as is (including ANSI control sequences).
  func write(_ text: String)
  /// Leaves raw mode; called when the session ends, however it ends.
  func restore()
}
