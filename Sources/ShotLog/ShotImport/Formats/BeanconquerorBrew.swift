import DialRules

/// One Beanconqueror brew and what it refers to, turned into an imported shot: the part the three
/// Beanconqueror forms (backup zip, bare backup JSON, Visualizer upload form) share.
///
/// Only espresso is imported: a brew whose preparation's `style_type` is not `ESPRESSO` is
/// skipped, with the preparation named in the reason. The field mapping is in docs/importing.md,
/// "Beanconqueror".
enum BeanconquerorBrew {
  /// A preparation method, as far as the importer cares.
  struct Preparation: Hashable, Sendable {
    var name: String?
    var style: String?
  }

  /// What a brew's uuids point to.
  struct Context {
    var beans: [String: ImportedBean] = [:]
    /// Per bean uuid: what reading the bean noticed (an ambiguous roast date), for its shots.
    var beanNotices: [String: [String]] = [:]
    var mills: [String: String] = [:]
    var preparations: [String: Preparation] = [:]
    /// The best rating (SETTINGS.brew_rating; 5 unless changed).
    var ratingScale = ExactNumber(5)
  }

  /// A brew read, before its references are resolved: the shot so far and the uuids it names.
  struct Pending {
    var shot: ImportedShot
    var bean: String?
    var mill: String?
    var preparation: String?
  }

  /// A brew read or skipped.
  enum Read {
    case brew(Pending)
    case skipped(SkippedEntry)
  }

  /// A brew resolved to a shot, or skipped.
  enum Resolved {
    case shot(ImportedShot)
    case skipped(SkippedEntry)
  }

  /// Reads the brew's own values. A brew without a `config.uuid` cannot be told apart from others
  /// on a later import and is skipped.
  static func read(
    _ brew: JSONNode, field: String, document: JSONDocument, format: ImportFormat
  ) throws(ShotImportProblem) -> Read {
    _ = try document.object(brew, field: field)
    guard let uuid = brew["config"]?.text("uuid") else {
      return .skipped(
        SkippedEntry(id: nil, .noIdentifier(field: field)))
    }
    var shot = ImportedShot(source: ImportSource(format: format, file: document.file, entry: document.entry, id: uuid))
    if let stamp = brew["config"]?["unix_timestamp"]?.raw.number?.scaled(decimals: 0) {
      shot.pulledAt = Timestamp(millisecondsSinceEpoch: stamp * 1000)
    }
    shot.set(\.doseG, .dose, brew["grind_weight"]?.raw ?? .missing, field: "grind_weight")
    let unit = brew.text("brew_beverage_quantity_type") ?? "GR"
    if unit == "GR" {
      shot.set(\.yieldG, .yield, brew["brew_beverage_quantity"]?.raw ?? .missing, field: "brew_beverage_quantity")
    } else if let raw = brew["brew_beverage_quantity"]?.raw, raw.number.map({ !$0.isZero }) ?? false {
      shot.notices.append("brew_beverage_quantity is in '\(ImportedShot.clipped(unit))', not grams; left out")
    }
    shot.set(
      \.timeS, .time, seconds(brew["brew_time"]?.raw, milliseconds: brew["brew_time_milliseconds"]?.raw),
      field: "brew_time")
    shot.set(
      \.firstDropS, .firstDrop,
      seconds(brew["coffee_first_drip_time"]?.raw, milliseconds: brew["coffee_first_drip_time_milliseconds"]?.raw),
      field: "coffee_first_drip_time")
    shot.set(\.temperatureC, .temperature, brew["brew_temperature"]?.raw ?? .missing, field: "brew_temperature")
    shot.grind = brew.text("grind_size")
    shot.setNotes(brew["note"]?.text)
    if let rating = brew["rating"]?.raw.number, !rating.isZero, let value = rating.exact {
      shot.rating = ImportedRating(value: value, scale: .zero)  // scale set when resolved
    }
    return .brew(
      Pending(
        shot: shot, bean: brew.text("bean"), mill: brew.text("mill"), preparation: brew.text("method_of_preparation")))
  }

  /// `brew_time` and its milliseconds as one number of seconds: newer versions keep whole seconds
  /// and the milliseconds apart, older ones a fraction in `brew_time` itself (then the
  /// milliseconds are 0).
  static func seconds(_ whole: RawValue?, milliseconds: RawValue?) -> RawValue {
    guard let whole, case .number(let seconds) = whole else { return whole ?? .missing }
    guard let ms = milliseconds?.number, !ms.isZero, seconds.exponent >= 0 || seconds.isZero,
      let wholeMS = seconds.scaled(decimals: 3), let extra = ms.scaled(decimals: 0), extra > 0, extra < 1000
    else { return whole }
    let total = wholeMS + extra
    return .number(DecimalText(negative: total < 0, digits: total.magnitude.decimalDigits, exponent: -3))
  }

  /// Resolves the references: espresso or skipped, with its bean and grinder.
  static func resolve(_ pending: Pending, _ context: Context) -> Resolved {
    var shot = pending.shot
    let preparation = pending.preparation.flatMap { context.preparations[$0] }
    guard let preparation else {
      return .skipped(
        SkippedEntry(id: shot.source.id, .preparationMissing)
      )
    }
    guard preparation.style == "ESPRESSO" else {
      return .skipped(
        SkippedEntry(id: shot.source.id, .notAnEspresso(name: preparation.name, style: preparation.style)))
    }
    if let uuid = pending.bean {
      if let bean = context.beans[uuid] {
        shot.bean = bean
        shot.notices += context.beanNotices[uuid] ?? []
      } else {
        shot.notices.append("its bean (\(uuid)) is not in the file; imported without a bean")
      }
    }
    if let uuid = pending.mill {
      if let mill = context.mills[uuid] {
        shot.grinderName = mill
      } else {
        shot.notices.append("its mill (\(uuid)) is not in the file; imported without a grinder")
      }
    }
    if let rating = shot.rating {
      if rating.value > context.ratingScale {
        shot.notices.append(
          "rating \(rating.value.decimalText) is above the best rating \(context.ratingScale.decimalText); left out")
        shot.rating = nil
      } else {
        shot.rating = ImportedRating(value: rating.value, scale: context.ratingScale)
      }
    }
    return .shot(shot)
  }

  /// A bean entry (`name`, `roaster`, `roastingDate`, `roast`, `note`, `config.uuid`), added to
  /// `context` under its uuid.
  static func addBean(_ node: JSONNode, to context: inout Context) {
    guard let uuid = node["config"]?.text("uuid") else { return }
    var notices: [String] = []
    guard let bean = bean(node, notices: &notices) else { return }
    context.beans[uuid] = bean
    if !notices.isEmpty { context.beanNotices[uuid] = notices }
  }

  /// A bean entry as an imported bean; nil without a name.
  static func bean(_ node: JSONNode, notices: inout [String]) -> ImportedBean? {
    guard let name = node.text("name") else { return nil }
    var bean = ImportedBean(name: name)
    bean.roaster = node.text("roaster")
    if let level = node.text("roast"), level != "UNKNOWN" { bean.roastLevel = level }
    bean.notes = node.text("note")
    bean.sourceID = node["config"]?.text("uuid")
    bean.setRoastDate(node.text("roastingDate"), notices: &notices)
    return bean
  }
}
