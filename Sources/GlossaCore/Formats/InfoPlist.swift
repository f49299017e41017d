import Foundation

/// A bundle's `Info.plist` (interim shape until the full reader lands).
public struct InfoPlist: Sendable, Hashable {
  public var values: [String: String]
  public init(values: [String: String]) { self.values = values }
  public var developmentRegion: String? { values["CFBundleDevelopmentRegion"] }

  public static func parse(_ data: Data, file: String) -> (InfoPlist?, [Diagnostic]) {
    guard let dict = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any] else {
      return (nil, [Diagnostic(kind: .invalidInfoPlist, file: file, message: "Info.plist is not a readable property list")])
    }
    return (InfoPlist(values: dict.compactMapValues { $0 as? String }), [])
  }

  public func validate(file: String) -> [Diagnostic] { [] }
}
