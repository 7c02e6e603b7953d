import DialRules

/// Beans, grinders, baskets and recipes: each method is the `ShotLogStore` method of the same
/// name, run on the store's thread.
extension AsyncShotLogStore {
  /// The beans, by name (`ShotLogStore.beans(includeArchived:)`).
  public func beans(includeArchived: Bool = false) throws(ShotLogError) -> [Bean] {
    try perform { store throws(ShotLogError) in try store.profiles.beans(includeArchived: includeArchived) }
  }

  /// The grinders, by name (`ShotLogStore.grinders(includeArchived:)`).
  public func grinders(includeArchived: Bool = false) throws(ShotLogError) -> [Grinder] {
    try perform { store throws(ShotLogError) in try store.profiles.grinders(includeArchived: includeArchived) }
  }

  /// The baskets, by name (`ShotLogStore.baskets(includeArchived:)`).
  public func baskets(includeArchived: Bool = false) throws(ShotLogError) -> [Basket] {
    try perform { store throws(ShotLogError) in try store.profiles.baskets(includeArchived: includeArchived) }
  }

  /// The bean with row id `id`, or nil (`ShotLogStore.bean(id:)`).
  public func bean(id: Int64) throws(ShotLogError) -> Bean? {
    try perform { store throws(ShotLogError) in try store.profiles.bean(id: id) }
  }

  /// The grinder with row id `id`, or nil (`ShotLogStore.grinder(id:)`).
  public func grinder(id: Int64) throws(ShotLogError) -> Grinder? {
    try perform { store throws(ShotLogError) in try store.profiles.grinder(id: id) }
  }

  /// The basket with row id `id`, or nil (`ShotLogStore.basket(id:)`).
  public func basket(id: Int64) throws(ShotLogError) -> Basket? {
    try perform { store throws(ShotLogError) in try store.profiles.basket(id: id) }
  }

  /// A bean by name, the unique start of a name, or a UUID prefix (`ShotLogStore.findBean(_:)`).
  public func findBean(_ reference: String) throws(ShotLogError) -> Bean {
    try perform { store throws(ShotLogError) in try store.profiles.findBean(reference) }
  }

  /// A grinder by name, the unique start of a name, or a UUID prefix (`ShotLogStore.findGrinder(_:)`).
  public func findGrinder(_ reference: String) throws(ShotLogError) -> Grinder {
    try perform { store throws(ShotLogError) in try store.profiles.findGrinder(reference) }
  }

  /// A basket by name, the unique start of a name, or a UUID prefix (`ShotLogStore.findBasket(_:)`).
  public func findBasket(_ reference: String) throws(ShotLogError) -> Basket {
    try perform { store throws(ShotLogError) in try store.profiles.findBasket(reference) }
  }

  /// Adds a bean (`ShotLogStore.addBean(name:roaster:roastDate:origin:process:roastLevel:notes:)`).
  @discardableResult
  public func addBean(
    name: String, roaster: String? = nil, roastDate: CalendarDate? = nil, origin: String? = nil,
    process: String? = nil, roastLevel: RoastLevel? = nil, notes: String? = nil
  ) throws(ShotLogError) -> Bean {
    try perform { store throws(ShotLogError) in
      try store.profiles.addBean(
        name: name, roaster: roaster, roastDate: roastDate, origin: origin, process: process, roastLevel: roastLevel,
        notes: notes)
    }
  }

  /// Saves a bean's edited fields, and returns the bag an edited roaster or roast date opened
  /// (`ShotLogStore.updateBean(_:)`).
  @discardableResult
  public func updateBean(_ bean: Bean) throws(ShotLogError) -> Bag? {
    try perform { store throws(ShotLogError) in try store.profiles.updateBean(bean) }
  }

  /// A bean's bags, oldest first (`ShotLogStore.bags(beanID:)`).
  public func bags(beanID: Int64) throws(ShotLogError) -> [Bag] {
    try perform { store throws(ShotLogError) in try store.profiles.bags(beanID: beanID) }
  }

  /// The bag shots of the bean are pulled from now (`ShotLogStore.currentBag(beanID:)`).
  public func currentBag(beanID: Int64) throws(ShotLogError) -> Bag? {
    try perform { store throws(ShotLogError) in try store.profiles.currentBag(beanID: beanID) }
  }

  /// Each bag's shots and grams left (`ShotLogStore.bagUsage(beanID:)`).
  public func bagUsage(beanID: Int64) throws(ShotLogError) -> [BagUsage] {
    try perform { store throws(ShotLogError) in try store.profiles.bagUsage(beanID: beanID) }
  }

  /// Opens the bean's next bag; the recipe stays (`ShotLogStore.openBag(of:roaster:roastDate:weightG:openedOn:)`).
  @discardableResult
  public func openBag(
    of bean: Bean, roaster: String? = nil, roastDate: CalendarDate?, weightG: ExactNumber? = nil,
    openedOn: CalendarDate? = nil
  ) throws(ShotLogError) -> Bag {
    try perform { store throws(ShotLogError) in
      try store.profiles.openBag(of: bean, roaster: roaster, roastDate: roastDate, weightG: weightG, openedOn: openedOn)
    }
  }

  /// Saves a bag's corrected facts (`ShotLogStore.updateBag(_:)`).
  public func updateBag(_ bag: Bag) throws(ShotLogError) {
    try perform { store throws(ShotLogError) in try store.profiles.updateBag(bag) }
  }

  /// Adds a grinder (`ShotLogStore.addGrinder(name:scale:settingsNote:notes:)`).
  @discardableResult
  public func addGrinder(name: String, scale: GrinderScale?, settingsNote: String? = nil, notes: String? = nil)
    throws(ShotLogError) -> Grinder
  {
    try perform { store throws(ShotLogError) in
      try store.profiles.addGrinder(name: name, scale: scale, settingsNote: settingsNote, notes: notes)
    }
  }

  /// Saves a grinder's edited fields; returns the recipe snapshots a new scale made
  /// (`ShotLogStore.updateGrinder(_:)`).
  @discardableResult
  public func updateGrinder(_ grinder: Grinder) throws(ShotLogError) -> [RecipeSnapshot] {
    try perform { store throws(ShotLogError) in try store.profiles.updateGrinder(grinder) }
  }

  /// Adds a basket (`ShotLogStore.addBasket(name:capacityG:notes:)`).
  @discardableResult
  public func addBasket(name: String, capacityG: ExactNumber? = nil, notes: String? = nil) throws(ShotLogError)
    -> Basket
  {
    try perform { store throws(ShotLogError) in
      try store.profiles.addBasket(name: name, capacityG: capacityG, notes: notes)
    }
  }

  /// Saves a basket's edited fields (`ShotLogStore.updateBasket(_:)`).
  public func updateBasket(_ basket: Basket) throws(ShotLogError) {
    try perform { store throws(ShotLogError) in try store.profiles.updateBasket(basket) }
  }

  /// Archives or restores a profile (`ShotLogStore.setArchived(_:id:archived:)`).
  public func setArchived(_ kind: ProfileKind, id: Int64, archived: Bool) throws(ShotLogError) {
    try perform { store throws(ShotLogError) in try store.profiles.setArchived(kind, id: id, archived: archived) }
  }

  /// The bean's current recipe, nil before its first (`ShotLogStore.activeSnapshot(beanID:)`).
  public func activeSnapshot(beanID: Int64) throws(ShotLogError) -> RecipeSnapshot? {
    try perform { store throws(ShotLogError) in try store.profiles.activeSnapshot(beanID: beanID) }
  }

  /// The recipe snapshot with row id `id`, or nil (`ShotLogStore.snapshot(id:)`).
  public func snapshot(id: Int64) throws(ShotLogError) -> RecipeSnapshot? {
    try perform { store throws(ShotLogError) in try store.profiles.snapshot(id: id) }
  }

  /// All of a bean's recipe snapshots, oldest first (`ShotLogStore.snapshots(beanID:)`).
  public func snapshots(beanID: Int64) throws(ShotLogError) -> [RecipeSnapshot] {
    try perform { store throws(ShotLogError) in try store.profiles.snapshots(beanID: beanID) }
  }

  /// Sets the recipe of `bean`: a new snapshot with `change` applied (`ShotLogStore.setRecipe(for:_:)`).
  @discardableResult
  public func setRecipe(for bean: Bean, _ change: RecipeChange) throws(ShotLogError) -> RecipeSnapshot {
    try perform { store throws(ShotLogError) in try store.profiles.setRecipe(for: bean, change) }
  }

  /// Scales the recipe of `bean` to a new dose, keeping the ratio
  /// (`ShotLogStore.scaleRecipe(for:toDose:)`).
  @discardableResult
  public func scaleRecipe(for bean: Bean, toDose doseG: ExactNumber) throws(ShotLogError) -> RecipeSnapshot {
    try perform { store throws(ShotLogError) in try store.profiles.scaleRecipe(for: bean, toDose: doseG) }
  }
}
