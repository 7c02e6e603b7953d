/// A plain text table: columns padded to the widest cell, two spaces apart, no trailing spaces.
struct TextTable {
  /// Per column: true to right-align (numbers), false to left-align.
  var rightAligned: [Bool]
  var rows: [[String]] = []

  init(rightAligned: [Bool]) { self.rightAligned = rightAligned }

  mutating func add(_ cells: [String]) { rows.append(cells) }

  /// The table, one line per row, each ending in a newline.
  func render(indent: String = "") -> String {
    var widths = [Int](repeating: 0, count: rightAligned.count)
    for row in rows {
      for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
    }
    var out = ""
    for row in rows {
      var line = indent
      for (i, cell) in row.enumerated() where i < widths.count {
        let padding = String(repeating: " ", count: widths[i] - cell.count)
        if i > 0 { line += "  " }
        line += rightAligned[i] ? padding + cell : cell + padding
      }
      while line.hasSuffix(" ") { line.removeLast() }
      out += line + "\n"
    }
    return out
  }
}
