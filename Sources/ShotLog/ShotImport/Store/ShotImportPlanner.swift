import DialRules

/// Works out what importing other apps' files would do, inside the caller's transaction and
/// without writing: reads every file, merges the shots two files share, finds the ones already
/// imported, and names the bean and grinder each is logged under. `ShotImportWriter` applies the
/// result; the preview shows it.
struct ShotImportPlanner {
  let store: ShotLogStore
  let options: ShotImportOptions

  /// The bean of shots whose source names none (machine logs), per app, so that one machine's
  /// shots are not compared with another's.
  static func unnamedBean(_ format: ImportFormat) -> String { "Unnamed bean (\(format.appName))" }
  /// The grinder of shots whose source names none.
  static func unnamedGrinder(_ format: ImportFormat) -> String { "Unnamed grinder (\(format.appName))" }

  /// The preview, plus what the writer needs: the existing profiles by name.
  struct Plan {
    var preview: ShotImportPreview
    /// Existing beans and grinders, by the `NameKey` of their names (how the store compares names).
    var beans: [String: Bean]
    var grinders: [String: Grinder]
    /// Per new bean (by key): the first imported bean description that names it.
    var newBeanDetails: [String: ImportedBean]
    var newGrinderFormats: [String: ImportFormat]
  }

  /// Reads the files (pure) — separate from `plan`, which needs the database.
  static func read(_ files: [ShotImportFile], options: ShotImportOptions) throws(ShotImportError) -> [ImportedFile] {
    var out: [ImportedFile] = []
    for file in files {
      do {
        out.append(try ImportReader.read(file.bytes, file: file.name, formats: options.formats))
      } catch {
        throw .unreadable(error)
      }
    }
    return out
  }

  /// The plan for `read` files; `fingerprint` is the database state the token is tied to.
  func plan(_ read: [ImportedFile], files: [ShotImportFile], fingerprint: String) throws -> Plan {
    var entries: [ShotImportPreview.Entry] = []
    var differences: [String] = []
    var firstIndex: [String: Int] = [:]
    for file in read {
      for var shot in file.shots {
        // A first drop after the end of the shot is a misreading (or a derived one past a
        // stop the barista timed by hand): the log refuses it, so it is left out here.
        if let drop = shot.firstDropS, let time = shot.timeS, drop > time {
          shot.firstDropS = nil
          shot.notices.append(
            "first drop \(drop.decimalText) s is after the end of the shot (\(time.decimalText) s); left out")
        }
        let key = shot.source.idSpace + "\u{0}" + shot.source.id
        if let first = firstIndex[key] {
          differences += Self.differences(entries[first].shot, shot)
          entries[first].shot.fillMissing(from: shot)
          entries.append(
            .init(shot: shot, status: .sameShotAs(file: entries[first].shot.source.file), bean: "", grinder: ""))
          continue
        }
        firstIndex[key] = entries.count
        entries.append(.init(shot: shot, status: .new, bean: "", grinder: ""))
      }
    }
    let beans = Dictionary(
      try store.profiles.beans(includeArchived: true).map { (NameKey.key($0.name), $0) },
      uniquingKeysWith: { a, _ in a })
    let grinders = Dictionary(
      try store.profiles.grinders(includeArchived: true).map { (NameKey.key($0.name), $0) },
      uniquingKeysWith: { a, _ in a }
    )
    var newBeans: [String] = []
    var newGrinders: [String] = []
    var newBeanDetails: [String: ImportedBean] = [:]
    var newGrinderFormats: [String: ImportFormat] = [:]
    for i in entries.indices {
      let shot = entries[i].shot
      let beanName = try Self.name(shot.bean?.name ?? Self.unnamedBean(shot.source.format), of: shot, what: "bean")
      let grinderName = try Self.name(
        shot.grinderName ?? Self.unnamedGrinder(shot.source.format), of: shot, what: "grinder")
      entries[i].bean = beans[NameKey.key(beanName)]?.name ?? beanName
      entries[i].grinder = grinders[NameKey.key(grinderName)]?.name ?? grinderName
      if options.tasteFromNotes, let notes = shot.notes { entries[i].tasteFromNotes = TasteFromNotes.tastes(in: notes) }
      if case .new = entries[i].status, let existing = try attempt(source: shot.source) {
        entries[i].status = .alreadyImported(attemptID: existing)
      }
      guard entries[i].status == .new else { continue }
      if beans[NameKey.key(beanName)] == nil, newBeanDetails[NameKey.key(beanName)] == nil {
        newBeans.append(beanName)
        newBeanDetails[NameKey.key(beanName)] = shot.bean ?? ImportedBean(name: beanName)
      }
      if grinders[NameKey.key(grinderName)] == nil, newGrinderFormats[NameKey.key(grinderName)] == nil {
        newGrinders.append(grinderName)
        newGrinderFormats[NameKey.key(grinderName)] = shot.source.format
      }
    }
    let preview = ShotImportPreview(
      files: read, entries: entries, differences: differences, newBeans: newBeans, newGrinders: newGrinders,
      token: Self.token(files, options: options, fingerprint: fingerprint))
    return Plan(
      preview: preview, beans: beans, grinders: grinders, newBeanDetails: newBeanDetails,
      newGrinderFormats: newGrinderFormats)
  }

  /// The attempt already imported from `source`, if any.
  func attempt(source: ImportSource) throws -> Int64? {
    try store.connection.first(
      "SELECT attempt_id FROM attempt_sources WHERE id_space = ? AND source_id = ?", [source.idSpace, source.id]
    ) { $0.int64(0) }
  }

  /// A profile name as the store takes it; a problem naming the shot when it cannot be one.
  static func name(_ raw: String, of shot: ImportedShot, what: String) throws(ShotImportError) -> String {
    let name = raw.trimmingSpaces
    if let problem = Validation.problem(withText: name) {
      let why =
        switch problem {
        case .empty: "is empty"
        case .tooLong(let limit): "is longer than \(limit) bytes"
        case .controlCharacter(let scalar): "holds a control character (U+\(scalarHex(scalar)))"
        }
      throw .unreadable(
        ShotImportProblem(
          file: shot.source.file, entry: shot.source.entry, field: what,
          message: "the \(what) name of shot \(shot.source.id) \(why)"))
    }
    return name
  }

  /// `decent 1634630864: rating 4 in a.shot, 3 in a.json` for each value both shots know and
  /// that differs.
  static func differences(_ first: ImportedShot, _ other: ImportedShot) -> [String] {
    func text(_ n: ExactNumber?) -> String? { n?.decimalText }
    let pairs: [(String, String?, String?)] = [
      ("dose", text(first.doseG), text(other.doseG)), ("yield", text(first.yieldG), text(other.yieldG)),
      ("time", text(first.timeS), text(other.timeS)), ("grind", first.grind, other.grind),
      ("rating", text(first.rating?.outOfFive), text(other.rating?.outOfFive)), ("notes", first.notes, other.notes),
    ]
    return pairs.compactMap { name, a, b in
      guard let a, let b, a != b else { return nil }
      return
        "\(first.source.idSpace) shot \(first.source.id): \(name) \(a) in \(first.source.file), \(b) in \(other.source.file); the first is kept"
    }
  }

  /// Hashes every file's name and bytes, the options and the database state.
  static func token(_ files: [ShotImportFile], options: ShotImportOptions, fingerprint: String) -> String {
    var parts: [String] = []
    for file in files { parts.append(file.name + "=" + ContentHash.hex(file.bytes)) }
    parts.append("formats=" + (options.formats?.map(\.rawValue).joined(separator: ",") ?? "detect"))
    parts.append("taste=\(options.tasteFromNotes)")
    parts.append("time=" + options.recipeTimeS.decimalText)
    parts.append("rules=" + options.rules.contentHash)
    parts.append(fingerprint)
    return ContentHash.hex(Array(parts.joined(separator: "\n").utf8))
  }
}
