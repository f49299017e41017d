import Foundation

/// One table file of one language in a bundle (`de.lproj/Localizable.strings`), read and parsed.
///
/// A `LocaleTable` exists only for a file the bundle has read from its store, or one an edit
/// creates where the store has no file: a listed file that was never read has no document, so
/// nothing can edit it or write it back (see `LocalizationBundle.save`).
public struct LocaleTable: Sendable {
  /// The language code from the `.lproj` folder name (`de`, `pt-BR`, `Base`).
  public let language: String
  /// The table name: the file's base name (`Localizable`, `InfoPlist`, `json`), prefixed by its
  /// folder when a bundle holds `.lproj` folders in more than one place.
  public let name: String
  /// The file's path relative to the bundle root, with `/` separators.
  public let path: String
  public let format: TableFormat
  /// The parsed, editable document; only the bundle's edits change it.
  public internal(set) var document: any TableDocument
  /// The document's revision: a new one, unique in the process, after every change.
  public internal(set) var revision: Revision
  /// The revision last read from or written to the store.
  public internal(set) var savedRevision: Revision
  /// The document as last read or written, for telling which values an edit changed.
  public internal(set) var savedDocument: any TableDocument
  /// Where the document came from, which decides how a save may write it.
  var origin: TableOrigin

  /// A table built in memory (tests, tools): it reads no file, and a save refuses to write it.
  public init(language: String, name: String, path: String, format: TableFormat, document: any TableDocument) {
    self.init(language: language, name: name, path: path, format: format, document: document, origin: .memory)
  }

  init(
    language: String, name: String, path: String, format: TableFormat, document: any TableDocument,
    origin: TableOrigin
  ) {
    self.language = language
    self.name = name
    self.path = path
    self.format = format
    self.document = document
    self.savedDocument = document
    let revision = Revision.next()
    self.revision = revision
    // A created file was never saved: below every revision a document can have.
    self.savedRevision = origin == .created ? Revision.neverSaved : revision
    self.origin = origin
  }

  /// True when the document changed since it was read or last saved.
  public var isModified: Bool { revision != savedRevision }

  /// True when the document would write exactly the bytes it was read or saved with: nothing
  /// to lose if the process ended now. Byte for byte, not as strings compare (`é` and `e` +
  /// U+0301 differ here). For a modified `.strings` table, compares text and encoding (which
  /// decide the bytes); for any other, serializes both documents.
  public var writesItsSavedBytes: Bool {
    guard isModified else { return true }
    // A `.strings` file's bytes follow from its text and encoding: compared without encoding
    // either (two UTF-16 files of 20,000 entries took 200 ms to encode, on every undo).
    if let strings = document as? StringsDocument, let saved = savedDocument as? StringsDocument {
      return strings.writesSameBytes(as: saved)
    }
    return document.serialized() == savedDocument.serialized()
  }

  public var entries: [Entry] { document.entries }
  public var diagnostics: [Diagnostic] { document.diagnostics }

  /// Replaces the document after an edit and gives it a new revision.
  ///
  /// A `.strings` document that writes its saved bytes again (an edit undone) is the saved one
  /// again (the same text read the same way), with the spans the edit read. The edited copy of
  /// the file, its text and entries, is let go instead of being held beside the saved one.
  mutating func replace(_ document: any TableDocument) {
    if let strings = document as? StringsDocument, let saved = savedDocument as? StringsDocument,
      let returned = strings.returning(to: saved)
    {
      self.document = returned
    } else {
      self.document = document
    }
    revision = Revision.next()
  }
}

/// Where a table's document came from.
enum TableOrigin: Sendable, Hashable {
  /// Read from the store; the file's stamp then (nil for a zip entry: the archive has one).
  case read(FileStamp?)
  /// Created by an edit where the store had no file; a save writes it only if there still is none.
  case created
  /// Built in memory: never written.
  case memory
}

/// A document revision, unique in the process: caches keyed on it never serve a stale index.
public struct Revision: Sendable, Hashable, Comparable {
  let value: UInt64

  private static let counter = RevisionCounter()

  /// The saved revision of a file not written yet (every real revision is greater).
  static let neverSaved = Revision(value: 0)

  /// A revision no document had before.
  static func next() -> Revision { Revision(value: counter.next()) }

  public static func < (a: Revision, b: Revision) -> Bool { a.value < b.value }
}

private final class RevisionCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var last: UInt64 = 0

  func next() -> UInt64 {
    lock.lock()
    defer { lock.unlock() }
    last += 1
    return last
  }
}
