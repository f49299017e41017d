import Foundation

/// A bundle's `Info.plist` (placeholder shape; the formats work replaces this file).
public struct InfoPlist: Sendable, Hashable {
  public var values: [String: String]
  public init(values: [String: String]) { self.values = values }
  public var developmentRegion: String? { values["CFBundleDevelopmentRegion"] }
}
