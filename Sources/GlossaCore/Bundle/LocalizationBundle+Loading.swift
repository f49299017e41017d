import Dispatch
import Foundation

extension LocalizationBundle {
  /// Opens a bundle argument: a directory, a `.zip`, a single table file or (with a remote
  /// loader) an `http(s)` URL.
  ///
  /// Files that fail to parse still load (their problems are diagnostics); only an unreadable
  /// argument throws.
  /// - Throws: `GlossaError` naming the argument when it does not exist or is not a bundle.
  public static func load(_ argument: String, options: BundleLoadOptions = .init()) throws -> LocalizationBundle {
    if let remote = RemoteBundleCache.remoteURL(argument) {
      return try loadRemote(remote, name: argument, options: options)
    }
    // One way in for every local argument: list it, then read every table (on all cores).
    return try BundleListing.open(argument, options: options).loadAll()
  }

  /// Checks an explicit `--source-lang` against the bundle's languages (ignoring case): a typo
  /// would otherwise silently switch off every comparison check.
  mutating func applySourceLanguage(_ requested: String?) throws {
    guard let requested else { return }
    guard let match = matchingLanguage(requested) else {
      throw GlossaError(
        "\(name): no language \"\(requested)\" to use as the source (languages: \(languages.sorted().joined(separator: ", ")))")
    }
    developmentLanguage = match
  }

  static func loadZip(_ url: URL, name: String, options: BundleLoadOptions) throws -> LocalizationBundle {
    try BundleListing.openZip(url, name: name, options: options).loadAll()
  }

  static func loadFile(_ url: URL, name: String, options: BundleLoadOptions) throws -> LocalizationBundle {
    guard let format = TableFormat.forFileName(url.lastPathComponent) else {
      throw GlossaError("\(name): not a bundle: expected a directory, a .zip, or a .strings, .stringsdict, .json or .xcstrings file")
    }
    let parent = url.deletingLastPathComponent().lastPathComponent
    let inLproj = parent.hasSuffix(".lproj") && parent.count > ".lproj".count
    if format == .xcstrings || (format == .json && !inLproj),
      let bundle = try loadMultiLanguageFile(url, format: format, name: name, options: options)
    {
      return bundle
    }
    let language: String
    if inLproj {
      language = options.language ?? String(parent.dropLast(".lproj".count))
    } else if let given = options.language {
      language = given
    } else {
      throw GlossaError("\(name): cannot tell the file's language: put it in a <language>.lproj folder or pass --lang")
    }
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw GlossaError("\(name): cannot read the file (\(error.localizedDescription))")
    }
    let base = url.lastPathComponent.split(separator: ".", maxSplits: 1).first.map(String.init) ?? url.lastPathComponent
    let document = format.parse(data, file: name)
    let table = LocaleTable(language: language, name: base, path: url.lastPathComponent, format: format, document: document)
    return LocalizationBundle(
      name: name, storage: .file(url), tables: [table],
      developmentLanguage: options.sourceLanguage ?? language)
  }

  /// Builds a bundle from its files (bundle-relative paths): parses tables in parallel.
  static func assemble(
    name: String, storage: BundleStorage, files: [(String, Data)], displayPrefix: String,
    expectsInfoPlist: Bool, options: BundleLoadOptions
  ) -> LocalizationBundle {
    let tableFiles = files.compactMap { file in BundleLayout.tableFile(file.0).map { ($0, file.1) } }
    let names = BundleLayout.names(for: tableFiles.map(\.0))
    let results = ParallelResults<[LocaleTable]>(count: tableFiles.count)
    DispatchQueue.concurrentPerform(iterations: tableFiles.count) { index in
      let (file, data) = tableFiles[index]
      if file.language.isEmpty {  // a catalog or a localized-object file: every language
        let read = multiLanguageTables(
          data, format: file.format, name: names[index], path: file.path, display: displayPrefix + file.path,
          fallbackLanguage: options.sourceLanguage ?? "en")
        if case .tables(let tables) = read { results.set(index, tables) }
        return
      }
      let document = file.format.parse(data, file: displayPrefix + file.path)
      results.set(
        index,
        [LocaleTable(language: file.language, name: names[index], path: file.path, format: file.format, document: document)])
    }
    var tables = results.values.flatMap { $0 }
    tables.sort { ($0.language, $0.name, $0.path) < ($1.language, $1.name, $1.path) }

    var diagnostics: [Diagnostic] = []
    var infoPlist: InfoPlist?
    var infoPlistPath: String?
    if let (path, data) = BundleLayout.infoPlistPaths.lazy.compactMap({ p in files.first { $0.0 == p } }).first {
      infoPlistPath = path
      let (plist, problems) = InfoPlist.parse(data, file: displayPrefix + path)
      infoPlist = plist
      diagnostics += problems
      if let plist { diagnostics += plist.validate(file: displayPrefix + path) }
    } else if expectsInfoPlist {
      diagnostics.append(
        Diagnostic(
          kind: .invalidInfoPlist, file: displayPrefix + "Resources/Info.plist",
          message: "the bundle has no Info.plist; a remote bundle needs Resources/Info.plist with CFBundleDevelopmentRegion, CFBundleIdentifier and versions"))
    }
    let languages = Set(tables.map(\.language))
    let catalogSource = tables.lazy.compactMap { ($0.document as? StringCatalogView)?.catalog.sourceLanguage }.first
    let development =
      options.sourceLanguage ?? infoPlist?.developmentRegion ?? catalogSource
      ?? (languages.contains("en") ? "en" : languages.sorted().first { $0 != "Base" } ?? "en")
    return LocalizationBundle(
      name: name, storage: storage, infoPlistPath: infoPlistPath, infoPlist: infoPlist, tables: tables,
      diagnostics: diagnostics, developmentLanguage: development)
  }

  /// The prefix that turns a bundle-relative path into what the user sees (`dir/` or `b.zip:`).
  static func display(_ name: String) -> String {
    name.hasSuffix("/") ? name : name + "/"
  }

  /// Regular files under `root`, relative, `/`-separated, skipping hidden entries and build folders.
  static func listFiles(_ root: URL) throws -> [String] {
    guard let enumerator = FileManager.default.enumerator(
      at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { throw GlossaError("\(root.path): cannot list the directory") }
    let rootPath = root.standardizedFileURL.path
    var result: [String] = []
    while let url = enumerator.nextObject() as? URL {
      let last = url.lastPathComponent
      if last == ".build" || last == "node_modules" {
        enumerator.skipDescendants()
        continue
      }
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
      let path = url.standardizedFileURL.path
      guard path.hasPrefix(rootPath) else { continue }
      result.append(String(path.dropFirst(rootPath.count)).trimmingLeadingSlash())
    }
    return result.sorted()
  }
}

extension String {
  fileprivate func trimmingLeadingSlash() -> String {
    hasPrefix("/") ? String(dropFirst()) : self
  }
}

extension LocalizationBundle {
  /// Rewrites the archive with the modified tables; every other entry is copied as it is.
  mutating func saveZip(_ url: URL, modified: [Int]) throws {
    var replacing: [String: Data] = [:]
    for index in modified { replacing[tables[index].path] = tables[index].document.serialized() }
    try BundleArchive.rewrite(url, replacing: replacing)
    for index in modified { tables[index].isModified = false }
  }
}
