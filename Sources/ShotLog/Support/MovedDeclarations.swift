import DialRules

// The store's surface before it was split by concern (December 2026): every method of the parts
// (`profiles`, `shots`, `exchange`, `shotImport`, `replay`) was a method of `ShotLogStore` itself,
// 61 of them in one namespace. Each old name still works, forwarding to the same call on its part,
// deprecated until the next major release (docs/api-stability.md, "Deprecation"). Only
// `ShotLogStore.replay(_:)` changed its name as it moved: `replay.report(with:)`.

extension ShotLogStore {
  // MARK: Moved to `profiles`

  /// Moved to `profiles.activeSnapshot(beanID:)`; the same call.
  @available(*, deprecated, renamed: "profiles.activeSnapshot(beanID:)")
  public func activeSnapshot(beanID: Int64) throws(ShotLogError) -> RecipeSnapshot? {
    try profiles.activeSnapshot(beanID: beanID)
  }

  /// Moved to `profiles.addBasket(name:capacityG:notes:)`; the same call.
  @available(*, deprecated, renamed: "profiles.addBasket(name:capacityG:notes:)")
  @discardableResult
  public func addBasket(name: String, capacityG: ExactNumber? = nil, notes: String? = nil) throws(ShotLogError)
    -> Basket
  {
    try profiles.addBasket(name: name, capacityG: capacityG, notes: notes)
  }

  /// Moved to `profiles.addBean(name:roaster:roastDate:origin:process:roastLevel:notes:)`; the same call.
  @available(*, deprecated, renamed: "profiles.addBean(name:roaster:roastDate:origin:process:roastLevel:notes:)")
  @discardableResult
  public func addBean(
    name: String, roaster: String? = nil, roastDate: CalendarDate? = nil, origin: String? = nil, process: String? = nil,
    roastLevel: RoastLevel? = nil, notes: String? = nil
  ) throws(ShotLogError) -> Bean {
    try profiles.addBean(
      name: name, roaster: roaster, roastDate: roastDate, origin: origin, process: process, roastLevel: roastLevel,
      notes: notes)
  }

  /// Moved to `profiles.addGrinder(name:scale:settingsNote:notes:)`; the same call.
  @available(*, deprecated, renamed: "profiles.addGrinder(name:scale:settingsNote:notes:)")
  @discardableResult
  public func addGrinder(name: String, scale: GrinderScale?, settingsNote: String? = nil, notes: String? = nil)
    throws(ShotLogError) -> Grinder
  {
    try profiles.addGrinder(name: name, scale: scale, settingsNote: settingsNote, notes: notes)
  }

  /// Moved to `profiles.bag(id:)`; the same call.
  @available(*, deprecated, renamed: "profiles.bag(id:)")
  public func bag(id: Int64) throws(ShotLogError) -> Bag? {
    try profiles.bag(id: id)
  }

  /// Moved to `profiles.bagUsage(beanID:)`; the same call.
  @available(*, deprecated, renamed: "profiles.bagUsage(beanID:)")
  public func bagUsage(beanID: Int64) throws(ShotLogError) -> [BagUsage] {
    try profiles.bagUsage(beanID: beanID)
  }

  /// Moved to `profiles.bags(beanID:)`; the same call.
  @available(*, deprecated, renamed: "profiles.bags(beanID:)")
  public func bags(beanID: Int64) throws(ShotLogError) -> [Bag] {
    try profiles.bags(beanID: beanID)
  }

  /// Moved to `profiles.basket(id:)`; the same call.
  @available(*, deprecated, renamed: "profiles.basket(id:)")
  public func basket(id: Int64) throws(ShotLogError) -> Basket? {
    try profiles.basket(id: id)
  }

  /// Moved to `profiles.baskets(includeArchived:)`; the same call.
  @available(*, deprecated, renamed: "profiles.baskets(includeArchived:)")
  public func baskets(includeArchived: Bool = false) throws(ShotLogError) -> [Basket] {
    try profiles.baskets(includeArchived: includeArchived)
  }

  /// Moved to `profiles.bean(id:)`; the same call.
  @available(*, deprecated, renamed: "profiles.bean(id:)")
  public func bean(id: Int64) throws(ShotLogError) -> Bean? {
    try profiles.bean(id: id)
  }

  /// Moved to `profiles.beans(includeArchived:)`; the same call.
  @available(*, deprecated, renamed: "profiles.beans(includeArchived:)")
  public func beans(includeArchived: Bool = false) throws(ShotLogError) -> [Bean] {
    try profiles.beans(includeArchived: includeArchived)
  }

  /// Moved to `profiles.currentBag(beanID:)`; the same call.
  @available(*, deprecated, renamed: "profiles.currentBag(beanID:)")
  public func currentBag(beanID: Int64) throws(ShotLogError) -> Bag? {
    try profiles.currentBag(beanID: beanID)
  }

  /// Moved to `profiles.findBag(_:of:)`; the same call.
  @available(*, deprecated, renamed: "profiles.findBag(_:of:)")
  public func findBag(_ reference: String, of bean: Bean) throws(ShotLogError) -> Bag {
    try profiles.findBag(reference, of: bean)
  }

  /// Moved to `profiles.findBasket(_:)`; the same call.
  @available(*, deprecated, renamed: "profiles.findBasket(_:)")
  public func findBasket(_ reference: String) throws(ShotLogError) -> Basket {
    try profiles.findBasket(reference)
  }

  /// Moved to `profiles.findBean(_:)`; the same call.
  @available(*, deprecated, renamed: "profiles.findBean(_:)")
  public func findBean(_ reference: String) throws(ShotLogError) -> Bean {
    try profiles.findBean(reference)
  }

  /// Moved to `profiles.findGrinder(_:)`; the same call.
  @available(*, deprecated, renamed: "profiles.findGrinder(_:)")
  public func findGrinder(_ reference: String) throws(ShotLogError) -> Grinder {
    try profiles.findGrinder(reference)
  }

  /// Moved to `profiles.grinder(id:)`; the same call.
  @available(*, deprecated, renamed: "profiles.grinder(id:)")
  public func grinder(id: Int64) throws(ShotLogError) -> Grinder? {
    try profiles.grinder(id: id)
  }

  /// Moved to `profiles.grinders(includeArchived:)`; the same call.
  @available(*, deprecated, renamed: "profiles.grinders(includeArchived:)")
  public func grinders(includeArchived: Bool = false) throws(ShotLogError) -> [Grinder] {
    try profiles.grinders(includeArchived: includeArchived)
  }

  /// Moved to `profiles.openBag(of:roaster:roastDate:weightG:openedOn:)`; the same call.
  @available(*, deprecated, renamed: "profiles.openBag(of:roaster:roastDate:weightG:openedOn:)")
  @discardableResult
  public func openBag(
    of bean: Bean, roaster: String? = nil, roastDate: CalendarDate?, weightG: ExactNumber? = nil,
    openedOn: CalendarDate? = nil
  ) throws(ShotLogError) -> Bag {
    try profiles.openBag(of: bean, roaster: roaster, roastDate: roastDate, weightG: weightG, openedOn: openedOn)
  }

  /// Moved to `profiles.recipeDifferences(from:to:)`; the same call.
  @available(*, deprecated, renamed: "profiles.recipeDifferences(from:to:)")
  public func recipeDifferences(from earlier: RecipeSnapshot, to later: RecipeSnapshot) throws(ShotLogError)
    -> [RecipeDifference]
  {
    try profiles.recipeDifferences(from: earlier, to: later)
  }

  /// Moved to `profiles.scaleRecipe(for:toDose:)`; the same call.
  @available(*, deprecated, renamed: "profiles.scaleRecipe(for:toDose:)")
  @discardableResult
  public func scaleRecipe(for bean: Bean, toDose doseG: ExactNumber) throws(ShotLogError) -> RecipeSnapshot {
    try profiles.scaleRecipe(for: bean, toDose: doseG)
  }

  /// Moved to `profiles.setArchived(_:id:archived:)`; the same call.
  @available(*, deprecated, renamed: "profiles.setArchived(_:id:archived:)")
  public func setArchived(_ kind: ProfileKind, id: Int64, archived: Bool) throws(ShotLogError) {
    try profiles.setArchived(kind, id: id, archived: archived)
  }

  /// Moved to `profiles.setRecipe(for:_:)`; the same call.
  @available(*, deprecated, renamed: "profiles.setRecipe(for:_:)")
  @discardableResult
  public func setRecipe(for bean: Bean, _ change: RecipeChange) throws(ShotLogError) -> RecipeSnapshot {
    try profiles.setRecipe(for: bean, change)
  }

  /// Moved to `profiles.snapshot(beanID:inForceAt:)`; the same call.
  @available(*, deprecated, renamed: "profiles.snapshot(beanID:inForceAt:)")
  public func snapshot(beanID: Int64, inForceAt time: Timestamp) throws(ShotLogError) -> RecipeSnapshot? {
    try profiles.snapshot(beanID: beanID, inForceAt: time)
  }

  /// Moved to `profiles.snapshot(id:)`; the same call.
  @available(*, deprecated, renamed: "profiles.snapshot(id:)")
  public func snapshot(id: Int64) throws(ShotLogError) -> RecipeSnapshot? {
    try profiles.snapshot(id: id)
  }

  /// Moved to `profiles.snapshots(beanID:)`; the same call.
  @available(*, deprecated, renamed: "profiles.snapshots(beanID:)")
  public func snapshots(beanID: Int64) throws(ShotLogError) -> [RecipeSnapshot] {
    try profiles.snapshots(beanID: beanID)
  }

  /// Moved to `profiles.updateBag(_:)`; the same call.
  @available(*, deprecated, renamed: "profiles.updateBag(_:)")
  public func updateBag(_ bag: Bag) throws(ShotLogError) {
    try profiles.updateBag(bag)
  }

  /// Moved to `profiles.updateBasket(_:)`; the same call.
  @available(*, deprecated, renamed: "profiles.updateBasket(_:)")
  public func updateBasket(_ basket: Basket) throws(ShotLogError) {
    try profiles.updateBasket(basket)
  }

  /// Moved to `profiles.updateBean(_:)`; the same call.
  @available(*, deprecated, renamed: "profiles.updateBean(_:)")
  @discardableResult
  public func updateBean(_ bean: Bean) throws(ShotLogError) -> Bag? {
    try profiles.updateBean(bean)
  }

  /// Moved to `profiles.updateGrinder(_:)`; the same call.
  @available(*, deprecated, renamed: "profiles.updateGrinder(_:)")
  @discardableResult
  public func updateGrinder(_ grinder: Grinder) throws(ShotLogError) -> [RecipeSnapshot] {
    try profiles.updateGrinder(grinder)
  }

  // MARK: Moved to `shots`

  /// Moved to `shots.accept(_:note:)`; the same call.
  @available(*, deprecated, renamed: "shots.accept(_:note:)")
  @discardableResult
  public func accept(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> AcceptResult {
    try shots.accept(attempt, note: note)
  }

  /// Moved to `shots.amend(_:measurements:rating:notes:rules:)`; the same call.
  @available(*, deprecated, renamed: "shots.amend(_:measurements:rating:notes:rules:)")
  @discardableResult
  public func amend(
    _ attempt: ShotAttempt, measurements: ShotRecord.Measurements, rating: ExactNumber?, notes: String?,
    rules: RuleSet = .defaultEspresso
  ) throws(ShotLogError) -> LoggedShot {
    try shots.amend(attempt, measurements: measurements, rating: rating, notes: notes, rules: rules)
  }

  /// Moved to `shots.attempt(id:)`; the same call.
  @available(*, deprecated, renamed: "shots.attempt(id:)")
  public func attempt(id: Int64) throws(ShotLogError) -> ShotAttempt? {
    try shots.attempt(id: id)
  }

  /// Moved to `shots.attemptCount()`; the same call.
  @available(*, deprecated, renamed: "shots.attemptCount()")
  public func attemptCount() throws(ShotLogError) -> Int {
    try shots.attemptCount()
  }

  /// Moved to `shots.correction(of:)`; the same call.
  @available(*, deprecated, renamed: "shots.correction(of:)")
  public func correction(of attemptID: Int64) throws(ShotLogError) -> ShotAttempt? {
    try shots.correction(of: attemptID)
  }

  /// Moved to `shots.event(attemptID:)`; the same call.
  @available(*, deprecated, renamed: "shots.event(attemptID:)")
  public func event(attemptID: Int64) throws(ShotLogError) -> SuggestionEvent? {
    try shots.event(attemptID: attemptID)
  }

  /// Moved to `shots.findAttempt(_:)`; the same call.
  @available(*, deprecated, renamed: "shots.findAttempt(_:)")
  public func findAttempt(_ reference: String) throws(ShotLogError) -> ShotAttempt {
    try shots.findAttempt(reference)
  }

  /// Moved to `shots.history(_:)`; the same call.
  @available(*, deprecated, renamed: "shots.history(_:)")
  public func history(_ filter: HistoryFilter = HistoryFilter()) throws(ShotLogError) -> [HistoryRow] {
    try shots.history(filter)
  }

  /// Moved to `shots.latestAttempt(beanID:)`; the same call.
  @available(*, deprecated, renamed: "shots.latestAttempt(beanID:)")
  public func latestAttempt(beanID: Int64? = nil) throws(ShotLogError) -> ShotAttempt? {
    try shots.latestAttempt(beanID: beanID)
  }

  /// Moved to `shots.logShot(_:of:pulledAt:notes:rating:recipe:grind:rules:)`; the same call.
  @available(*, deprecated, renamed: "shots.logShot(_:of:pulledAt:notes:rating:recipe:grind:rules:)")
  @discardableResult
  public func logShot(
    _ measurements: ShotRecord.Measurements, of bean: Bean, pulledAt: Timestamp? = nil, notes: String? = nil,
    rating: ExactNumber? = nil, recipe: RecipeSnapshot? = nil, grind: String? = nil, rules: RuleSet = .defaultEspresso
  ) throws(ShotLogError) -> LoggedShot {
    try shots.logShot(
      measurements, of: bean, pulledAt: pulledAt, notes: notes, rating: rating, recipe: recipe, grind: grind,
      rules: rules)
  }

  /// Moved to `shots.previousAttempt(before:)`; the same call.
  @available(*, deprecated, renamed: "shots.previousAttempt(before:)")
  public func previousAttempt(before attempt: ShotAttempt) throws(ShotLogError) -> ShotAttempt? {
    try shots.previousAttempt(before: attempt)
  }

  /// Moved to `shots.recordedUndo(eventID:)`; the same call.
  @available(*, deprecated, renamed: "shots.recordedUndo(eventID:)")
  public func recordedUndo(eventID: Int64) throws(ShotLogError) -> SuggestionUndo? {
    try shots.recordedUndo(eventID: eventID)
  }

  /// Moved to `shots.recordedVoid(attemptID:)`; the same call.
  @available(*, deprecated, renamed: "shots.recordedVoid(attemptID:)")
  public func recordedVoid(attemptID: Int64) throws(ShotLogError) -> AttemptVoid? {
    try shots.recordedVoid(attemptID: attemptID)
  }

  /// Moved to `shots.reject(_:note:)`; the same call.
  @available(*, deprecated, renamed: "shots.reject(_:note:)")
  @discardableResult
  public func reject(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> SuggestionEvent {
    try shots.reject(attempt, note: note)
  }

  /// Moved to `shots.review(_:reevaluatedWith:)`; the same call.
  @available(*, deprecated, renamed: "shots.review(_:reevaluatedWith:)")
  public func review(_ attempt: ShotAttempt, reevaluatedWith rules: RuleSet? = nil) throws(ShotLogError) -> Review {
    try shots.review(attempt, reevaluatedWith: rules)
  }

  /// Moved to `shots.undo(_:note:)`; the same call.
  @available(*, deprecated, renamed: "shots.undo(_:note:)")
  @discardableResult
  public func undo(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> UndoResult {
    try shots.undo(attempt, note: note)
  }

  /// Moved to `shots.void(_:reason:)`; the same call.
  @available(*, deprecated, renamed: "shots.void(_:reason:)")
  @discardableResult
  public func void(_ attempt: ShotAttempt, reason: String) throws(ShotLogError) -> AttemptVoid {
    try shots.void(attempt, reason: reason)
  }

  // MARK: Moved to `exchange`

  /// Moved to `exchange.applyLogImport(_:token:rules:replacing:)`; the same call.
  @available(*, deprecated, renamed: "exchange.applyLogImport(_:token:rules:replacing:)")
  @discardableResult
  public func applyLogImport(_ bytes: [UInt8], token: String, rules: [RuleSet] = [], replacing: Bool = false)
    throws(ShotLogError) -> LogImportPreview
  {
    try exchange.applyLogImport(bytes, token: token, rules: rules, replacing: replacing)
  }

  /// Moved to `exchange.exportCSV()`; the same call.
  @available(*, deprecated, renamed: "exchange.exportCSV()")
  public func exportCSV() throws(ShotLogError) -> [UInt8] {
    try exchange.exportCSV()
  }

  /// Moved to `exchange.exportJSON()`; the same call.
  @available(*, deprecated, renamed: "exchange.exportJSON()")
  public func exportJSON() throws(ShotLogError) -> [UInt8] {
    try exchange.exportJSON()
  }

  /// Moved to `exchange.exportShotsJSONL()`; the same call.
  @available(*, deprecated, renamed: "exchange.exportShotsJSONL()")
  public func exportShotsJSONL() throws(ShotLogError) -> [UInt8] {
    try exchange.exportShotsJSONL()
  }

  /// Moved to `exchange.previewLogImport(_:rules:replacing:)`; the same call.
  @available(*, deprecated, renamed: "exchange.previewLogImport(_:rules:replacing:)")
  public func previewLogImport(_ bytes: [UInt8], rules: [RuleSet] = [], replacing: Bool = false) throws(ShotLogError)
    -> LogImportPreview
  {
    try exchange.previewLogImport(bytes, rules: rules, replacing: replacing)
  }

  // MARK: Moved to `shotImport`

  /// Moved to `shotImport.applyShotImport(_:options:token:)`; the same call.
  @available(*, deprecated, renamed: "shotImport.applyShotImport(_:options:token:)")
  @discardableResult
  public func applyShotImport(
    _ files: [ShotImportFile], options: ShotImportOptions = ShotImportOptions(), token: String
  ) throws(ShotImportError) -> (preview: ShotImportPreview, attempts: [Int64]) {
    try shotImport.applyShotImport(files, options: options, token: token)
  }

  /// Moved to `shotImport.attemptsWithCurves()`; the same call.
  @available(*, deprecated, renamed: "shotImport.attemptsWithCurves()")
  public func attemptsWithCurves() throws(ShotLogError) -> Set<Int64> {
    try shotImport.attemptsWithCurves()
  }

  /// Moved to `shotImport.curves(attemptID:)`; the same call.
  @available(*, deprecated, renamed: "shotImport.curves(attemptID:)")
  public func curves(attemptID: Int64) throws(ShotLogError) -> [ImportedCurve] {
    try shotImport.curves(attemptID: attemptID)
  }

  /// Moved to `shotImport.importSource(attemptID:)`; the same call.
  @available(*, deprecated, renamed: "shotImport.importSource(attemptID:)")
  public func importSource(attemptID: Int64) throws(ShotLogError) -> ImportSource? {
    try shotImport.importSource(attemptID: attemptID)
  }

  /// Moved to `shotImport.importSources()`; the same call.
  @available(*, deprecated, renamed: "shotImport.importSources()")
  public func importSources() throws(ShotLogError) -> [Int64: ImportSource] {
    try shotImport.importSources()
  }

  /// Moved to `shotImport.importedRating(attemptID:)`; the same call.
  @available(*, deprecated, renamed: "shotImport.importedRating(attemptID:)")
  public func importedRating(attemptID: Int64) throws(ShotLogError) -> ExactNumber? {
    try shotImport.importedRating(attemptID: attemptID)
  }

  /// Moved to `shotImport.previewShotImport(_:options:)`; the same call.
  @available(*, deprecated, renamed: "shotImport.previewShotImport(_:options:)")
  public func previewShotImport(_ files: [ShotImportFile], options: ShotImportOptions = ShotImportOptions())
    throws(ShotImportError) -> ShotImportPreview
  {
    try shotImport.previewShotImport(files, options: options)
  }

  // MARK: Moved to `replay`

  /// Moved to `replay.report(with:)`; the same call.
  @available(*, deprecated, renamed: "replay.report(with:)")
  public func replay(_ rules: RuleSet) throws(ShotLogError) -> ReplayReport {
    try replay.report(with: rules)
  }

  /// Moved to `replay.shotRecords()`; the same call.
  @available(*, deprecated, renamed: "replay.shotRecords()")
  public func shotRecords() throws(ShotLogError) -> [(attemptID: Int64, record: ShotRecord)] {
    try replay.shotRecords()
  }
}

// The async store's methods before it was split by concern, as the synchronous store's above.
extension AsyncShotLogStore {
  // MARK: Moved to `profiles`

  /// Moved to `profiles.activeSnapshot(beanID:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.activeSnapshot(beanID:)")
  public func activeSnapshot(beanID: Int64) throws(ShotLogError) -> RecipeSnapshot? {
    try perform { store throws(ShotLogError) in try store.profiles.activeSnapshot(beanID: beanID) }
  }

  /// Moved to `profiles.addBasket(name:capacityG:notes:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.addBasket(name:capacityG:notes:)")
  @discardableResult
  public func addBasket(name: String, capacityG: ExactNumber? = nil, notes: String? = nil) throws(ShotLogError)
    -> Basket
  {
    try perform { store throws(ShotLogError) in
      try store.profiles.addBasket(name: name, capacityG: capacityG, notes: notes)
    }
  }

  /// Moved to `profiles.addBean(name:roaster:roastDate:origin:process:roastLevel:notes:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.addBean(name:roaster:roastDate:origin:process:roastLevel:notes:)")
  @discardableResult
  public func addBean(
    name: String, roaster: String? = nil, roastDate: CalendarDate? = nil, origin: String? = nil, process: String? = nil,
    roastLevel: RoastLevel? = nil, notes: String? = nil
  ) throws(ShotLogError) -> Bean {
    try perform { store throws(ShotLogError) in
      try store.profiles.addBean(
        name: name, roaster: roaster, roastDate: roastDate, origin: origin, process: process, roastLevel: roastLevel,
        notes: notes)
    }
  }

  /// Moved to `profiles.addGrinder(name:scale:settingsNote:notes:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.addGrinder(name:scale:settingsNote:notes:)")
  @discardableResult
  public func addGrinder(name: String, scale: GrinderScale?, settingsNote: String? = nil, notes: String? = nil)
    throws(ShotLogError) -> Grinder
  {
    try perform { store throws(ShotLogError) in
      try store.profiles.addGrinder(name: name, scale: scale, settingsNote: settingsNote, notes: notes)
    }
  }

  /// Moved to `profiles.bagUsage(beanID:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.bagUsage(beanID:)")
  public func bagUsage(beanID: Int64) throws(ShotLogError) -> [BagUsage] {
    try perform { store throws(ShotLogError) in try store.profiles.bagUsage(beanID: beanID) }
  }

  /// Moved to `profiles.bags(beanID:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.bags(beanID:)")
  public func bags(beanID: Int64) throws(ShotLogError) -> [Bag] {
    try perform { store throws(ShotLogError) in try store.profiles.bags(beanID: beanID) }
  }

  /// Moved to `profiles.basket(id:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.basket(id:)")
  public func basket(id: Int64) throws(ShotLogError) -> Basket? {
    try perform { store throws(ShotLogError) in try store.profiles.basket(id: id) }
  }

  /// Moved to `profiles.baskets(includeArchived:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.baskets(includeArchived:)")
  public func baskets(includeArchived: Bool = false) throws(ShotLogError) -> [Basket] {
    try perform { store throws(ShotLogError) in try store.profiles.baskets(includeArchived: includeArchived) }
  }

  /// Moved to `profiles.bean(id:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.bean(id:)")
  public func bean(id: Int64) throws(ShotLogError) -> Bean? {
    try perform { store throws(ShotLogError) in try store.profiles.bean(id: id) }
  }

  /// Moved to `profiles.beans(includeArchived:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.beans(includeArchived:)")
  public func beans(includeArchived: Bool = false) throws(ShotLogError) -> [Bean] {
    try perform { store throws(ShotLogError) in try store.profiles.beans(includeArchived: includeArchived) }
  }

  /// Moved to `profiles.currentBag(beanID:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.currentBag(beanID:)")
  public func currentBag(beanID: Int64) throws(ShotLogError) -> Bag? {
    try perform { store throws(ShotLogError) in try store.profiles.currentBag(beanID: beanID) }
  }

  /// Moved to `profiles.findBasket(_:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.findBasket(_:)")
  public func findBasket(_ reference: String) throws(ShotLogError) -> Basket {
    try perform { store throws(ShotLogError) in try store.profiles.findBasket(reference) }
  }

  /// Moved to `profiles.findBean(_:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.findBean(_:)")
  public func findBean(_ reference: String) throws(ShotLogError) -> Bean {
    try perform { store throws(ShotLogError) in try store.profiles.findBean(reference) }
  }

  /// Moved to `profiles.findGrinder(_:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.findGrinder(_:)")
  public func findGrinder(_ reference: String) throws(ShotLogError) -> Grinder {
    try perform { store throws(ShotLogError) in try store.profiles.findGrinder(reference) }
  }

  /// Moved to `profiles.grinder(id:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.grinder(id:)")
  public func grinder(id: Int64) throws(ShotLogError) -> Grinder? {
    try perform { store throws(ShotLogError) in try store.profiles.grinder(id: id) }
  }

  /// Moved to `profiles.grinders(includeArchived:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.grinders(includeArchived:)")
  public func grinders(includeArchived: Bool = false) throws(ShotLogError) -> [Grinder] {
    try perform { store throws(ShotLogError) in try store.profiles.grinders(includeArchived: includeArchived) }
  }

  /// Moved to `profiles.openBag(of:roaster:roastDate:weightG:openedOn:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.openBag(of:roaster:roastDate:weightG:openedOn:)")
  @discardableResult
  public func openBag(
    of bean: Bean, roaster: String? = nil, roastDate: CalendarDate?, weightG: ExactNumber? = nil,
    openedOn: CalendarDate? = nil
  ) throws(ShotLogError) -> Bag {
    try perform { store throws(ShotLogError) in
      try store.profiles.openBag(of: bean, roaster: roaster, roastDate: roastDate, weightG: weightG, openedOn: openedOn)
    }
  }

  /// Moved to `profiles.recipeDifferences(from:to:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.recipeDifferences(from:to:)")
  public func recipeDifferences(from earlier: RecipeSnapshot, to later: RecipeSnapshot) throws(ShotLogError)
    -> [RecipeDifference]
  {
    try perform { store throws(ShotLogError) in try store.profiles.recipeDifferences(from: earlier, to: later) }
  }

  /// Moved to `profiles.scaleRecipe(for:toDose:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.scaleRecipe(for:toDose:)")
  @discardableResult
  public func scaleRecipe(for bean: Bean, toDose doseG: ExactNumber) throws(ShotLogError) -> RecipeSnapshot {
    try perform { store throws(ShotLogError) in try store.profiles.scaleRecipe(for: bean, toDose: doseG) }
  }

  /// Moved to `profiles.setArchived(_:id:archived:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.setArchived(_:id:archived:)")
  public func setArchived(_ kind: ProfileKind, id: Int64, archived: Bool) throws(ShotLogError) {
    try perform { store throws(ShotLogError) in try store.profiles.setArchived(kind, id: id, archived: archived) }
  }

  /// Moved to `profiles.setRecipe(for:_:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.setRecipe(for:_:)")
  @discardableResult
  public func setRecipe(for bean: Bean, _ change: RecipeChange) throws(ShotLogError) -> RecipeSnapshot {
    try perform { store throws(ShotLogError) in try store.profiles.setRecipe(for: bean, change) }
  }

  /// Moved to `profiles.snapshot(id:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.snapshot(id:)")
  public func snapshot(id: Int64) throws(ShotLogError) -> RecipeSnapshot? {
    try perform { store throws(ShotLogError) in try store.profiles.snapshot(id: id) }
  }

  /// Moved to `profiles.snapshots(beanID:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.snapshots(beanID:)")
  public func snapshots(beanID: Int64) throws(ShotLogError) -> [RecipeSnapshot] {
    try perform { store throws(ShotLogError) in try store.profiles.snapshots(beanID: beanID) }
  }

  /// Moved to `profiles.updateBag(_:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.updateBag(_:)")
  public func updateBag(_ bag: Bag) throws(ShotLogError) {
    try perform { store throws(ShotLogError) in try store.profiles.updateBag(bag) }
  }

  /// Moved to `profiles.updateBasket(_:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.updateBasket(_:)")
  public func updateBasket(_ basket: Basket) throws(ShotLogError) {
    try perform { store throws(ShotLogError) in try store.profiles.updateBasket(basket) }
  }

  /// Moved to `profiles.updateBean(_:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.updateBean(_:)")
  @discardableResult
  public func updateBean(_ bean: Bean) throws(ShotLogError) -> Bag? {
    try perform { store throws(ShotLogError) in try store.profiles.updateBean(bean) }
  }

  /// Moved to `profiles.updateGrinder(_:)`; the same call, `async`.
  @available(*, deprecated, renamed: "profiles.updateGrinder(_:)")
  @discardableResult
  public func updateGrinder(_ grinder: Grinder) throws(ShotLogError) -> [RecipeSnapshot] {
    try perform { store throws(ShotLogError) in try store.profiles.updateGrinder(grinder) }
  }

  // MARK: Moved to `shots`

  /// Moved to `shots.accept(_:note:)`; the same call, `async`.
  @available(*, deprecated, renamed: "shots.accept(_:note:)")
  @discardableResult
  public func accept(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> AcceptResult {
    try perform { store throws(ShotLogError) in try store.shots.accept(attempt, note: note) }
  }

  /// Moved to `shots.amend(_:measurements:rating:notes:rules:)`; the same call, `async`.
  @available(*, deprecated, renamed: "shots.amend(_:measurements:rating:notes:rules:)")
  @discardableResult
  public func amend(
    _ attempt: ShotAttempt, measurements: ShotRecord.Measurements, rating: ExactNumber?, notes: String?,
    rules: RuleSet = .defaultEspresso
  ) throws(ShotLogError) -> LoggedShot {
    try perform { store throws(ShotLogError) in
      try store.shots.amend(attempt, measurements: measurements, rating: rating, notes: notes, rules: rules)
    }
  }

  /// Moved to `shots.attempt(id:)`; the same call, `async`.
  @available(*, deprecated, renamed: "shots.attempt(id:)")
  public func attempt(id: Int64) throws(ShotLogError) -> ShotAttempt? {
    try perform { store throws(ShotLogError) in try store.shots.attempt(id: id) }
  }

  /// Moved to `shots.attemptCount()`; the same call, `async`.
  @available(*, deprecated, renamed: "shots.attemptCount()")
  public func attemptCount() throws(ShotLogError) -> Int {
    try perform { store throws(ShotLogError) in try store.shots.attemptCount() }
  }

  /// Moved to `shots.findAttempt(_:)`; the same call, `async`.
  @available(*, deprecated, renamed: "shots.findAttempt(_:)")
  public func findAttempt(_ reference: String) throws(ShotLogError) -> ShotAttempt {
    try perform { store throws(ShotLogError) in try store.shots.findAttempt(reference) }
  }

  /// Moved to `shots.history(_:)`; the same call, `async`.
  @available(*, deprecated, renamed: "shots.history(_:)")
  public func history(_ filter: HistoryFilter = HistoryFilter()) throws(ShotLogError) -> [HistoryRow] {
    try perform { store throws(ShotLogError) in try store.shots.history(filter) }
  }

  /// Moved to `shots.latestAttempt(beanID:)`; the same call, `async`.
  @available(*, deprecated, renamed: "shots.latestAttempt(beanID:)")
  public func latestAttempt(beanID: Int64? = nil) throws(ShotLogError) -> ShotAttempt? {
    try perform { store throws(ShotLogError) in try store.shots.latestAttempt(beanID: beanID) }
  }

  /// Moved to `shots.logShot(_:of:pulledAt:notes:rating:recipe:grind:rules:)`; the same call, `async`.
  @available(*, deprecated, renamed: "shots.logShot(_:of:pulledAt:notes:rating:recipe:grind:rules:)")
  @discardableResult
  public func logShot(
    _ measurements: ShotRecord.Measurements, of bean: Bean, pulledAt: Timestamp? = nil, notes: String? = nil,
    rating: ExactNumber? = nil, recipe: RecipeSnapshot? = nil, grind: String? = nil, rules: RuleSet = .defaultEspresso
  ) throws(ShotLogError) -> LoggedShot {
    try perform { store throws(ShotLogError) in
      try store.shots.logShot(
        measurements, of: bean, pulledAt: pulledAt, notes: notes, rating: rating, recipe: recipe, grind: grind,
        rules: rules)
    }
  }

  /// Moved to `shots.reject(_:note:)`; the same call, `async`.
  @available(*, deprecated, renamed: "shots.reject(_:note:)")
  @discardableResult
  public func reject(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> SuggestionEvent {
    try perform { store throws(ShotLogError) in try store.shots.reject(attempt, note: note) }
  }

  /// Moved to `shots.review(_:reevaluatedWith:)`; the same call, `async`.
  @available(*, deprecated, renamed: "shots.review(_:reevaluatedWith:)")
  public func review(_ attempt: ShotAttempt, reevaluatedWith rules: RuleSet? = nil) throws(ShotLogError) -> Review {
    try perform { store throws(ShotLogError) in try store.shots.review(attempt, reevaluatedWith: rules) }
  }

  /// Moved to `shots.undo(_:note:)`; the same call, `async`.
  @available(*, deprecated, renamed: "shots.undo(_:note:)")
  @discardableResult
  public func undo(_ attempt: ShotAttempt, note: String? = nil) throws(ShotLogError) -> UndoResult {
    try perform { store throws(ShotLogError) in try store.shots.undo(attempt, note: note) }
  }

  /// Moved to `shots.void(_:reason:)`; the same call, `async`.
  @available(*, deprecated, renamed: "shots.void(_:reason:)")
  @discardableResult
  public func void(_ attempt: ShotAttempt, reason: String) throws(ShotLogError) -> AttemptVoid {
    try perform { store throws(ShotLogError) in try store.shots.void(attempt, reason: reason) }
  }

  // MARK: Moved to `exchange`

  /// Moved to `exchange.applyLogImport(_:token:rules:replacing:)`; the same call, `async`.
  @available(*, deprecated, renamed: "exchange.applyLogImport(_:token:rules:replacing:)")
  @discardableResult
  public func applyLogImport(_ bytes: [UInt8], token: String, rules: [RuleSet] = [], replacing: Bool = false)
    throws(ShotLogError) -> LogImportPreview
  {
    try perform { store throws(ShotLogError) in
      try store.exchange.applyLogImport(bytes, token: token, rules: rules, replacing: replacing)
    }
  }

  /// Moved to `exchange.exportCSV()`; the same call, `async`.
  @available(*, deprecated, renamed: "exchange.exportCSV()")
  public func exportCSV() throws(ShotLogError) -> [UInt8] {
    try perform { store throws(ShotLogError) in try store.exchange.exportCSV() }
  }

  /// Moved to `exchange.exportJSON()`; the same call, `async`.
  @available(*, deprecated, renamed: "exchange.exportJSON()")
  public func exportJSON() throws(ShotLogError) -> [UInt8] {
    try perform { store throws(ShotLogError) in try store.exchange.exportJSON() }
  }

  /// Moved to `exchange.exportShotsJSONL()`; the same call, `async`.
  @available(*, deprecated, renamed: "exchange.exportShotsJSONL()")
  public func exportShotsJSONL() throws(ShotLogError) -> [UInt8] {
    try perform { store throws(ShotLogError) in try store.exchange.exportShotsJSONL() }
  }

  /// Moved to `exchange.previewLogImport(_:rules:replacing:)`; the same call, `async`.
  @available(*, deprecated, renamed: "exchange.previewLogImport(_:rules:replacing:)")
  public func previewLogImport(_ bytes: [UInt8], rules: [RuleSet] = [], replacing: Bool = false) throws(ShotLogError)
    -> LogImportPreview
  {
    try perform { store throws(ShotLogError) in
      try store.exchange.previewLogImport(bytes, rules: rules, replacing: replacing)
    }
  }

  // MARK: Moved to `shotImport`

  /// Moved to `shotImport.applyShotImport(_:options:token:)`; the same call, `async`.
  @available(*, deprecated, renamed: "shotImport.applyShotImport(_:options:token:)")
  @discardableResult
  public func applyShotImport(
    _ files: [ShotImportFile], options: ShotImportOptions = ShotImportOptions(), token: String
  ) throws(ShotImportError) -> (preview: ShotImportPreview, attempts: [Int64]) {
    try performImport { store throws(ShotImportError) in
      try store.shotImport.applyShotImport(files, options: options, token: token)
    }
  }

  /// Moved to `shotImport.previewShotImport(_:options:)`; the same call, `async`.
  @available(*, deprecated, renamed: "shotImport.previewShotImport(_:options:)")
  public func previewShotImport(_ files: [ShotImportFile], options: ShotImportOptions = ShotImportOptions())
    throws(ShotImportError) -> ShotImportPreview
  {
    try performImport { store throws(ShotImportError) in try store.shotImport.previewShotImport(files, options: options)
    }
  }

  // MARK: Moved to `replay`

  /// Moved to `replay.report(with:)`; the same call, `async`.
  @available(*, deprecated, renamed: "replay.report(with:)")
  public func replay(_ rules: RuleSet) throws(ShotLogError) -> ReplayReport {
    try perform { store throws(ShotLogError) in try store.replay.report(with: rules) }
  }
}
