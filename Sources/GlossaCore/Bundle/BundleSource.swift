import Foundation

/// Where a bundle comes from: decided once, here, from the argument the user gave.
///
/// Every command and both sides of the review open bundles through `LocalizationBundle.open`,
/// which starts from this; nothing else asks whether an argument is a URL, a zip or a file.
public enum BundleSource: Sendable, Hashable {
  /// A directory holding `Resources/`, `.lproj` folders, catalogs or localized-object files.
  case directory(URL)
  /// A zip archive (a remote bundle as the server sends it, or any zipped bundle).
  case zip(URL)
  /// One table file (`.strings`, `.stringsdict`, `.json`) of one language.
  case tableFile(URL, language: String)
  /// One file that holds every language: a String Catalog or a localized-object JSON file.
  case multiLanguageFile(URL)
  /// An `http(s)` URL, read through the cache (`RemoteBundleCache`) as a zip or table file.
  case remote(URL)

  /// Decides what `argument` is: a URL by its scheme, else what is on disk.
  ///
  /// A `.json` file outside any `.lproj` folder is a localized-object file when its contents
  /// qualify, else one language's JSON table when `language` names it.
  /// - Throws: `GlossaError.notFound`, `.notABundle` or `.unknownLanguage`.
  public static func of(_ argument: String, language: String? = nil) throws -> BundleSource {
    if let url = remoteURL(argument) {
      guard url.host != nil else { throw GlossaError.notABundle(argument, reason: "not a valid URL") }
      return .remote(url)
    }
    let url = URL(fileURLWithPath: argument)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw GlossaError.notFound(argument)
    }
    if isDirectory.boolValue { return .directory(url) }
    if url.pathExtension.lowercased() == "zip" { return .zip(url) }
    return try file(url, name: argument, language: language)
  }

  /// True for a path to a `.strings`, `.stringsdict` or `.json` file whose folder is not a
  /// `<language>.lproj` one: a table whose language must be named (a String Catalog names its
  /// languages itself; a URL is no file).
  public static func isLoneTableFile(_ argument: String) -> Bool {
    guard remoteURL(argument) == nil else { return false }
    let url = URL(fileURLWithPath: argument)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
      let format = TableFormat.forFileName(url.lastPathComponent), format != .xcstrings
    else { return false }
    return BundleLayout.language(ofFolder: url.deletingLastPathComponent().lastPathComponent) == nil
  }

  /// A file argument (or a downloaded body): a table of one language, or a file of every language.
  static func file(_ url: URL, name: String, language: String?) throws -> BundleSource {
    guard let format = TableFormat.forFileName(url.lastPathComponent) else {
      throw GlossaError.notABundle(
        name, reason: "expected a directory, a .zip, or a .strings, .stringsdict, .json or .xcstrings file")
    }
    let folder = url.deletingLastPathComponent().lastPathComponent
    let folderLanguage = BundleLayout.language(ofFolder: folder)
    if format == .xcstrings { return .multiLanguageFile(url) }
    // Without a language, a `.json` file outside `.lproj` folders can only be a file of every
    // language: opening it reads it once and says why when it is not.
    if format == .json && folderLanguage == nil {
      guard let language else { return .multiLanguageFile(url) }
      let data: Data
      do { data = try Data(contentsOf: url) } catch {
        throw GlossaError.readFailed(name, reason: error.localizedDescription)
      }
      if LocalizedObjectDocument(data: data, file: name).mismatch == nil { return .multiLanguageFile(url) }
      return .tableFile(url, language: language)
    }
    guard let language = language ?? folderLanguage else { throw GlossaError.unknownLanguage(name, reason: nil) }
    return .tableFile(url, language: language)
  }

  /// The URL of an `http://` or `https://` argument; nil for anything else (paths).
  public static func remoteURL(_ argument: String) -> URL? {
    let lower = argument.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
    return URL(string: argument)
  }

  /// True for an `http(s)` source.
  public var isRemote: Bool {
    if case .remote = self { return true }
    return false
  }
}
