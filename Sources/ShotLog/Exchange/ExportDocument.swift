/// The names of the export format (`ShotLogStore.Exchange.exportJSON()`), version 2.
///
/// The document is complete and restorable: every profile (archived ones too), every bag of every
/// bean, every recipe snapshot, every attempt with the decision stored for it and the bag it was
/// pulled from, every accept/reject event and the user settings. Rows are identified by UUID and listed in the order they were stored, so parents come
/// before children and an import recreates the same order. Times are ISO 8601 in UTC; quantities
/// are JSON numbers written exactly as stored; each attempt carries its shot as a shot JSON v1
/// record (docs/design.md §6). There is deliberately no export timestamp: exporting the same data twice
/// gives the same bytes.
///
/// Version 2 added `bags` and each attempt's `bag`. A version 1 document (no bags) is still
/// read: each bean gets one bag from its roaster and roast date, with the UUID a bean's first bag
/// always has (`Bag.firstUUID`), and every shot is pulled from it.
package enum ExportDocument {
  /// The `format` of every export document.
  static let format = "dialshot-export"
  /// The version this build writes.
  package static let version = 2
  /// The versions this build reads: 1 (before bags) and 2.
  package static let readableVersions = 1...2

  static let topKeys = [
    "format", "version", "settings", "beans", "bags", "grinders", "baskets", "recipe_snapshots", "attempts",
    "suggestion_events", "voids", "undos",
  ]
  static let beanKeys = [
    "uuid", "name", "roaster", "roast_date", "origin", "process", "roast_level", "notes", "created_at", "archived_at",
  ]
  static let bagKeys = ["uuid", "bean", "roaster", "roast_date", "weight_g", "opened_on", "created_at"]
  static let grinderKeys = ["uuid", "name", "scale", "settings_note", "notes", "created_at", "archived_at"]
  static let scaleKeys = ["step", "min", "max", "finer"]
  static let basketKeys = ["uuid", "name", "capacity_g", "notes", "created_at", "archived_at"]
  static let snapshotKeys = [
    "uuid", "bean", "grinder", "grinder_scale", "basket", "parent", "dose_g", "yield_g", "time_s", "temperature_c",
    "temperature_note",
    "grind", "reason", "reason_detail", "adjustment", "created_at",
  ]
  static let attemptKeys = [
    "uuid", "snapshot", "bag", "pulled_at", "created_at", "previous", "amends", "rating", "notes", "record",
    "suggestion",
    "source", "curves",
  ]
  static let sourceKeys = ["format", "file", "entry", "id", "rating", "imported_at"]
  static let curveKeys = ["kind", "t_ms", "values"]
  static let suggestionKeys = ["ruleset", "decision"]
  static let rulesetKeys = ["name", "hash"]
  static let eventKeys = ["uuid", "attempt", "action", "snapshot", "note", "at"]
  static let voidKeys = ["uuid", "attempt", "reason", "at"]
  static let undoKeys = ["uuid", "event", "snapshot", "note", "at"]
}
