/// A BCP 47-style language tag as used by `.lproj` folders and preferred-language lists.
///
/// Comparison ignores case and treats `_` like `-` (`pt_BR` equals `pt-BR`).
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
  /// The subtags as written, `-`-separated (`zh`, `Hant`, `HK`).
  public var subtags: [String]

  /// Parses `text`; nil when it is empty or has an empty subtag.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
      .map(String.init)
    guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } })
    else { return nil }
    subtags = parts
  }

  private init(subtags: [String]) { self.subtags = subtags }

  /// The primary language subtag (`zh` for `zh-Hant-HK`).
  public var language: String { subtags[0] }

  /// The region subtag (two letters or three digits after the language or script), if any.
  public var region: String? {
    subtags.dropFirst().first { Self.isRegion($0) }
  }

  /// The tag without its region and anything after it (`de-AT` → `de`, `zh-Hant-HK` → `zh-Hant`);
  /// nil when the tag has no region.
  public var withoutRegion: LanguageTag? {
    guard let index = subtags.indices.dropFirst().first(where: { Self.isRegion(subtags[$0]) }) else {
      return nil
    }
    return LanguageTag(subtags: Array(subtags[..<index]))
  }

  /// The form used for comparison: lowercased, `-`-separated.
  public var normalized: String { subtags.map { $0.lowercased() }.joined(separator: "-") }

  public var description: String { subtags.joined(separator: "-") }

  public static func == (lhs: LanguageTag, rhs: LanguageTag) -> Bool { lhs.normalized == rhs.normalized }
  public func hash(into hasher: inout Hasher) { hasher.combine(normalized) }

  private static func isRegion(_ subtag: String) -> Bool {
    (subtag.count == 2 && subtag.allSatisfy(\.isLetter))
      || (subtag.count == 3 && subtag.allSatisfy(\.isNumber))
  }
}
