/// The table without one rule, for checking redundancy claims with the real evaluator.
extension CompiledRules {
  /// The same table with rule `r` deleted: later rules move up one index, and every `overrides`
  /// naming `r` is dropped — exactly what deleting the rule from the file (and from the
  /// `overrides` lists that name it) would compile to. The condition program is shared unchanged;
  /// atoms only `r` used are simply never read.
  func removingRule(_ r: Int) -> CompiledRules {
    var out = self
    func shift(_ i: Int) -> Int { i > r ? i - 1 : i }
    out.rules = []
    out.rules.reserveCapacity(rules.count - 1)
    for rule in rules where rule.index != r {
      var copy = rule
      copy.index = shift(rule.index)
      copy.overrides = rule.overrides.filter { $0 != r }.map(shift)
      copy.overriddenBy = rule.overriddenBy.filter { $0 != r }.map(shift)
      out.rules.append(copy)
    }
    return out
  }
}
