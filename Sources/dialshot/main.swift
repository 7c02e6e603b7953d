import Glibc
import ShotLogCommands

exit(DialShotCLI.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: .live()))
