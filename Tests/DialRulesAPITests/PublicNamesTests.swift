import DialRules
import DialRulesTestSupport
import Foundation
import ShotLog
import Testing

/// The public types of `DialRules` and `ShotLog` as an app sees them: this file imports Foundation
/// beside both libraries (and not `@testable`) and names every public type unqualified, so a
/// public name that Foundation, the standard library or the other library also declares fails to
/// compile here with "'X' is ambiguous for type lookup", exactly as it would in an app.
@Suite struct PublicNamesTests {
  /// Every public top-level type, each named unqualified in a type position (`as X.Type`), where
  /// an ambiguous name is an error (generic ones with an argument).
  static let publicTypes: [(name: String, type: Any.Type)] = [
    ("Adjustment", Adjustment.self as Adjustment.Type),
    ("Amount", Amount.self as Amount.Type),
    ("ConditionTrace", ConditionTrace.self as ConditionTrace.Type),
    ("Decision", Decision.self as Decision.Type),
    ("Diagnostic", Diagnostic.self as Diagnostic.Type),
    ("DiagnosticList", DiagnosticList.self as DiagnosticList.Type),
    ("DiagnosticRenderer", DiagnosticRenderer.self as DiagnosticRenderer.Type),
    ("ExactNumber", ExactNumber.self as ExactNumber.Type),
    ("Explanation", Explanation.self as Explanation.Type),
    ("FlowTag", FlowTag.self as FlowTag.Type),
    ("GrindDirection", GrindDirection.self as GrindDirection.Type),
    ("GrindSetting", GrindSetting.self as GrindSetting.Type),
    ("QuantityUnit", QuantityUnit.self as QuantityUnit.Type),
    ("RecipePreview", RecipePreview.self as RecipePreview.Type),
    ("RuleAction", RuleAction.self as RuleAction.Type),
    ("RuleExplanation", RuleExplanation.self as RuleExplanation.Type),
    ("RuleLanguage", RuleLanguage.self as RuleLanguage.Type),
    ("RuleSet", RuleSet.self as RuleSet.Type),
    ("RuleStatus", RuleStatus.self as RuleStatus.Type),
    ("ShotRecord", ShotRecord.self as ShotRecord.Type),
    ("SourceFile", SourceFile.self as SourceFile.Type),
    ("SourceSpan", SourceSpan.self as SourceSpan.Type),
    ("TagSet", TagSet<TasteTag>.self as TagSet<TasteTag>.Type),
    ("TagVocabulary", (any TagVocabulary).self as (any TagVocabulary).Type),
    ("TasteTag", TasteTag.self as TasteTag.Type),
    ("Truth", Truth.self as Truth.Type),
  ]

  /// Every public top-level type of `ShotLog`, the same way.
  static let shotLogTypes: [(name: String, type: Any.Type)] = [
    ("AcceptResult", AcceptResult.self as AcceptResult.Type),
    ("AsyncShotLogStore", AsyncShotLogStore.self as AsyncShotLogStore.Type),
    ("AttemptVoid", AttemptVoid.self as AttemptVoid.Type),
    ("Bag", Bag.self as Bag.Type),
    ("BagUsage", BagUsage.self as BagUsage.Type),
    ("Basket", Basket.self as Basket.Type),
    ("Bean", Bean.self as Bean.Type),
    ("CalendarDate", CalendarDate.self as CalendarDate.Type),
    ("Grinder", Grinder.self as Grinder.Type),
    ("GrinderScale", GrinderScale.self as GrinderScale.Type),
    ("HistoryFilter", HistoryFilter.self as HistoryFilter.Type),
    ("HistoryRow", HistoryRow.self as HistoryRow.Type),
    ("IdentifierSource", (any IdentifierSource).self as (any IdentifierSource).Type),
    ("ImportCounts", ImportCounts.self as ImportCounts.Type),
    ("ImportFormat", ImportFormat.self as ImportFormat.Type),
    ("ImportIssue", ImportIssue.self as ImportIssue.Type),
    ("ImportPreview", ImportPreview.self as ImportPreview.Type),
    ("ImportProblem", ImportProblem.self as ImportProblem.Type),
    ("ImportReader", ImportReader.self as ImportReader.Type),
    ("ImportSource", ImportSource.self as ImportSource.Type),
    ("ImportedBean", ImportedBean.self as ImportedBean.Type),
    ("ImportedCurve", ImportedCurve.self as ImportedCurve.Type),
    ("ImportedFile", ImportedFile.self as ImportedFile.Type),
    ("ImportedRating", ImportedRating.self as ImportedRating.Type),
    ("ImportedShot", ImportedShot.self as ImportedShot.Type),
    ("LoggedShot", LoggedShot.self as LoggedShot.Type),
    ("ProfileKind", ProfileKind.self as ProfileKind.Type),
    ("Quantity", Quantity.self as Quantity.Type),
    ("RandomIdentifiers", RandomIdentifiers.self as RandomIdentifiers.Type),
    ("RecipeChange", RecipeChange.self as RecipeChange.Type),
    ("RecipeDifference", RecipeDifference.self as RecipeDifference.Type),
    ("RecipeSnapshot", RecipeSnapshot.self as RecipeSnapshot.Type),
    ("ReplayReport", ReplayReport.self as ReplayReport.Type),
    ("Review", Review.self as Review.Type),
    ("RoastLevel", RoastLevel.self as RoastLevel.Type),
    ("RuleRationale", RuleRationale.self as RuleRationale.Type),
    ("ShotAttempt", ShotAttempt.self as ShotAttempt.Type),
    ("ShotImportError", ShotImportError.self as ShotImportError.Type),
    ("ShotImportFile", ShotImportFile.self as ShotImportFile.Type),
    ("ShotImportOptions", ShotImportOptions.self as ShotImportOptions.Type),
    ("ShotImportPreview", ShotImportPreview.self as ShotImportPreview.Type),
    ("ShotLogChange", ShotLogChange.self as ShotLogChange.Type),
    ("ShotLogError", ShotLogError.self as ShotLogError.Type),
    ("ShotLogSentence", ShotLogSentence.self as ShotLogSentence.Type),
    ("ShotLogStore", ShotLogStore.self as ShotLogStore.Type),
    ("SkippedEntry", SkippedEntry.self as SkippedEntry.Type),
    ("StoredSuggestion", StoredSuggestion.self as StoredSuggestion.Type),
    ("SuggestedChange", SuggestedChange.self as SuggestedChange.Type),
    ("SuggestionEvent", SuggestionEvent.self as SuggestionEvent.Type),
    ("SuggestionUndo", SuggestionUndo.self as SuggestionUndo.Type),
    ("TasteFromNotes", TasteFromNotes.self as TasteFromNotes.Type),
    ("Timestamp", Timestamp.self as Timestamp.Type),
    ("UndoResult", UndoResult.self as UndoResult.Type),
  ]

  /// The list above names every public type the sources declare, each under
  /// its own name: a new type must be added to it (and is then checked too).
  @Test func theListIsCompleteAndRight() throws {
    let problems = try DeclaredTypes.listingProblems(
      Self.publicTypes, in: "Sources/DialRules", access: [.public])
    #expect(problems == [])
    let shotLogProblems = try DeclaredTypes.listingProblems(
      Self.shotLogTypes, in: "Sources/ShotLog", access: [.public])
    #expect(shotLogProblems == [])
  }

  /// No type of either module, whatever its access, takes a name Foundation, the standard library
  /// or Swift Testing declare, including the ones only Apple's Foundation has (which this
  /// machine's compiler cannot see).
  @Test func noTypeTakesAReservedName() throws {
    let all = try DeclaredTypes.topLevel(in: "Sources/DialRules", access: Set(DeclaredTypes.Access.allCases))
    #expect(all.count > Self.publicTypes.count)
    #expect(all.intersection(DeclaredTypes.reservedNames).sorted() == [])
    let shotLog = try DeclaredTypes.topLevel(in: "Sources/ShotLog", access: Set(DeclaredTypes.Access.allCases))
    #expect(shotLog.count > Self.shotLogTypes.count)
    #expect(shotLog.intersection(DeclaredTypes.reservedNames).sorted() == [])
  }
}
