import Foundation

/// What a save wrote: hand it to `markSaved` of the bundle the save was taken from (when the
/// save ran on a copy, off the thread that edits), so tables edited meanwhile stay modified.
public struct SaveReport: Sendable {
  /// Bundle-relative paths written, in table order; empty when nothing needed writing.
  public internal(set) var written: [String] = []
  /// Paths whose tables were modified but whose bytes equal the file's (an edit undone): not written.
  public internal(set) var unchanged: [String] = []
  /// Per saved path, the document written, each language's view as saved, and the file's new stamp.
  var saved: [String: SavedTable] = [:]
  /// The store after the save (a rewritten zip is read again from its new directory).
  var store: BundleStore?

  /// A report of a save that wrote nothing.
  public init() {}

  struct SavedTable: Sendable {
    /// Per language (several for a file of every language): the revision and document saved.
    var versions: [String: (revision: Revision, document: any TableDocument)]
    var document: any TableDocument
    var stamp: FileStamp?
  }
}

extension LocalizationBundle {
  /// True when any table has unsaved edits.
  public var hasUnsavedChanges: Bool { tables.contains { $0.isModified } }

  /// Writes every modified table back through the store it came from, atomically, and returns
  /// what it wrote. Saving again with no edit in between writes nothing.
  ///
  /// Directory bundles get one atomic file write per table; a zip is rewritten as a whole into a
  /// temporary file renamed over the old one. The save holds a lock on the folder it writes in,
  /// and first checks every file against its stamp from when it was read: a file someone else
  /// changed stops the save before anything is written, unless `overwriting` is true.
  /// - Throws: `GlossaError.changedOnDisk` (nothing written), `.readOnly` (a download, or tables
  ///   built in memory), `.writeFailed` naming the file (files not yet written keep their old bytes).
  @discardableResult
  public mutating func save(overwriting: Bool = false) throws -> SaveReport {
    let report = try saving(overwriting: overwriting)
    markSaved(report)
    return report
  }

  /// Marks the tables `report` saved as saved at the revisions it wrote; tables edited since
  /// stay modified. Call it on the bundle a save ran on a copy of.
  public mutating func markSaved(_ report: SaveReport) {
    if let store = report.store { self.store = store }
    for index in tables.indices {
      guard let saved = report.saved[tables[index].path],
        let version = saved.versions[tables[index].language], version.revision > tables[index].savedRevision
      else { continue }
      // The file now holds this revision; a table edited again during the save stays modified.
      tables[index].origin = .read(saved.stamp)
      tables[index].savedRevision = version.revision
      tables[index].savedDocument = version.document
    }
  }

  /// Each table's revision now, by path and language: what a copy of the bundle written
  /// elsewhere holds.
  public var revisions: [String: Revision] {
    var revisions: [String: Revision] = [:]
    for table in tables { revisions[table.path + "\u{0}" + table.language] = table.revision }
    return revisions
  }

  /// Writes the modified tables and reports what was written, without marking anything saved.
  private func saving(overwriting: Bool) throws -> SaveReport {
    let modified = tables.filter(\.isModified)
    guard !modified.isEmpty else { return SaveReport() }
    if let readOnlyReason { throw GlossaError.readOnly(name, reason: readOnlyReason) }
    if case .memory = store {
    } else if let table = modified.first(where: { $0.origin == .memory }) {
      throw GlossaError.readOnly(display(table.path), reason: "the table was built in memory, not read from a file")
    }
    // A file that holds every language is behind several tables: write each path once.
    var paths: [String] = []
    var report = SaveReport()
    for table in modified {
      if report.saved[table.path] == nil {
        paths.append(table.path)
        report.saved[table.path] = SaveReport.SavedTable(versions: [:], document: table.document, stamp: nil)
      }
    }
    for table in tables where report.saved[table.path] != nil {
      report.saved[table.path]?.versions[table.language] = (table.revision, table.document)
    }
    let lock = try store.lockDirectory.map { try WriteLock(directory: $0) }
    defer { lock?.unlock() }
    switch store {
    case .directory, .file:
      // One atomic write per file; a file whose bytes would not change is left alone. A link is
      // kept and the file it points to written (see `SymbolicLinks`).
      let targets = paths.compactMap { path in store.fileURL(of: path).map { (path, $0) } }
      for (path, url) in targets where !overwriting { try checkUnchanged(path, at: url) }
      var writing: [(path: String, target: URL)] = []
      var owners: [String: String] = [:]
      // Folders this save creates (a new language's `.lproj`), removed again if it fails.
      var madeFolders: [URL] = []
      var succeeded = false
      defer {
        if !succeeded {
          for folder in madeFolders.reversed() { rmdir(folder.path) }
        }
      }
      for (path, url) in targets {
        do {
          var missing: [URL] = []
          var folder = url.deletingLastPathComponent()
          while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
            missing.append(folder)
            folder = folder.deletingLastPathComponent()
          }
          try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
          madeFolders += missing.reversed()
        } catch {
          throw GlossaError.writeFailed(display(path), reason: error.localizedDescription)
        }
        let target: URL
        do throws(LinkProblem) {
          target = try SymbolicLinks.writeTarget(url, inside: store.linkRoot)
        } catch {
          throw GlossaError.writeFailed(display(path), reason: error.reason)
        }
        if let other = owners[target.path] {
          throw GlossaError.writeFailed(
            display(path),
            reason: "it is the same file as \(display(other)) (through a symbolic link); edit one of them")
        }
        owners[target.path] = path
        writing.append((path, target))
      }
      // Every file or none: all are written to temporaries before any replaces its target, so
      // a full disk leaves the bundle as it was (`AtomicFile.writeAll`).
      var changed: [(path: String, data: Data, url: URL)] = []
      for (path, target) in writing {
        let data = report.saved[path]!.document.serialized()
        if FileManager.default.contents(atPath: target.path) == data {
          report.unchanged.append(path)
        } else {
          changed.append((path, data, target))
        }
      }
      do {
        try AtomicFile.writeAll(changed.map { ($0.data, $0.url) })
      } catch let error as GlossaError {
        // Name the file as the bundle does, not by its absolute target.
        if case .writeFailed(let file, let reason) = error,
          let failed = changed.first(where: { $0.url.path == file })
        {
          throw GlossaError.writeFailed(display(failed.path), reason: reason)
        }
        throw error
      }
      succeeded = true
      report.written = changed.map(\.path)
      for (path, target) in writing { report.saved[path]?.stamp = FileStamp.of(target.path) }
    case .zip(let url, let archive, let stamp):
      let unchanged = FileStamp.of(url.path) == stamp
      if !overwriting && !unchanged { throw GlossaError.changedOnDisk(name) }
      var replacing: [String: Data] = [:]
      for path in paths { replacing[path] = report.saved[path]!.document.serialized() }
      // The archive open since the bundle was read is the file on disk: rewrite from it
      // (its directory is not read again); one overwritten meanwhile is opened anew.
      // A zip named through a link stays a link: the file it points to is rewritten.
      let target = SymbolicLinks.realPath(url.path).map { URL(fileURLWithPath: $0) } ?? url
      if unchanged {
        try archive.rewritten(replacing: replacing, to: target)
      } else {
        try BundleArchive.rewrite(url, replacing: replacing, to: target)
      }
      report.written = paths
      let newStamp = FileStamp.of(url.path)
      do {
        report.store = .zip(url, try ZipArchive(url: url, limits: ArchiveLimits()), newStamp)
      } catch {
        throw error.error(archive: url)
      }
    case .memory:
      // A bundle built in memory is its own store: the save marks the tables saved, no file is touched.
      report.written = paths
    }
    return report
  }

  /// Stops a save when the file at `url` is not the one the table was read from (or, for a
  /// table an edit created, when a file appeared there since).
  private func checkUnchanged(_ path: String, at url: URL) throws {
    let now = FileStamp.of(url.path)
    let origins = tables.filter { $0.path == path }.map(\.origin)
    for origin in origins {
      switch origin {
      case .read(let stamp): if now != stamp { throw GlossaError.changedOnDisk(display(path)) }
      case .created: if now != nil { throw GlossaError.changedOnDisk(display(path)) }
      case .memory: throw GlossaError.readOnly(display(path), reason: "the table was built in memory")
      }
    }
  }
}
