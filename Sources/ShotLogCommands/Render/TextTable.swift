/// A plain text table: columns padded to the widest cell, two spaces apart, no trailing spaces.
struct TextTable {
  /// Per column: true to right-align (numbers), false to left-align.
  var rightAligned: [Bool]
  var rows: [[String]] = []

  init(rightAligned: [Bool]) { self.rightAligned = rightAligned }

  mutating func add(_ cells: [String]) { rows.append(cells) }

  /// The table, one line per row, each ending in a newline.
  ///
  /// Widths are terminal columns (`TerminalColumns`: a wide CJK character or an emoji takes two);
  /// ASCII cells are counted by their bytes, which matters when history lists 10,000 shots.
  func render(indent: String = "") -> String {
    let counts = rows.map { $0.map { TerminalColumns.of($0) } }
    var widths = [Int](repeating: 0, count: rightAligned.count)
    for row in counts {
      for (i, count) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], count) }
    }
    var out = ""
    out.reserveCapacity(rows.count * (widths.reduce(indent.utf8.count, +) + 2 * widths.count + 1))
    for (r, row) in rows.enumerated() {
      var line = indent
      for (i, cell) in row.enumerated() where i < widths.count {
        if i > 0 { line += "  " }
        let padding = widths[i] - counts[r][i]
        // The last column is never padded on the right: no trailing spaces.
        if rightAligned[i] {
          line += String(repeating: " ", count: padding) + cell
        } else if i < row.count - 1 {
          line += cell + String(repeating: " ", count: padding)
        } else {
          line += cell
        }
      }
      while line.hasSuffix(" ") { line.removeLast() }
      out += line
      out += "\n"
    }
    return out
  }
}
