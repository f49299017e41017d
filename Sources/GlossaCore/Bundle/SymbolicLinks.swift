import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one rule for symbolic links in a bundle on disk (docs/formats.md, "Symbolic links"):
/// reading follows every link; a save writes the file a link points to — never replacing the
/// link — when that file is inside the bundle, and refuses a link that leaves it. A zip or a
/// lone table file named on the command line is followed wherever it points: the user named it.
enum SymbolicLinks {
  /// The absolute path with every link resolved (`realpath`), or nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// True when `path` itself (not its folders) is a symbolic link.
  static func isLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  /// Where a save of `url` writes: the file itself, or the file its links (the file's own or a
  /// folder's) point to. With `root`, the target must lie inside `root`.
  ///
  /// The folder holding `url` must exist (the save creates missing folders first).
  /// - Throws: the reason, for `GlossaError.writeFailed`: a dangling link, or a link that leaves
  ///   the bundle.
  static func writeTarget(_ url: URL, inside root: URL?) throws(LinkProblem) -> URL {
    let folder = url.deletingLastPathComponent().path
    guard let realFolder = realPath(folder) else { return url }
    var target = URL(fileURLWithPath: realFolder).appendingPathComponent(url.lastPathComponent)
    if isLink(target.path) {
      guard let real = realPath(target.path) else {
        throw .dangling(destination(of: target.path) ?? "?")
      }
      target = URL(fileURLWithPath: real)
    }
    if let root, let realRoot = realPath(root.path) {
      let inside = realRoot == "/" ? true : target.path.hasPrefix(realRoot + "/")
      if !inside { throw .leavesBundle(target.path) }
    }
    return target
  }

  /// What the link at `path` says, unresolved.
  private static func destination(of path: String) -> String? {
    try? FileManager.default.destinationOfSymbolicLink(atPath: path)
  }
}

/// Why a save will not write through a link.
enum LinkProblem: Error, Equatable {
  case dangling(String)
  case leavesBundle(String)

  /// The reason part of the `writeFailed` message.
  var reason: String {
    switch self {
    case .dangling(let destination):
      "it is a symbolic link to \(destination), which does not exist"
    case .leavesBundle(let target):
      "it is a symbolic link to \(target), outside the bundle; glossa writes through links only inside the bundle"
    }
  }
}
