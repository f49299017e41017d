/// Generated accessors by the paths code may reach them through, and the key uses the app's
/// references make of them.
///
/// A reference names an accessor by its full path (`L10n.Trail.List.title`, also after a module
/// name: `TrailmateKit.L10n.…`), or by the path after the root enum when the reference starts
/// with it (`Trail.List.title`, as code inside `extension L10n` writes it; of two names or more), or through a typealias (`typealias TrailText =
/// L10n.Trail`, then `TrailText.List.title`), or from inside an extension of one of its enums
/// (`extension L10n.Trail.List { … title … }`, `Self.title`). A reference may go on past the
/// accessor (`L10n.Trail.List.title.uppercased()`).
struct AccessorIndex {
  private let accessors: [GeneratedAccessor]
  /// A full path joined (`L10n.Trail.List.title`) → accessor positions.
  private var byPath: [String: [Int]] = [:]
  /// A path after the root joined (`Trail.List.title`) → accessor positions.
  private var byPathAfterRoot: [String: [Int]] = [:]
  /// The names a path starts with, and every name of every path: a chain is only looked up
  /// from a name that starts a path, and only as far as names of paths go.
  private var starts: Set<String> = []
  private var names: Set<String> = []

  init(_ accessors: [GeneratedAccessor]) {
    self.accessors = accessors
    for (position, accessor) in accessors.enumerated() {
      let path = accessor.path
      byPath[path.joined(separator: "."), default: []].append(position)
      starts.insert(path[0])
      if path.count >= 3 {
        byPathAfterRoot[path.dropFirst().joined(separator: "."), default: []].append(position)
        starts.insert(path[1])
      }
      self.names.formUnion(path)
    }
  }

  /// One use per accessor `references` reach: the accessor's key and table, at the key in the
  /// generated file, in debug code when every reference to it is.
  func uses(_ references: AccessorReferences) -> [SourceKeyUse] {
    guard !accessors.isEmpty else { return [] }
    // Accessor position → true while every reference so far is in debug code.
    var reached: [Int: Bool] = [:]
    for (chain, inDebugCode) in references.chains {
      for position in self.reached(by: chain, aliases: references.aliases) {
        reached[position] = (reached[position] ?? true) && inDebugCode
      }
    }
    return reached.keys.sorted().map { position in
      let accessor = accessors[position]
      return SourceKeyUse(
        key: .exact(accessor.key), table: accessor.table, file: accessor.file, line: accessor.line,
        column: accessor.column, shown: accessor.key, inDebugCode: reached[position] ?? false,
        accessor: accessor.path.joined(separator: "."))
    }
  }

  /// The accessors `chain` reaches, read as written, through an alias, and from inside each
  /// type body around it.
  private func reached(by chain: AccessorReferences.Chain, aliases: [String: [String]]) -> Set<Int> {
    var readings = [chain.names]
    var names = chain.names
    for _ in 0..<4 {
      guard let first = names.first, let target = aliases[first], !target.isEmpty else { break }
      names = target + names.dropFirst()
      readings.append(names)
    }
    if chain.names.first == "Self", let inner = chain.typePaths.first {
      readings.append(inner + chain.names.dropFirst())
    }
    for path in chain.typePaths { readings.append(path + chain.names) }
    var found: Set<Int> = []
    for reading in readings { found.formUnion(windows(of: reading)) }
    return found
  }

  /// The accessors whose full path is a run of `names`, or whose path after the root starts them.
  private func windows(of names: [String]) -> [Int] {
    var found: [Int] = []
    for start in names.indices where starts.contains(names[start]) {
      var end = start
      while end < names.count, self.names.contains(names[end]) {
        end += 1
        let joined = names[start..<end].joined(separator: ".")
        if let positions = byPath[joined] { found += positions }
        if start == 0, let positions = byPathAfterRoot[joined] { found += positions }
      }
    }
    return found
  }
}
