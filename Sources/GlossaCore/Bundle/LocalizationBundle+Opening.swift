import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension LocalizationBundle {
  /// Opens a bundle argument: lists its files and reads `Info.plist` (and any file that holds
  /// every language); tables are read when asked for (`load(languages:)`, `loadAll()`).
  ///
  /// - Throws: `GlossaError` naming the argument when it does not exist, is not a bundle, or
  ///   (a URL) cannot be fetched with nothing cached.
  public static func open(_ argument: String, options: BundleLoadOptions = .init()) throws -> LocalizationBundle {
    try open(BundleSource.of(argument, language: options.language), name: argument, options: options)
  }

  /// Opens a bundle argument and reads every table (on all cores).
  ///
  /// Files that fail to parse still load (their problems are diagnostics).
  /// - Throws: what `open` throws, or `GlossaError` for the first damaged zip entry.
  public static func load(_ argument: String, options: BundleLoadOptions = .init()) throws -> LocalizationBundle {
    var bundle = try open(argument, options: options)
    try bundle.loadAll()
    return bundle
  }

  /// Opens `source`; `name` is what findings and messages call it.
  public static func open(_ source: BundleSource, name: String, options: BundleLoadOptions = .init()) throws
    -> LocalizationBundle
  {
    var bundle: LocalizationBundle
    switch source {
    case .remote(let url):
      return try openRemote(url, name: name, options: options)
    case .directory(let root):
      bundle = try openDirectory(root, name: name, options: options)
    case .zip(let url):
      bundle = try openZip(url, name: name, options: options)
    case .tableFile(let url, let language):
      bundle = openTableFile(url, language: language, name: name, options: options)
    case .multiLanguageFile(let url):
      bundle = try openMultiLanguageFile(url, name: name, options: options)
    }
    bundle.source = source
    return bundle
  }

  /// Fetches `url` through the cache, then opens the cached body as a zip or a table file. The
  /// bundle keeps the URL as its name and is read-only: its edits leave as a repacked zip.
  private static func openRemote(_ url: URL, name: String, options: BundleLoadOptions) throws -> LocalizationBundle {
    let result = try RemoteBundleCache.fetch(url, policy: options.remote)
    options.remote.onResult?(result)
    let body: BundleSource
    switch result.metadata.kind {
    case .zip: body = .zip(result.bodyURL)
    case .strings, .json, .stringsdict:
      body = try BundleSource.file(result.bodyURL, name: name, language: options.language ?? result.languageHint)
    }
    var bundle = try open(body, name: name, options: options)
    bundle.source = .remote(url)
    bundle.readOnlyReason = downloadReason
    return bundle
  }

  private static func openDirectory(_ root: URL, name: String, options: BundleLoadOptions) throws -> LocalizationBundle
  {
    let (paths, passedOver) = try listFiles(root, name: name)
    return try assemble(
      name: name, storage: .directory(root), store: .directory(root),
      paths: paths.enumerated().map { ($0.element, $0.offset) },
      expectsInfoPlist: FileManager.default.fileExists(atPath: root.appendingPathComponent("Resources").path),
      place: "found", passedOver: passedOver, options: options)
  }

  private static func openZip(_ url: URL, name: String, options: BundleLoadOptions) throws -> LocalizationBundle {
    let stamp = FileStamp.of(url.path)
    let reader: ZipArchive
    do {
      // The directory is checked (names, links, overlaps, local headers) without inflating
      // anything; tables inflate when read and Info.plist below, other entries never.
      reader = try ZipArchive(url: url, limits: ArchiveLimits())
    } catch {
      throw error.error(archive: url)
    }
    return try assemble(
      name: name, storage: .zip(url), store: .zip(url, reader, stamp),
      paths: reader.files.enumerated().map { ($0.element.path, $0.offset) }, expectsInfoPlist: true,
      place: "the archive holds", options: options)
  }

  /// A directory's or archive's bundle: `.lproj` tables listed (read later), files that hold
  /// every language read now, `Info.plist` read once.
  private static func assemble(
    name: String, storage: BundleStorage, store: BundleStore, paths: [(path: String, entry: Int)],
    expectsInfoPlist: Bool, place: String, passedOver: [Diagnostic] = [], options: BundleLoadOptions
  ) throws -> LocalizationBundle {
    var bundle = LocalizationBundle(name: name, storage: storage, tables: [], developmentLanguage: "en")
    bundle.store = store
    bundle.diagnostics = passedOver
    let prefix = bundle.displayPrefix
    let files = paths.compactMap { item in BundleLayout.tableFile(item.path).map { ($0, item.entry) } }
    guard !files.isEmpty else {
      let refused = passedOver.first.map { " (\($0.file): \($0.message))" } ?? ""
      throw GlossaError.notABundle(
        name,
        reason:
          "\(place) no .lproj folders with .strings, .stringsdict or .json tables, no .xcstrings catalogs and no localized-object .json files"
          + refused
      )
    }
    let names = BundleLayout.names(for: files.map(\.0))
    var skipped: [String] = []
    for ((file, entry), tableName) in zip(files, names) {
      guard file.language.isEmpty else {
        bundle.listed.append(
          ListedFile(path: file.path, language: file.language, name: tableName, format: file.format, entry: entry))
        continue
      }
      let read = try multiLanguageTables(
        in: store, path: file.path, entry: entry, bundle: name, format: file.format, name: tableName,
        display: prefix + file.path, fallbackLanguage: options.sourceLanguage ?? "en")
      switch read {
      case .tables(let tables): bundle.tables += tables
      case .notMultiLanguage(let reason): skipped.append("\(file.path):\(reason)")
      }
    }
    guard !bundle.listed.isEmpty || !bundle.tables.isEmpty else {
      let shown =
        skipped.prefix(5).joined(separator: "; ") + (skipped.count > 5 ? "; and \(skipped.count - 5) more" : "")
      throw GlossaError.notABundle(
        name,
        reason: "\(place) no .lproj folders with tables, no .xcstrings catalogs and no localized-object .json files"
          + (shown.isEmpty ? "" : " (not localized objects: \(shown))"))
    }
    bundle.tables.sort(by: tableOrder)
    if let (path, entry) = BundleLayout.infoPlistPaths.lazy.compactMap({ p in paths.first { $0.path == p } }).first {
      bundle.infoPlistPath = path
      let (plist, problems) = InfoPlist.parse(
        (try? store.read(path, entry: entry, bundle: name).0) ?? Data(), file: prefix + path)
      bundle.infoPlist = plist
      bundle.diagnostics += problems
      if let plist { bundle.diagnostics += plist.validate(file: prefix + path) }
    } else if expectsInfoPlist {
      bundle.diagnostics.append(
        Diagnostic(
          kind: .invalidInfoPlist, file: prefix + "Resources/Info.plist",
          message:
            "the bundle has no Info.plist; a remote bundle needs Resources/Info.plist with CFBundleDevelopmentRegion, CFBundleIdentifier and versions"
        ))
    }
    let catalogSource = bundle.tables.lazy.compactMap { ($0.document as? StringCatalogView)?.catalog.sourceLanguage }
      .first
    bundle.developmentLanguage = try chooseDevelopmentLanguage(
      requested: options.sourceLanguage, declared: bundle.infoPlist?.developmentRegion ?? catalogSource,
      languages: bundle.languages.sorted(), name: name)
    return bundle
  }

  private static func openTableFile(
    _ url: URL, language: String, name: String, options: BundleLoadOptions
  ) -> LocalizationBundle {
    let file = url.lastPathComponent
    var bundle = LocalizationBundle(
      name: name, storage: .file(url), tables: [], developmentLanguage: options.sourceLanguage ?? language)
    bundle.store = .file(url)
    bundle.listed = [
      ListedFile(
        path: file, language: language, name: BundleLayout.baseName(file),
        format: TableFormat.forFileName(file) ?? .strings,
        entry: 0)
    ]
    return bundle
  }

  private static func openMultiLanguageFile(_ url: URL, name: String, options: BundleLoadOptions) throws
    -> LocalizationBundle
  {
    let file = url.lastPathComponent
    let format = TableFormat.forFileName(file) ?? .json
    let read = try multiLanguageTables(
      in: .file(url), path: file, entry: 0, bundle: name, format: format, name: BundleLayout.baseName(file),
      display: name, fallbackLanguage: options.sourceLanguage ?? options.language ?? "en")
    guard case .tables(let tables) = read else {
      let reason = if case .notMultiLanguage(let reason) = read { reason } else { "" }
      throw GlossaError.unknownLanguage(name, reason: reason)
    }
    var bundle = LocalizationBundle(name: name, storage: .file(url), tables: tables, developmentLanguage: "en")
    bundle.store = .file(url)
    let catalogSource = (tables.first?.document as? StringCatalogView)?.catalog.sourceLanguage
    bundle.developmentLanguage = try chooseDevelopmentLanguage(
      requested: options.sourceLanguage, declared: catalogSource, languages: tables.map(\.language), name: name)
    return bundle
  }

  /// The development language, decided once for every kind of bundle: the one asked for (which
  /// must be one of the bundle's, ignoring case), else the declared one (`Info.plist`'s region or
  /// a catalog's source language), else `en` when present, else the first of `languages` that is
  /// not `Base`.
  /// - Throws: `GlossaError.noSuchSourceLanguage` when `requested` is none of the bundle's languages.
  static func chooseDevelopmentLanguage(
    requested: String?, declared: String?, languages: [String], name: String
  ) throws -> String {
    if let requested {
      guard let match = matching(requested, in: languages) else {
        throw GlossaError.noSuchSourceLanguage(bundle: name, language: requested, languages: languages)
      }
      return match
    }
    return declared ?? (languages.contains("en") ? "en" : languages.first { $0 != "Base" } ?? "en")
  }

  /// Regular files under `root`, relative, `/`-separated, skipping hidden entries and build
  /// folders, and the entries passed over as `unreadable-file` diagnostics.
  ///
  /// Symbolic links are followed while they stay inside the bundle (`en-GB.lproj -> en.lproj`
  /// lists `en-GB.lproj/…` too), never back into a folder being listed, so a link cycle ends. A
  /// table, `Info.plist` or `.lproj` folder linked outside the bundle, a dangling link and a file
  /// that is not regular (a FIFO, a device) are reported and not read (`FolderWalk`). Whether a
  /// save may write through a link is decided when saving (`SymbolicLinks.writeTarget`).
  static func listFiles(_ root: URL, name: String) throws -> (files: [String], passedOver: [Diagnostic]) {
    guard
      let walk = FolderWalk.walk(
        root.path, eachFolderOnce: false, enter: { _, entry in !entry.hasPrefix(".") && entry != "node_modules" },
        wants: { !$0.hasPrefix(".") })
    else {
      throw GlossaError.readFailed(name, reason: "cannot list the directory")
    }
    let passedOver = walk.refused.filter { item in
      BundleLayout.tableFile(item.path) != nil || BundleLayout.infoPlistPaths.contains(item.path)
        || item.path.hasSuffix(".lproj") || item.path == "Resources"
    }.map { item in
      Diagnostic(
        kind: .unreadableFile, file: join(name, item.path),
        message: "The entry \(item.refusal.reason(outside: "the bundle")).")
    }
    return (walk.files, passedOver)
  }
}
