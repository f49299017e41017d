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

  /// Source files larger than this are not read: no one writes code that long, and a lexer's
  /// tokens take several times a file's size.
  public static let largestFile = 32 << 20

  /// The uses found under `paths` (folders or single files), in path order, with the app's own
  /// wrappers and the skipped paths of `options` (`lookups:`, `exclude:`). Files are read on every
  /// core; what one file finds is merged in path order, so the result does not depend on timing.
  /// A file that is not text (NUL bytes) or is larger than `largestFile` is passed over and said,
  /// as is an Interface Builder file that is not well-formed XML (from its first error on).
  /// - Throws: `GlossaError.notFound` for a path that does not exist; `GlossaError` naming a
  ///   source file that cannot be read.
  public static func scan(_ paths: [String], options: SourceScanOptions = SourceScanOptions()) throws
    -> SourceKeyUses
  {
    var passedOver: [PassedOverFile] = []
    var found: [String] = []
    let excluded = PathGlob(options.exclude)
    for path in paths {
      let walk = try files(under: path, excluding: excluded)
      passedOver += walk.passedOver
      found += walk.files
    }
    let files = found
    let largest = options.largestFile ?? largestFile
    let results = ParallelResults<Result<SourceFileScan, Error>>(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      results.set(index, Result { try SourceFileScan(files[index], lookups: options.lookups, largestFile: largest) })
    }
    var uses: [SourceKeyUse] = []
    var interfaceTables: Set<String> = []
    var partlyRead: Set<String> = []
    var ids: [String: Set<String>] = [:]
    var accessors: [GeneratedAccessor] = []
    var references: [AccessorReferences] = []
    var aliases: [String: [String]] = [:]
    var context = LocalizedContext()
    for index in files.indices {
      guard let file = try results.take(index)?.get() else { continue }
      uses += file.uses
      accessors += file.accessors
      if !file.references.chains.isEmpty { references.append(file.references) }
      aliases.merge(file.references.aliases) { _, later in later }
      context.merge(file.context)
      if let table = file.interfaceTable {
        interfaceTables.insert(table)
        ids[table, default: []].formUnion(file.ids)
        if !file.interfaceReadInFull { partlyRead.insert(table) }
      }
      if let refused = file.passedOver { passedOver.append(refused) }
    }
    uses += context.argumentUses()
    uses += AccessorIndex(accessors).uses(references, aliases: aliases)
    for (table, objects) in ids.sorted(by: { $0.key < $1.key }) {
      for id in objects.sorted() {
        uses.append(SourceKeyUse(key: .objectID(id), table: table, file: "", line: 0, column: 0, shown: id))
      }
    }
    var result = SourceKeyUses(uses: uses, roots: paths, interfaceTables: interfaceTables)
    result.passedOver = passedOver
    result.partlyReadInterfaceTables = partlyRead
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
