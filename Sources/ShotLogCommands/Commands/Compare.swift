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
    let a = try store.shots.findAttempt(arguments.positionals[0])
    let b = try store.shots.findAttempt(arguments.positionals[1])
    context.out.write(try text(a, b, store, context.presentation))
    return .success
  }

  static func text(_ a: ShotAttempt, _ b: ShotAttempt, _ store: ShotLogStore, _ p: Presentation) throws -> String {
    guard let sa = try store.profiles.snapshot(id: a.snapshotID),
      let sb = try store.profiles.snapshot(id: b.snapshotID),
      let beanA = try store.profiles.bean(id: a.beanID), let beanB = try store.profiles.bean(id: b.beanID),
      let grinderA = try store.profiles.grinder(id: a.grinderID),
      let grinderB = try store.profiles.grinder(id: b.grinderID)
    else {
      throw CommandError(
        .notFound, "a shot refers to a missing recipe, bean or grinder",
        de: "ein Bezug verweist auf ein fehlendes Rezept, einen fehlenden Kaffee oder eine fehlende Mühle",
        es: "una extracción remite a una receta, un café o un molino que falta")
    }
    var table = TextTable(rightAligned: [false, false, false, false])
    table.add(["", "A: #\(a.id)", "B: #\(b.id)", "B − A"])
    whenAndWhatRows(&table, a, b, (sa, sb), beans: (beanA, beanB), grinders: (grinderA, grinderB), p)
    measurementRows(&table, a, b, p)
    recipeRows(&table, a, b, (sa, sb), p)
    return table.render()
  }

  /// When each shot was pulled, and its bean, grinder and grind (compared in steps only on the
  /// same grinder and scale).
  private static func whenAndWhatRows(
    _ table: inout TextTable, _ a: ShotAttempt, _ b: ShotAttempt, _ snapshots: (RecipeSnapshot, RecipeSnapshot),
    beans: (Bean, Bean), grinders: (Grinder, Grinder), _ p: Presentation
  ) {
    let (sa, sb) = snapshots
    let (beanA, beanB) = beans
    let (grinderA, grinderB) = grinders
    let w = p.words
    let same = w.pick("same", de: "gleich", es: "igual")
    let different = w.pick("different", de: "anders", es: "distinto")
    table.add([
      p.pick("pulled", de: "gezogen", es: "hecha") + " (\(Formatting.clockLabel(p)))", p.clock.short(a.pulledAt),
      p.clock.short(b.pulledAt), "",
    ])
    table.add([
      p.pick("bean", de: "Kaffee", es: "café"), Formatting.visible(beanA.name), Formatting.visible(beanB.name),
      beanA.id == beanB.id ? same : different,
    ])
    table.add([
      ReviewRenderer.differenceField("grinder", w), Formatting.visible(grinderA.name),
      Formatting.visible(grinderB.name),
      grinderA.id == grinderB.id ? same : different,
    ])
    let sameGrinder = grinderA.id == grinderB.id
    var grind = p.pick(
      "not comparable (different grinders)", de: "nicht vergleichbar (verschiedene Mühlen)",
      es: "no comparable (molinos distintos)")
    if sameGrinder {
      grind =
        sa.grinderScale == sb.grinderScale
        ? grindDifference(sa.grind, sb.grind, sa.grinderScale, w)
        : p.pick(
          "not comparable in steps (the grinder's scale changed)",
          de: "nicht in Stufen vergleichbar (die Skala der Mühle hat sich geändert)",
          es: "no comparable en puntos (cambió la escala del molino)")
    }
    table.add([
      ReviewRenderer.differenceField("grind", w), Formatting.grindText(sa.grind.text, w),
      Formatting.grindText(sb.grind.text, w), grind,
    ])
  }

  /// What each shot measured: dose, yield, ratio, time, first drop, taste and flow.
  private static func measurementRows(_ table: inout TextTable, _ a: ShotAttempt, _ b: ShotAttempt, _ p: Presentation) {
    let w = p.words
    let same = w.pick("same", de: "gleich", es: "igual")
    let unknown = w.pick("unknown", de: "unbekannt", es: "desconocido")
    func quantity(_ label: String, _ x: ExactNumber?, _ y: ExactNumber?, _ unit: String) {
      table.add([
        label, x.map { "\(w.number($0)) \(unit)" } ?? unknown, y.map { "\(w.number($0)) \(unit)" } ?? unknown,
        difference(x, y, unit, w),
      ])
    }
    let (ma, mb) = (a.measurements, b.measurements)
    quantity(ReviewRenderer.differenceField("dose", w), ma.doseG, mb.doseG, "g")
    quantity(ReviewRenderer.differenceField("yield", w), ma.yieldG, mb.yieldG, "g")
    var ratioDifference = unknown
    if let ra = a.ratio, let rb = b.ratio, let d = rb.subtracting(ra) {
      ratioDifference = d.isZero ? same : signed(d.rounded(places: 2), w)
    }
    table.add([
      w.field("ratio"), a.ratio.map { "1:" + Formatting.shownValue(ratioText($0), w) } ?? unknown,
      b.ratio.map { "1:" + Formatting.shownValue(ratioText($0), w) } ?? unknown, ratioDifference,
    ])
    quantity(ReviewRenderer.differenceField("time", w), ma.timeS, mb.timeS, "s")
    quantity(p.pick("first drop", de: "erster Tropfen", es: "primera gota"), ma.firstDropS, mb.firstDropS, "s")
    table.add([
      p.pick("taste", de: "Geschmack", es: "sabor"), ma.taste.map { Formatting.tags($0, w) } ?? unknown,
      mb.taste.map { Formatting.tags($0, w) } ?? unknown, tagDifference(ma.taste, mb.taste, w),
    ])
    let none = w.pick("none", de: "keine", es: "ninguno")
    table.add([
      p.pick("flow", de: "Fluss", es: "flujo"), Formatting.tags(ma.flow, w).replacingUnknown(none),
      Formatting.tags(mb.flow, w).replacingUnknown(none), tagDifference(ma.flow ?? TagSet(), mb.flow ?? TagSet(), w),
    ])
  }

  /// The recipe each shot was pulled with (its targets), and each shot's suggestion.
  private static func recipeRows(
    _ table: inout TextTable, _ a: ShotAttempt, _ b: ShotAttempt, _ snapshots: (RecipeSnapshot, RecipeSnapshot),
    _ p: Presentation
  ) {
    let (sa, sb) = snapshots
    let w = p.words
    let unknown = w.pick("unknown", de: "unbekannt", es: "desconocido")
    let target = { (field: String) in
      p.pick(
        "target \(field)", de: "Ziel-" + ReviewRenderer.differenceField(field, w),
        es: "\(ReviewRenderer.differenceField(field, w)) objetivo")
    }
    table.add([
      target("dose"), Formatting.grams(sa.doseG, w), Formatting.grams(sb.doseG, w),
      difference(sa.doseG, sb.doseG, "g", w),
    ])
    table.add([
      target("yield"), Formatting.grams(sa.yieldG, w), Formatting.grams(sb.yieldG, w),
      difference(sa.yieldG, sb.yieldG, "g", w),
    ])
    table.add([
      target("time"), Formatting.seconds(sa.timeS, w), Formatting.seconds(sb.timeS, w),
      difference(sa.timeS, sb.timeS, "s", w),
    ])
    table.add([
      p.pick("suggestion", de: "Vorschlag", es: "sugerencia"),
      a.suggestion.map { SuggestionWords.decisionText($0, p) } ?? unknown,
      b.suggestion.map { SuggestionWords.decisionText($0, p) } ?? unknown, "",
    ])
  }

  static func signed(_ value: ExactNumber, _ w: Wording = Wording(.english)) -> String {
    value.isZero ? "0" : (value.isNegative ? "−" + w.number(value.magnitude) : "+" + w.number(value))
  }

  static func difference(_ x: ExactNumber?, _ y: ExactNumber?, _ unit: String, _ w: Wording = Wording(.english))
    -> String
  {
    guard let x, let y, let d = y.subtracting(x) else { return w.pick("unknown", de: "unbekannt", es: "desconocido") }
    return d.isZero ? w.pick("same", de: "gleich", es: "igual") : signed(d, w) + " " + unit
  }

  /// The grind move from A to B in steps and direction on `scale` (the one both recipes were made
  /// on).
  static func grindDifference(
    _ a: GrindSetting, _ b: GrindSetting, _ scale: GrinderScale?, _ w: Wording = Wording(.english)
  ) -> String {
    let same = w.pick("same", de: "gleich", es: "igual")
    if a.text == b.text { return same }
    guard let x = a.value, let y = b.value, let d = y.subtracting(x) else {
      return w.pick("different (free text)", de: "anders (Freitext)", es: "distinta (texto libre)")
    }
    if d.isZero { return same }
    guard let scale, let steps = d.magnitude.divided(by: scale.step) else { return signed(d, w) }
    let finer = (d.isNegative) == (scale.finer == .lower)
    let one = steps == ExactNumber(1)
    let count = w.number(steps)
    return "\(signed(d, w)) ("
      + w.pick(
        "\(count) step\(one ? "" : "s") \(finer ? "finer" : "coarser")",
        de: "\(count) \(one ? "Stufe" : "Stufen") \(finer ? "feiner" : "gröber")",
        es: "\(count) \(one ? "punto" : "puntos") más \(finer ? "fina" : "gruesa")") + ")"
  }

  static func tagDifference<Tag: TagVocabulary>(_ a: TagSet<Tag>?, _ b: TagSet<Tag>?, _ w: Wording = Wording(.english))
    -> String
  {
    guard let a, let b else { return w.pick("unknown", de: "unbekannt", es: "desconocido") }
    if a == b { return w.pick("same", de: "gleich", es: "igual") }
    let added = b.members.filter { !a.contains($0) }.map { "+" + Formatting.tagWord($0.rawValue, w) }
    let removed = a.members.filter { !b.contains($0) }.map { "−" + Formatting.tagWord($0.rawValue, w) }
    return (added + removed).joined(separator: " ")
  }
}

extension String {
  /// An absent flow list means nothing was noticed, shown as "none" rather than unknown.
  fileprivate func replacingUnknown(_ none: String) -> String { self == Formatting.unknown ? none : self }
}
