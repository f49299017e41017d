import Foundation

extension BundleArchive {
  /// Turns a raw entry name into a safe relative `/`-separated path, or says why it is unsafe.
  ///
  /// Empty and `.` components are dropped; `..`, absolute paths (`/x`, `\x`, `C:x`) and
  /// backslashes are refused so nothing can land outside the target directory. Names are split
  /// on the `/` and `\` bytes, as the file system splits them: splitting `Character`s would keep
  /// `../` followed by a combining mark in one piece, which the file system would not.
  static func normalizedPath(_ raw: String) throws(ArchiveProblem) -> String {
    let bytes = raw.utf8
    guard let first = bytes.first, !bytes.contains(0) else { throw .badName(entry: raw) }
    if first == slash || first == backslash { throw .outside(entry: raw) }
    let components = bytes.split(omittingEmptySubsequences: true) { $0 == slash || $0 == backslash }
    if let head = components.first, isDriveLetter(head) { throw .outside(entry: raw) }
    if components.contains(where: { $0.elementsEqual("..".utf8) }) { throw .outside(entry: raw) }
    if bytes.contains(backslash) { throw .backslash(entry: raw) }
    let kept = components.filter { !$0.elementsEqual(".".utf8) }
    guard !kept.isEmpty else { throw .badName(entry: raw) }
    // Nothing dropped and no separator doubled or at the end: the name is already normal.
    if kept.reduce(kept.count - 1, { $0 + $1.count }) == bytes.count { return raw }
    return kept.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
  }

  private static let slash = UInt8(ascii: "/")
  private static let backslash = UInt8(ascii: "\\")

  /// `C:` or `c:foo`: a Windows drive prefix.
  private static func isDriveLetter(_ component: Substring.UTF8View) -> Bool {
    var bytes = component.makeIterator()
    guard let letter = bytes.next(), bytes.next() == UInt8(ascii: ":") else { return false }
    let upper = letter & ~0x20  // ASCII letters of either case, as upper case
    return upper >= UInt8(ascii: "A") && upper <= UInt8(ascii: "Z")
  }

  /// The paths of `path`'s parent folders, outermost first (`a`, `a/b` for `a/b/c`), cut at the
  /// `/` bytes of a normalized path.
  static func parents(of path: String) -> [String] {
    let bytes = path.utf8
    return bytes.indices.filter { bytes[$0] == slash }.map { String(decoding: bytes[..<$0], as: UTF8.self) }
  }

  /// Refuses duplicate paths and a path used both as a file and as a directory.
  static func checkUnique(files: [String], directories: [String]) throws(ArchiveProblem) {
    var seenFiles = Set<String>()
    for path in files {
      guard seenFiles.insert(path).inserted else { throw .duplicate(entry: path) }
    }
    var impliedDirectories = Set<String>(directories)
    for path in files {
      impliedDirectories.formUnion(parents(of: path))
    }
    for path in files where impliedDirectories.contains(path) {
      throw .fileAndDirectory(entry: path)
    }
  }

  /// Explicit directories plus every parent of every file, parents first, without repeats.
  static func neededDirectories(files: [String], explicit: [String]) -> [String] {
    var seen = Set<String>()
    var ordered: [String] = []
    for path in explicit.flatMap({ parents(of: $0) + [$0] }) + files.flatMap(parents(of:))
    where seen.insert(path).inserted {
      ordered.append(path)
    }
    return ordered
  }

  /// Orders paths by their UTF-8 bytes, the same on every machine and locale.
  static func byteOrder(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }
}
