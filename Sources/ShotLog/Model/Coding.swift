import DialRules

// Text and JSON forms of model values, shared by the SQLite columns, the export and the import so
// the three always agree.

extension ExactNumber {
  /// The value rounded half away from zero to `places` decimals (used when scaling a recipe makes a
  /// yield such as 41.111… g that no scale can weigh).
  package func rounded(places: Int) -> ExactNumber {
    var power: Int128 = 1
    for _ in 0..<places { power *= 10 }
    let r = reduced
    let scaled = r.numerator * power
    var q = scaled / r.denominator
    let remainder = (scaled % r.denominator).magnitude * 2
    if remainder >= r.denominator.magnitude { q += r.numerator < 0 ? -1 : 1 }
    return ExactNumber(significand: q, scale: places) ?? self
  }
}

extension TagSet {
  /// The tag names in vocabulary order, read straight from the bit mask (bit i is the i-th case, as
  /// `TagSet` defines it) so that writing 100,000 shots does not rebuild the vocabulary per tag.
  package var names: [String] {
    var out: [String] = []
    var bit: UInt32 = 1
    for tag in Self.vocabulary {
      if bits & bit != 0 { out.append(tag.rawValue) }
      bit <<= 1
    }
    return out
  }

  /// The vocabulary in case order.
  static var vocabulary: [Tag] {
    switch Tag.self {
    case is TasteTag.Type: return tasteVocabulary as? [Tag] ?? Array(Tag.allCases)
    case is FlowTag.Type: return flowVocabulary as? [Tag] ?? Array(Tag.allCases)
    default: return Array(Tag.allCases)
    }
  }

  /// Comma-separated tags in vocabulary order (`sour,thin`); empty text for the empty set.
  package var storedText: String { names.joined(separator: ",") }

  /// Parses `storedText`; nil when a word is not in the vocabulary.
  package init?(storedText: String) {
    self.init()
    guard !storedText.isEmpty else { return }
    for word in storedText.split(separator: ",") {
      guard let tag = Tag(rawValue: String(word)) else { return nil }
      insert(tag)
    }
  }
}

private let tasteVocabulary = Array(TasteTag.allCases)
private let flowVocabulary = Array(FlowTag.allCases)

extension Adjustment {
  /// The shot JSON v1 adjustment object (docs/design.md §6) as compact text, as stored in
  /// `recipe_snapshots.adjustment`; written by DialRules' own adjustment writer.
  var storedJSON: String {
    var w = JSONWriter.storedColumn()
    writeJSON(to: &w)
    return w.text
  }

  /// Reads a shot JSON v1 adjustment object; the error names what is wrong.
  init(json: JSONNode) throws(FieldError) {
    guard let members = json.members else {
      throw FieldError("", "expected an object, found \(json.kind.described)", at: json.span)
    }
    guard let type = members[key: "type"]?.string else {
      throw FieldError("type", "expected a string", at: members[key: "type"]?.span ?? json.span)
    }
    func allow(_ keys: [String]) throws(FieldError) {
      for member in members where !keys.contains(member.key) {
        throw FieldError(
          member.key, "unknown key" + (closest(member.key, among: keys).map { "; did you mean '\($0)'?" } ?? ""),
          at: member.keySpan)
      }
    }
    switch type {
    case "grind":
      try allow(["type", "direction", "steps"])
      guard let d = members[key: "direction"]?.string, let direction = GrindDirection(rawValue: d) else {
        throw FieldError(
          "direction", "expected \"finer\" or \"coarser\"", at: members[key: "direction"]?.span ?? json.span)
      }
      guard let s = members[key: "steps"]?.numberText, let steps = Int(s), steps > 0, steps <= 100 else {
        throw FieldError(
          "steps", "expected a whole number of steps from 1 to 100", at: members[key: "steps"]?.span ?? json.span)
      }
      self = .grind(direction, steps: steps)
    case "yield":
      try allow(["type", "delta_g"])
      guard let n = members[key: "delta_g"]?.numberText, let delta = ExactNumber(n), !delta.isZero else {
        throw FieldError(
          "delta_g", "expected a non-zero number of grams", at: members[key: "delta_g"]?.span ?? json.span)
      }
      self = .yield(deltaGrams: delta)
    case "temperature":
      try allow(["type", "delta_c"])
      guard let n = members[key: "delta_c"]?.numberText, let delta = ExactNumber(n), !delta.isZero else {
        throw FieldError(
          "delta_c", "expected a non-zero number of degrees", at: members[key: "delta_c"]?.span ?? json.span)
      }
      self = .temperature(deltaCelsius: delta)
    case "no_change":
      try allow(["type"])
      self = .noChange
    default:
      throw FieldError(
        "type", "unknown adjustment type '\(type)'; expected grind, yield, temperature or no_change",
        at: members[key: "type"]?.span ?? json.span)
    }
  }
}

extension JSONWriter {
  /// The writer for JSON kept in a column: compact, with the escapes the shot log has always
  /// written (the export copies stored decisions as they are, so their bytes must not change).
  static func storedColumn() -> JSONWriter {
    JSONWriter(lineDepth: 0, hexEscapesForBackspaceAndFormFeed: true, reservingCapacity: 256)
  }
}

extension JSONNode {
  /// Parses JSON kept in a column (a stored decision or adjustment).
  static func parseStored(_ text: String) -> Result<JSONNode, DiagnosticList> {
    JSONScanner.readTree(SourceFile(path: "", text: text))
  }
}

/// A problem with one field of a JSON object: the key path below the object, and what is wrong.
struct FieldError: Error, Hashable, Sendable {
  /// Path below the object being read (`steps`, `decision.kind`); empty for the object itself.
  var path: String
  var message: String
  /// Where in the input the problem is.
  var span: SourceSpan
  init(_ path: String, _ message: String, at span: SourceSpan) {
    self.path = path
    self.message = message
    self.span = span
  }

  /// The same error one level further out: `prefixed("adjustment")` turns `steps` into
  /// `adjustment.steps`.
  func prefixed(_ outer: String) -> FieldError {
    FieldError(path.isEmpty ? outer : (path.hasPrefix("[") ? outer + path : outer + "." + path), message, at: span)
  }
}

/// The candidate closest to `word`, if any is close enough to be a likely typo: DialRules'
/// `Suggestion`, the one "did you mean" of the project, so shot JSON, rule files, the shot log and
/// both command lines suggest alike.
package func closest(_ word: String, among candidates: [String]) -> String? {
  Suggestion.closest(to: word, among: candidates)
}
