import Foundation

/// Runs the executables SwiftPM built next to the test bundle, for end-to-end tests of the real
/// binary (exit codes, stdout, stderr).
public enum BuiltProducts {
  /// The build products directory (`.build/<triple>/debug`).
  public static var directory: String {
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      return URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent().path
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
  }

  /// How a run ended and what it printed.
  public struct Run: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The path of the built executable `name`, or nil when it is not built next to the tests.
  public static func executable(_ name: String) -> String? {
    let path = directory + "/" + name
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// Runs the built executable `name` with `arguments` in `directory` (the package root by
  /// default), feeding `stdin`.
  public static func run(
    _ name: String, _ arguments: [String], stdin: String? = nil, in workingDirectory: String? = nil,
    environment: [String: String]? = nil
  ) throws -> Run {
    try run(
      executableAt: directory + "/" + name, arguments, stdin: stdin, in: workingDirectory, environment: environment)
  }

  /// Runs the program at `path` (a built product, or a system tool wrapping one) the same way.
  public static func run(
    executableAt path: String, _ arguments: [String], stdin: String? = nil, in workingDirectory: String? = nil,
    environment: [String: String]? = nil
  ) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory ?? PackageRoot.path())
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    // Read both pipes concurrently with writing stdin, so a large output can never deadlock.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
      outData = out.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
