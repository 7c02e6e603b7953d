/// Turning the conditions of a table into the gates of a `DecisionProgram`.
extension DecisionProgram {
  /// Builds gates front to back, so every gate reads only slots written before it: atoms, then
  /// the gates of named conditions and of the parts of rules (shared when equal), then the rules.
  struct GateBuilder {
    /// A slot, possibly negated (`not`).
    struct Literal: Hashable {
      var slot: Int
      var negated: Bool
    }

    /// A rule's condition: a single literal, or one gate whose output becomes the rule's slot.
    enum Top {
      case literal(Literal)
      case gate(isOr: Bool, [Literal])
    }

    private struct Key: Hashable {
      var isOr: Bool
      var inputs: [Literal]
    }

    /// The next free slot.
    private(set) var nextSlot: Int
    private(set) var gates: [Gate] = []
    private(set) var terms: [GateTerm] = []
    private var shared: [Key: Int] = [:]
    /// A slot no gate writes: unknown for every shot (for conditions the checker marked invalid).
    private var unknownSlot: Int?

    init(firstSlot: Int) { nextSlot = firstSlot }

    /// The literal standing for `condition`; `formulas` holds those of the named conditions so far.
    mutating func literal(_ condition: Condition, formulas: [Literal]) -> Literal {
      switch condition {
      case .atom(let i): return Literal(slot: i, negated: false)
      case .formula(let f): return formulas[f]
      case .not(let inner):
        var l = literal(inner, formulas: formulas)
        l.negated.toggle()
        return l
      case .and(let parts), .or(let parts):
        let isOr: Bool
        if case .or = condition { isOr = true } else { isOr = false }
        let inputs = flattened(parts, isOr: isOr).map { literal($0, formulas: formulas) }
        let key = Key(
          isOr: isOr, inputs: inputs.sorted { ($0.slot, $0.negated ? 1 : 0) < ($1.slot, $1.negated ? 1 : 0) })
        if let slot = shared[key] { return Literal(slot: slot, negated: false) }
        let slot = nextSlot
        nextSlot += 1
        emit(.gate(isOr: isOr, inputs), output: slot)
        shared[key] = slot
        return Literal(slot: slot, negated: false)
      case .invalid:
        if let unknownSlot { return Literal(slot: unknownSlot, negated: false) }
        let slot = nextSlot
        nextSlot += 1
        unknownSlot = slot
        return Literal(slot: slot, negated: false)
      }
    }

    /// A rule's condition, its parts turned into literals (and their gates emitted).
    mutating func top(_ condition: Condition, formulas: [Literal]) -> Top {
      switch condition {
      case .and(let parts): .gate(isOr: false, flattened(parts, isOr: false).map { literal($0, formulas: formulas) })
      case .or(let parts): .gate(isOr: true, flattened(parts, isOr: true).map { literal($0, formulas: formulas) })
      default: .literal(literal(condition, formulas: formulas))
      }
    }

    /// The parts with nested parts of the same kind spliced in: `(a and b) and c` is one gate over
    /// `a, b, c` (Kleene `and` and `or` are associative), not two.
    private func flattened(_ parts: [Condition], isOr: Bool) -> [Condition] {
      var out: [Condition] = []
      for part in parts {
        switch (part, isOr) {
        case (.and(let inner), false), (.or(let inner), true): out += flattened(inner, isOr: isOr)
        default: out.append(part)
        }
      }
      return out
    }

    /// Appends the gate computing `top` into slot `output` (a single literal is an `and` of one).
    mutating func emit(_ top: Top, output: Int) {
      let (isOr, inputs): (Bool, [Literal])
      switch top {
      case .literal(let l): (isOr, inputs) = (false, [l])
      case .gate(let o, let ls): (isOr, inputs) = (o, ls)
      }
      var words: [Int: (positive: UInt64, negative: UInt64)] = [:]
      for l in inputs {
        let bit: UInt64 = 1 << UInt64(l.slot % 64)
        var w = words[l.slot / 64] ?? (0, 0)
        if l.negated { w.negative |= bit } else { w.positive |= bit }
        words[l.slot / 64] = w
      }
      let all = words.keys.sorted().map { word in
        let w = words[word] ?? (0, 0)
        return GateTerm(word: Int32(word), positive: w.positive, negative: w.negative)
      }
      let start = Int32(terms.count)
      terms += all.dropFirst()
      gates.append(
        Gate(
          output: Int32(output), isOr: isOr, first: all.first ?? GateTerm(word: 0, positive: 0, negative: 0),
          more: start..<Int32(terms.count)))
    }
  }
}
