import ShotLogCommands

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

exit(DialShotCLI.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: .live()))
