/// Bounds on the work one analysis may do, so a hostile or accidental rule file makes `lint` say
/// "analysis incomplete" (A009) instead of running for minutes or exhausting memory.
///
/// The default table needs a tiny fraction of each: 16 rules give a few dozen boxes and a few
/// thousand cells. `docs/analysis.md` lists these values; change both together.
enum AnalysisLimits {
  /// Most boxes one rule's condition may expand to (disjunctive normal form). A condition such as
  /// `(a or b) and (c or d) and …` doubles with every clause; past this it is not analysed.
  static let maxBoxesPerRule = 512

  /// Most cells the sweep may visit for one table. A cell is one step of the per-axis sweep; the
  /// generated 1,000-rule benchmark table needs 7,727, the adversarial one about 600,000.
  static let maxCells = 1_000_000

  /// Most rule visits the sweep may make: each box covering a cell, and each rule whose facts are
  /// not yet settled looked at in one. This bounds the time a table whose rules overlap everywhere
  /// can take (about 10 s on the benchmark machine) independently of how the cells come out.
  static let maxRuleVisits = 250_000_000

  /// Most regions of one kind reported per table (gaps, or disagreements among the same rules); the
  /// rest are counted in a note, so a badly incomplete table still gives readable output.
  static let maxRegionsPerFinding = 20

  /// Most findings of one kind reported per table.
  static let maxFindingsPerKind = 200

  /// Most leaf regions kept for grouping and merging per kind of situation; beyond it regions are
  /// still counted but not merged into larger boxes.
  static let maxStoredRegions = 20_000

  /// Most decided cells kept and probed for shots that an unrecorded observation makes undecided
  /// (A007): each costs one witness and one evaluation per often-missing observation the table
  /// reads.
  static let maxUnknownProbes = 2_000

  /// Most numeric axes of a table whose axes are dependent (`AxisDependence`); past it a further
  /// compared value is not analysed. Independent axes are at most one per observed field (11).
  static let maxDependentAxes = 32

  /// Most combinations of one interval per axis tried when deciding whether a region of dependent
  /// axes holds shots, per group of axes that read common fields (`CellFeasibility`): past it the
  /// region is kept whole, as if it did (it then gets no witness unless one is found).
  static let maxFeasibilityCombinations = 256

  /// Most inequalities one step of the elimination deciding that (`FourierMotzkin`) may produce;
  /// past it the answer is "may hold shots".
  static let maxEliminationInequalities = 4_096

  /// Most pairs of boxes compared while merging the regions of one report (all the disagreement
  /// groups together, or the gaps): past it, regions are reported as they stand, unmerged. Each
  /// comparison costs about a microsecond in a release build.
  static let maxMergeComparisons = 200_000

  /// Most pairs of a property's condition box and a rule box (and veto checks) tried when cutting
  /// the property proof's sweep down to where a property can fail (`ProofFocus`), per property,
  /// and most boxes kept: past either, the property is swept over its whole condition, which
  /// visits more cells and never misses a failure.
  static let maxFocusWork = 200_000
  static let maxFocusBoxes = 2_000
}
