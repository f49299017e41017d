import Dispatch
import Foundation

/// A bundle whose files are listed and whose `Info.plist` is read, but whose tables are parsed
/// only when asked for, one language at a time: what `glossa lint` streams through so that only a
/// few languages are in memory at once.
///
/// `LocalizationBundle.load` is `BundleListing.open(…).loadAll()`, so both see the same files,
/// table names, development language and diagnostics.
public struct BundleListing: Sendable {
  /// The argument as the user gave it (path or URL).
  public var name: String
  public var storage: BundleStorage
  public var infoPlistPath: String?
  public var infoPlist: InfoPlist?
  /// Problems with the bundle as a whole (a missing or broken `Info.plist`).
  public var diagnostics: [Diagnostic]
  public var developmentLanguage: String
  /// The table files, in listing order, with their table names.
  let files: [ListedTable]
  private let source: Source
  private let displayPrefix: String

  /// One table file, not yet read.
  struct ListedTable: Sendable {
    var path: String
    var language: String
    var name: String
    var format: TableFormat
    /// Where its bytes are: the archive's file index, for a zip.
    var entry: Int
  }

  /// Where the tables' bytes come from.
  private enum Source: Sendable {
    case directory(URL)
    case zip(URL, ArchiveReader)
    /// Already parsed (a single file, or a fetched bundle).
    case loaded([LocaleTable])
  }

  /// Every language that has a table file, the development language first, then by code (the
  /// order of `LocalizationBundle.languages`).
  public var languages: [String] {
    LocalizationBundle.ordered(Set(files.map(\.language)), development: developmentLanguage)
  }

  /// True when tables are read on demand; false when the bundle was read whole (a single file,
  /// a URL, or a bundle holding a multi-language file such as a String Catalog).
  public var isPartial: Bool {
    if case .loaded = source { return false }
    return true
  }

  /// Lists a bundle argument: a directory, a `.zip`, a single table file or (with a remote
  /// loader) an `http(s)` URL. A zip's directory, names and declared sizes are validated here;
  /// its entries' data when they are read.
  /// - Throws: `GlossaError` naming the argument when it does not exist or is not a bundle.
  public static func open(_ argument: String, options: BundleLoadOptions = .init()) throws -> BundleListing {
    if RemoteBundleCache.remoteURL(argument) != nil {
      return BundleListing(loaded: try LocalizationBundle.load(argument, options: options))
    }
    let url = URL(fileURLWithPath: argument)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw GlossaError("\(argument): no such file or directory")
    }
    var listing: BundleListing
    if isDirectory.boolValue {
      listing = try openDirectory(url, name: argument, options: options)
    } else if url.pathExtension.lowercased() == "zip" {
      listing = try openZip(url, name: argument, options: options)
    } else {
      return BundleListing(loaded: try LocalizationBundle.loadFile(url, name: argument, options: options))
    }
    try listing.applySourceLanguage(options.sourceLanguage)
    return listing
  }

  /// A listing of a bundle already in memory.
  public init(loaded bundle: LocalizationBundle) {
    name = bundle.name
    storage = bundle.storage
    infoPlistPath = bundle.infoPlistPath
    infoPlist = bundle.infoPlist
    diagnostics = bundle.diagnostics
    developmentLanguage = bundle.developmentLanguage
    files = bundle.tables.enumerated().map { index, table in
      ListedTable(path: table.path, language: table.language, name: table.name, format: table.format, entry: index)
    }
    source = .loaded(bundle.tables)
    displayPrefix = ""
  }

  private init(
    name: String, storage: BundleStorage, source: Source, files: [(path: String, entry: Int)],
    infoPlist: (path: String, data: Data)?, displayPrefix: String, expectsInfoPlist: Bool,
    options: BundleLoadOptions
  ) {
    self.name = name
    self.storage = storage
    self.source = source
    self.displayPrefix = displayPrefix
    // A `.json` file outside `.lproj` folders is here only when it is not localized objects: skipped.
    let layout = files.compactMap { file in BundleLayout.tableFile(file.path).map { ($0, file.entry) } }
      .filter { !$0.0.language.isEmpty }
    let names = BundleLayout.names(for: layout.map(\.0))
    self.files = zip(layout, names).map { item, name in
      ListedTable(path: item.0.path, language: item.0.language, name: name, format: item.0.format, entry: item.1)
    }
    var diagnostics: [Diagnostic] = []
    if let (path, data) = infoPlist {
      infoPlistPath = path
      let (plist, problems) = InfoPlist.parse(data, file: displayPrefix + path)
      self.infoPlist = plist
      diagnostics += problems
      if let plist { diagnostics += plist.validate(file: displayPrefix + path) }
    } else {
      infoPlistPath = nil
      self.infoPlist = nil
      if expectsInfoPlist {
        diagnostics.append(
          Diagnostic(
            kind: .invalidInfoPlist, file: displayPrefix + "Resources/Info.plist",
            message: "the bundle has no Info.plist; a remote bundle needs Resources/Info.plist with CFBundleDevelopmentRegion, CFBundleIdentifier and versions"))
      }
    }
    self.diagnostics = diagnostics
    let languages = Set(self.files.map(\.language))
    developmentLanguage =
      options.sourceLanguage ?? self.infoPlist?.developmentRegion
      ?? (languages.contains("en") ? "en" : languages.sorted().first { $0 != "Base" } ?? "en")
  }

  static func openDirectory(_ root: URL, name: String, options: BundleLoadOptions) throws -> BundleListing {
    let paths = try LocalizationBundle.listFiles(root)
    let tablePaths = paths.enumerated().filter { BundleLayout.tableFile($0.element) != nil }
    guard !tablePaths.isEmpty else {
      throw GlossaError(
        "\(name): no .lproj folders with .strings, .stringsdict or .json tables, no .xcstrings catalogs and no localized-object .json files found"
      )
    }
    let expectsInfoPlist = FileManager.default.fileExists(atPath: root.appendingPathComponent("Resources").path)
    if holdsMultiLanguageFile(paths, read: { try? Data(contentsOf: root.appendingPathComponent($0)) }) {
      // One file holds every language: nothing to gain from reading language by language.
      let files = paths.compactMap { path -> (String, Data)? in
        guard BundleLayout.tableFile(path) != nil || BundleLayout.infoPlistPaths.contains(path) else { return nil }
        return (path, (try? Data(contentsOf: root.appendingPathComponent(path))) ?? Data())
      }
      let bundle = LocalizationBundle.assemble(
        name: name, storage: .directory(root), files: files, displayPrefix: LocalizationBundle.display(name),
        expectsInfoPlist: expectsInfoPlist, options: options)
      return BundleListing(loaded: try LocalizationBundle.requireTables(bundle, files: files, name: name, where: "found"))
    }
    let plist = BundleLayout.infoPlistPaths.first { paths.contains($0) }.map { path in
      (path, (try? Data(contentsOf: root.appendingPathComponent(path))) ?? Data())
    }
    return BundleListing(
      name: name, storage: .directory(root), source: .directory(root),
      files: tablePaths.map { ($0.element, $0.offset) }, infoPlist: plist,
      displayPrefix: LocalizationBundle.display(name), expectsInfoPlist: expectsInfoPlist, options: options)
  }

  static func openZip(_ url: URL, name: String, options: BundleLoadOptions) throws -> BundleListing {
    let reader: ArchiveReader
    let plist: (String, Data)?
    do {
      (reader, plist) = try openArchive(url)
    } catch {
      throw error.error(archive: url)
    }
    let files = reader.files.enumerated().map { ($0.element.path, $0.offset) }
    guard files.contains(where: { BundleLayout.tableFile($0.0) != nil }) else {
      throw GlossaError(
        "\(name): the archive holds no .lproj folders with .strings, .stringsdict or .json tables, no .xcstrings catalogs and no localized-object .json files"
      )
    }
    let entries = Dictionary(files, uniquingKeysWith: { first, _ in first })
    if holdsMultiLanguageFile(files.map(\.0), read: { path in entries[path].flatMap { try? reader.data(at: $0) } }) {
      var all: [(String, Data)] = []
      for (path, index) in files where BundleLayout.tableFile(path) != nil || BundleLayout.infoPlistPaths.contains(path) {
        do { all.append((path, try reader.data(at: index))) } catch { throw error.error(archive: url) }
      }
      let bundle = LocalizationBundle.assemble(
        name: name, storage: .zip(url), files: all, displayPrefix: name + ":", expectsInfoPlist: true,
        options: options)
      return BundleListing(
        loaded: try LocalizationBundle.requireTables(bundle, files: all, name: name, where: "the archive holds"))
    }
    return BundleListing(
      name: name, storage: .zip(url), source: .zip(url, reader), files: files, infoPlist: plist,
      displayPrefix: name + ":", expectsInfoPlist: true, options: options)
  }

  /// True when `paths` include a file that holds every language (a String Catalog, or a `.json`
  /// file outside `.lproj` folders holding localized objects, which `read` gives the bytes of),
  /// or no `.lproj` table at all (the whole load then says why each `.json` file was skipped).
  static func holdsMultiLanguageFile(_ paths: [String], read: (String) -> Data?) -> Bool {
    var hasLocalizedFolder = false
    for path in paths {
      guard let file = BundleLayout.tableFile(path) else { continue }
      guard file.language.isEmpty else {
        hasLocalizedFolder = true
        continue
      }
      if file.format == .xcstrings { return true }
      if let data = read(path), LocalizedObjectDocument(data: data, file: path).mismatch == nil { return true }
    }
    return !hasLocalizedFolder
  }

  /// Validates the archive and reads every entry that is not a table now (tables are read when
  /// their language is); returns the reader and `Info.plist`, if any.
  private static func openArchive(_ url: URL) throws(ArchiveProblem) -> (ArchiveReader, (String, Data)?) {
    let reader = try ArchiveReader(url: url, limits: ArchiveLimits())
    var plist: (String, Data)?
    for (index, entry) in reader.files.enumerated() where BundleLayout.tableFile(entry.path) == nil {
      let data = try reader.data(at: index)
      if BundleLayout.infoPlistPaths.contains(entry.path), plist == nil || entry.path == BundleLayout.infoPlistPaths[0] {
        plist = (entry.path, data)
      }
    }
    return (reader, plist)
  }

  /// Checks an explicit `--source-lang` against the languages (ignoring case and `_`/`-`).
  private mutating func applySourceLanguage(_ requested: String?) throws {
    guard let requested else { return }
    guard let match = matchingLanguage(requested) else {
      throw GlossaError(
        "\(name): no language \"\(requested)\" to use as the source (languages: \(languages.sorted().joined(separator: ", ")))")
    }
    developmentLanguage = match
  }

  /// The bundle without its tables: `Info.plist`, diagnostics and development language.
  public var skeleton: LocalizationBundle {
    LocalizationBundle(
      name: name, storage: storage, infoPlistPath: infoPlistPath, infoPlist: infoPlist, tables: [],
      diagnostics: diagnostics, developmentLanguage: developmentLanguage)
  }

  /// The parsed tables of one language, sorted by table name then path.
  /// - Throws: `GlossaError` when a zip entry turns out damaged or over the size limits.
  public func tables(language: String) throws -> [LocaleTable] {
    try tables(language: language, keepsComments: true)
  }

  /// The parsed tables of one language; without `keepsComments`, `.strings` entries come
  /// without their comments (for the checks, which read only the source language's).
  func tables(language: String, keepsComments: Bool) throws -> [LocaleTable] {
    try read(files.indices.filter { files[$0].language == language }, parallel: false, keepsComments: keepsComments)
  }

  /// Every table, read and parsed on all cores: the whole bundle in memory.
  /// - Throws: `GlossaError` for the first damaged zip entry in archive order.
  public func loadAll() throws -> LocalizationBundle {
    var bundle = skeleton
    bundle.tables = try read(Array(files.indices), parallel: true)
    return bundle
  }

  /// Reads and parses the given files, sorted by language, table name and path.
  func read(_ indices: [Int], parallel: Bool, keepsComments: Bool = true) throws -> [LocaleTable] {
    if case .loaded(let tables) = source {
      return indices.map { tables[files[$0].entry] }
    }
    let results = ParallelResults<Result<LocaleTable, ArchiveProblem>>(count: indices.count)
    let work: @Sendable (Int) -> Void = { position in
      let file = files[indices[position]]
      results.set(position, readTable(file, keepsComments: keepsComments).map { document in
        LocaleTable(language: file.language, name: file.name, path: file.path, format: file.format, document: document)
      })
    }
    if parallel {
      DispatchQueue.concurrentPerform(iterations: indices.count, execute: work)
    } else {
      for position in indices.indices { work(position) }
    }
    var tables: [LocaleTable] = []
    tables.reserveCapacity(indices.count)
    for result in results.values {
      switch result {
      case .success(let table): tables.append(table)
      case .failure(let problem):
        if case .zip(let url, _) = source { throw problem.error(archive: url) }
      }
    }
    tables.sort { ($0.language, $0.name, $0.path) < ($1.language, $1.name, $1.path) }
    return tables
  }

  /// One file's bytes, parsed; a directory file that cannot be read parses as empty.
  private func readTable(_ file: ListedTable, keepsComments: Bool) -> Result<any TableDocument, ArchiveProblem> {
    let data: Data
    switch source {
    case .directory(let root):
      data = (try? Data(contentsOf: root.appendingPathComponent(file.path))) ?? Data()
    case .zip(_, let reader):
      do { data = try reader.data(at: file.entry) } catch { return .failure(error) }
    case .loaded:
      return .failure(.notZip)
    }
    if file.format == .strings, !keepsComments {
      return .success(StringsDocument(data: data, file: displayPrefix + file.path, keepsComments: false))
    }
    return .success(file.format.parse(data, file: displayPrefix + file.path))
  }
}
