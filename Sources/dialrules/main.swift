import DialRulesCommands

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Everything lives in DialRulesCommands so tests can run commands in-process. No Foundation here
// or in anything the executable links: it would cost several milliseconds of start-up per run
// (docs/performance.md, issue 25).
exit(DialRulesCLI.main(arguments: Array(CommandLine.arguments.dropFirst())))
