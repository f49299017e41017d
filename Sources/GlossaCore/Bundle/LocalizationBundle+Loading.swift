import Dispatch
import Foundation

/// Tables read from a bundle's store off the bundle (on a background thread), to be added to
/// it with `insert`. Only a bundle makes them, so only files it listed can arrive this way.
public struct LoadedTables: Sendable {
  /// The languages read.
  public let languages: [String]
  let tables: [LocaleTable]
}

extension LocalizationBundle {
  /// Languages with table files not read yet, in `languages` order.
  public var unloadedLanguages: [String] {
    let pending = Set(unloadedFiles.map(\.language))
    return languages.filter { pending.contains($0) }
  }

  /// True when every listed table file is read.
  public var isFullyLoaded: Bool { unloadedFiles.isEmpty }

  /// Listed files without a table yet.
  var unloadedFiles: [ListedFile] {
    guard !listed.isEmpty else { return [] }
    let read = Set(tables.map(\.path))
    return listed.filter { !read.contains($0.path) }
  }

  /// Reads and parses every table not read yet (on all cores).
  /// - Throws: `GlossaError` for the first damaged zip entry or unreadable file; nothing is added then.
  public mutating func loadAll() throws {
    insert(try read(unloadedFiles, languages: unloadedLanguages))
  }

  /// Reads and parses the tables of `languages` not read yet (on all cores).
  /// - Throws: `GlossaError` for the first damaged zip entry or unreadable file; nothing is added then.
  public mutating func load(languages: some Sequence<String>) throws {
    insert(try read(languages: Set(languages)))
  }

  /// The tables of `languages` not read yet, read and parsed without changing the bundle (on
  /// a background thread while the bundle is in use); `insert` adds them.
  /// - Throws: `GlossaError` for the first damaged zip entry or unreadable file.
  public func read(languages: Set<String>) throws -> LoadedTables {
    try read(unloadedFiles.filter { languages.contains($0.language) }, languages: Array(languages))
  }

  /// Adds tables read earlier (`read(languages:)`), except those read since (an edit may have
  /// read a language on demand: the table in the bundle, with its edits, stands).
  public mutating func insert(_ loaded: LoadedTables) {
    let present = Set(tables.map(\.path))
    let new = loaded.tables.filter { !present.contains($0.path) }
    guard !new.isEmpty else { return }
    tables += new
    tables.sort(by: Self.tableOrder)
  }

  /// Reads the files of `table` in `languages` that are not read yet, and the table's first
  /// file when none of them is the development language's (a new language's file copies its
  /// layout): what one edit needs.
  /// - Throws: `GlossaError` for a damaged zip entry or unreadable file.
  public mutating func load(table: String, languages: [String]) throws {
    let pending = unloadedFiles.filter { $0.name == table }
    guard !pending.isEmpty else { return }
    var wanted = pending.filter { languages.contains($0.language) }
    let hasTemplate = tables.contains { $0.name == table } || wanted.contains { $0.language == developmentLanguage }
    if !hasTemplate,
      let first = listed.filter({ $0.name == table }).min(by: { ($0.language, $0.path) < ($1.language, $1.path) }),
      !wanted.contains(first)
    {
      wanted.append(first)
    }
    insert(try read(wanted, languages: languages))
  }

  /// The tables of one language, sorted by table name then path: those read, and the others
  /// read now without adding them to the bundle (`glossa lint` streams languages this way).
  /// Without `keepsComments`, `.strings` files not read yet come without their comments.
  /// - Throws: `GlossaError` when a zip entry turns out damaged or a file cannot be read.
  public func tables(language: String, keepsComments: Bool = true) throws -> [LocaleTable] {
    let present = Set(tables.map(\.path))
    let pending = listed.filter { $0.language == language && !present.contains($0.path) }
    var result = tables.filter { $0.language == language }
    if !pending.isEmpty {
      result += try read(pending, languages: [language], keepsComments: keepsComments, parallel: false).tables
      result.sort(by: Self.tableOrder)
    }
    return result
  }

  /// The bundle as it stands, without its tables: what bundle-wide checks read.
  public var withoutTables: LocalizationBundle {
    var copy = self
    copy.tables = []
    copy.listed = []
    return copy
  }

  /// Reads and parses `files`.
  private func read(
    _ files: [ListedFile], languages: [String], keepsComments: Bool = true, parallel: Bool = true
  ) throws -> LoadedTables {
    let results = ParallelResults<Result<LocaleTable, GlossaError>>(count: files.count)
    let work: @Sendable (Int) -> Void = { position in
      results.set(
        position, Result { () throws(GlossaError) in try readTable(files[position], keepsComments: keepsComments) })
    }
    if parallel && files.count > 1 {
      DispatchQueue.concurrentPerform(iterations: files.count, execute: work)
    } else {
      for position in files.indices { work(position) }
    }
    var tables: [LocaleTable] = []
    tables.reserveCapacity(files.count)
    for result in results.values { tables.append(try result.get()) }
    tables.sort(by: Self.tableOrder)
    return LoadedTables(languages: languages, tables: tables)
  }

  /// One listed file, read from the store and parsed.
  private func readTable(_ file: ListedFile, keepsComments: Bool) throws(GlossaError) -> LocaleTable {
    if case .memory(let unread) = store, let table = unread[file.path] { return table }
    let bytes: [UInt8]
    let stamp: FileStamp?
    do { (bytes, stamp) = try store.readBytes(file.path, entry: file.entry, bundle: name) } catch let error
      as GlossaError
    {
      throw error
    } catch {
      throw GlossaError.readFailed(display(file.path), reason: "\(error)")
    }
    let shown = display(file.path)
    // A `.strings` file is parsed from the array itself, anything else from a copy as `Data`.
    let document: any TableDocument =
      file.format == .strings
      ? StringsDocument(bytes: bytes, file: shown, keepsComments: keepsComments)
      : file.format.parse(Data(bytes), file: shown)
    return LocaleTable(
      language: file.language, name: file.name, path: file.path, format: file.format, document: document,
      origin: .read(stamp))
  }

  /// The languages to read before the review's first screen when `shown` is shown: the language
  /// translations are compared against, `shown`, and languages sharing `shown`'s base language
  /// (`pt` for `pt-BR`), which the effective value can fall back to.
  public func firstLanguages(showing shown: String?) -> [String] {
    let languages = self.languages
    var wanted = [developmentLanguage]
    if !languages.contains(developmentLanguage) && languages.contains("Base") { wanted.append("Base") }
    if let shown, languages.contains(shown) {
      let base = Self.baseLanguage(shown)
      wanted += languages.filter { $0 == shown || Self.baseLanguage($0) == base }
    }
    var seen = Set<String>()
    return wanted.filter { seen.insert($0).inserted }
  }

  private static func baseLanguage(_ code: String) -> Substring {
    code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring(code)
  }

  /// The table a key belongs to when no table is named: the one table holding `key` in
  /// `languages` (read as needed; `Localizable` wins a tie), else the default table for a new key.
  /// - Throws: `GlossaError.ambiguousTable` when several tables hold the key,
  ///   `.noTableForKey` when none does and there is no default table.
  public mutating func tableName(holding key: String, in languages: [String]) throws -> String {
    let names = tableNames
    if names.count == 1 { return names[0] }
    var holding: [String] = []
    for language in languages where holding.isEmpty {
      try load(languages: [language])
      for table in tables where table.language == language && !holding.contains(table.name) {
        if table.entries.contains(where: { $0.hasKey(key) })
          || table.document.pluralFamilies.contains(where: { $0.key == key })
        {
          holding.append(table.name)
        }
      }
    }
    if holding.count == 1 { return holding[0] }
    // `Localizable` is the table a plain NSLocalizedString reads: it wins a tie.
    if let fallback = defaultTableName, holding.contains(fallback) { return fallback }
    if holding.count > 1 { throw GlossaError.ambiguousTable(bundle: name, key: key, tables: holding) }
    guard let fallback = defaultTableName else {
      throw GlossaError.noTableForKey(bundle: name, key: key, tables: names)
    }
    return fallback
  }
}
