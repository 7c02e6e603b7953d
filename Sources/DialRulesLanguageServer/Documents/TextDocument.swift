import DialRules

/// The text of one open document as the client has it, kept in sync by `didOpen` and `didChange`
/// (full or incremental changes, applied in order).
package struct TextDocument: Sendable {
  /// Documents larger than this are kept in sync but not checked (the CLI's limit for a rule file).
  static let maxCheckedBytes = 1 << 20
  /// Documents larger than this are not kept at all: the server says so until the client reopens
  /// the document (or sends its whole text) at a size it accepts.
  package static let maxStoredBytes = 4 << 20

  let uri: String
  private(set) var version: Int
  /// The text with its line table; empty when the document grew past `maxStoredBytes`.
  private(set) var source: SourceFile
  /// Set when the text was dropped for being larger than `maxStoredBytes`.
  private(set) var dropped = false

  init(uri: String, version: Int, text: String) {
    self.uri = uri
    self.version = version
    self.source = SourceFile(path: Self.path(of: uri), text: "")
    replaceAll(Array(text.utf8))
  }

  /// Whether the document is too large to check (or was dropped).
  var tooLarge: Bool { dropped || source.bytes.count > Self.maxCheckedBytes }

  mutating func replaceAll(_ bytes: [UInt8]) {
    if bytes.count > Self.maxStoredBytes {
      dropped = true
      source = SourceFile(path: source.path, bytes: [])
    } else {
      dropped = false
      source = SourceFile(path: source.path, bytes: bytes)
    }
  }

  /// Applies `contentChanges` of a `didChange` in order and takes the new version. A range change
  /// to a dropped document cannot be applied and is ignored; a whole-text change revives it.
  mutating func apply(_ changes: [Params], version: Int, encoding: PositionEncoding) throws(ResponseError) {
    for change in changes {
      let text = try change["text"].string()
      if change["range"].isAbsent {
        replaceAll(Array(text.utf8))
        continue
      }
      let range = try change["range"].range()
      guard !dropped else { continue }
      let span = source.span(of: range, encoding: encoding)
      var bytes = source.bytes
      bytes.replaceSubrange(span.start..<span.end, with: Array(text.utf8))
      replaceAll(bytes)
    }
    self.version = version
  }

  /// The file path of a `file://` URI (percent-decoded), or the URI itself: what diagnostics and
  /// explanations call the file.
  static func path(of uri: String) -> String {
    guard uri.hasPrefix("file://") else { return uri }
    var rest = Substring(uri.dropFirst("file://".count))
    // `file://host/path`: keep the path.
    if !rest.hasPrefix("/"), let slash = rest.firstIndex(of: "/") { rest = rest[slash...] }
    return percentDecoded(String(rest))
  }

  static func percentDecoded(_ s: String) -> String {
    var out: [UInt8] = []
    let bytes = Array(s.utf8)
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) {
        out.append(h << 4 | l)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func hex(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: b - 0x30
    case 0x41...0x46: b - 0x41 + 10
    case 0x61...0x66: b - 0x61 + 10
    default: nil
    }
  }
}
