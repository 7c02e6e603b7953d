/// Source text with position markers, as in swift-syntax's `assertParse`: `1️⃣` … `9️⃣` and `🔟`
/// stand between the characters where a test expects something, and are removed before the text
/// is used. Each marker names one byte offset of the text without markers.
///
/// Markers are found byte by byte, so the rest of the input may be any bytes, invalid UTF-8
/// included.
package struct MarkedSource: Sendable {
  /// The markers, in the order their offsets are numbered.
  package static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

  /// The input with every marker removed.
  package let bytes: [UInt8]
  /// The byte offset in `bytes` of each marker that occurs.
  package let offsets: [String: Int]
  /// Markers that occur more than once (each a mistake in the test).
  package let duplicates: [String]

  /// Strips the markers from `marked`.
  package init(_ marked: String) {
    self.init(bytes: Array(marked.utf8))
  }

  /// Strips the markers from `marked` bytes.
  package init(bytes marked: [UInt8]) {
    let patterns = Self.markers.map { ($0, Array($0.utf8)) }
    var bytes: [UInt8] = []
    var offsets: [String: Int] = [:]
    var duplicates: [String] = []
    var i = 0
    scanning: while i < marked.count {
      for (marker, pattern) in patterns where marked[i...].starts(with: pattern) {
        if offsets[marker] != nil { duplicates.append(marker) }
        offsets[marker] = bytes.count
        i += pattern.count
        continue scanning
      }
      bytes.append(marked[i])
      i += 1
    }
    self.bytes = bytes
    self.offsets = offsets
    self.duplicates = duplicates
  }
}
