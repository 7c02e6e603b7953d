/// The decision table compiled for `decide`: a straight line of bit operations from a shot to its
/// decision class, with no interpretation of conditions and no allocation.
///
/// Every distinct atom of the table (a tag test, a comparison, an adjustment pattern) is evaluated
/// once per shot into a *slot*: two bits, true and known (Kleene's three values: known and true,
/// known and false, unknown). Comparisons are exact integer arithmetic on fixed-point values
/// (`FixedPointComparison`); the few the table may hold that have no proved fixed-point form are
/// evaluated by the general plan (`EvaluationPlan`), exactly as `explain` evaluates them.
///
/// Every `and` and `or` of the table — the named conditions (`let fast = …`), the parts of rules
/// and the rules themselves — is a *gate*: its inputs are slots, each possibly negated (a `not`),
/// grouped per 64-bit word as masks, so a conjunction of literals costs a few AND and compare
/// instructions per word. Gates run in dependency order; the rules' gates write one contiguous run
/// of slots, so the rules' truths come out as words of bits, one bit per rule, and overrides,
/// "in doubt" and agree-or-abstain (docs/design.md §4) are mask operations on them (`DecisionProgram+Run`).
///
/// `explain` keeps its richer plan; the two are checked against each other, field for field, by
/// property tests over generated tables and shots and by the evaluator fuzz oracle.
final class DecisionProgram: Sendable {
  /// How one atom is evaluated.
  enum AtomCode: Sendable {
    /// `source has tag`: known unless the set is unknown; `mask` is the tag's bit.
    case tag(TagSource, mask: UInt32)
    /// `previous.adjustment is …`: always known.
    case adjustment(AdjustmentTest)
    /// One fixed-point comparison.
    case comparison(Int32)
    /// `low <= x and x <= high` as two comparisons.
    case between(Int32, Int32)
    /// `x is known`: true when every observed path of the mask is present; always known.
    case present(UInt32)
    /// By the general plan (`EvaluationPlan`).
    case general
  }

  /// A comparison as evaluated: true when sum `sum` lies in `low...low + width` (or, when
  /// `outside`, does not) — every operator is such a range, so evaluating one needs no dispatch —
  /// and unknown unless every observed path in `reads` (what the two sides read) is present.
  ///
  /// The range is its lower end and its width, so the test is one unsigned comparison of
  /// `sum - low` with `width` in wrapping arithmetic: exact for every `Int128`, with no branch.
  struct Comparison: Sendable {
    var sum: Int32
    var low: Int128
    var width: UInt128
    var outside: Bool
    var reads: UInt32

    init(sum: Int32, op: ComparisonOperator, threshold: Int128, reads: UInt32) {
      self.sum = sum
      self.reads = reads
      // Thresholds are below 2¹²⁶ in magnitude, so ±1 cannot overflow.
      let high: Int128
      (low, high, outside) =
        switch op {
        case .less: (Int128.min, threshold - 1, false)
        case .lessOrEqual: (Int128.min, threshold, false)
        case .greater: (threshold + 1, Int128.max, false)
        case .greaterOrEqual: (threshold, Int128.max, false)
        case .equal: (threshold, threshold, false)
        case .notEqual: (threshold, threshold, true)
        }
      width = UInt128(bitPattern: high &- low)
    }

    /// Whether `v` satisfies the comparison (its paths being present).
    @inline(__always)
    func holds(_ v: Int128) -> Bool {
      (UInt128(bitPattern: v &- low) <= width) != outside
    }
  }

  /// Where an atom writes its two bits: word `word` of the truths and of the knowns, bit `bit`.
  struct SlotBit: Sendable {
    var word: Int32
    var bit: UInt64

    init(_ slot: Int) {
      word = Int32(slot / 64)
      bit = 1 << UInt64(slot % 64)
    }
  }

  /// An atom that is neither a tag test nor general, with what it tests: one comparison, the two
  /// bounds of a `between` (a Kleene `and`), the paths of an `is known` test (always known), or a
  /// pattern of the previous adjustment (always known). One array per kind, so each is evaluated
  /// without dispatch.
  struct SlotAtom<Test: Sendable>: Sendable {
    var slot: SlotBit
    var test: Test
  }

  /// One input word of a gate: the slots of word `word` that must be true (`positive`) and those
  /// that must be false (`negative`, the `not`s).
  struct GateTerm: Sendable {
    var word: Int32
    var positive: UInt64
    var negative: UInt64
  }

  /// An `and` or `or` writing slot `output`: over `first` and, for a gate reading more than one
  /// word of slots (rare), the terms `more`.
  struct Gate: Sendable {
    var output: Int32
    var isOr: Bool
    var first: GateTerm
    var more: Range<Int32>
  }

  /// The tag tests of one tag set whose slots are in one word: the slots known whenever the set is
  /// (`slots`), and per tag bit the slots it makes true (`tagSlotMasks[masks]`, eight per group).
  struct TagGroup: Sendable {
    var source: TagSource
    var word: Int32
    var slots: UInt64
    var masks: Int32
  }

  /// The distinct sums of the comparisons, terms flattened: sum `s` is `sumTerms[sumRanges[s]]`.
  let sumTerms: [FixedPointComparison.Term]
  let sumRanges: [Range<Int32>]
  /// Atom `i` writes slot `i`.
  let atoms: [AtomCode]
  /// The atoms that are neither tag tests nor general, by kind: evaluated one by one.
  let comparisonAtoms: [SlotAtom<Comparison>]
  let betweenAtoms: [SlotAtom<(lower: Comparison, upper: Comparison)>]
  let presenceAtoms: [SlotAtom<UInt32>]
  let adjustmentAtoms: [SlotAtom<AdjustmentTest>]
  /// The tag tests, evaluated per tag set and word with masks.
  let tagGroups: [TagGroup]
  let tagSlotMasks: [UInt64]
  /// Atoms evaluated by the general plan (`.general`), in order.
  let generalAtoms: [Int32]
  let gates: [Gate]
  let gateTerms: [GateTerm]
  /// Whether the table is in one-word form: its atoms and inner gates fit the first word of slots
  /// and its rules the second, so a shot's atoms are two words (truths and knowns) and the atom
  /// cache (`DecisionProgram+AtomCache`) applies. The default table is; larger tables take `run`
  /// without the cache.
  let isOneWord: Bool
  /// 64-bit words of slots.
  let slotWords: Int
  /// The rules' slots are the bits of words `ruleWord ..< ruleWord + ruleWords`, rule `r` at bit
  /// `r` counted from the first.
  let ruleWord: Int
  let ruleWords: Int
  let ruleCount: Int
  /// Rules that something overrides: rule index and its overriders (`overriderList[range]`).
  let overridden: [(rule: Int32, overriders: Range<Int32>)]
  let overriderList: [Int32]
  /// Per rule: its overriders (`overriderList` ranges, empty for most rules).
  let overriderRanges: [Range<Int32>]
  /// Per rule word: the rules whose action abstains.
  let abstainWords: [UInt64]
  /// Per rule: the id of its action (`AgreeOrAbstain.actionIDs`), and the observed paths it reads.
  let actionIDs: [Int32]
  let reads: [UInt32]
  /// The decisions given so far, with their prebuilt JSON.
  let classes: DecisionClasses
  /// For a one-word table, the decision classes of the atom values seen so far
  /// (`DecisionProgram+AtomCache`), and the paths any rule reads (what `missing` can name).
  let atomClasses: AtomClasses
  let ruleReadPaths: UInt32

  /// The compiled form of `rules`; `classCapacity` bounds the decisions kept (tests lower it).
  init(_ rules: CompiledRules, classCapacity: Int = DecisionClasses.chunkSize * DecisionClasses.chunkCount) {
    let program = rules.program
    let forms = ValueForm.forms(program)
    var builder = Builder()
    let (atoms, general) = Self.atomCodes(program, forms: forms, &builder)
    var gates = GateBuilder(firstSlot: atoms.count)
    var formulas: [GateBuilder.Literal] = []
    for formula in program.formulas { formulas.append(gates.literal(formula.condition, formulas: formulas)) }
    let tops = rules.rules.map { gates.top($0.condition, formulas: formulas) }
    let ruleWord = (gates.nextSlot + 63) / 64
    for (r, top) in tops.enumerated() { gates.emit(top, output: ruleWord * 64 + r) }
    sumTerms = builder.sumTerms
    sumRanges = builder.sumRanges
    self.atoms = atoms
    let plan = AtomPlan(atoms, comparisons: builder.comparisons)
    comparisonAtoms = plan.comparisons
    betweenAtoms = plan.betweens
    presenceAtoms = plan.presences
    adjustmentAtoms = plan.adjustments
    tagGroups = plan.groups
    tagSlotMasks = plan.masks
    generalAtoms = general
    self.gates = gates.gates
    gateTerms = gates.terms
    ruleCount = rules.rules.count
    ruleWords = max(1, (ruleCount + 63) / 64)
    self.ruleWord = ruleWord
    slotWords = ruleWord + ruleWords
    isOneWord = ruleWord == 1 && ruleWords == 1
    (overridden, overriderList, overriderRanges) = Self.overrides(rules)
    var abstain = [UInt64](repeating: 0, count: ruleWords)
    for rule in rules.rules where rule.action.isAbstention { abstain[rule.index / 64] |= 1 << UInt64(rule.index % 64) }
    abstainWords = abstain
    actionIDs = AgreeOrAbstain(rules).actionIDs
    reads = rules.rules.map { $0.reads }
    classes = DecisionClasses(ruleWords: ruleWords, capacity: classCapacity)
    atomClasses = AtomClasses(capacity: isOneWord ? 4 * classes.capacity : 0)
    ruleReadPaths = rules.rules.reduce(0) { $0 | $1.reads }
  }

  /// Each atom's code: a comparison (deduplicated in `builder`), a range test, a tag test, a test
  /// of the previous adjustment or of presence; `.general` (and listed in `general`) for an atom
  /// whose values have no fixed-point form.
  private static func atomCodes(
    _ program: ConditionProgram, forms: [Result<ValueForm, ValueForm.Unsupported>], _ builder: inout Builder
  )
    -> (atoms: [AtomCode], general: [Int32])
  {
    var atoms: [AtomCode] = []
    var general: [Int32] = []
    func comparison(_ op: ComparisonOperator, _ a: Int, _ b: Int) -> Int32? {
      guard case .success(let lhs) = forms[a], case .success(let rhs) = forms[b],
        let c = FixedPointComparison(op, lhs, rhs)
      else { return nil }
      return builder.comparison(c, reads: program.nodeReads[a] | program.nodeReads[b])
    }
    for (i, atom) in program.atoms.enumerated() {
      let code: AtomCode?
      switch atom {
      case .compare(let op, let a, let b):
        code = comparison(op, a, b).map { .comparison($0) }
      case .between(let v, let low, let high):
        if let lower = comparison(.lessOrEqual, low, v), let upper = comparison(.lessOrEqual, v, high) {
          code = .between(lower, upper)
        } else {
          code = nil
        }
      case .has(let source, _, let mask): code = .tag(source, mask: mask)
      case .previousAdjustment(let matcher): code = .adjustment(AdjustmentTest(matcher))
      case .known(.value(let n)): code = .present(program.nodeReads[n])
      case .known(.tags(let source)): code = .present(source.path?.bit ?? 0)
      }
      if let code {
        atoms.append(code)
      } else {
        atoms.append(.general)
        general.append(Int32(i))
      }
    }
    return (atoms, general)
  }

  /// The atoms by how they are evaluated: tag tests in groups per tag set and slot word (with a
  /// mask per tag), the other atoms but the general ones one by one.
  private struct AtomPlan {
    var comparisons: [SlotAtom<Comparison>] = []
    var betweens: [SlotAtom<(lower: Comparison, upper: Comparison)>] = []
    var presences: [SlotAtom<UInt32>] = []
    var adjustments: [SlotAtom<AdjustmentTest>] = []
    var groups: [TagGroup] = []
    var masks: [UInt64] = []

    init(_ atoms: [AtomCode], comparisons table: [Comparison]) {
      for (i, code) in atoms.enumerated() {
        switch code {
        case .tag(let source, let mask):
          let word = Int32(i / 64)
          let bit: UInt64 = 1 << UInt64(i % 64)
          let g: Int
          if let found = groups.firstIndex(where: { $0.source == source && $0.word == word }) {
            g = found
          } else {
            g = groups.count
            groups.append(TagGroup(source: source, word: word, slots: 0, masks: Int32(masks.count)))
            masks += [UInt64](repeating: 0, count: 8)
          }
          groups[g].slots |= bit
          for tag in 0..<8 where mask & (1 << UInt32(tag)) != 0 { masks[Int(groups[g].masks) + tag] |= bit }
        case .general: break
        case .present(let mask): presences.append(SlotAtom(slot: SlotBit(i), test: mask))
        case .comparison(let c): comparisons.append(SlotAtom(slot: SlotBit(i), test: table[Int(c)]))
        case .between(let low, let high):
          betweens.append(SlotAtom(slot: SlotBit(i), test: (table[Int(low)], table[Int(high)])))
        case .adjustment(let test): adjustments.append(SlotAtom(slot: SlotBit(i), test: test))
        }
      }
    }
  }

  /// The rules that something overrides, with their overriders, as ranges of one list.
  private static func overrides(_ rules: CompiledRules) -> (
    overridden: [(rule: Int32, overriders: Range<Int32>)], list: [Int32], ranges: [Range<Int32>]
  ) {
    var overridden: [(rule: Int32, overriders: Range<Int32>)] = []
    var list: [Int32] = []
    var ranges: [Range<Int32>] = []
    for rule in rules.rules {
      let start = Int32(list.count)
      list += rule.overriddenBy.map { Int32($0) }
      let range = start..<Int32(list.count)
      ranges.append(range)
      if !range.isEmpty { overridden.append((Int32(rule.index), range)) }
    }
    return (overridden, list, ranges)
  }

  /// Deduplicates comparisons and the sums they compare.
  private struct Builder {
    var sumTerms: [FixedPointComparison.Term] = []
    var sumRanges: [Range<Int32>] = []
    var comparisons: [Comparison] = []
    var sums: [[FixedPointComparison.Term]: Int32] = [:]
    var known: [ComparisonKey: Int32] = [:]

    struct ComparisonKey: Hashable {
      var sum: Int32
      var op: ComparisonOperator
      var threshold: Int128
      var reads: UInt32
    }

    mutating func comparison(_ c: FixedPointComparison, reads: UInt32) -> Int32 {
      let sum: Int32
      if let s = sums[c.terms] {
        sum = s
      } else {
        sum = Int32(sumRanges.count)
        sums[c.terms] = sum
        let start = Int32(sumTerms.count)
        sumTerms += c.terms
        sumRanges.append(start..<Int32(sumTerms.count))
      }
      let key = ComparisonKey(sum: sum, op: c.op, threshold: c.threshold, reads: reads)
      if let i = known[key] { return i }
      let i = Int32(comparisons.count)
      known[key] = i
      comparisons.append(Comparison(sum: sum, op: c.op, threshold: c.threshold, reads: reads))
      return i
    }
  }
}

/// `previous.adjustment is …` over a `CompactAdjustment`: `AdjustmentMatcher.matches` in integers.
struct AdjustmentTest: Sendable {
  var kind: CompactAdjustment.Kind
  /// 0 either direction, 1 finer, 2 coarser.
  var direction: UInt8
  var steps: Int?
  var negative: Bool?
  /// The pattern's amount × 10⁹; `impossible` when it has no such form, so no valid shot matches.
  var amount: Int64?
  var impossible: Bool

  init(_ m: AdjustmentMatcher) {
    switch m.kind {
    case .none: kind = .none
    case .noChange: kind = .noChange
    case .grind: kind = .grind
    case .yield: kind = .yield
    case .temperature: kind = .temperature
    }
    direction = m.direction.map { $0 == .finer ? 1 : 2 } ?? 0
    steps = m.steps
    negative = m.negative
    amount = m.amount.flatMap { $0.scaledValue }
    impossible = m.amount != nil && amount == nil
  }

  @inline(__always)
  func matches(_ a: CompactAdjustment) -> Bool {
    guard a.kind == kind else { return false }
    switch kind {
    case .none, .noChange: return true
    case .grind:
      return (direction == 0 || (direction == 2) == a.coarser) && (steps == nil || steps == a.steps)
    case .yield, .temperature:
      if let negative, negative != (a.delta < 0) { return false }
      if impossible { return false }
      if let amount, amount != (a.delta < 0 ? -a.delta : a.delta) { return false }
      return true
    }
  }
}
