extension ShotLogError {
  /// The families of errors, one per kind of operation that can fail: each case of `ShotLogError`
  /// belongs to exactly one (``ShotLogError/family``), and `ShotLogError` lists its cases family by
  /// family. An app that words errors itself can start from the family — a ``databaseFile`` error
  /// is about the file, whatever the call; a ``value`` error points at what the barista typed — and
  /// word the cases it knows better.
  ///
  /// Which part of the store throws which families:
  ///
  /// | Part | Families |
  /// | --- | --- |
  /// | `ShotLogStore.open(at:…)`, `openInMemory()`, settings, checks | ``databaseFile`` |
  /// | `profiles` (beans, grinders, baskets, bags, recipes) | ``databaseFile``, ``lookup``, ``value``, ``recipe`` |
  /// | `shots` (log, review, answer, correct, history) | ``databaseFile``, ``lookup``, ``value``, ``recipe``, ``answer``, ``correction`` |
  /// | `exchange` (export, log import) | ``databaseFile``, ``import`` |
  /// | `shotImport` (other apps' files) | ``databaseFile``, inside `ShotImportError.store` for the preview and the apply |
  /// | `Quantity.parse(_:)`, `Quantity.check(_:)` | ``value`` |
  /// | `replay` | ``databaseFile`` |
  ///
  /// Any call can also meet ``damagedContent`` (a file changed by another program) and ``bug``.
  /// New families may be added in a minor release, as new cases are: end a `switch` over it with
  /// `@unknown default`.
  public enum Family: Hashable, Sendable {
    /// The database file: opening, reading and writing it — not a shot log, damaged, newer,
    /// read-only, missing, locked by another connection, a full disk, a closed async store.
    case databaseFile
    /// A profile, bag or shot that is not there, or more than one that fits a reference.
    case lookup
    /// A name, text, number, tag, rating, grind setting or time that is not valid, or a name that
    /// is taken.
    case value
    /// A first recipe that is incomplete, a change that changes nothing, a scaled recipe or a new
    /// grinder scale that does not fit, a snapshot of another bean.
    case recipe
    /// Accepting or rejecting a suggestion, and what stands in the way: no suggestion, answered
    /// already, not the latest shot, the recipe changed since, a change that cannot be applied.
    case answer
    /// Voids, amendments and undos: a shot voided or corrected already, nothing to amend or undo.
    case correction
    /// A log import that cannot go ahead: a stale preview token, invalid or conflicting entries.
    case `import`
    /// A stored value the log cannot read back (the file was changed by another program).
    case damagedContent
    /// A bug: something that should not happen did. Please report it.
    case bug
  }

  /// The family the case belongs to: the kind of operation that failed (see ``Family``).
  public var family: Family {
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
