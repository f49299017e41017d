import Foundation

/// A bundle as a git revision holds it, written to a temporary folder: what `glossa lint
/// --since REV` checks to tell new findings from old ones.
///
/// The bundle may be anywhere inside a work tree (a folder, a zip, a catalog or one table
/// file); its files at the revision are read from git's objects (`git ls-tree`, one
/// `git cat-file --batch` for every blob), never from the work tree, so uncommitted changes and
/// ignored files play no part. Links and submodules in the tree are passed over.
public struct GitRevisionBundle: Sendable {
  /// The bundle at the revision (inside `folder`, named as the bundle is), or nil when the
  /// revision does not have it: then every finding is new.
  public let path: String?
  /// The revision as the user wrote it (`HEAD~1`, a tag, a hash).
  public let revision: String
  /// The commit it names (the full hash).
  public let commit: String
  /// The temporary folder the files were written to; `remove()` deletes it.
  public let folder: URL

  /// The commit's short form, for messages.
  public var shortCommit: String { String(commit.prefix(12)) }

  /// Deletes the temporary folder.
  public func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Reads `bundle` (a path in a git work tree) as `revision` holds it into a new temporary
  /// folder.
  ///
  /// - Parameters:
  ///   - timeout: how long each git command may run before it is killed.
  ///   - git: the git executable; nil looks for `git` on `PATH`.
  /// - Throws: `GlossaError.notFound` when `bundle` does not exist; `GlossaError.git` when git is
  ///   not installed, the bundle is not inside a git work tree, the revision is unknown, or git
  ///   fails or runs out of time; `GlossaError.writeFailed` when the temporary copy cannot be written.
  public static func read(
    _ bundle: String, at revision: String, timeout: TimeInterval = 60, git: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> GitRevisionBundle {
    var isDirectory: ObjCBool = false
    let bundleURL = URL(fileURLWithPath: bundle).standardizedFileURL
    guard FileManager.default.fileExists(atPath: bundleURL.path, isDirectory: &isDirectory) else {
      throw GlossaError.notFound(bundle)
    }
    // An option git would read (`--output=…`) is never a revision.
    guard !revision.isEmpty, !revision.hasPrefix("-"), !revision.contains("\0"), !revision.contains("\n") else {
      throw GlossaError.git(bundle, problem: .notARevision(revision))
    }
    let runner = try GitSubprocess(executable: git, timeout: timeout, environment: environment, for: bundle)
    let directory = isDirectory.boolValue ? bundleURL : bundleURL.deletingLastPathComponent()

    let prefix = try runner.run(["rev-parse", "--show-prefix"], in: directory)
    guard prefix.status == 0 else {
      throw GlossaError.git(bundle, problem: .notInWorkTree(reason: prefix.reason))
    }
    let folderInTree = String(decoding: prefix.stdout, as: UTF8.self).trimmingCharacters(in: .newlines)
    let resolved = try runner.run(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: directory)
    guard resolved.status == 0 else {
      throw GlossaError.git(bundle, problem: .unknownRevision(revision))
    }
    let commit = String(decoding: resolved.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)

    // The bundle's path from the top of the work tree (empty: the whole tree).
    var inTree = folderInTree
    if !isDirectory.boolValue { inTree += bundleURL.lastPathComponent }
    if inTree.hasSuffix("/") { inTree.removeLast() }
    var listing = ["ls-tree", "-r", "-z", "--full-tree", commit]
    if !inTree.isEmpty { listing += ["--", inTree] }
    let tree = try runner.run(listing, in: directory)
    guard tree.status == 0 else {
      throw GlossaError.git(bundle, problem: .commandFailed(command: "ls-tree", reason: tree.reason))
    }
    let blobs = Self.blobs(in: tree.stdout, under: inTree, isDirectory: isDirectory.boolValue)

    let name = bundleURL.lastPathComponent.isEmpty ? "bundle" : bundleURL.lastPathComponent
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-since-\(UUID().uuidString)")
    // A file keeps its folder's name: a lone table's language is read from its `de.lproj`.
    let parent = bundleURL.deletingLastPathComponent().lastPathComponent
    let root =
      isDirectory.boolValue || parent.isEmpty || parent == "/"
      ? folder.appendingPathComponent(name) : folder.appendingPathComponent(parent).appendingPathComponent(name)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      guard !blobs.isEmpty else {
        return GitRevisionBundle(path: nil, revision: revision, commit: commit, folder: folder)
      }
      let contents = try Self.contents(of: blobs.map(\.object), runner: runner, in: directory, bundle: bundle)
      for (blob, bytes) in zip(blobs, contents) {
        let target = blob.path.isEmpty ? root : root.appendingPathComponent(blob.path)
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target)
      }
    } catch let error as GlossaError {
      try? FileManager.default.removeItem(at: folder)
      throw error
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw GlossaError.writeFailed(folder.path, reason: error.localizedDescription)
    }
    return GitRevisionBundle(path: root.path, revision: revision, commit: commit, folder: folder)
  }

  /// A regular file of the tree: its object and its path inside the bundle ("" for a bundle
  /// that is one file).
  struct Blob: Equatable {
    var object: String
    var path: String
  }

  /// The regular files `git ls-tree -r -z` lists under `inTree` (links, submodules and paths
  /// that would leave the folder passed over).
  static func blobs(in listing: [UInt8], under inTree: String, isDirectory: Bool) -> [Blob] {
    var result: [Blob] = []
    for record in listing.split(separator: 0) {
      // `<mode> SP <type> SP <object> TAB <path>`
      guard let tab = record.firstIndex(of: 0x09) else { continue }
      let fields = record[record.startIndex..<tab].split(separator: 0x20)
      guard fields.count == 3 else { continue }
      let mode = String(decoding: fields[0], as: UTF8.self)
      guard String(decoding: fields[1], as: UTF8.self) == "blob", mode == "100644" || mode == "100755" else {
        continue
      }
      let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
      let inside: String
      if !isDirectory {
        guard path == inTree else { continue }
        inside = ""
      } else if inTree.isEmpty {
        inside = path
      } else {
        guard path.hasPrefix(inTree + "/") else { continue }
        inside = String(path.dropFirst(inTree.count + 1))
      }
      let parts = inside.split(separator: "/", omittingEmptySubsequences: false)
      if isDirectory, parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) { continue }
      result.append(Blob(object: String(decoding: fields[2], as: UTF8.self), path: inside))
    }
    return result
  }

  /// The bytes of each object, read by one `git cat-file --batch`.
  private static func contents(
    of objects: [String], runner: GitSubprocess, in directory: URL, bundle: String
  ) throws -> [[UInt8]] {
    let request = Array(objects.map { $0 + "\n" }.joined().utf8)
    let output = try runner.run(["cat-file", "--batch"], in: directory, input: request)
    guard output.status == 0 else {
      throw GlossaError.git(bundle, problem: .commandFailed(command: "cat-file", reason: output.reason))
    }
    // Each answer: `<object> blob <size> LF <bytes> LF`.
    var result: [[UInt8]] = []
    var position = 0
    let bytes = output.stdout
    for object in objects {
      guard let newline = bytes[position...].firstIndex(of: 0x0A) else {
        throw GlossaError.git(bundle, problem: .endedEarly(object: object))
      }
      let header = String(decoding: bytes[position..<newline], as: UTF8.self).split(separator: " ")
      guard header.count == 3, header[1] == "blob", let size = Int(header[2]), newline + 1 + size <= bytes.count
      else {
        throw GlossaError.git(
          bundle, problem: .unreadableObject(object: object, header: header.joined(separator: " ")))
      }
      result.append(Array(bytes[(newline + 1)..<(newline + 1 + size)]))
      position = newline + 1 + size + 1
    }
    return result
  }
}
