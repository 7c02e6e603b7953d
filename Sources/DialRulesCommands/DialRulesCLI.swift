import Foundation

/// Entry point of the `dialrules` executable: dispatches to one subcommand.
public enum DialRulesCLI {
  public static func main(arguments: [String]) -> Int32 {
    FileHandle.standardError.write(Data("dialrules: not built yet\n".utf8))
    return ExitCode.internalError.rawValue
  }
}
