extension String {
  /// A stable identifier from any text, for HTML `id`s and legend keys: lowercase letters, digits
  /// and dashes (`Grind finer 0.5` → `grind-finer-0-5`; `x` when nothing is left).
  package var slug: String {
    var out = ""
    var dash = false
    for scalar in lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        out.unicodeScalars.append(scalar)
        dash = false
      } else if !dash && !out.isEmpty {
        out += "-"
        dash = true
      }
    }
    while out.hasSuffix("-") { out.removeLast() }
    return out.isEmpty ? "x" : out
  }
}
