/// Why a folder could not be packed into a zip, or a bundle repacked (`GlossaError.pack`).
public enum PackProblem: Sendable, Hashable {
  /// A file or folder could not be read (`reason` is the system's).
  case unreadable(reason: String)
  /// The folder holds no `Resources/` folder and nothing a bundle holds at its top level.
  case nothingToPack
  /// Folders nest deeper than `limit`.
  case nestedTooDeep(limit: Int)
  /// A symbolic link, which pack does not follow.
  case symbolicLink
  /// A FIFO, device or socket.
  case notFileOrFolder
  /// The archive would pass 4 GiB, which only ZIP64 can hold.
  case needsZip64ForSize
  /// The archive would hold more than `limit` entries, which only ZIP64 can hold.
  case needsZip64ForEntries(limit: Int)
  /// zlib failed (`status`) starting a deflate stream or deflating; only running out of memory
  /// does that.
  case deflateFailed(status: Int32, starting: Bool)
  /// The bundle is one table file; only a folder or a zip can be repacked.
  case singleTableFile
  /// `CFBundleVersion` was to be set to `bundleVersion`, and the bundle has no readable `Info.plist`.
  case noInfoPlist(bundleVersion: String)

  /// The sentence after `name: `.
  public var text: String {
    switch self {
    case .unreadable(let reason): "cannot read it to pack (\(reason))"
    case .nothingToPack:
      "nothing to pack (expected a Resources/ folder, or .lproj folders, Info.plist, a .xcstrings catalog or "
        + "localized-object .json files at its top level)"
    case .nestedTooDeep(let limit): "folders nested more than \(limit) deep"
    case .symbolicLink: "is a symbolic link; pack does not follow links"
    case .notFileOrFolder: "is not a regular file or folder"
    case .needsZip64ForSize: "the archive would pass 4 GiB, which needs ZIP64; glossa does not write ZIP64 archives"
    case .needsZip64ForEntries(let limit):
      "the archive would hold more than \(Self.grouped(limit)) entries, which needs ZIP64; "
        + "glossa does not write ZIP64 archives"
    case .deflateFailed(let status, let starting):
      starting ? "zlib could not start a deflate stream (error \(status))" : "zlib deflate failed (error \(status))"
    case .singleTableFile: "is a single table file; repack a bundle directory or zip"
    case .noInfoPlist(let version): "has no readable Info.plist; cannot set CFBundleVersion to \(version)"
    }
  }

  /// `65,534`: thousands separated by commas.
  static func grouped(_ number: Int) -> String {
    var digits = String(number)
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
      index -= 3
    }
    return digits
  }
}
