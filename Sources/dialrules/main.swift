import DialRulesCommands
import Foundation

// Everything lives in DialRulesCommands so tests can run commands in-process.
exit(DialRulesCLI.main(arguments: Array(CommandLine.arguments.dropFirst())))
