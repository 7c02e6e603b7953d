extension JSONScanner {
  /// Reads a whole JSON document into a tree, strictly (RFC 8259, as the shot reader: no comments,
  /// no trailing commas, valid UTF-8, at most `maxDepth` levels); a UTF-8 byte order mark at the
  /// start is skipped.
  ///
  /// The elements of the root object's array members named in `streamed` are handed to `element`
  /// (member name, index, element) as soon as each is read and are not kept: those members come
  /// back as empty arrays. A 100,000-shot export is then never in memory as one tree.
  ///
  /// Object members named in `unbuilt` of those streamed elements, when their value is an object,
  /// are checked for syntax but not built: they come back as an empty object with the value's span,
  /// for a reader that reads them in place (the shot JSON reader and each attempt's `record`).
  ///
  /// - Returns: the root, or the diagnostic (`J001`…`J011`) that stopped the reading, its span an
  ///   offset into `file`.
  package static func readTree(
    _ file: SourceFile, streaming streamed: Set<String> = [], unbuilt: Set<String> = [],
    element: (_ member: String, _ index: Int, _ element: JSONNode) -> Void = { _, _, _ in }
  ) -> Result<JSONNode, DiagnosticList> {
    file.bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(bytes: buffer)
      scanner.reset(start: byteOrderMarkLength(buffer), end: buffer.count, lineMode: false)
      do throws(JSONStop) {
        scanner.skipWhitespace()
        let root: JSONNode
        if scanner.current == UInt8(ascii: "{"), !streamed.isEmpty {
          root = try scanner.readObject(depth: 0, streamed: streamed, unbuilt: unbuilt, element: element)
        } else {
          root = try scanner.readNode(depth: 0)
        }
        scanner.skipWhitespace()
        if scanner.current != nil { throw scanner.syntaxError(expected: "the end of the input") }
        return .success(root)
      } catch {
        guard let problems = DiagnosticList(scanner.diagnostics, in: file) else {
          preconditionFailure("a JSON document failed without a diagnostic; please report this bug")
        }
        return .failure(problems)
      }
    }
  }

  /// Reads the value at `index`, inside `depth` open containers, into a tree.
  mutating func readNode(depth: Int) throws(JSONStop) -> JSONNode {
    let start = index
    guard let kind = valueKind else { throw syntaxError(expected: "a value") }
    switch kind {
    case .object:
      return try readObject(depth: depth, streamed: [], unbuilt: [], element: { _, _, _ in })
    case .array:
      try enter(depth)
      index += 1
      var elements: [JSONNode] = []
      var first = true
      while try nextElement(first: &first) { elements.append(try readNode(depth: depth + 1)) }
      return JSONNode(content: .array(elements), span: SourceSpan(start: start, end: index))
    case .string:
      let token = try scanString()
      return JSONNode(content: .string(content(token)), span: token.span)
    case .number:
      let span = try scanNumber()
      return JSONNode(content: .number(text(of: span)), span: span)
    case .boolean, .null:
      let isTrue = bytes[index] == UInt8(ascii: "t")
      let literal = try scanLiteral()
      let span = SourceSpan(start: start, end: index)
      return JSONNode(content: literal == .null ? .null : .bool(isTrue), span: span)
    }
  }

  /// Reads the object at `index`; array members named in `streamed` go to `element` (only ever
  /// asked for the root object), and in their elements, object members named in `unbuilt` are
  /// skipped (syntax checked) and come back as empty objects with their spans.
  private mutating func readObject(
    depth: Int, streamed: Set<String>, unbuilt: Set<String>, element: (String, Int, JSONNode) -> Void
  ) throws(JSONStop) -> JSONNode {
    let start = index
    try enter(depth)
    index += 1
    var members: [JSONNode.Member] = []
    var first = true
    while let keyToken = try nextMember(first: &first) {
      let key = content(keyToken)
      let value: JSONNode
      if !streamed.isEmpty, streamed.contains(key), current == UInt8(ascii: "[") {
        let arrayStart = index
        try enter(depth + 1)
        index += 1
        var count = 0
        var firstElement = true
        while try nextElement(first: &firstElement) {
          if !unbuilt.isEmpty, current == UInt8(ascii: "{") {
            element(key, count, try readObject(depth: depth + 2, streamed: [], unbuilt: unbuilt, element: element))
          } else {
            element(key, count, try readNode(depth: depth + 2))
          }
          count += 1
        }
        value = JSONNode(content: .array([]), span: SourceSpan(start: arrayStart, end: index))
      } else if streamed.isEmpty, !unbuilt.isEmpty, current == UInt8(ascii: "{"), unbuilt.contains(key) {
        value = JSONNode(content: .object([]), span: try skipValue(depth: depth + 1))
      } else {
        value = try readNode(depth: depth + 1)
      }
      members.append(JSONNode.Member(key: key, keySpan: keyToken.span, value: value))
    }
    return JSONNode(content: .object(members), span: SourceSpan(start: start, end: index))
  }

  /// Refuses a container that would be the `maxDepth + 1`-th open one (J011).
  private mutating func enter(_ depth: Int) throws(JSONStop) {
    guard depth < Self.maxDepth else {
      report(JSONMessages.nestingTooDeep(SourceSpan(start: index, end: index + 1), limit: Self.maxDepth))
      throw JSONStop()
    }
  }
}
