import DialRules
import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog
@testable import ShotLogCommands

/// A grinder's step is one dial-in step, not the dial's resolution (issue 20 item 4): the help
/// says so, and a step under 1 % of the range gets a note on add and edit. Both failed before.
@Suite struct GrinderStepTests {
  @Test func theHelpSaysTheStepIsOneDialInStep() throws {
    let s = Scratch()
    for arguments in [["profiles", "grinder", "add", "--help"], ["profiles", "grinder", "edit", "--help"]] {
      let help = s.run(arguments, useDatabase: false)
      #expect(help.status == 0)
      let text = help.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(text.contains("The step is one dial-in step: the smallest grind change worth tasting"), "\(help.out)")
      #expect(text.contains("not the dial's resolution"))
    }
  }

  @Test func aStepUnderOnePercentOfTheRangeGetsANote() throws {
    let s = Scratch()
    let fine = s.expect([
      "profiles", "grinder", "add", "Eureka Mignon", "--step", "0.1", "--min", "0", "--max", "50", "--finer", "lower",
    ])
    #expect(fine.out.contains("Added grinder 'Eureka Mignon'"), "the grinder is added all the same")
    #expect(fine.err.contains("dialshot: note: a step of 0.1 is under 1 % of the range 0 to 50"), "\(fine.err)")
    #expect(fine.err.contains("the step is one dial-in step"))
    #expect(fine.err.contains("dialshot profiles grinder edit 'Eureka Mignon' --step N"), "\(fine.err)")
    // One percent exactly, or more, says nothing; nor does an edit that leaves the scale alone.
    let niche = s.expect([
      "profiles", "grinder", "add", "Niche Zero", "--step", "0.5", "--min", "0", "--max", "50", "--finer", "lower",
    ])
    #expect(niche.err.isEmpty)
    #expect(s.expect(["profiles", "grinder", "edit", "eureka", "--notes", "stepless"]).err.isEmpty)
    // An edit to a step that fine gets the note too; back to a dial-in step, none.
    let edited = s.expect(["profiles", "grinder", "edit", "niche", "--step", "0.25"])
    #expect(edited.err.contains("a step of 0.25 is under 1 % of the range 0 to 50"), "\(edited.err)")
    #expect(s.expect(["profiles", "grinder", "edit", "eureka", "--step", "1"]).err.isEmpty)
  }
}
