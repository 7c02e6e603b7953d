import CommandLineSupport
import DialRulesCommands
import Testing

@Test func exitCodesMatchTheDesign() {
  #expect(ExitCode.success.rawValue == 0)
  #expect(ExitCode.findings.rawValue == 1)
  #expect(ExitCode.invalidInput.rawValue == 2)
  #expect(ExitCode.usage.rawValue == 64)
  #expect(ExitCode.internalError.rawValue == 70)
}
