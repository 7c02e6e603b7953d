import DialRules

/// Reads Beanconqueror's three forms: the export `.zip` (`Beanconqueror.json` with `BEANS`,
/// `BREWS`, `MILL`, `PREPARATION`, `SETTINGS`; brews and beans past the first 500 in
/// `Beanconqueror_Brews_N.json` / `Beanconqueror_Beans_N.json`), the bare `Beanconqueror.json`,
/// and one brew in the form the app uploads to Visualizer (`brew`, `bean`, `mill`, `preparation`,
/// `brewFlow`).
///
/// The backup's brews and beans are streamed: each is read into a plain value and its tree is
/// dropped, so a 5,000-brew backup is never in memory as one tree. References (a brew's bean,
/// mill and preparation uuids) are resolved once everything is read, since the arrays come in any
/// order.
enum BeanconquerorReader {
  /// The upload form: one brew with its bean, mill and preparation inline.
  static func uploadForm(_ document: JSONDocument, detected: Bool) throws(ShotImportProblem) -> ImportedFile {
    let root = document.root
    var out = ImportedFile(file: document.file, format: .beanconquerorShot, detected: detected)
    guard let brew = root["brew"] else {
      throw document.problem(root, field: "brew", "a Beanconqueror brew file needs its 'brew' object")
    }
    var context = BeanconquerorBrew.Context()
    var pending: BeanconquerorBrew.Pending
    switch try BeanconquerorBrew.read(brew, field: "brew", document: document, format: .beanconquerorShot) {
    case .brew(let p): pending = p
    case .skipped(let skipped):
      out.skipped.append(skipped)
      return out
    }
    // Inline objects stand for the uuids a backup would use.
    let key = "inline"
    pending.bean = key
    pending.mill = key
    pending.preparation = key
    if let bean = root["bean"] {
      _ = try document.object(bean, field: "bean")
      var notices: [String] = []
      context.beans[key] = BeanconquerorBrew.bean(bean, notices: &notices)
      context.beanNotices[key] = notices
    }
    if let mill = root["mill"]?.text("name") { context.mills[key] = mill }
    if let preparation = root["preparation"] {
      context.preparations[key] = BeanconquerorBrew.Preparation(
        name: preparation.text("name"), style: preparation.text("style_type"))
    }
    var builders: [CurveBuilder] = []
    if let flow = root["brewFlow"] {
      _ = try document.object(flow, field: "brewFlow")
      let series: [(key: String, value: String, kind: ImportedCurve.Kind)] = [
        ("weight", "actual_weight", .weight), ("pressureFlow", "actual_pressure", .pressure),
        ("realtimeFlow", "flow_value", .weightFlow), ("temperatureFlow", "actual_temperature", .temperature),
      ]
      for (key, valueKey, kind) in series {
        guard let node = flow[key] else { continue }
        let rows = try document.samples(node, field: "brewFlow." + key)
        var builder = CurveBuilder(kind, capacity: rows.count)
        for row in rows {
          builder.add(
            milliseconds: CurveBuilder.milliseconds(seconds: row["brew_time"]?.raw ?? .missing),
            row[valueKey]?.raw ?? .missing)
        }
        builders.append(builder)
      }
    }
    if root["bean"] == nil { pending.bean = nil }
    if root["mill"] == nil { pending.mill = nil }
    switch BeanconquerorBrew.resolve(pending, context) {
    case .shot(var shot):
      shot.addCurves(builders)
      shot.deriveFirstDrop()
      out.shots.append(shot)
    case .skipped(let skipped):
      out.skipped.append(skipped)
    }
    return out
  }

  /// The export `.zip`.
  static func archive(_ bytes: [UInt8], file: String, detected: Bool) throws(ShotImportProblem) -> ImportedFile {
    let zip: ZipArchive
    do {
      zip = try ZipArchive(bytes)
    } catch {
      throw ShotImportProblem(file: file, entry: error.entry, offset: error.offset, message: error.message)
    }
    var budget = ZipArchive.maxTotalBytes
    func read(_ entry: ZipArchive.Entry) throws(ShotImportProblem) -> [UInt8] {
      do {
        return try zip.read(entry, budget: &budget)
      } catch {
        throw ShotImportProblem(
          file: file, entry: error.entry ?? entry.name, offset: error.offset, message: error.message)
      }
    }
    guard let main = zip.entry(named: "Beanconqueror.json") else {
      let names = zip.entries.prefix(5).map(\.name).joined(separator: ", ")
      throw ShotImportProblem(
        file: file, offset: 0,
        message: "a Beanconqueror backup holds 'Beanconqueror.json'; this archive has "
          + (names.isEmpty ? "no entries" : names + (zip.entries.count > 5 ? ", …" : "")))
    }
    var backup = Backup(file: file, detected: detected)
    try backup.readMain(read(main), entry: main.name)
    // The parts, in the app's own numbering from 1.
    for entry in zip.entries.sorted(by: { Self.partOrder($0.name) < Self.partOrder($1.name) }) {
      guard let kind = Self.partKind(entry.name) else {
        if entry.name != main.name {
          backup.out.notices.append("the entry '\(entry.name)' is not part of a backup; not read")
        }
        continue
      }
      try backup.readPart(read(entry), entry: entry.name, beans: kind == "Beans")
    }
    return backup.finish()
  }

  /// `Brews` or `Beans` for `Beanconqueror_Brews_3.json` and the like; nil for other names.
  static func partKind(_ name: String) -> String? {
    for kind in ["Brews", "Beans"] {
      let prefix = "Beanconqueror_\(kind)_"
      guard name.hasPrefix(prefix), name.hasSuffix(".json") else { continue }
      let number = name.dropFirst(prefix.count).dropLast(".json".count)
      if !number.isEmpty, number.allSatisfy(\.isASCIIDigit) { return kind }
    }
    return nil
  }

  /// Sorts parts by kind and number (`…_Brews_2` before `…_Brews_10`).
  static func partOrder(_ name: String) -> (String, Int) {
    guard let kind = partKind(name) else { return ("", 0) }
    let digits = name.dropFirst("Beanconqueror_\(kind)_".count).dropLast(".json".count)
    return (kind, Int(digits) ?? Int.max)
  }

  /// A backup being read: the references seen so far and the brews waiting for them.
  struct Backup {
    var out: ImportedFile
    var context = BeanconquerorBrew.Context()
    var pending: [BeanconquerorBrew.Pending] = []
    /// How many brews were read (kept or skipped), for the field names in messages.
    var brewCount = 0

    init(file: String, detected: Bool) {
      out = ImportedFile(file: file, format: .beanconquerorBackup, detected: detected)
    }

    /// Reads `Beanconqueror.json` (and checks it is a backup).
    mutating func readMain(_ bytes: [UInt8], entry: String?) throws(ShotImportProblem) {
      let document = try parse(SourceFile(path: out.file, bytes: bytes), entry: entry)
      guard Self.isBackup(document.root) else {
        throw document.problem(
          document.root, field: nil, "a Beanconqueror backup has 'BREWS' and 'BEANS'; this file has neither")
      }
      try absorb(document)
    }

    /// Whether a JSON document's root is a backup's: an object with `BREWS` or `BEANS`.
    static func isBackup(_ root: JSONNode) -> Bool { root["BREWS"] != nil || root["BEANS"] != nil }

    /// Parses a main file, streaming its brews and beans into this backup; the rest of the
    /// document is returned for `absorb` (or, when it is no backup at all, for another reader).
    mutating func parse(_ source: SourceFile, entry: String?) throws(ShotImportProblem) -> JSONDocument {
      let file = out.file
      var problem: ShotImportProblem?
      var brews: [BeanconquerorBrew.Pending] = []
      var skipped: [SkippedEntry] = []
      var context = self.context
      var count = brewCount
      let document = try JSONDocument(
        source: source, file: file, entry: entry, streaming: ["BREWS", "BEANS"]
      ) { member, index, node in
        guard problem == nil else { return }
        let element = JSONDocument(root: node, source: source, file: file, entry: entry)
        if member == "BEANS" {
          guard node.members != nil else {
            problem = element.problem(
              node, field: "BEANS[\(index)]", "expected an object, found \(node.kind.described)")
            return
          }
          BeanconquerorBrew.addBean(node, to: &context)
          return
        }
        do throws(ShotImportProblem) {
          switch try BeanconquerorBrew.read(
            node, field: "BREWS[\(index)]", document: element, format: .beanconquerorBackup)
          {
          case .brew(let p): brews.append(p)
          case .skipped(let s): skipped.append(s)
          }
          count += 1
        } catch {
          problem = error
        }
      }
      if let problem { throw problem }
      self.context = context
      pending += brews
      out.skipped += skipped
      brewCount = count
      return document
    }

    /// Takes the mills, preparations and rating scale of a parsed main file.
    mutating func absorb(_ document: JSONDocument) throws(ShotImportProblem) {
      let root = document.root
      _ = try document.object(root, field: "Beanconqueror.json")
      for key in ["BREWS", "BEANS", "MILL", "PREPARATION", "SETTINGS"] {
        if let node = root[key] { _ = try document.array(node, field: key) }
      }
      for (i, mill) in (root["MILL"]?.elements ?? []).enumerated() {
        _ = try document.object(mill, field: "MILL[\(i)]")
        if let uuid = mill["config"]?.text("uuid"), let name = mill.text("name") { context.mills[uuid] = name }
      }
      for (i, preparation) in (root["PREPARATION"]?.elements ?? []).enumerated() {
        _ = try document.object(preparation, field: "PREPARATION[\(i)]")
        if let uuid = preparation["config"]?.text("uuid") {
          context.preparations[uuid] = BeanconquerorBrew.Preparation(
            name: preparation.text("name"), style: preparation.text("style_type"))
        }
      }
      if let scale = root["SETTINGS"]?.elements?.first?["brew_rating"]?.raw.number?.exact, scale > .zero {
        context.ratingScale = scale
      }
    }

    /// Reads one part: an array of brews or of beans.
    mutating func readPart(_ bytes: [UInt8], entry: String, beans: Bool) throws(ShotImportProblem) {
      let document = try JSONDocument(bytes, file: out.file, entry: entry)
      let elements = try document.array(document.root, field: entry)
      for (i, node) in elements.enumerated() {
        if beans {
          _ = try document.object(node, field: "[\(i)]")
          BeanconquerorBrew.addBean(node, to: &context)
          continue
        }
        switch try BeanconquerorBrew.read(node, field: "[\(i)]", document: document, format: .beanconquerorBackup) {
        case .brew(let p): pending.append(p)
        case .skipped(let s): out.skipped.append(s)
        }
        brewCount += 1
      }
    }

    /// Resolves every brew, in the order read.
    func finish() -> ImportedFile {
      var out = self.out
      for p in pending {
        switch BeanconquerorBrew.resolve(p, context) {
        case .shot(let shot): out.shots.append(shot)
        case .skipped(let skipped): out.skipped.append(skipped)
        }
      }
      return out
    }
  }
}

extension Character {
  /// `0`…`9` only (not other scripts' digits).
  var isASCIIDigit: Bool { isASCII && isNumber }
}
