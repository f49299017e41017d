import Foundation

/// A bundle's `Info.plist`: its string values, typed accessors and the bytes it was read from.
public struct InfoPlist: Sendable, Hashable {
  /// Every top-level string or number value, numbers written as text.
  public var values: [String: String]
  /// The bytes the plist was parsed from (nil when built from values).
  public var data: Data?
  /// True when `data` is a binary plist.
  public var isBinary: Bool
  /// 1-based line of each top-level key in an XML plist.
  public var keyLines: [String: Int]

  /// A plist with the given values and no source bytes.
  public init(values: [String: String]) {
    self.values = values
    self.data = nil
    self.isBinary = false
    self.keyLines = [:]
  }

  init(values: [String: String], data: Data, isBinary: Bool, keyLines: [String: Int]) {
    self.values = values
    self.data = data
    self.isBinary = isBinary
    self.keyLines = keyLines
  }

  /// `CFBundleDevelopmentRegion`: the bundle's source language.
  public var developmentRegion: String? { values["CFBundleDevelopmentRegion"] }
  /// `CFBundleIdentifier`.
  public var bundleIdentifier: String? { values["CFBundleIdentifier"] }
  /// `CFBundleVersion`: the build number a repack bumps.
  public var bundleVersion: String? { values["CFBundleVersion"] }
  /// `CFBundleShortVersionString`.
  public var shortVersion: String? { values["CFBundleShortVersionString"] }
  /// `CFBundlePackageType` (a localization bundle says `BNDL`).
  public var packageType: String? { values["CFBundlePackageType"] }

  /// `NMBundleRefreshRate` in days (a string or a number); nil when absent or not a number.
  public var refreshRateDays: Double? {
    values[Self.refreshRateKey].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
  }

  /// The refresh interval to use: `refreshRateDays` when it is positive, else 1 day.
  public var effectiveRefreshRateDays: Double {
    if let days = refreshRateDays, days > 0, days.isFinite { return days }
    return 1
  }

  static let refreshRateKey = "NMBundleRefreshRate"

  /// Reads an XML or binary plist; a broken plist gives nil and one `.invalidInfoPlist` diagnostic.
  public static func parse(_ data: Data, file: String) -> (InfoPlist?, [Diagnostic]) {
    var format = PropertyListSerialization.PropertyListFormat.xml
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
    } catch {
      return (nil, [brokenDiagnostic(data, file: file)])
    }
    guard let dictionary = object as? [String: Any] else {
      return (
        nil,
        [
          Diagnostic(
            kind: .invalidInfoPlist, file: file, line: nil,
            message: "Info.plist should hold a dictionary at the top level")
        ]
      )
    }
    var values: [String: String] = [:]
    for (key, value) in dictionary {
      if let text = value as? String {
        values[key] = text
      } else if let number = value as? NSNumber {
        values[key] = number.stringValue
      }
    }
    let plist = InfoPlist(
      values: values, data: data, isBinary: format == .binary, keyLines: xmlKeyLines(data))
    return (plist, [])
  }

  /// The line of each top-level key when `data` is an XML plist our tokenizer reads.
  private static func xmlKeyLines(_ data: Data) -> [String: Int] {
    guard let source = try? SourceText.decode(data, allowUTF16: true) else { return [:] }
    let (root, error) = PlistXMLParser.parse(source.bytes, start: source.bodyStart)
    guard error == nil, let root, root.tag == "dict" else { return [:] }
    let index = TextPositions(source.bytes, bodyStart: source.bodyStart)
    var lines: [String: Int] = [:]
    for pair in root.pairs where lines[pair.key] == nil {
      lines[pair.key] = index.line(of: pair.keyStart)
    }
    return lines
  }

  /// One diagnostic for an unreadable plist, with the line and column our XML reader finds.
  private static func brokenDiagnostic(_ data: Data, file: String) -> Diagnostic {
    if let source = try? SourceText.decode(data, allowUTF16: true) {
      let (_, error) = PlistXMLParser.parse(source.bytes, start: source.bodyStart)
      if let error {
        let place = TextPositions(source.bytes, bodyStart: source.bodyStart).location(of: error.offset)
        return Diagnostic(
          kind: .invalidInfoPlist, file: file, line: place.line, column: place.column,
          message: "Info.plist is not a readable property list: \(error.message)")
      }
    }
    return Diagnostic(
      kind: .invalidInfoPlist, file: file,
      message: "Info.plist is not a readable property list (expected an XML or binary plist)")
  }
}
