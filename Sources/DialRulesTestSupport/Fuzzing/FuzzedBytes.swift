/// Reads choices out of a fuzzer's input bytes, the way libFuzzer's `FuzzedDataProvider` does:
/// each choice consumes a byte, and an exhausted input keeps answering the first option, so every
/// input — however short — decodes to exactly one value and a mutation of one byte changes one
/// choice.
public struct FuzzedBytes {
  private let bytes: [UInt8]
  private var index = 0

  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether every byte has been used.
  public var isExhausted: Bool { index >= bytes.count }

  /// The next byte, or 0 once the input is used up.
  public mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// A number in `0..<count` (`count` at most 256); 0 when `count` is 0 or 1.
  public mutating func int(below count: Int) -> Int {
    count <= 1 ? 0 : Int(byte()) % min(count, 256)
  }

  /// A number in `range`, for ranges of at most 256 values.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + int(below: range.count)
  }

  /// True with probability about `1 / outOf`.
  public mutating func chance(_ outOf: Int) -> Bool { int(below: outOf) == 0 }

  /// One of `options`, which must not be empty.
  public mutating func pick<T>(_ options: [T]) -> T {
    options[int(below: options.count)]
  }
}
