import CommandLineSupport
import DialRules
import ShotLog

/// `dialshot compare A B`: two shots side by side with their differences. A value one side lacks
/// is "unknown", never a difference of zero; grind settings are compared only on the same grinder,
/// since "14" on one grinder says nothing about "14" on another — and in steps only on the scale
/// both shots' recipes were made on (an edited grinder does not change what a stored shot meant).
enum CompareCommand: Command {
  static let name = "compare"
  static let abstract = "Compare two shots side by side"
  static let usage = ["dialshot compare A B"]
  static let details = """
    A and B are shot numbers from 'dialshot history', starts of shot ids, or 'latest'.
    """
  static let spec = ArgumentSpec(minPositionals: 2, maxPositionals: 2)

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let store = try context.store(.readOnly)
    let a = try store.findAttempt(arguments.positionals[0])
    let b = try store.findAttempt(arguments.positionals[1])
    context.out.write(try text(a, b, store, context.presentation))
    return .success
  }

  static func text(_ a: ShotAttempt, _ b: ShotAttempt, _ store: ShotLogStore, _ p: Presentation) throws -> String {
    guard let sa = try store.snapshot(id: a.snapshotID), let sb = try store.snapshot(id: b.snapshotID),
      let beanA = try store.bean(id: a.beanID), let beanB = try store.bean(id: b.beanID),
      let grinderA = try store.grinder(id: a.grinderID), let grinderB = try store.grinder(id: b.grinderID)
    else {
      throw CommandError(
        .notFound, "a shot refers to a missing recipe, bean or grinder",
        de: "ein Bezug verweist auf ein fehlendes Rezept, einen fehlenden Kaffee oder eine fehlende Mühle",
        es: "una extracción remite a una receta, un café o un molino que falta")
    }
    var table = TextTable(rightAligned: [false, false, false, false])
    table.add(["", "A: #\(a.id)", "B: #\(b.id)", "B − A"])
    table.add(["pulled (\(p.clock.label))", p.clock.short(a.pulledAt), p.clock.short(b.pulledAt), ""])
    table.add([
      "bean", Formatting.visible(beanA.name), Formatting.visible(beanB.name),
      beanA.id == beanB.id ? "same" : "different",
    ])
    table.add([
      "grinder", Formatting.visible(grinderA.name), Formatting.visible(grinderB.name),
      grinderA.id == grinderB.id ? "same" : "different",
    ])
    let sameGrinder = grinderA.id == grinderB.id
    var grind = "not comparable (different grinders)"
    if sameGrinder {
      grind =
        sa.grinderScale == sb.grinderScale
        ? grindDifference(sa.grind, sb.grind, sa.grinderScale) : "not comparable in steps (the grinder's scale changed)"
    }
    table.add(["grind", Formatting.visible(sa.grind.text), Formatting.visible(sb.grind.text), grind])
    func quantity(_ label: String, _ x: ExactNumber?, _ y: ExactNumber?, _ unit: String) {
      table.add([
        label, x.map { "\($0.decimalText) \(unit)" } ?? "unknown", y.map { "\($0.decimalText) \(unit)" } ?? "unknown",
        difference(x, y, unit),
      ])
    }
    let (ma, mb) = (a.measurements, b.measurements)
    quantity("dose", ma.doseG, mb.doseG, "g")
    quantity("yield", ma.yieldG, mb.yieldG, "g")
    var ratioDifference = "unknown"
    if let ra = a.ratio, let rb = b.ratio, let d = rb.subtracting(ra) {
      ratioDifference = d.isZero ? "same" : signed(d.rounded(places: 2))
    }
    table.add([
      "ratio", a.ratio.map { "1:" + ratioText($0) } ?? "unknown", b.ratio.map { "1:" + ratioText($0) } ?? "unknown",
      ratioDifference,
    ])
    quantity("time", ma.timeS, mb.timeS, "s")
    quantity("first drop", ma.firstDropS, mb.firstDropS, "s")
    table.add([
      "taste", ma.taste.map { Formatting.tags($0) } ?? "unknown", mb.taste.map { Formatting.tags($0) } ?? "unknown",
      tagDifference(ma.taste, mb.taste),
    ])
    table.add([
      "flow", Formatting.tags(ma.flow).replacingUnknown, Formatting.tags(mb.flow).replacingUnknown,
      tagDifference(ma.flow ?? TagSet(), mb.flow ?? TagSet()),
    ])
    table.add([
      "target dose", Formatting.grams(sa.doseG), Formatting.grams(sb.doseG), difference(sa.doseG, sb.doseG, "g"),
    ])
    table.add([
      "target yield", Formatting.grams(sa.yieldG), Formatting.grams(sb.yieldG), difference(sa.yieldG, sb.yieldG, "g"),
    ])
    table.add([
      "target time", Formatting.seconds(sa.timeS), Formatting.seconds(sb.timeS), difference(sa.timeS, sb.timeS, "s"),
    ])
    table.add([
      "suggestion", a.suggestion.map { $0.decision.text } ?? "unknown",
      b.suggestion.map { $0.decision.text } ?? "unknown", "",
    ])
    return table.render()
  }

  static func signed(_ value: ExactNumber) -> String {
    value.isZero ? "0" : (value.isNegative ? "−" + value.magnitude.decimalText : "+" + value.decimalText)
  }

  static func difference(_ x: ExactNumber?, _ y: ExactNumber?, _ unit: String) -> String {
    guard let x, let y, let d = y.subtracting(x) else { return "unknown" }
    return d.isZero ? "same" : signed(d) + " " + unit
  }

  /// The grind move from A to B in steps and direction on `scale` (the one both recipes were made
  /// on).
  static func grindDifference(_ a: GrindSetting, _ b: GrindSetting, _ scale: GrinderScale?) -> String {
    if a.text == b.text { return "same" }
    guard let x = a.value, let y = b.value, let d = y.subtracting(x) else { return "different (free text)" }
    if d.isZero { return "same" }
    guard let scale, let steps = d.magnitude.divided(by: scale.step) else { return signed(d) }
    let finer = (d.isNegative) == (scale.finer == .lower)
    return
      "\(signed(d)) (\(steps.decimalText) step\(steps == ExactNumber(1) ? "" : "s") \(finer ? "finer" : "coarser"))"
  }

  static func tagDifference<Tag: TagVocabulary>(_ a: TagSet<Tag>?, _ b: TagSet<Tag>?) -> String {
    guard let a, let b else { return "unknown" }
    if a == b { return "same" }
    let added = b.members.filter { !a.contains($0) }.map { "+" + $0.rawValue }
    let removed = a.members.filter { !b.contains($0) }.map { "−" + $0.rawValue }
    return (added + removed).joined(separator: " ")
  }
}

extension String {
  /// An absent flow list means nothing was noticed, shown as "none" rather than unknown.
  fileprivate var replacingUnknown: String { self == Formatting.unknown ? "none" : self }
}
