/// Text laid out in columns: padded with spaces to a width counted in Characters, the unit the
/// renderers measure their columns in.
extension StringProtocol {
  /// The text followed by spaces up to `width` Characters; the text as it is when it has that many
  /// or more.
  package func padded(to width: Int) -> String {
    let n = count
    return n >= width ? String(self) : String(self) + String(repeating: " ", count: width - n)
  }

  /// The text preceded by zeros up to `width` Characters (hexadecimal digits: `U+001F`, `%0A`).
  package func zeroPadded(to width: Int) -> String {
    let n = count
    return n >= width ? String(self) : String(repeating: "0", count: width - n) + String(self)
  }
}
