extension UInt8 {
  /// Whether the byte is an ASCII digit, `0`…`9`: one comparison, since a byte below `0` wraps
  /// around to a large value. The lexer, the JSON scanner, decimal text (here and in the shot
  /// log's imports) and the wording of numbers all ask this.
  @inline(__always)
  package var isASCIIDigit: Bool { self &- 0x30 < 10 }
}
