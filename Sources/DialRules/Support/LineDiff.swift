/// The one line diff: `dialrules test` failure reports, `fmt --diff` (as a unified diff, see
/// `LineDiff+Unified.swift`), and the golden checks of the test suite.
///
/// Lines are listed in file order — at each place the removed lines of the old text, then the
/// lines added in their place — each with its 1-based line number in its own text (`-4:` in the
/// old, `+4:` in the new). `CollectionDifference` lists removals from the end backwards, so its
/// changes are merged by walking both texts.
package enum LineDiff {
  /// One changed line.
  enum Change: Equatable, Sendable {
    /// A line of the old text (0-based offset) that is not in the new one.
    case removed(Int, String)
    /// A line of the new text (0-based offset) that is not in the old one.
    case added(Int, String)

    /// `-4: text` or `+4: text`.
    var text: String {
      switch self {
      case .removed(let i, let line): "-\(i + 1): \(line)"
      case .added(let i, let line): "+\(i + 1): \(line)"
      }
    }
  }

  /// The changed lines from `old` to `new`, in file order.
  static func changes(from old: [String], to new: [String]) -> [Change] {
    var removed = Set<Int>()
    var added = Set<Int>()
    for change in new.difference(from: old) {
      switch change {
      case .remove(let i, _, _): removed.insert(i)
      case .insert(let i, _, _): added.insert(i)
      }
    }
    var out: [Change] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, removed.contains(i) {
        out.append(.removed(i, old[i]))
        i += 1
      } else if j < new.count, added.contains(j) {
        out.append(.added(j, new[j]))
        j += 1
      } else {
        // A line both texts keep.
        i += 1
        j += 1
      }
    }
    return out
  }

  /// Text split into lines; a final newline does not start another line.
  static func split(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The most changed lines a failure report lists.
  static let maxListed = 40

  /// For a failing golden: the first differing line, then at most `maxListed` changed lines,
  /// each line after `indent` and ending in a newline.
  package static func report(expected: String, actual: String, indent: String = "  ") -> String {
    let e = split(expected)
    let a = split(actual)
    let first = zip(e, a).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(e.count, a.count)
    var out = "\(indent)first difference at line \(first + 1)\n"
    let changes = Self.changes(from: e, to: a)
    for change in changes.prefix(maxListed) { out += indent + change.text + "\n" }
    if changes.count > maxListed { out += "\(indent)… and \(changes.count - maxListed) more changed lines\n" }
    if changes.isEmpty && expected != actual { out += "\(indent)(the texts differ only in their final newline)\n" }
    return out
  }
}
