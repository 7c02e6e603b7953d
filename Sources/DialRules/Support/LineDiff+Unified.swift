/// A unified diff (`diff -u`) of two texts, which `patch` applies: `fmt --diff`.
extension LineDiff {
  /// Lines of context around each change, as `diff -u` prints by default.
  static let unifiedContext = 3

  /// `--- path` / `+++ path`, then one `@@ -a,b +c,d @@` hunk per group of changes with up to
  /// `context` unchanged lines around it; empty when the texts are equal. A last line without a
  /// newline is followed by `\ No newline at end of file`, so `patch` restores it exactly (a line
  /// that only gains or loses its final newline is a change).
  package static func unified(from old: String, to new: String, path: String, context: Int = unifiedContext)
    -> String
  {
    let a = terminatedLines(old)
    let b = terminatedLines(new)
    var removed = Set<Int>()
    var added = Set<Int>()
    for change in b.difference(from: a) {
      switch change {
      case .remove(let i, _, _): removed.insert(i)
      case .insert(let i, _, _): added.insert(i)
      }
    }
    // The edit script in file order; each step with the old and new line numbers before it.
    enum Step { case keep, remove, add }
    var steps: [(step: Step, i: Int, j: Int)] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, removed.contains(i) {
        steps.append((.remove, i, j))
        i += 1
      } else if j < b.count, added.contains(j) {
        steps.append((.add, i, j))
        j += 1
      } else {
        steps.append((.keep, i, j))
        i += 1
        j += 1
      }
    }
    let changed = steps.indices.filter { steps[$0].step != .keep }
    guard !changed.isEmpty else { return "" }
    // Groups of steps: each change with `context` steps either side, overlapping groups merged.
    var groups: [Range<Int>] = []
    for k in changed {
      let range = max(0, k - context)..<min(steps.count, k + context + 1)
      if let last = groups.last, range.lowerBound <= last.upperBound {
        groups[groups.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        groups.append(range)
      }
    }
    var out = "--- \(path)\n+++ \(path)\n"
    for group in groups {
      let slice = steps[group]
      let oldCount = slice.filter { $0.step != .add }.count
      let newCount = slice.filter { $0.step != .remove }.count
      let first = steps[group.lowerBound]
      out += "@@ -\(range(first.i, oldCount)) +\(range(first.j, newCount)) @@\n"
      for s in slice {
        let line: Line
        switch s.step {
        case .keep, .remove: line = a[s.i]
        case .add: line = b[s.j]
        }
        out += (s.step == .keep ? " " : s.step == .remove ? "-" : "+") + line.text + "\n"
        if !line.terminated { out += "\\ No newline at end of file\n" }
      }
    }
    return out
  }

  /// A line and whether a newline ends it (only the last line of a text may lack one).
  struct Line: Hashable {
    var text: String
    var terminated: Bool
  }

  /// Split at newline bytes, not at `Character`s: `"\r\n"` is one `Character`, so splitting a
  /// CRLF text at `"\n"` characters would find a single line. A line keeps its `\r`.
  static func terminatedLines(_ text: String) -> [Line] {
    var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map {
      Line(text: String(decoding: $0, as: UTF8.self), terminated: true)
    }
    if text.utf8.last == 0x0A {
      lines.removeLast()  // the empty piece after the final newline
    } else if !lines.isEmpty {
      lines[lines.count - 1].terminated = false
    }
    return text.isEmpty ? [] : lines
  }

  /// `start,count` of a hunk side: 1-based, and for an empty side the line before it.
  static func range(_ before: Int, _ count: Int) -> String {
    count == 0 ? "\(before),0" : "\(before + 1),\(count)"
  }
}
