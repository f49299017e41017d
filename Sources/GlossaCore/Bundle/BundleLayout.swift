/// Where a file sits in a bundle: which language and table it belongs to.
public struct BundleLayout {
  /// A table file found in a bundle, before parsing.
  struct TableFile: Sendable {
    var path: String
    var language: String
    var base: String
    var prefix: String
    var format: TableFormat
  }

  /// The suffix of a language's folder.
  static let languageFolderSuffix = ".lproj"

  /// The language a `<language>.lproj` folder name holds (`pt-BR.lproj` → `pt-BR`), or nil for
  /// any other folder (and a bare `.lproj`).
  public static func language(ofFolder name: some StringProtocol) -> String? {
    guard name.hasSuffix(languageFolderSuffix), name.count > languageFolderSuffix.count else { return nil }
    return String(name.dropLast(languageFolderSuffix.count))
  }

  /// True when a folder's entries make it a bundle's root: `.lproj` folders, `Resources/` or an
  /// `Info.plist` (what the review takes as "here" without an argument; pack also takes catalogs
  /// and localized-object files, which it checks itself).
  public static func looksLikeBundleRoot(_ names: [String]) -> Bool {
    names.contains { $0.hasSuffix(languageFolderSuffix) || $0 == "Resources" || $0 == "Info.plist" }
  }

  /// Classifies a bundle-relative path: a table inside a `<lang>.lproj` folder, a String
  /// Catalog anywhere, a `.json` file outside `.lproj` folders (a localized-object file if its
  /// contents qualify), or nil. Files that hold every language have an empty `language`.
  static func tableFile(_ path: String) -> TableFile? {
    // Split on the byte, not on characters: a bundle lists thousands of paths.
    let parts = path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
    if let fileName = parts.last, !fileName.hasPrefix("."), let format = TableFormat.forFileName(fileName),
      format == .xcstrings || (format == .json && isOutsideLocalizedFolders(parts))
    {
      let base = baseName(fileName)
      return TableFile(
        path: path, language: "", base: base, prefix: parts.dropLast(1).joined(separator: "/"), format: format)
    }
    guard parts.count >= 2, let language = language(ofFolder: parts[parts.count - 2]) else { return nil }
    let fileName = parts[parts.count - 1]
    guard !fileName.hasPrefix("."), let format = TableFormat.forFileName(fileName) else { return nil }
    let base = baseName(fileName)
    return TableFile(
      path: path, language: language, base: base, prefix: parts.dropLast(2).joined(separator: "/"),
      format: format)
  }

  /// Candidate localized-object files: `.json` outside `.lproj` folders and outside folders
  /// of Xcode's own JSON (asset catalogs, project files).
  private static func isOutsideLocalizedFolders(_ parts: [String]) -> Bool {
    let skipped = [".lproj", ".xcassets", ".xcodeproj", ".xcworkspace"]
    return !parts.dropLast().contains { folder in skipped.contains { folder.hasSuffix($0) } }
  }

  /// `path` (of the source language's file) as `language`'s file: the `.lproj` folder swapped;
  /// a file that holds every language (outside `.lproj` folders) is its own path.
  static func path(_ path: String, language: String) -> String {
    var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2, self.language(ofFolder: parts[parts.count - 2]) != nil else { return path }
    parts[parts.count - 2] = language + languageFolderSuffix
    return parts.joined(separator: "/")
  }

  /// Table names: plain base names when every `.lproj` folder sits in one place, else prefixed.
  /// Candidate `.json` files outside `.lproj` folders decide the prefixes only when the bundle
  /// has nothing else, so a stray `package.json` never renames a project's tables.
  static func names(for files: [TableFile]) -> [String] {
    let deciding = files.filter { !($0.language.isEmpty && $0.format == .json) }
    let prefixes = Set((deciding.isEmpty ? files : deciding).map(\.prefix))
    if prefixes.count <= 1 { return files.map(\.base) }
    let common = commonPrefix(Array(prefixes))
    return files.map { file in
      var p = file.prefix
      if !common.isEmpty && p.hasPrefix(common) { p = String(p.dropFirst(common.count)).trimmingSlashes() }
      return p.isEmpty ? file.base : "\(p)/\(file.base)"
    }
  }

  private static func commonPrefix(_ paths: [String]) -> String {
    guard var common = paths.first?.split(separator: "/").map(String.init) else { return "" }
    for path in paths.dropFirst() {
      let parts = path.split(separator: "/").map(String.init)
      var n = 0
      while n < min(common.count, parts.count) && common[n] == parts[n] { n += 1 }
      common = Array(common.prefix(n))
    }
    return common.joined(separator: "/")
  }

  /// A file name without its extensions: the table name (`Localizable.strings` → `Localizable`).
  static func baseName(_ fileName: String) -> String {
    // Leading dots are skipped as empty parts (`.x.strings` → `x`); bytes, not characters.
    let name = fileName.drop { $0 == "." }
    guard !name.isEmpty else { return fileName }
    guard let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")) else { return String(name) }
    return String(name[..<dot])
  }

  /// `Info.plist` candidates, most likely first.
  static let infoPlistPaths = ["Resources/Info.plist", "Info.plist"]
}

extension String {
  fileprivate func trimmingSlashes() -> String {
    var s = Substring(self)
    while s.hasPrefix("/") { s = s.dropFirst() }
    while s.hasSuffix("/") { s = s.dropLast() }
    return String(s)
  }
}
