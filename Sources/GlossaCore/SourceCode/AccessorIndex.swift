import Foundation

/// Generated accessors by the paths code may reach them through, and the key uses the app's
/// references make of them.
///
/// A reference names an accessor by its full path (`L10n.Trail.List.title`, also after a module
/// name: `TrailmateKit.L10n.…`), or by the path after the root enum when the reference starts
/// with it (`Trail.List.title`, as code inside `extension L10n` writes it; of two names or more), or through a typealias (`typealias TrailText =
/// L10n.Trail`, then `TrailText.List.title`), or from inside an extension of one of its enums
/// (`extension L10n.Trail.List { … title … }`, `Self.title`). A reference may go on past the
/// accessor (`L10n.Trail.List.title.uppercased()`).
struct AccessorIndex: Sendable {
  /// Paths as a tree of names: a node per path prefix, with the accessors whose path ends there.
  /// A chain is looked up a name at a step, never joined into a string.
  private struct PathTree: Sendable {
    private var children: [[String: Int32]] = [[:]]
    private var ends: [[Int]] = [[]]

    mutating func insert(_ path: ArraySlice<String>, position: Int) {
      var node = 0
      for name in path {
        if let child = children[node][name] {
          node = Int(child)
        } else {
          children.append([:])
          ends.append([])
          children[node][name] = Int32(children.count - 1)
          node = children.count - 1
        }
      }
      ends[node].append(position)
    }

    /// The accessors of every path that `names` from `start` run through.
    func walk(_ names: [String], from start: Int, into found: inout Set<Int>) {
      var node = 0
      for name in names[start...] {
        guard let child = children[node][name] else { return }
        node = Int(child)
        found.formUnion(ends[node])
      }
    }
  }

  private let accessors: [GeneratedAccessor]
  /// Full paths (`L10n.Trail.List.title`).
  private var full = PathTree()
  /// Paths after the root, of paths of three names or more (`Trail.List.title`).
  private var afterRoot = PathTree()

  init(_ accessors: [GeneratedAccessor]) {
    self.accessors = accessors
    for (position, accessor) in accessors.enumerated() {
      full.insert(accessor.path[...], position: position)
      if accessor.path.count >= 3 { afterRoot.insert(accessor.path.dropFirst(), position: position) }
    }
  }

  /// One use per accessor the references of the files reach: the accessor's key and table, at the
  /// key in the generated file, in debug code when every reference to it is. `aliases` are every
  /// file's typealiases. Each file's chains are looked up on their own thread.
  func uses(_ files: [AccessorReferences], aliases: [String: [String]]) -> [SourceKeyUse] {
    guard !accessors.isEmpty else { return [] }
    // Accessor position → true while every reference so far is in debug code.
    let results = ParallelResults<[Int: Bool]>(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { file in
      var reached: [Int: Bool] = [:]
      for (chain, inDebugCode) in files[file].chains {
        for position in self.reached(by: chain, aliases: aliases) {
          reached[position] = (reached[position] ?? true) && inDebugCode
        }
      }
      results.set(file, reached)
    }
    var reached: [Int: Bool] = [:]
    for file in files.indices {
      guard let found = results.take(file) else { continue }
      reached.merge(found) { $0 && $1 }
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
    var found: Set<Int> = []
    var names = chain.names
    windows(of: names, into: &found)
    for _ in 0..<4 {
      guard let first = names.first, let target = aliases[first], !target.isEmpty else { break }
      names = target + names.dropFirst()
      windows(of: names, into: &found)
    }
    if chain.names.first == "Self", let inner = chain.typePaths.first {
      windows(of: inner + chain.names.dropFirst(), into: &found)
    }
    for path in chain.typePaths { windows(of: path + chain.names, into: &found) }
    return found
  }

  /// The accessors whose full path is a run of `names`, or whose path after the root starts them.
  private func windows(of names: [String], into found: inout Set<Int>) {
    for start in names.indices { full.walk(names, from: start, into: &found) }
    afterRoot.walk(names, from: 0, into: &found)
  }
}
