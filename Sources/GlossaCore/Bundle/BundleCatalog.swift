import Dispatch
import Foundation

/// A bundle's table files and development language, listed without parsing any table.
///
/// `glossa set` opens a catalog, resolves the table and language, then loads only the files the
/// edit needs with `bundle(table:languages:)`. For a zip that is the central directory,
/// `Info.plist` and those files: one edit in a 100-language archive inflates two tables, and
/// `save()` copies every other entry's compressed bytes. Single table files and URLs load whole.
public struct BundleCatalog: Sendable {
  /// One table file, not yet read.
  public struct File: Sendable, Hashable {
    /// The path relative to the bundle root (`Resources/de.lproj/Localizable.strings`).
    public var path: String
    /// The language from the `.lproj` folder name.
    public var language: String
    /// The table name, as `LocaleTable.name` would have it.
    public var table: String
    public var format: TableFormat
  }

  /// Where the files' bytes come from.
  private enum Source: Sendable {
    case archive(ArchiveIndex)
    case directory(URL)
    case loaded(LocalizationBundle)
  }

  /// The argument as the user gave it.
  public let name: String
  public let storage: BundleStorage
  /// Every table file, sorted by language, table name and path.
  public let files: [File]
  /// The language other languages are compared against (`--source-lang`, else `Info.plist`).
  public let developmentLanguage: String
  private let infoPlistPath: String?
  private let infoPlist: InfoPlist?
  private let source: Source
  /// What turns a bundle-relative path into what diagnostics show (`dir/` or `b.zip:`).
  private let displayPrefix: String

  /// Lists a bundle argument's tables: for a directory or a zip without reading any table.
  ///
  /// - Throws: `GlossaError` with the same messages as `LocalizationBundle.load`: the argument is
  ///   missing or not a bundle, the zip's central directory fails a check, or `--source-lang` names
  ///   a language the bundle lacks.
  public static func open(_ argument: String, options: BundleLoadOptions = .init()) throws -> BundleCatalog {
    let url = URL(fileURLWithPath: argument)
    var isDirectory: ObjCBool = false
    let local = RemoteBundleCache.remoteURL(argument) == nil
    if local && !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
      throw GlossaError("\(argument): no such file or directory")
    }
    let paths: [String]
    let source: Source
    let storage: BundleStorage
    if local && isDirectory.boolValue {
      paths = try LocalizationBundle.listFiles(url)
      source = .directory(url)
      storage = .directory(url)
    } else if local && url.pathExtension.lowercased() == "zip" {
      do {
        let index = try ArchiveIndex.open(url, limits: ArchiveLimits())
        paths = index.filePaths
        source = .archive(index)
      } catch {
        throw error.error(archive: url)
      }
      storage = .zip(url)
    } else {
      return BundleCatalog(loaded: try LocalizationBundle.load(argument, options: options))
    }
    let tableFiles = paths.compactMap(BundleLayout.tableFile)
    guard !tableFiles.isEmpty else {
      if case .archive = source {
        throw GlossaError("\(argument): the archive holds no .lproj folders with .strings, .stringsdict or .json tables")
      }
      throw GlossaError("\(argument): no .lproj folders with .strings, .stringsdict or .json tables found")
    }
    let names = BundleLayout.names(for: tableFiles)
    let files = zip(tableFiles, names).map { File(path: $0.path, language: $0.language, table: $1, format: $0.format) }
      .sorted { ($0.language, $0.table, $0.path) < ($1.language, $1.table, $1.path) }
    let prefix = storage == .zip(url) ? argument + ":" : LocalizationBundle.display(argument)
    let infoPlistPath = BundleLayout.infoPlistPaths.first { paths.contains($0) }
    var infoPlist: InfoPlist?
    if let infoPlistPath {
      let data = try read(infoPlistPath, from: source)
      infoPlist = InfoPlist.parse(data, file: prefix + infoPlistPath).0
    }
    let development = try developmentLanguage(
      of: Set(files.map(\.language)), infoPlist: infoPlist, requested: options.sourceLanguage, name: argument)
    return BundleCatalog(
      name: argument, storage: storage, files: files, developmentLanguage: development,
      infoPlistPath: infoPlistPath, infoPlist: infoPlist, source: source, displayPrefix: prefix)
  }

  private init(
    name: String, storage: BundleStorage, files: [File], developmentLanguage: String, infoPlistPath: String?,
    infoPlist: InfoPlist?, source: Source, displayPrefix: String
  ) {
    self.name = name
    self.storage = storage
    self.files = files
    self.developmentLanguage = developmentLanguage
    self.infoPlistPath = infoPlistPath
    self.infoPlist = infoPlist
    self.source = source
    self.displayPrefix = displayPrefix
  }

  /// A catalog over a bundle that is already loaded whole.
  private init(loaded bundle: LocalizationBundle) {
    self.init(
      name: bundle.name, storage: bundle.storage,
      files: bundle.tables.map { File(path: $0.path, language: $0.language, table: $0.name, format: $0.format) },
      developmentLanguage: bundle.developmentLanguage, infoPlistPath: bundle.infoPlistPath,
      infoPlist: bundle.infoPlist, source: .loaded(bundle), displayPrefix: "")
  }

  /// Languages, development language first, then sorted (as `LocalizationBundle.languages`).
  public var languages: [String] { Self.ordered(Set(files.map(\.language)), development: developmentLanguage) }

  /// Table names, sorted.
  public var tableNames: [String] { Set(files.map(\.table)).sorted() }

  /// The one table name when the bundle has one, else `Localizable` if present.
  public var defaultTableName: String? {
    let names = tableNames
    if names.count == 1 { return names[0] }
    return names.first { $0 == "Localizable" }
  }

  /// The bundle's spelling of a language code: exact, else ignoring case and `_`/`-`.
  public func matchingLanguage(_ code: String) -> String? {
    Self.match(code, in: languages)
  }

  /// A bundle holding only the files of `table` in `languages` (plus, when the development
  /// language has no such file, the table's first file, which `setValue` copies for a new one).
  ///
  /// The result edits and saves like a fully loaded bundle: `save()` writes only modified tables.
  /// - Throws: `GlossaError` when the bundle has no table `table`, or a file's data is damaged.
  public func bundle(table: String, languages: [String]) throws -> LocalizationBundle {
    if case .loaded(let bundle) = source { return bundle }
    guard files.contains(where: { $0.table == table }) else {
      let known = tableNames.joined(separator: ", ")
      throw GlossaError("\(name): no table named \"\(table)\" (tables: \(known.isEmpty ? "none" : known))")
    }
    var wanted = files.filter { $0.table == table && languages.contains($0.language) }
    if !wanted.contains(where: { $0.language == developmentLanguage }),
      let template = files.first(where: { $0.table == table }), !wanted.contains(template)
    {
      wanted.append(template)
    }
    let chosen = wanted
    let results = ParallelSlots<Result<LocaleTable, Error>>(count: chosen.count)
    DispatchQueue.concurrentPerform(iterations: chosen.count) { position in
      let file = chosen[position]
      results.set(
        position,
        Result {
          let data = try Self.read(file.path, from: source)
          let document = file.format.parse(data, file: displayPrefix + file.path)
          return LocaleTable(
            language: file.language, name: file.table, path: file.path, format: file.format, document: document)
        })
    }
    let tables = try results.values.map { try $0.get() }
      .sorted { ($0.language, $0.name, $0.path) < ($1.language, $1.name, $1.path) }
    return LocalizationBundle(
      name: name, storage: storage, infoPlistPath: infoPlistPath, infoPlist: infoPlist, tables: tables,
      developmentLanguage: developmentLanguage)
  }

  /// One file's bytes: inflated from the zip (size and CRC checked), or read from the folder
  /// (an unreadable file reads as empty, as when loading the whole bundle).
  private static func read(_ path: String, from source: Source) throws -> Data {
    switch source {
    case .archive(let index):
      do {
        return try index.file(path) ?? Data()
      } catch {
        throw error.error(archive: index.url)
      }
    case .directory(let root):
      return (try? Data(contentsOf: root.appendingPathComponent(path))) ?? Data()
    case .loaded:
      return Data()
    }
  }

  /// `--source-lang` (matched to the bundle's spelling), else `Info.plist`'s development region,
  /// else `en` when present, else the first language other than `Base`.
  private static func developmentLanguage(
    of languages: Set<String>, infoPlist: InfoPlist?, requested: String?, name: String
  ) throws -> String {
    let development =
      requested ?? infoPlist?.developmentRegion
      ?? (languages.contains("en") ? "en" : languages.sorted().first { $0 != "Base" } ?? "en")
    guard let requested else { return development }
    let all = ordered(languages, development: development)
    guard let match = match(requested, in: all) else {
      throw GlossaError(
        "\(name): no language \"\(requested)\" to use as the source (languages: \(all.sorted().joined(separator: ", ")))")
    }
    return match
  }

  private static func ordered(_ languages: Set<String>, development: String) -> [String] {
    languages.sorted { a, b in
      if a == development { return b != development }
      if b == development { return false }
      return a < b
    }
  }

  private static func match(_ code: String, in all: [String]) -> String? {
    if all.contains(code) { return code }
    let folded = code.replacingOccurrences(of: "_", with: "-").lowercased()
    return all.first { $0.replacingOccurrences(of: "_", with: "-").lowercased() == folded }
  }
}
