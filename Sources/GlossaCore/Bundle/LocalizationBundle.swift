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

/// Where a bundle's bytes live, as the user sees it.
public enum BundleStorage: Sendable, Hashable {
  /// A directory; `root` holds `Resources/` or the `.lproj` folders.
  case directory(URL)
  /// A zip archive.
  case zip(URL)
  /// One file: a table, a String Catalog or a localized-object file.
  case file(URL)
}

/// The one owner of a bundle: it lists the files once, reads `Info.plist` once, reads and
/// parses languages when asked (`load(languages:)`, `loadAll()`, or on demand when an edit
/// reaches a language), and saves through the store it came from.
///
/// Opened from any argument (`open`): a directory, a zip, a single table file, a file of every
/// language, or a URL read through the cache. Every command and both sides of the review use it.
public struct LocalizationBundle: Sendable {
  /// The argument as the user gave it (path or URL); findings name it.
  public var name: String
  /// Where the bundle came from (nil for a bundle built in memory).
  public internal(set) var source: BundleSource?
  public var storage: BundleStorage
  /// Path (relative to the bundle root) of `Info.plist`, if the bundle has one.
  public var infoPlistPath: String?
  /// The parsed `Info.plist`, if present and readable.
  public var infoPlist: InfoPlist?
  /// The tables read so far, sorted by language, table name and path.
  public internal(set) var tables: [LocaleTable]
  /// Problems that concern the bundle as a whole (Info.plist, unreadable files).
  public var diagnostics: [Diagnostic]
  /// The language other languages are compared against.
  public var developmentLanguage: String
  /// Every table file in the store, read or not.
  var listed: [ListedFile]
  /// Where tables are read from and written to.
  var store: BundleStore
  /// Why the bundle cannot be saved where it came from (a download in the cache), if so.
  public internal(set) var readOnlyReason: String?

  /// A bundle built in memory from tables, with `unread` tables listed but not read yet (they
  /// are handed out by `load` as a store would read them); a save writes none of them.
  public init(
    name: String, storage: BundleStorage, infoPlistPath: String? = nil,
    infoPlist: InfoPlist? = nil, tables: [LocaleTable], unread: [LocaleTable] = [], diagnostics: [Diagnostic] = [],
    developmentLanguage: String, source: BundleSource? = nil
  ) {
    self.name = name
    self.source = source
    if source?.isRemote == true { readOnlyReason = Self.downloadReason }
    self.storage = storage
    self.infoPlistPath = infoPlistPath
    self.infoPlist = infoPlist
    self.tables = tables.sorted(by: LocalizationBundle.tableOrder)
    self.diagnostics = diagnostics
    self.developmentLanguage = developmentLanguage
    self.listed = unread.enumerated().map { index, table in
      ListedFile(path: table.path, language: table.language, name: table.name, format: table.format, entry: index)
    }
    self.store = .memory(Dictionary(unread.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }))
  }

  /// Every language of the bundle (read or not), development language first, then sorted.
  public var languages: [String] {
    Self.ordered(Set(listed.map(\.language)).union(tables.map(\.language)), development: developmentLanguage)
  }

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

  /// Table names in the bundle (read or not), sorted.
  public var tableNames: [String] { Set(listed.map(\.name)).union(tables.map(\.name)).sorted() }

  /// The one table name when the bundle has one, else `Localizable` if present.
  public var defaultTableName: String? {
    let names = tableNames
    if names.count == 1 { return names[0] }
    return names.first { $0 == "Localizable" }
  }

  /// The bundle's spelling of a language code: exact, else ignoring case and `_`/`-`.
  public func matchingLanguage(_ code: String) -> String? { Self.matching(code, in: languages) }

  /// The table of one language, if it is read.
  public func table(language: String, name: String) -> LocaleTable? {
    tables.first { $0.language == language && $0.name == name }
  }

  static let downloadReason = "it is a download in the cache; repack it as a zip to publish the edits"

  /// True for a bundle opened from a URL: its files are a download in the cache.
  public var isDownload: Bool { source?.isRemote == true }

  /// The order of `tables`.
  static func tableOrder(_ a: LocaleTable, _ b: LocaleTable) -> Bool {
    (a.language, a.name, a.path) < (b.language, b.name, b.path)
  }

  /// The prefix that turns a bundle-relative path into what the user sees (`dir/` or `b.zip:`).
  var displayPrefix: String {
    switch storage {
    case .directory: name.hasSuffix("/") ? name : name + "/"
    case .zip: name + ":"
    case .file: ""
    }
  }

  /// What a bundle-relative path is called in messages.
  func display(_ path: String) -> String {
    if case .file = storage { return name }
    return displayPrefix + path
  }
}

/// One table file the store holds, read or not.
struct ListedFile: Sendable, Hashable {
  var path: String
  var language: String
  var name: String
  var format: TableFormat
  /// Where its bytes are: the archive's file index, for a zip.
  var entry: Int
}
