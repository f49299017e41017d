import Foundation

/// The config file the review's checks come from, watched while the review runs: when it
/// appears, goes, or its modification time or size changes, `reload` reads it again off the
/// loop's thread, and the checks it makes replace the review's (`Event.configReloaded`).
public struct ConfigWatch: Sendable {
  /// The file watched (it need not exist yet: `.glossa.yml` at the bundle's root).
  public var path: String
  /// How often the file is looked at, in seconds.
  public var interval: TimeInterval
  /// Reads the config again and makes its checks (the executable's, which knows the source
  /// scan and the metadata checks the config can ask for).
  public var reload: @Sendable () throws -> ReloadedChecks

  public init(path: String, interval: TimeInterval = 1, reload: @escaping @Sendable () throws -> ReloadedChecks) {
    self.path = path
    self.interval = interval
    self.reload = reload
  }

  /// What tells one version of the file from another: its modification time and size; nil
  /// when there is no file.
  public struct Stamp: Sendable, Equatable {
    var modified: Date?
    var size: Int?
  }

  /// The file's stamp now.
  func stamp() -> Stamp? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
    return Stamp(modified: attributes[.modificationDate] as? Date, size: (attributes[.size] as? NSNumber)?.intValue)
  }
}
