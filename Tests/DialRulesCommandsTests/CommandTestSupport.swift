import CommandLineSupport
import DialRulesCommands
import DialRulesTestSupport
import Foundation

/// Runs `dialrules` in-process with captured streams, from the package root.
func dialrules(_ arguments: String..., stdin: String? = nil) -> (status: Int32, out: String, err: String) {
  let io = CommandIO.captured(stdin: stdin, currentDirectory: PackageRoot.path())
  let status = DialRulesCLI.main(arguments: arguments, io: io)
  return (status, io.stdout, io.stderr)
}

/// Runs `dialrules` in-process with captured streams, from `directory` (relative paths resolve
/// there).
func dialrules(in directory: String, _ arguments: String..., stdin: String? = nil) -> (
  status: Int32, out: String, err: String
) {
  let io = CommandIO.captured(stdin: stdin, currentDirectory: directory)
  let status = DialRulesCLI.main(arguments: arguments, io: io)
  return (status, io.stdout, io.stderr)
}

/// A fresh temporary directory for one test.
func temporaryDirectory() throws -> String {
  let path = NSTemporaryDirectory() + "dialrules-test-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}
