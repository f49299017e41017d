/// Globs over paths relative to a scanned folder (`exclude:`): `**` stands for any number of
/// folders (none too), `*` for any run of characters within one name, `?` for one character;
/// `/` separates names. `**/Debug/**` is every file under a folder named `Debug` at any depth,
/// `**/*Tests/**` every file under a folder whose name ends in `Tests`, `Scratch.swift` only that
/// file at the top of the folder.
struct PathGlob: Sendable {
  private let patterns: [[Substring]]

  init(_ patterns: [String]) {
    self.patterns = patterns.map { $0.split(separator: "/", omittingEmptySubsequences: true) }
  }

  /// True when no pattern was given.
  var isEmpty: Bool { patterns.isEmpty }

  /// True when a pattern matches the file at `path`.
  func excludesFile(_ path: String) -> Bool {
    let names = path.split(separator: "/")
    return patterns.contains { Self.matches($0[...], names[...]) }
  }

  /// True when a pattern matches the folder at `path`, or every file under it (`Debug/**`).
  func excludesFolder(_ path: String) -> Bool {
    let names = path.split(separator: "/")
    return patterns.contains { pattern in
      if Self.matches(pattern[...], names[...]) { return true }
      guard pattern.last == "**" else { return false }
      return Self.matches(pattern.dropLast(), names[...])
    }
  }

  private static func matches(_ pattern: ArraySlice<Substring>, _ names: ArraySlice<Substring>) -> Bool {
    guard let first = pattern.first else { return names.isEmpty }
    if first == "**" {
      let rest = pattern.dropFirst()
      // `**` takes no name, or one more name and tries again.
      var remaining = names
      while true {
        if matches(rest, remaining) { return true }
        guard !remaining.isEmpty else { return false }
        remaining = remaining.dropFirst()
      }
    }
    guard let name = names.first, Glob.matches(String(first), String(name)) else { return false }
    return matches(pattern.dropFirst(), names.dropFirst())
  }
}
