import DialRules

/// Beans, grinders, baskets, bags and recipes: each method is the `ShotLogStore.Profiles` method of
/// the same name, run on the store's thread.
extension AsyncShotLogStore.Profiles {
  /// The beans, by name (`ShotLogStore.Profiles.beans(includeArchived:)`).
  public func beans(includeArchived: Bool = false) async throws(ShotLogError) -> [Bean] {
    try await log.run { store throws(ShotLogError) in try store.profiles.beans(includeArchived: includeArchived) }
  }

  /// The grinders, by name (`ShotLogStore.Profiles.grinders(includeArchived:)`).
  public func grinders(includeArchived: Bool = false) async throws(ShotLogError) -> [Grinder] {
    try await log.run { store throws(ShotLogError) in try store.profiles.grinders(includeArchived: includeArchived) }
  }

  /// The baskets, by name (`ShotLogStore.Profiles.baskets(includeArchived:)`).
  public func baskets(includeArchived: Bool = false) async throws(ShotLogError) -> [Basket] {
    try await log.run { store throws(ShotLogError) in try store.profiles.baskets(includeArchived: includeArchived) }
  }

  /// The bean with row id `id`, or nil (`ShotLogStore.Profiles.bean(id:)`).
  public func bean(id: Int64) async throws(ShotLogError) -> Bean? {
    try await log.run { store throws(ShotLogError) in try store.profiles.bean(id: id) }
  }

  /// The grinder with row id `id`, or nil (`ShotLogStore.Profiles.grinder(id:)`).
  public func grinder(id: Int64) async throws(ShotLogError) -> Grinder? {
    try await log.run { store throws(ShotLogError) in try store.profiles.grinder(id: id) }
  }

  /// The basket with row id `id`, or nil (`ShotLogStore.Profiles.basket(id:)`).
  public func basket(id: Int64) async throws(ShotLogError) -> Basket? {
    try await log.run { store throws(ShotLogError) in try store.profiles.basket(id: id) }
  }

  /// A bean by name, the unique start of a name, or a UUID prefix (`ShotLogStore.Profiles.findBean(_:)`).
  public func findBean(_ reference: String) async throws(ShotLogError) -> Bean {
    try await log.run { store throws(ShotLogError) in try store.profiles.findBean(reference) }
  }

  /// A grinder by name, the unique start of a name, or a UUID prefix (`ShotLogStore.Profiles.findGrinder(_:)`).
  public func findGrinder(_ reference: String) async throws(ShotLogError) -> Grinder {
    try await log.run { store throws(ShotLogError) in try store.profiles.findGrinder(reference) }
  }

  /// A basket by name, the unique start of a name, or a UUID prefix (`ShotLogStore.Profiles.findBasket(_:)`).
  public func findBasket(_ reference: String) async throws(ShotLogError) -> Basket {
    try await log.run { store throws(ShotLogError) in try store.profiles.findBasket(reference) }
  }

  /// Adds a bean (`ShotLogStore.Profiles.addBean(name:roaster:roastDate:origin:process:roastLevel:notes:)`).
  @discardableResult
  public func addBean(
    name: String, roaster: String? = nil, roastDate: CalendarDate? = nil, origin: String? = nil,
    process: String? = nil, roastLevel: RoastLevel? = nil, notes: String? = nil
  ) async throws(ShotLogError) -> Bean {
    try await log.run { store throws(ShotLogError) in
      try store.profiles.addBean(
        name: name, roaster: roaster, roastDate: roastDate, origin: origin, process: process, roastLevel: roastLevel,
        notes: notes)
    }
  }

  /// Saves a bean's edited fields, and returns the bag an edited roaster or roast date opened
  /// (`ShotLogStore.Profiles.updateBean(_:)`).
  @discardableResult
  public func updateBean(_ bean: Bean) async throws(ShotLogError) -> Bag? {
    try await log.run { store throws(ShotLogError) in try store.profiles.updateBean(bean) }
  }

  /// A bean's bags, oldest first (`ShotLogStore.Profiles.bags(beanID:)`).
  public func bags(beanID: Int64) async throws(ShotLogError) -> [Bag] {
    try await log.run { store throws(ShotLogError) in try store.profiles.bags(beanID: beanID) }
  }

  /// The bag shots of the bean are pulled from now (`ShotLogStore.Profiles.currentBag(beanID:)`).
  public func currentBag(beanID: Int64) async throws(ShotLogError) -> Bag? {
    try await log.run { store throws(ShotLogError) in try store.profiles.currentBag(beanID: beanID) }
  }

  /// Each bag's shots and grams left (`ShotLogStore.Profiles.bagUsage(beanID:)`).
  public func bagUsage(beanID: Int64) async throws(ShotLogError) -> [BagUsage] {
    try await log.run { store throws(ShotLogError) in try store.profiles.bagUsage(beanID: beanID) }
  }

  /// Opens the bean's next bag; the recipe stays (`ShotLogStore.Profiles.openBag(of:roaster:roastDate:weightG:openedOn:)`).
  @discardableResult
  public func openBag(
    of bean: Bean, roaster: String? = nil, roastDate: CalendarDate?, weightG: ExactNumber? = nil,
    openedOn: CalendarDate? = nil
  ) async throws(ShotLogError) -> Bag {
    try await log.run { store throws(ShotLogError) in
      try store.profiles.openBag(of: bean, roaster: roaster, roastDate: roastDate, weightG: weightG, openedOn: openedOn)
    }
  }

  /// Saves a bag's corrected facts (`ShotLogStore.Profiles.updateBag(_:)`).
  public func updateBag(_ bag: Bag) async throws(ShotLogError) {
    try await log.run { store throws(ShotLogError) in try store.profiles.updateBag(bag) }
  }

  /// Adds a grinder (`ShotLogStore.Profiles.addGrinder(name:scale:settingsNote:notes:)`).
  @discardableResult
  public func addGrinder(name: String, scale: GrinderScale?, settingsNote: String? = nil, notes: String? = nil)
    async throws(ShotLogError) -> Grinder
  {
    try await log.run { store throws(ShotLogError) in
      try store.profiles.addGrinder(name: name, scale: scale, settingsNote: settingsNote, notes: notes)
    }
  }

  /// Saves a grinder's edited fields; returns the recipe snapshots a new scale made
  /// (`ShotLogStore.Profiles.updateGrinder(_:)`).
  @discardableResult
  public func updateGrinder(_ grinder: Grinder) async throws(ShotLogError) -> [RecipeSnapshot] {
    try await log.run { store throws(ShotLogError) in try store.profiles.updateGrinder(grinder) }
  }

  /// Adds a basket (`ShotLogStore.Profiles.addBasket(name:capacityG:notes:)`).
  @discardableResult
  public func addBasket(name: String, capacityG: ExactNumber? = nil, notes: String? = nil) async throws(ShotLogError)
    -> Basket
  {
    try await log.run { store throws(ShotLogError) in
      try store.profiles.addBasket(name: name, capacityG: capacityG, notes: notes)
    }
  }

  /// Saves a basket's edited fields (`ShotLogStore.Profiles.updateBasket(_:)`).
  public func updateBasket(_ basket: Basket) async throws(ShotLogError) {
    try await log.run { store throws(ShotLogError) in try store.profiles.updateBasket(basket) }
  }

  /// Archives or restores a profile (`ShotLogStore.Profiles.setArchived(_:id:archived:)`).
  public func setArchived(_ kind: ProfileKind, id: Int64, archived: Bool) async throws(ShotLogError) {
    try await log.run { store throws(ShotLogError) in try store.profiles.setArchived(kind, id: id, archived: archived) }
  }

  /// The bean's current recipe, nil before its first (`ShotLogStore.Profiles.activeSnapshot(beanID:)`).
  public func activeSnapshot(beanID: Int64) async throws(ShotLogError) -> RecipeSnapshot? {
    try await log.run { store throws(ShotLogError) in try store.profiles.activeSnapshot(beanID: beanID) }
  }

  /// The recipe snapshot with row id `id`, or nil (`ShotLogStore.Profiles.snapshot(id:)`).
  public func snapshot(id: Int64) async throws(ShotLogError) -> RecipeSnapshot? {
    try await log.run { store throws(ShotLogError) in try store.profiles.snapshot(id: id) }
  }

  /// All of a bean's recipe snapshots, oldest first (`ShotLogStore.Profiles.snapshots(beanID:)`).
  public func snapshots(beanID: Int64) async throws(ShotLogError) -> [RecipeSnapshot] {
    try await log.run { store throws(ShotLogError) in try store.profiles.snapshots(beanID: beanID) }
  }

  /// Sets the recipe of `bean`: a new snapshot with `change` applied (`ShotLogStore.Profiles.setRecipe(for:_:)`).
  @discardableResult
  public func setRecipe(for bean: Bean, _ change: RecipeChange) async throws(ShotLogError) -> RecipeSnapshot {
    try await log.run { store throws(ShotLogError) in try store.profiles.setRecipe(for: bean, change) }
  }

  /// Scales the recipe of `bean` to a new dose, keeping the ratio
  /// (`ShotLogStore.Profiles.scaleRecipe(for:toDose:)`).
  @discardableResult
  public func scaleRecipe(for bean: Bean, toDose doseG: ExactNumber) async throws(ShotLogError) -> RecipeSnapshot {
    try await log.run { store throws(ShotLogError) in try store.profiles.scaleRecipe(for: bean, toDose: doseG) }
  }

  /// What changed between two recipe snapshots (`ShotLogStore.Profiles.recipeDifferences(from:to:)`).
  public func recipeDifferences(from earlier: RecipeSnapshot, to later: RecipeSnapshot) async throws(ShotLogError)
    -> [RecipeDifference]
  {
    try await log.run { store throws(ShotLogError) in try store.profiles.recipeDifferences(from: earlier, to: later) }
  }

  /// The bag with row id `id`, or nil (`ShotLogStore.Profiles.bag(id:)`).
  public func bag(id: Int64) async throws(ShotLogError) -> Bag? {
    try await log.run { store throws(ShotLogError) in try store.profiles.bag(id: id) }
  }

  /// One of the bean's bags by number, `current` or a UUID prefix (`ShotLogStore.Profiles.findBag(_:of:)`).
  public func findBag(_ reference: String, of bean: Bean) async throws(ShotLogError) -> Bag {
    try await log.run { store throws(ShotLogError) in try store.profiles.findBag(reference, of: bean) }
  }

  /// The recipe of a bean in force at `time` (`ShotLogStore.Profiles.snapshot(beanID:inForceAt:)`).
  public func snapshot(beanID: Int64, inForceAt time: Timestamp) async throws(ShotLogError) -> RecipeSnapshot? {
    try await log.run { store throws(ShotLogError) in try store.profiles.snapshot(beanID: beanID, inForceAt: time) }
  }
}
