import Foundation

/// Walks the app's source folders and collects every localized key the code names
/// (`SourceKeyFinder` for `.swift`, `.m`, `.mm`, `.h`; `InterfaceBuilderScanner` for
/// `.storyboard` and `.xib`). A Swift file of generated accessors (`GeneratedAccessors`, SwiftGen's
/// `L10n`) names no key itself: its accessors that other Swift code references
/// (`AccessorReferences`, `AccessorIndex`) are the uses.
public enum SourceScan {
  /// Folders not descended into: build products, dependencies, version control.
  static let skippedFolders: Set<String> = [
    ".build", ".git", ".swiftpm", "Pods", "Carthage", "DerivedData", "node_modules", "build",
  ]

  /// The uses found under `paths` (folders or single files), in path order, with the app's own
  /// wrappers and the skipped paths of `options` (`lookups:`, `exclude:`).
  /// - Throws: `GlossaError.notFound` for a path that does not exist; `GlossaError` naming a
  ///   source file that cannot be read.
  public static func scan(_ paths: [String], options: SourceScanOptions = SourceScanOptions()) throws
    -> SourceKeyUses
  {
    var uses: [SourceKeyUse] = []
    var interfaceTables: Set<String> = []
    var ids: [String: Set<String>] = [:]
    var passedOver: [PassedOverFile] = []
    var accessors: [GeneratedAccessor] = []
    var references = AccessorReferences()
    var context = LocalizedContext()
    let excluded = PathGlob(options.exclude)
    for path in paths {
      let found = try files(under: path, excluding: excluded)
      passedOver += found.passedOver
      for file in found.files {
        let kind = (file as NSString).pathExtension.lowercased()
        guard let data = FileManager.default.contents(atPath: file) else {
          throw GlossaError("\(file): cannot read the source file; check its permissions")
        }
        let text = String(decoding: data, as: UTF8.self)
        switch kind {
        case "swift":
          let tokens = SwiftLexer.tokens(text)
          if let generated = GeneratedAccessors.read(tokens, file: file) {
            accessors += generated
            continue
          }
          let debugCode = DebugCode.swift(tokens)
          uses += SourceKeyFinder.swiftUses(tokens, file: file, debugCode: debugCode, lookups: options.lookups)
          references.read(tokens, debugCode: debugCode)
          uses += context.read(tokens, file: file, debugCode: debugCode, skipping: SourceKeyFinder.isBuiltIn)
        case "m", "mm", "h":
          uses += SourceKeyFinder.objcUses(ObjCLexer.tokens(text), file: file, lookups: options.lookups)
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
    uses += context.argumentUses()
    uses += AccessorIndex(accessors).uses(references)
    for (table, objects) in ids.sorted(by: { $0.key < $1.key }) {
      for id in objects.sorted() {
        uses.append(SourceKeyUse(key: .objectID(id), table: table, file: "", line: 0, column: 0, shown: id))
      }
    }
    var result = SourceKeyUses(uses: uses, roots: paths, interfaceTables: interfaceTables)
    result.passedOver = passedOver
    return result
  }

  /// The source files at `path`: the file itself, or every source file under the folder,
  /// sorted, skipping hidden and build folders (`.lproj` folders are read: `Base.lproj` holds
  /// storyboards) and what `excluded` matches (paths relative to the folder), and the source files
  /// passed over (`FolderWalk`: links out of the folder or to nothing, FIFOs and devices), as the
  /// user would name them, with why. Each real folder is walked once, so a link cycle ends.
  static func files(under path: String, excluding excluded: PathGlob = PathGlob([])) throws -> (
    files: [String], passedOver: [PassedOverFile]
  ) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw GlossaError.notFound(path)
    }
    guard isDirectory.boolValue else { return ([path], []) }
    let root = path.hasSuffix("/") ? String(path.dropLast()) : path
    let extensions: Set<String> = ["swift", "m", "mm", "h", "storyboard", "xib"]
    guard
      let walk = FolderWalk.walk(
        root, eachFolderOnce: true,
        enter: { relative, name in
          !name.hasPrefix(".") && !skippedFolders.contains(name) && !excluded.excludesFolder(relative)
        },
        wants: { name in !name.hasPrefix(".") && extensions.contains((name as NSString).pathExtension.lowercased()) })
    else { throw GlossaError.notFound(path) }
    return (
      walk.files.filter { !excluded.excludesFile($0) }.map { root + "/" + $0 },
      walk.refused.filter { !excluded.excludesFile($0.path) }.map {
        PassedOverFile(path: root + "/" + $0.path, reason: $0.refusal.reason(outside: "the scanned folder"))
      }
    )
  }
}
