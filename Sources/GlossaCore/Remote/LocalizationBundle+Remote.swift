import Foundation

extension RemoteBundleCache {
  /// The URL of an `http://` or `https://` argument; nil for anything else (paths).
  public static func remoteURL(_ argument: String) -> URL? {
    let lower = argument.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
    return URL(string: argument)
  }
}

extension LocalizationBundle {
  /// Fetches `url` through the cache, then opens the cached body as a zip or a single table.
  ///
  /// The bundle keeps the URL as its name, so findings name what the user typed. A single table's
  /// language comes from `--lang`, else from a `<lang>.lproj` folder in the URL's path.
  /// - Throws: `GlossaError` when the fetch fails with nothing cached, or the body cannot be opened.
  static func loadRemote(_ url: URL, name: String, options: BundleLoadOptions) throws -> LocalizationBundle {
    guard url.host != nil else { throw GlossaError("\(name): not a valid URL") }
    let result = try RemoteBundleCache.fetch(url, policy: options.remote)
    options.remote.onResult?(result)
    switch result.metadata.kind {
    case .zip:
      return try loadZip(result.bodyURL, name: name, options: options)
    case .strings, .json, .stringsdict:
      var fileOptions = options
      if fileOptions.language == nil { fileOptions.language = result.languageHint }
      guard fileOptions.language != nil else {
        throw GlossaError(
          "\(name): cannot tell the table's language: the URL has no <language>.lproj folder; pass --lang")
      }
      return try loadFile(result.bodyURL, name: name, options: fileOptions)
    }
  }
}
