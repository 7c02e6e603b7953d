extension Array where Element == UInt8 {
  /// Appends `text`'s UTF-8 bytes in one copy: what the explanation renderer and tracer build
  /// their lines with (`append(contentsOf: text.utf8)` costs about three times as much a call).
  @inline(__always)
  mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }
}
