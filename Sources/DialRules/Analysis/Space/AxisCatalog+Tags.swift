extension AxisCatalog {
  /// What `box` says about one tag set: the words a shot's set must hold and must not hold.
  struct TagConstraint {
    var source: TagSource
    var required: [String]
    var excluded: [String]
  }

  /// The tag sets `box` constrains, in `TagSource` order, each with its words in catalog order; a
  /// set the box leaves free is left out. The one reading of a box's tag axes, for its words
  /// (`RegionText`) and its data (`RegionStructure`).
  func tagConstraints(of box: Box) -> [TagConstraint] {
    var out: [TagConstraint] = []
    for source in TagSource.allCases {
      var constraint = TagConstraint(source: source, required: [], excluded: [])
      for (i, axis) in finite.enumerated() {
        guard case .tag(let s, let tag) = axis.kind, s == source else { continue }
        if box.finite[i] == 0b10 {
          constraint.required.append(tag)
        } else if box.finite[i] == 0b01 {
          constraint.excluded.append(tag)
        }
      }
      if !constraint.required.isEmpty || !constraint.excluded.isEmpty { out.append(constraint) }
    }
    return out
  }
}
