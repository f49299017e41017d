import Dispatch
import Foundation

/// A bundle directory or zip whose files are listed (and whose `Info.plist` is read) but whose
/// tables are parsed only when asked for, language by language: the review reads the languages
/// it shows first and the rest in the background.
public struct BundleListing: Sendable {
  /// Where the listed files are read from.
  private enum Source: Sendable {
    case directory(URL)
    case zip(BundleArchive.Selection)
  }

  /// One table file with its table name, worked out over the whole listing.
  private struct Listed: Sendable {
    var file: BundleLayout.TableFile
    var name: String
  }

  /// The bundle without tables: name, storage, `Info.plist` with its diagnostics, and the
  /// development language (worked out over every listed language, as a full load would).
  public let skeleton: LocalizationBundle
  /// Every language with a table file, in the order of `LocalizationBundle.languages`.
  public let languages: [String]
  private let files: [Listed]
  private let source: Source
  private let displayPrefix: String

  /// Lists `argument` when it is a bundle directory or a `.zip` of `.lproj` tables; nil for
  /// anything else (one table file, a URL, or a bundle with a String Catalog, which
  /// `LocalizationBundle.load` reads whole).
  ///
  /// - Throws: `GlossaError` as `LocalizationBundle.load` does: a damaged archive directory,
  ///   no tables, an unknown `--source-lang`.
  public static func open(_ argument: String, options: BundleLoadOptions = .init()) throws -> BundleListing? {
    if RemoteBundleCache.remoteURL(argument) != nil { return nil }
    let url = URL(fileURLWithPath: argument)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw GlossaError("\(argument): no such file or directory")
    }
    if isDirectory.boolValue {
      let paths = try LocalizationBundle.listFiles(url)
      if readsWhole(paths, from: .directory(url)) { return nil }
      let expectsInfoPlist = FileManager.default.fileExists(atPath: url.appendingPathComponent("Resources").path)
      return try BundleListing(
        name: argument, storage: .directory(url), source: .directory(url), paths: paths,
        displayPrefix: LocalizationBundle.display(argument), expectsInfoPlist: expectsInfoPlist,
        emptyMessage: "no .lproj folders with .strings, .stringsdict or .json tables found", options: options)
    }
    guard url.pathExtension.lowercased() == "zip" else { return nil }
    let archive = try BundleArchive.Selection(url)
    if readsWhole(archive.paths, from: .zip(archive)) { return nil }
    return try BundleListing(
      name: argument, storage: .zip(url), source: .zip(archive), paths: archive.paths,
      displayPrefix: argument + ":", expectsInfoPlist: true,
      emptyMessage: "the archive holds no .lproj folders with .strings, .stringsdict or .json tables",
      options: options)
  }

  /// True when `paths` include a file that holds every language (a String Catalog, or a `.json`
  /// file outside `.lproj` folders that holds localized objects), or no `.lproj` table at all:
  /// `LocalizationBundle.load` then reads the bundle whole (and explains what it lacks).
  private static func readsWhole(_ paths: [String], from source: Source) -> Bool {
    var hasLocalizedFolder = false
    for path in paths {
      guard let file = BundleLayout.tableFile(path) else { continue }
      guard file.language.isEmpty else {
        hasLocalizedFolder = true
        continue
      }
      if file.format == .xcstrings { return true }
      if let data = try? read(path, from: source), LocalizedObjectDocument(data: data, file: path).mismatch == nil {
        return true
      }
    }
    return !hasLocalizedFolder
  }

  private init(
    name: String, storage: BundleStorage, source: Source, paths: [String], displayPrefix: String,
    expectsInfoPlist: Bool, emptyMessage: String, options: BundleLoadOptions
  ) throws {
    // Files outside `.lproj` folders are here only when they are not localized objects: skipped.
    let tableFiles = paths.compactMap(BundleLayout.tableFile).filter { !$0.language.isEmpty }
    guard !tableFiles.isEmpty else { throw GlossaError("\(name): \(emptyMessage)") }
    let names = BundleLayout.names(for: tableFiles)
    self.files = zip(tableFiles, names).map { Listed(file: $0, name: $1) }
    self.source = source
    self.displayPrefix = displayPrefix
    var infoFiles: [(String, Data)] = []
    if let path = BundleLayout.infoPlistPaths.first(where: paths.contains) {
      infoFiles.append((path, try Self.read(path, from: source)))
    }
    var options = options
    let requested = options.sourceLanguage
    options.sourceLanguage = nil
    var skeleton = LocalizationBundle.assemble(
      name: name, storage: storage, files: infoFiles, displayPrefix: displayPrefix,
      expectsInfoPlist: expectsInfoPlist, options: options)
    let all = Set(tableFiles.map(\.language))
    skeleton.developmentLanguage =
      skeleton.infoPlist?.developmentRegion
      ?? (all.contains("en") ? "en" : all.sorted().first { $0 != "Base" } ?? "en")
    // Which languages exist is known from the listing: check `--source-lang` against all of them.
    if let requested {
      let folded = { (code: String) in code.replacingOccurrences(of: "_", with: "-").lowercased() }
      guard let match = all.contains(requested) ? requested : all.sorted().first(where: { folded($0) == folded(requested) })
      else {
        throw GlossaError(
          "\(name): no language \"\(requested)\" to use as the source (languages: \(all.sorted().joined(separator: ", ")))")
      }
      skeleton.developmentLanguage = match
    }
    let development = skeleton.developmentLanguage
    self.skeleton = skeleton
    self.languages = all.sorted { a, b in
      if a == development { return b != development }
      if b == development { return false }
      return a < b
    }
  }

  /// The languages to read before the first screen when `shown` is shown: the language
  /// translations are compared against, `shown`, and languages sharing `shown`'s base language
  /// (`pt` for `pt-BR`), which the effective value can fall back to.
  public func firstLanguages(showing shown: String?) -> [String] {
    let development = skeleton.developmentLanguage
    var wanted = [development]
    if !languages.contains(development) && languages.contains("Base") { wanted.append("Base") }
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

  /// Reads and parses every table of `languages` (both cores), sorted as `LocalizationBundle.tables`.
  ///
  /// - Throws: `GlossaError` naming the archive and entry when a zip entry is damaged.
  public func tables(of languages: Set<String>) throws -> [LocaleTable] {
    let selected = files.filter { languages.contains($0.file.language) }
    let results = ParallelResults<Result<LocaleTable, GlossaError>>(count: selected.count)
    let source = self.source
    let prefix = displayPrefix
    DispatchQueue.concurrentPerform(iterations: selected.count) { index in
      let listed = selected[index]
      do {
        let data = try Self.read(listed.file.path, from: source)
        let document = listed.file.format.parse(data, file: prefix + listed.file.path)
        let table = LocaleTable(
          language: listed.file.language, name: listed.name, path: listed.file.path, format: listed.file.format,
          document: document)
        results.set(index, .success(table))
      } catch let error as GlossaError {
        results.set(index, .failure(error))
      } catch {
        results.set(index, .failure(GlossaError("\(prefix)\(listed.file.path): \(error)")))
      }
    }
    var tables: [LocaleTable] = []
    tables.reserveCapacity(selected.count)
    for result in results.values { tables.append(try result.get()) }
    tables.sort { ($0.language, $0.name, $0.path) < ($1.language, $1.name, $1.path) }
    return tables
  }

  /// The skeleton with the tables of `languages`.
  public func bundle(with languages: Set<String>) throws -> LocalizationBundle {
    var bundle = skeleton
    bundle.tables = try tables(of: languages)
    return bundle
  }

  /// A file's bytes; an unreadable file of a directory reads as empty, as a full load treats it.
  private static func read(_ path: String, from source: Source) throws -> Data {
    switch source {
    case .directory(let root): (try? Data(contentsOf: root.appendingPathComponent(path))) ?? Data()
    case .zip(let archive): try archive.read(path)
    }
  }
}

extension LocalizationBundle {
  /// Adds the tables of languages read later (see `BundleListing`), keeping the order of `tables`.
  public mutating func insert(_ more: [LocaleTable]) {
    guard !more.isEmpty else { return }
    tables += more
    tables.sort { ($0.language, $0.name, $0.path) < ($1.language, $1.name, $1.path) }
  }
}
