import DialRulesCommands
import Foundation

exit(DialRulesCLI.main(arguments: Array(CommandLine.arguments.dropFirst())))
