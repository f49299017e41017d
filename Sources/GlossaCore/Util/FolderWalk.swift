import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way Glossa walks a folder the user named (a bundle directory, `--sources`,
/// `--metadata`): symbolic links are followed only while they stay inside the folder, a link
/// cycle ends, and only regular files are handed out. What is passed over for those reasons is
/// reported, so a table linked to `/proc/self/environ` or a `.env` file is refused by name
/// instead of being read (and printed as a source text), and a FIFO is not silently skipped.
struct FolderWalk: Sendable {
  /// Why an entry was not handed out.
  enum Refusal: Sendable, Hashable {
    /// A link whose target (resolved) is outside the folder walked.
    case leaves(target: String)
    /// A link to nothing.
    case dangling
    /// Not a regular file: a FIFO, a device, a socket.
    case notRegular(String)

    /// The sentence after the entry's path; `folder` names what was walked (`the bundle`).
    func reason(outside folder: String) -> String {
      switch self {
      case .leaves(let target):
        "is a symbolic link to \(UntrustedText.clipped(target)), outside \(folder); links are followed only inside it, so it was not read"
      case .dangling: "is a symbolic link to nothing; it was not read"
      case .notRegular(let kind): "is \(kind), not a regular file; it was not read"
      }
    }
  }

  /// Regular files, relative to the root, `/`-separated, sorted.
  var files: [String] = []
  /// Entries passed over, relative to the root, with why, sorted by path.
  var refused: [(path: String, refusal: Refusal)] = []

  /// Walks `root`. `enter` says whether a folder (its relative path and name) is walked,
  /// `wants` whether a file's name matters to the caller: only those are handed out, and only
  /// refusals of entries the caller would have read are reported. With `eachFolderOnce`, a real
  /// folder reached twice (through a link to a sibling) is walked once; otherwise only a link
  /// back to a folder being walked (a cycle) is passed over, and a sibling linked under another
  /// name (`en-GB.lproj -> en.lproj`) is listed under both.
  /// - Returns: nil when `root` cannot be resolved.
  static func walk(
    _ root: String, eachFolderOnce: Bool, enter: (_ relative: String, _ name: String) -> Bool = { _, _ in true },
    wants: (_ name: String) -> Bool = { _ in true }
  ) -> FolderWalk? {
    guard let realRoot = SymbolicLinks.realPath(root) else { return nil }
    var result = FolderWalk()
    var visited: Set<String> = [realRoot]
    func inside(_ real: String) -> Bool { realRoot == "/" || real == realRoot || real.hasPrefix(realRoot + "/") }
    func walk(_ folder: String, relative: String, depth: Int, ancestors: Set<String>) {
      guard depth < 64, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
      for name in names.sorted() {
        let path = folder + "/" + name
        let child = relative.isEmpty ? name : relative + "/" + name
        var own = stat()
        guard lstat(path, &own) == 0 else { continue }
        var info = own
        let isLink = own.st_mode & S_IFMT == S_IFLNK
        var real: String?
        if isLink {
          guard stat(path, &info) == 0, let target = SymbolicLinks.realPath(path) else {
            if wants(name) { result.refused.append((child, .dangling)) }
            continue
          }
          real = target
          let isFolder = info.st_mode & S_IFMT == S_IFDIR
          guard inside(target) else {
            if isFolder ? enter(child, name) : wants(name) { result.refused.append((child, .leaves(target: target))) }
            continue
          }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
          if wants(name) { result.files.append(child) }
        case S_IFDIR:
          guard enter(child, name), let real = real ?? SymbolicLinks.realPath(path) else { continue }
          if eachFolderOnce {
            guard visited.insert(real).inserted else { continue }
          } else if ancestors.contains(real) {
            continue
          }
          walk(path, relative: child, depth: depth + 1, ancestors: ancestors.union([real]))
        default:
          if wants(name) { result.refused.append((child, .notRegular(Self.describe(info.st_mode)))) }
        }
      }
    }
    walk(root, relative: "", depth: 0, ancestors: [realRoot])
    result.files.sort()
    result.refused.sort { $0.path < $1.path }
    return result
  }

  /// What a file that is not regular is, for a message.
  private static func describe(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "not a file or folder"
    }
  }

  /// True when `path`, with every link resolved, is `root` or inside it (both resolved too).
  static func isInside(_ path: String, root: String) -> Bool {
    guard let real = SymbolicLinks.realPath(path), let realRoot = SymbolicLinks.realPath(root) else { return false }
    return realRoot == "/" || real == realRoot || real.hasPrefix(realRoot + "/")
  }
}

/// A file under a folder read beside the bundle (`--sources`, `--metadata`) that was not read,
/// or not to its end: its path as the user would name it, and why (`FolderWalk.Refusal.reason`),
/// with the line and column where reading stopped when it stopped inside the file.
public struct PassedOverFile: Sendable, Hashable {
  public var path: String
  public var reason: String
  public var line: Int?
  public var column: Int?
  public init(path: String, reason: String, line: Int? = nil, column: Int? = nil) {
    self.path = path
    self.reason = reason
    self.line = line
    self.column = column
  }
}
