import Foundation

/// Walks the app's source folders and collects every localized key the code names
/// (`SourceKeyFinder` for `.swift`, `.m`, `.mm`, `.h`; `InterfaceBuilderScanner` for
/// `.storyboard` and `.xib`).
public enum SourceScan {
  /// Folders not descended into: build products, dependencies, version control.
  static let skippedFolders: Set<String> = [
    ".build", ".git", ".swiftpm", "Pods", "Carthage", "DerivedData", "node_modules", "build",
  ]

  /// The uses found under `paths` (folders or single files), in path order.
  /// - Throws: `GlossaError.notFound` for a path that does not exist; `GlossaError` naming a
  ///   source file that cannot be read.
  public static func scan(_ paths: [String]) throws -> SourceKeyUses {
    var uses: [SourceKeyUse] = []
    var interfaceTables: Set<String> = []
    var ids: [String: Set<String>] = [:]
    for path in paths {
      for file in try files(under: path) {
        let kind = (file as NSString).pathExtension.lowercased()
        guard let data = FileManager.default.contents(atPath: file) else {
          throw GlossaError("\(file): cannot read the source file; check its permissions")
        }
        let text = String(decoding: data, as: UTF8.self)
        switch kind {
        case "swift":
          uses += SourceKeyFinder.swiftUses(SwiftLexer.tokens(text), file: file)
        case "m", "mm", "h":
          uses += SourceKeyFinder.objcUses(ObjCLexer.tokens(text), file: file)
        case "storyboard", "xib":
          let table = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
          let found = InterfaceBuilderScanner.scan(text, file: file)
          interfaceTables.insert(table)
          ids[table, default: []].formUnion(found.ids)
          uses += found.uses
        default:
          continue
        }
      }
    }
    for (table, objects) in ids.sorted(by: { $0.key < $1.key }) {
      for id in objects.sorted() {
        uses.append(SourceKeyUse(key: .objectID(id), table: table, file: "", line: 0, column: 0, shown: id))
      }
    }
    return SourceKeyUses(uses: uses, roots: paths, interfaceTables: interfaceTables)
  }

  /// The source files at `path`: the file itself, or every source file under the folder,
  /// sorted, skipping hidden and build folders (`.lproj` folders are read: `Base.lproj` holds
  /// storyboards).
  static func files(under path: String) throws -> [String] {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { throw GlossaError.notFound(path) }
    guard isDirectory.boolValue else { return [path] }
    let root = path.hasSuffix("/") ? String(path.dropLast()) : path
    var result: [String] = []
    var pending = [root]
    // Linked folders are followed once: a link back up the tree must not loop.
    var visited: Set<String> = [(root as NSString).resolvingSymlinksInPath]
    let extensions: Set<String> = ["swift", "m", "mm", "h", "storyboard", "xib"]
    while let folder = pending.popLast() {
      let names = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
      for name in names where !name.hasPrefix(".") && !skippedFolders.contains(name) {
        let full = folder + "/" + name
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: full, isDirectory: &isFolder) else { continue }
        if isFolder.boolValue {
          guard visited.insert((full as NSString).resolvingSymlinksInPath).inserted else { continue }
          pending.append(full)
        } else if extensions.contains((name as NSString).pathExtension.lowercased()) {
          result.append(full)
        }
      }
    }
    return result.sorted()
  }
}
