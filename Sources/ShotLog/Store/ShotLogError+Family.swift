extension ShotLogError {
  /// The families of errors, as `ShotLogError` lists its cases (one per `MARK` section): the
  /// wordings (`message(in:)`, `dialshot`'s) are written family by family.
  package enum Family: Sendable {
    /// The database file: opening, reading and writing it.
    case databaseFile
    /// A profile, bag or shot that is not there, or more than one.
    case lookup
    /// A name, setting, number, tag, rating or time that is not valid.
    case value
    /// A first recipe, a change, or a snapshot that does not fit.
    case recipe
    /// Accepting or rejecting a suggestion, and what stands in the way.
    case answer
    /// Voids, amendments and undos.
    case correction
    /// An import that cannot go ahead.
    case `import`
    /// A stored value the log cannot read.
    case damagedContent
    /// A bug.
    case bug
  }

  /// The case's family.
  package var family: Family {
    switch self {
    case .notADatabase, .damaged, .newerSchema, .foreignDatabase, .readOnly, .noSuchFile, .cannotOpen, .noSuchDirectory,
      .emptyFile, .busy, .ioError, .closed:
      .databaseFile
    case .profileNotFound, .ambiguousProfile, .ambiguousName, .unknownProfileID, .bagNotFound, .unknownBagID,
      .shotNotFound, .ambiguousShot, .noShotsYet, .noRecipe:
      .lookup
    case .invalidName, .invalidGrindSetting, .invalidText, .duplicateName, .invalidGrinderScale, .invalidNumber,
      .quantityOutOfRange, .unknownTag, .contradictoryTags, .firstDropNotBeforeEnd, .invalidRating, .grindDoesNotFit,
      .futureTime:
      .value
    case .firstRecipeIncomplete, .recipeUnchanged, .scaledYieldOutOfRange, .scaleDoesNotFitRecipe,
      .snapshotOfAnotherBean:
      .recipe
    case .noSuggestion, .alreadyAnswered, .nothingToAnswer, .recipeChangedSince, .notLatestShot, .cannotApply: .answer
    case .shotVoided, .shotCorrected, .nothingToAmend, .nothingToUndo, .alreadyUndone: .correction
    case .staleImportToken, .importBlocked: .import
    case .unreadableDecision, .unreadableRecipeValue, .danglingReference: .damagedContent
    case .internalError: .bug
    }
  }
}
