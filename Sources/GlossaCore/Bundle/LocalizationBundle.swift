import Foundation

/// How to open a bundle argument.
public struct BundleLoadOptions: Sendable {
  /// Language for a single table file outside any `.lproj` folder.
  public var language: String?
  /// Development language to use when `Info.plist` does not name one.
  public var sourceLanguage: String?
  /// How `http(s)://` arguments are fetched and cached.
  public var remote: RemoteFetchPolicy
  public init(language: String? = nil, sourceLanguage: String? = nil, remote: RemoteFetchPolicy = .init()) {
    self.language = language
    self.sourceLanguage = sourceLanguage
    self.remote = remote
  }
}

/// Where a bundle's bytes live.
public enum BundleStorage: Sendable, Hashable {
  /// A directory; `root` holds `Resources/` or the `.lproj` folders.
  case directory(URL)
  /// A zip archive.
  case zip(URL)
  /// One table file.
  case file(URL)
}

/// A set of languages × tables × entries, plus the bundle's `Info.plist`.
public struct LocalizationBundle: Sendable {
  /// The argument as the user gave it (path or URL); findings name it.
  public var name: String
  public var storage: BundleStorage
  /// Path (relative to the bundle root) of `Info.plist`, if the bundle has one.
  public var infoPlistPath: String?
  /// The parsed `Info.plist`, if present and readable.
  public var infoPlist: InfoPlist?
  /// Every table file, sorted by language then table name.
  public var tables: [LocaleTable]
  /// Problems that concern the bundle as a whole (Info.plist, unreadable files).
  public var diagnostics: [Diagnostic]
  /// The language other languages are compared against.
  public var developmentLanguage: String

  public init(
    name: String, storage: BundleStorage, infoPlistPath: String? = nil,
    infoPlist: InfoPlist? = nil, tables: [LocaleTable], diagnostics: [Diagnostic] = [],
    developmentLanguage: String
  ) {
    self.name = name
    self.storage = storage
    self.infoPlistPath = infoPlistPath
    self.infoPlist = infoPlist
    self.tables = tables
    self.diagnostics = diagnostics
    self.developmentLanguage = developmentLanguage
  }

  /// Languages in the bundle, development language first, then sorted.
  public var languages: [String] { Self.ordered(Set(tables.map(\.language)), development: developmentLanguage) }

  /// `languages` in the order every list shows them: `development` first, then by code.
  public static func ordered(_ languages: Set<String>, development: String) -> [String] {
    languages.sorted { a, b in
      if a == development { return b != development }
      if b == development { return false }
      return a < b
    }
  }

  /// `code` as spelled in `languages`: exact, else ignoring case and `_`/`-`.
  static func matching(_ code: String, in languages: [String]) -> String? {
    if languages.contains(code) { return code }
    let folded = code.replacingOccurrences(of: "_", with: "-").lowercased()
    return languages.first { $0.replacingOccurrences(of: "_", with: "-").lowercased() == folded }
  }

  /// Table names in the bundle, sorted.
  public var tableNames: [String] { Array(Set(tables.map(\.name))).sorted() }

  /// The bundle's spelling of a language code: exact, else ignoring case and `_`/`-`.
  public func matchingLanguage(_ code: String) -> String? { Self.matching(code, in: languages) }

  /// The table of one language, if the bundle has it.
  public func table(language: String, name: String) -> LocaleTable? {
    tables.first { $0.language == language && $0.name == name }
  }
}
