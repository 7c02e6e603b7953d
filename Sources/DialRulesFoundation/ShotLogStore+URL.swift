import DialRules
import Foundation
import ShotLog

extension ShotLogStore {
  /// `open(at:access:clock:ids:busyTimeoutMilliseconds:)` for a file URL, as an app gets one from
  /// `FileManager` or `URL.applicationSupportDirectory`: the URL's file-system path is used, with
  /// spaces and other characters as they are (not percent-encoded, which `url.path()` gives).
  /// A URL that is not a file URL throws `ShotLogError.cannotOpen`.
  public static func open(
    at url: URL, access: Access = .readWrite, clock: @escaping @Sendable () -> Timestamp = { Timestamp.now() },
    ids: any IdentifierSource = RandomIdentifiers(), busyTimeoutMilliseconds: Int = 10_000
  ) throws(ShotLogError) -> ShotLogStore {
    guard url.isFileURL else { throw .cannotOpen(path: url.absoluteString, detail: "not a file URL") }
    return try open(
      at: url.path(percentEncoded: false), access: access, clock: clock, ids: ids,
      busyTimeoutMilliseconds: busyTimeoutMilliseconds)
  }

  /// The log's file as a URL; nil for a log in memory.
  public var fileURL: URL? {
    path == ":memory:" ? nil : URL(filePath: path)
  }
}

extension ShotImportFile {
  /// The file at `url`, read whole, named by its last path component (what import previews and
  /// problems call it). Throws Foundation's error when the file cannot be read.
  public init(contentsOf url: URL) throws {
    self.init(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
  }
}
