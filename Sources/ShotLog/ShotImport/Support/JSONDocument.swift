import DialRules

/// One JSON document of an import file, read by DialRules' one JSON core (`JSONScanner.readTree`:
/// strict RFC 8259, exact number text, byte spans), with the helpers every JSON format reader uses
/// to pull values out and to word a problem with its line and column.
struct JSONDocument {
  /// The file, as named to the user.
  let file: String
  /// The zip entry, for archives.
  let entry: String?
  /// The document's bytes and line table.
  let source: SourceFile
  /// The whole document (streamed members come back as empty arrays).
  let root: JSONNode

  /// Reads `bytes` as JSON. Root array members named in `streaming` are handed to `element` one at
  /// a time and not kept (a 5,000-brew backup is never one tree).
  ///
  /// - Throws: the JSON core's first error, with its place, as an `ShotImportProblem`.
  init(
    _ bytes: [UInt8], file: String, entry: String? = nil, streaming: Set<String> = [],
    element: (_ member: String, _ index: Int, _ element: JSONNode) -> Void = { _, _, _ in }
  ) throws(ShotImportProblem) {
    try self.init(
      source: SourceFile(path: file, bytes: bytes), file: file, entry: entry, streaming: streaming, element: element)
  }

  /// Reads `source` as JSON (see the bytes initializer); a streaming reader makes the source
  /// first so that the elements it is handed can be read as documents of their own.
  init(
    source: SourceFile, file: String, entry: String?, streaming: Set<String>,
    element: (_ member: String, _ index: Int, _ element: JSONNode) -> Void
  ) throws(ShotImportProblem) {
    switch JSONScanner.readTree(source, streaming: streaming, element: element) {
    case .success(let root):
      self.file = file
      self.entry = entry
      self.source = source
      self.root = root
    case .failure(let list):
      let first = list.diagnostics.first
      throw ShotImportProblem(
        file: file, entry: entry, source: source, span: first?.span, field: nil,
        message: "not valid JSON: " + (first?.message ?? "unreadable"))
    }
  }

  /// A document over an already read root (for the elements handed to a streaming callback).
  init(root: JSONNode, source: SourceFile, file: String, entry: String?) {
    self.file = file
    self.entry = entry
    self.source = source
    self.root = root
  }

  /// A problem at `node` (or at the document when nil), about `field`.
  func problem(_ node: JSONNode?, field: String?, _ message: String) -> ShotImportProblem {
    ShotImportProblem(file: file, entry: entry, source: source, span: node?.span, field: field, message: message)
  }

  /// `node` as an object; a problem naming `field` when it is something else.
  func object(_ node: JSONNode, field: String) throws(ShotImportProblem) -> [JSONNode.Member] {
    guard let members = node.members else {
      throw problem(node, field: field, "expected an object, found \(node.kind.described)")
    }
    return members
  }

  /// `node` as an array; a problem naming `field` when it is something else.
  func array(_ node: JSONNode, field: String) throws(ShotImportProblem) -> [JSONNode] {
    guard let elements = node.elements else {
      throw problem(node, field: field, "expected an array, found \(node.kind.described)")
    }
    return elements
  }

  /// `array(node)` limited to `ImportedCurve.maxSamples` elements: the place of a longer one is
  /// the problem.
  func samples(_ node: JSONNode, field: String) throws(ShotImportProblem) -> [JSONNode] {
    let elements = try array(node, field: field)
    guard elements.count <= ImportedCurve.maxSamples else {
      throw problem(
        node, field: field, "\(elements.count) samples is more than the \(ImportedCurve.maxSamples) a curve may hold")
    }
    return elements
  }
}

extension JSONNode {
  /// The value as `RawValue`: a number or numeric string is a number, `null` or an empty string
  /// missing, anything else other (shown as its text or its kind).
  var raw: RawValue {
    switch content {
    case .null: .missing
    case .number(let text): DecimalText(Array(text.utf8)).map(RawValue.number) ?? .other(text)
    case .string(let text): RawValue(text: text)
    case .bool(let b): .other(b ? "true" : "false")
    case .array, .object: .other(kind.described)
    }
  }

  /// A string's text, or a number's text (apps write names and grind settings either way); nil for
  /// anything else.
  var text: String? {
    switch content {
    case .string(let s): s
    case .number(let n): n
    default: nil
    }
  }

  /// The text of member `key` trimmed, nil when absent or empty.
  func text(_ key: String) -> String? { self[key]?.text?.nonEmptyTrimmed }
}
