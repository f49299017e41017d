/// Where a file sits in a bundle: which language and table it belongs to.
struct BundleLayout {
  /// A table file found in a bundle, before parsing.
  struct TableFile: Sendable {
    var path: String
    var language: String
    var base: String
    var prefix: String
    var format: TableFormat
  }

  /// Classifies a bundle-relative path: a table inside a `<lang>.lproj` folder, a String
  /// Catalog anywhere (its languages come from its contents, so `language` is empty), or nil.
  static func tableFile(_ path: String) -> TableFile? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    if let fileName = parts.last, !fileName.hasPrefix("."), TableFormat.forFileName(fileName) == .xcstrings {
      let base = fileName.split(separator: ".", maxSplits: 1).first.map(String.init) ?? fileName
      return TableFile(
        path: path, language: "", base: base, prefix: parts.dropLast(1).joined(separator: "/"), format: .xcstrings)
    }
    guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return nil }
    let fileName = parts[parts.count - 1]
    guard !fileName.hasPrefix("."), let format = TableFormat.forFileName(fileName) else { return nil }
    let folder = parts[parts.count - 2]
    let language = String(folder.dropLast(".lproj".count))
    guard !language.isEmpty else { return nil }
    let base = fileName.split(separator: ".", maxSplits: 1).first.map(String.init) ?? fileName
    return TableFile(
      path: path, language: language, base: base, prefix: parts.dropLast(2).joined(separator: "/"),
      format: format)
  }

  /// Table names: plain base names when every `.lproj` folder sits in one place, else prefixed.
  static func names(for files: [TableFile]) -> [String] {
    let prefixes = Set(files.map(\.prefix))
    if prefixes.count <= 1 { return files.map(\.base) }
    let common = commonPrefix(Array(prefixes))
    return files.map { file in
      var p = file.prefix
      if !common.isEmpty { p = String(p.dropFirst(common.count)).trimmingSlashes() }
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
