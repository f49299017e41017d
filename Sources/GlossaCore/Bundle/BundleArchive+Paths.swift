import Foundation

extension BundleArchive {
  /// Turns a raw entry name into a safe relative `/`-separated path, or says why it is unsafe.
  ///
  /// Empty and `.` components are dropped; `..`, absolute paths (`/x`, `\x`, `C:x`) and
  /// backslashes are refused so nothing can land outside the target directory.
  static func normalizedPath(_ raw: String) throws(ArchiveProblem) -> String {
    guard !raw.isEmpty, !raw.contains("\0") else { throw .badName(entry: raw) }
    let slashed = raw.replacingOccurrences(of: "\\", with: "/")
    if slashed.hasPrefix("/") { throw .outside(entry: raw) }
    let components = slashed.split(separator: "/", omittingEmptySubsequences: true)
    if let first = components.first, isDriveLetter(first) { throw .outside(entry: raw) }
    if components.contains("..") { throw .outside(entry: raw) }
    if raw.contains("\\") { throw .backslash(entry: raw) }
    let kept = components.filter { $0 != "." }
    guard !kept.isEmpty else { throw .badName(entry: raw) }
    return kept.joined(separator: "/")
  }

  /// `C:` or `c:foo`: a Windows drive prefix.
  private static func isDriveLetter(_ component: Substring) -> Bool {
    let scalars = Array(component.unicodeScalars.prefix(2))
    guard scalars.count == 2, scalars[1] == ":" else { return false }
    return (scalars[0].value >= 65 && scalars[0].value <= 90) || (scalars[0].value >= 97 && scalars[0].value <= 122)
  }

  /// Refuses duplicate paths and a path used both as a file and as a directory.
  static func checkUnique(files: [String], directories: [String]) throws(ArchiveProblem) {
    var seenFiles = Set<String>()
    for path in files {
      guard seenFiles.insert(path).inserted else { throw .duplicate(entry: path) }
    }
    var impliedDirectories = Set<String>(directories)
    for path in files {
      var parts = path.split(separator: "/").dropLast()
      while !parts.isEmpty {
        impliedDirectories.insert(parts.joined(separator: "/"))
        parts = parts.dropLast()
      }
    }
    for path in files where impliedDirectories.contains(path) {
      throw .fileAndDirectory(entry: path)
    }
  }

  /// Explicit directories plus every parent of every file, parents first, without repeats.
  static func neededDirectories(files: [String], explicit: [String]) -> [String] {
    var seen = Set<String>()
    var ordered: [String] = []
    func add(_ path: String) {
      let parts = path.split(separator: "/")
      for depth in 1...parts.count {
        let prefix = parts.prefix(depth).joined(separator: "/")
        if seen.insert(prefix).inserted { ordered.append(prefix) }
      }
    }
    explicit.forEach(add)
    for file in files {
      let parent = file.split(separator: "/").dropLast().joined(separator: "/")
      if !parent.isEmpty { add(parent) }
    }
    return ordered
  }

  /// Orders paths by their UTF-8 bytes, the same on every machine and locale.
  static func byteOrder(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }
}
