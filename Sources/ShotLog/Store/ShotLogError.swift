import DialRules

/// Everything that can go wrong in the shot log, as data an app can branch on and word itself.
///
/// Every public throwing method of `ShotLogStore` and its parts throws only this type (typed
/// `throws`), except the shot import's preview and apply (`ShotImportError`). Each case belongs
/// to one `Family` — the database file, lookups, values, recipes, answering a suggestion,
/// corrections, the log import, damaged content, bugs — listed in that order below. The cases
/// carry what the message needs — the file, the name, the value: `description` gives a plain
/// English sentence for logs, `message(in:)` the sentence in English, German or Spanish, and a
/// command line or app may have its own wording (and exit statuses) for each case, the case being
/// the message id. None of the failures leaves the database changed: a refused write
/// is rolled back, and a file the log does not understand is never written.
///
/// The enum will grow as the log does (new checks, new kinds of data): end a `switch` over it with
/// `@unknown default`, and a typed `do`/`catch` with a plain `catch`. A case's meaning never
/// changes once released.
public enum ShotLogError: Error, Hashable, Sendable, CustomStringConvertible {
  // MARK: The database file

  /// The file is not an SQLite database at all (checked before SQLite touches it).
  case notADatabase(path: String)
  /// SQLite found the file damaged; `detail` is SQLite's own message.
  case damaged(path: String, detail: String)
  /// The database was written by a newer version of the shot log: it records migrations this
  /// build does not know, so it is not modified.
  case newerSchema(path: String, unknownMigrations: [String])
  /// An SQLite database that some other program created.
  case foreignDatabase(path: String, tables: [String])
  /// A write was needed but the file (or its directory) is read-only.
  case readOnly(path: String)
  /// The file does not exist and may not be created (read-only access).
  case noSuchFile(path: String)
  /// The file could not be opened (permissions, …); `detail` says why.
  case cannotOpen(path: String, detail: String)
  /// The directory that would hold a new database file does not exist (nothing was created).
  case noSuchDirectory(path: String, directory: String)
  /// The file exists but is empty: not a shot log, and not made into one without being asked
  /// (remove it to start a new log there).
  case emptyFile(path: String)
  /// Another connection kept the database locked for longer than the busy timeout.
  case busy(path: String)
  /// The disk is full or an input/output error occurred; the last change was not saved.
  case ioError(path: String, detail: String)
  /// The `AsyncShotLogStore` was closed (`close()`): nothing more can be read or written through
  /// it; open the file again.
  case closed(path: String)

  // MARK: Lookups

  /// No bean, grinder or basket matches `reference`; `closest` is the nearest existing name when
  /// one is close enough to be a likely typo, `known` the existing names (possibly empty).
  case profileNotFound(ProfileKind, reference: String, closest: String?, known: [String])
  /// `reference` is the start of more than one profile's id.
  case ambiguousProfile(ProfileKind, reference: String)
  /// `reference` is the start of more than one profile's name; `matches` are those names.
  case ambiguousName(ProfileKind, reference: String, matches: [String])
  /// A profile id that is not in this log (a value from another store, say).
  case unknownProfileID(ProfileKind, id: Int64)
  /// None of the bean's `count` bags matches `reference` (a bag number, `current`, or the start of
  /// an id).
  case bagNotFound(bean: String, reference: String, count: Int)
  /// A bag id that is not in this log.
  case unknownBagID(Int64)
  /// No shot matches `reference` (a shot number, `latest`, or the start of an id).
  case shotNotFound(reference: String)
  /// `reference` is the start of more than one shot's id.
  case ambiguousShot(reference: String)
  /// The log holds no shots yet (asked for the latest one).
  case noShotsYet
  /// The bean has no recipe yet, so no shot can be logged against it and there is nothing to scale.
  case noRecipe(bean: String)

  // MARK: Values

  /// A profile name that is empty or too long.
  case invalidName(ProfileKind, TextProblem)
  /// A grind setting that is empty or too long.
  case invalidGrindSetting(TextProblem)
  /// Other text (a roaster, an origin, notes) with a control character or too long.
  case invalidText(TextProblem)
  /// Another profile of the kind already has this name (compared without case).
  case duplicateName(ProfileKind, name: String, archived: Bool)
  /// A grinder scale that cannot work.
  case invalidGrinderScale(GrinderScale.Problem)
  /// Text that is not a usable number for `quantity` (`Quantity.parse`).
  case invalidNumber(Quantity, text: String, problem: NumberProblem)
  /// A value outside `quantity`'s range: zero or less, or above `quantity.maximum`.
  case quantityOutOfRange(Quantity, value: ExactNumber)
  /// A word that is not a taste or flow tag (`Validation.tastes`, `Validation.flows`).
  case unknownTag(vocabulary: String, word: String, closest: String?, known: [String])
  /// Tags that cannot be true together: `none` with a tag, or a shot that both gushed and choked.
  case contradictoryTags(vocabulary: String, words: [String])
  /// The first drop is not before the end of the shot.
  case firstDropNotBeforeEnd(firstDrop: ExactNumber, time: ExactNumber)
  /// A rating that is not 0 to 5 in half steps.
  case invalidRating(text: String)
  /// A grind setting that does not fit the grinder's numeric scale.
  case grindDoesNotFit(grind: String, grinder: String, scale: GrinderScale, GrindProblem)
  /// A time after now: a shot cannot have been pulled in the future.
  case futureTime(Timestamp, now: Timestamp)

  // MARK: Recipes

  /// A bean's first recipe needs a grinder, dose, yield, time and grind setting.
  case firstRecipeIncomplete(bean: String)
  /// The change would leave every value of the recipe as it is.
  case recipeUnchanged(bean: String)
  /// Scaling the dose would make a yield outside the yield's range.
  case scaledYieldOutOfRange(bean: String, yield: ExactNumber)
  /// A new grinder scale on which a bean's current grind setting does not fit; nothing was
  /// changed (set the bean's grind first).
  case scaleDoesNotFitRecipe(grinder: String, bean: String, grind: String, GrindProblem)
  /// The recipe snapshot a shot was to be logged against is not the bean's.
  case snapshotOfAnotherBean(bean: String)

  // MARK: Answering a suggestion

  /// The shot was logged without a decision, so there is nothing to accept or reject.
  case noSuggestion(shot: Int64)
  /// The suggestion was answered already (`event` says how and when).
  case alreadyAnswered(shot: Int64, event: SuggestionEvent)
  /// The rules found too little evidence: the decision is not a change or "no change".
  case nothingToAnswer(shot: Int64, decision: Decision)
  /// The bean's recipe changed after the shot, so its suggestion no longer applies.
  case recipeChangedSince(shot: Int64, bean: String, current: RecipeSnapshot)
  /// The shot is not the bean's latest (shot `latest` was pulled after it, or it was back-dated
  /// before that one), so its suggested change cannot go into today's recipe.
  case notLatestShot(shot: Int64, bean: String, latest: Int64)
  /// The suggested change cannot be computed for this recipe and grinder (a free-text grinder, a
  /// grind already at the end of the scale); the barista applies it by hand.
  case cannotApply(Adjustment, SuggestedChange.Problem)

  // MARK: Corrections

  /// The shot was voided: it takes no part in suggestions.
  case shotVoided(shot: Int64, void: AttemptVoid)
  /// The shot was corrected by a later attempt (`amend`); act on the correction instead.
  case shotCorrected(shot: Int64, by: Int64)
  /// An amend that would change nothing.
  case nothingToAmend(shot: Int64)
  /// An undo of a shot whose suggestion was not accepted as a recipe change.
  case nothingToUndo(shot: Int64)
  /// The accepted suggestion was undone already.
  case alreadyUndone(shot: Int64, undo: SuggestionUndo)

  // MARK: Log import

  /// The import token no longer matches: the file or the database changed since the preview.
  case staleImportToken(String)
  /// The import file has invalid or conflicting entries (its preview lists them).
  case importBlocked(invalid: Int, conflicts: Int)

  // MARK: Damaged content

  /// A stored decision cannot be read back (the file was changed by another program).
  case unreadableDecision(attempt: String, detail: String)
  /// A stored recipe value cannot be read back (the file was changed by another program).
  case unreadableRecipeValue(snapshot: String, field: String, text: String)
  /// A shot refers to a recipe, bean or grinder that is not in the file.
  case danglingReference(shot: Int64)

  // MARK: Bugs

  /// Something that should not happen did (an SQLite statement failed for no reason the log
  /// knows of); `detail` has SQLite's message and the statement. Please report it.
  case internalError(detail: String)

  /// Why a text (a name, a grind setting) is refused.
  public enum TextProblem: Hashable, Sendable {
    /// Empty, or only white space.
    case empty
    /// Longer than `limit` bytes of UTF-8 (`Validation.maxTextBytes`).
    case tooLong(limit: Int)
    /// Holds a control character (an escape code, a line break in a name): `scalar` is its value.
    case controlCharacter(UInt32)
  }

  /// Why a grind setting does not fit a grinder's numeric scale.
  public enum GrindProblem: Hashable, Sendable {
    /// The setting is not a plain number (`abc`, `3 clicks`).
    case notANumber
    /// The setting lies below the lowest or above the highest setting.
    case outsideScale
  }

  /// Why a text is not a number the log can store exactly.
  public enum NumberProblem: Hashable, Sendable {
    /// Not a plain decimal number (`abc`, `1,5`).
    case notANumber
    /// More than 9 digits after the point.
    case tooManyDecimals
    /// Too many digits, or a magnitude above 10^9.
    case tooLarge
  }

  /// A plain English sentence naming the file or the value, for logs and debugging
  /// (`message(in:)` in the barista's language; apps may word the case's values themselves).
  public var description: String {
    switch self {
    case .notADatabase(let path): "\(path): not an SQLite database"
    case .damaged(let path, let detail): "\(path): the database file is damaged (\(detail))"
    case .newerSchema(let path, let unknown):
      "\(path): written by a newer version (unknown migrations: \(unknown.joined(separator: ", ")))"
    case .foreignDatabase(let path, _): "\(path): an SQLite database that is not a shot log"
    case .readOnly(let path): "\(path): the database is read-only"
    case .noSuchFile(let path): "\(path): no such database file"
    case .cannotOpen(let path, let detail): "\(path): cannot open the database (\(detail))"
    case .noSuchDirectory(let path, let directory): "\(path): the directory \(directory) does not exist"
    case .emptyFile(let path): "\(path): an empty file, not a shot log"
    case .busy(let path): "\(path): the database stayed locked by another connection"
    case .ioError(let path, let detail): "\(path): input/output error (\(detail))"
    case .closed(let path): "\(path): the shot log was closed"
    case .profileNotFound(let kind, let reference, _, _): "no \(kind.rawValue) named '\(reference)'"
    case .ambiguousProfile(let kind, let reference): "'\(reference)' matches more than one \(kind.rawValue)"
    case .ambiguousName(let kind, let reference, let matches):
      "'\(reference)' matches more than one \(kind.rawValue): \(matches.joined(separator: ", "))"
    case .unknownProfileID(let kind, let id): "no \(kind.rawValue) with id \(id) in this log"
    case .bagNotFound(let bean, let reference, _): "bean '\(bean)' has no bag '\(reference)'"
    case .unknownBagID(let id): "no bag with id \(id) in this log"
    case .shotNotFound(let reference): "no shot '\(reference)'"
    case .ambiguousShot(let reference): "'\(reference)' matches more than one shot"
    case .noShotsYet: "no shots logged yet"
    case .noRecipe(let bean): "bean '\(bean)' has no recipe yet"
    case .invalidName(let kind, let problem): "invalid \(kind.rawValue) name (\(problem))"
    case .invalidGrindSetting(let problem): "invalid grind setting (\(problem))"
    case .invalidText(let problem): "invalid text (\(problem))"
    case .duplicateName(let kind, let name, _): "a \(kind.rawValue) named '\(name)' already exists"
    case .invalidGrinderScale(let problem): "invalid grinder scale (\(problem))"
    case .invalidNumber(let quantity, let text, let problem): "'\(text)' is not a \(quantity) value (\(problem))"
    case .quantityOutOfRange(let quantity, let value): "\(value.decimalText) is outside the \(quantity) range"
    case .unknownTag(let vocabulary, let word, _, _): "unknown \(vocabulary) tag '\(word)'"
    case .contradictoryTags(let vocabulary, let words):
      "\(vocabulary) tags that contradict: \(words.joined(separator: ", "))"
    case .firstDropNotBeforeEnd(let drop, let time):
      "first drop \(drop.decimalText) s is not before the end of the shot (\(time.decimalText) s)"
    case .invalidRating(let text): "rating '\(text)' is not 0 to 5 in half steps"
    case .grindDoesNotFit(let grind, let grinder, _, _): "grind '\(grind)' does not fit the scale of '\(grinder)'"
    case .futureTime(let time, _): "\(time.iso8601) is in the future"
    case .firstRecipeIncomplete(let bean): "the first recipe of '\(bean)' needs grinder, dose, yield, time and grind"
    case .recipeUnchanged(let bean): "the recipe of '\(bean)' already has these values"
    case .scaledYieldOutOfRange(_, let yield): "the scaled yield \(yield.decimalText) g is out of range"
    case .scaleDoesNotFitRecipe(let grinder, let bean, let grind, _):
      "the new scale of '\(grinder)' does not fit the grind '\(grind)' of '\(bean)'"
    case .snapshotOfAnotherBean(let bean): "the recipe snapshot is not one of '\(bean)'"
    case .noSuggestion(let shot): "shot #\(shot) has no suggestion"
    case .alreadyAnswered(let shot, let event): "the suggestion for shot #\(shot) was already \(event.action.rawValue)"
    case .nothingToAnswer(let shot, _): "shot #\(shot) has no change to accept or reject"
    case .recipeChangedSince(let shot, let bean, _): "the recipe of '\(bean)' changed since shot #\(shot)"
    case .notLatestShot(let shot, let bean, let latest):
      "shot #\(shot) is not the latest shot of '\(bean)' (#\(latest) is)"
    case .cannotApply(let adjustment, let problem): "cannot apply '\(adjustment.ruleText)' (\(problem))"
    case .shotVoided(let shot, _): "shot #\(shot) was voided"
    case .shotCorrected(let shot, let by): "shot #\(shot) was corrected by #\(by)"
    case .nothingToAmend(let shot): "the amendment would not change shot #\(shot)"
    case .nothingToUndo(let shot): "shot #\(shot) has no accepted recipe change to undo"
    case .alreadyUndone(let shot, _): "the accepted suggestion of shot #\(shot) was already undone"
    case .staleImportToken(let token): "the import token \(token) no longer matches"
    case .importBlocked(let invalid, let conflicts):
      "the import has \(invalid) invalid and \(conflicts) conflicting entries"
    case .unreadableDecision(let attempt, let detail): "stored attempt \(attempt) has an unreadable decision: \(detail)"
    case .unreadableRecipeValue(let snapshot, let field, let text):
      "stored recipe \(snapshot) has an unreadable \(field) '\(text)'"
    case .danglingReference(let shot): "shot #\(shot) refers to a missing recipe, bean or grinder"
    case .internalError(let detail): "internal error: \(detail)"
    }
  }
}

extension ShotLogError {
  /// Classifies an SQLite failure on the file at `path`: the file's problems get their own cases;
  /// anything else (a bug in a statement, a constraint) is an internal error.
  init(_ error: SQLiteError, path: String) {
    switch error.code.primary {
    case .notADatabase: self = .notADatabase(path: path)
    case .corrupt: self = .damaged(path: path, detail: error.message)
    case .readOnly: self = .readOnly(path: path)
    case .busy, .locked: self = .busy(path: path)
    case .cantOpen, .permission: self = .cannotOpen(path: path, detail: error.message)
    case .ioError, .full: self = .ioError(path: path, detail: error.message)
    default: self = .internalError(detail: error.description)
    }
  }

  /// Whether the failure is about the file rather than a statement (the cases `init(_:path:)` maps).
  var isAboutTheFile: Bool {
    switch self {
    case .notADatabase, .damaged, .readOnly, .busy, .cannotOpen, .ioError: true
    default: false
    }
  }
}
