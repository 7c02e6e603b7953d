import CZlib

/// Raw deflate (RFC 1951) through the system zlib, into a buffer of exactly the size the archive
/// declares: output past that size is an error, so an entry that lies about its size cannot make
/// the reader allocate more than the cap it was checked against.
enum ZipInflater {
  /// Why a deflate stream could not be inflated; `consumed` is how far into the compressed bytes
  /// zlib got, for the message's offset.
  struct Failure: Error {
    var consumed: Int
    var message: String
  }

  /// Inflates `compressed` to exactly `expectedSize` bytes.
  static func inflate(_ compressed: ArraySlice<UInt8>, expectedSize: Int) throws(Failure) -> [UInt8] {
    // One spare byte: a stream that still has output once the buffer is full is longer than it
    // says, and zlib reports that by filling the spare byte.
    var output = [UInt8](repeating: 0, count: expectedSize + 1)
    var stream = z_stream()
    guard dialrules_inflate_init_raw(&stream) == Z_OK else {
      throw Failure(consumed: 0, message: "zlib could not start inflating (out of memory)")
    }
    defer { inflateEnd(&stream) }
    var status: Int32 = Z_OK
    var consumed = 0
    var produced = 0
    compressed.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        // zlib's counters are 32 bits wide; both buffers fit (the caps are far below 4 GiB).
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = uInt(input.count)
        stream.next_out = out.baseAddress
        stream.avail_out = uInt(out.count)
        status = CZlib.inflate(&stream, Z_FINISH)
        consumed = input.count - Int(stream.avail_in)
        produced = out.count - Int(stream.avail_out)
      }
    }
    switch status {
    case Z_STREAM_END:
      guard produced == expectedSize else {
        throw Failure(
          consumed: consumed,
          message: "the entry inflates to \(produced) bytes, not the \(expectedSize) its header declares")
      }
      output.removeLast()
      return output
    case Z_BUF_ERROR where produced > expectedSize, Z_OK where produced > expectedSize:
      throw Failure(
        consumed: consumed,
        message:
          "the entry inflates past the \(expectedSize) bytes its header declares: the archive is damaged or hostile"
      )
    case Z_BUF_ERROR, Z_OK:
      throw Failure(consumed: consumed, message: "the entry's compressed data ends early: the archive is truncated")
    case Z_DATA_ERROR:
      let reason = stream.msg.map { String(cString: $0) } ?? "invalid deflate data"
      throw Failure(consumed: consumed, message: "the entry's compressed data is corrupt (zlib: \(reason))")
    case Z_MEM_ERROR:
      throw Failure(consumed: consumed, message: "zlib ran out of memory inflating the entry")
    default:
      throw Failure(consumed: consumed, message: "zlib failed inflating the entry (status \(status))")
    }
  }

  /// The CRC-32 of `bytes`, as zip stores it.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      var crc: uLong = CZlib.crc32(0, nil, 0)
      var offset = 0
      // zlib takes 32-bit lengths: feed it in chunks.
      while offset < buffer.count {
        let count = min(buffer.count - offset, 1 << 30)
        crc = CZlib.crc32(crc, buffer.baseAddress.map { $0 + offset }, uInt(count))
        offset += count
      }
      return UInt32(truncatingIfNeeded: crc)
    }
  }
}
