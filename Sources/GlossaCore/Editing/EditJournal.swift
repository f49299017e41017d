import Foundation

/// The unsaved edits of one bundle, kept on disk so a crash or a killed terminal loses nothing.
///
/// `edits` turn the bundle as saved into the bundle as edited when applied in order.
public struct EditJournal: Sendable, Hashable, Codable {
  /// The format version of the journal file.
  public var version: Int
  /// The bundle's identity: its absolute path, or its URL.
  public var bundle: String
  /// When the journal was last written.
  public var written: Date
  public var edits: [Edit]

  public init(bundle: String, edits: [Edit], written: Date = Date()) {
    self.version = 1
    self.bundle = bundle
    self.written = written
    self.edits = edits
  }
}

/// Where journals live (`$XDG_STATE_HOME/glossa`, else `~/.local/state/glossa`), one per bundle.
public struct JournalStore: Sendable {
  public var directory: URL

  public init(directory: URL) { self.directory = directory }

  /// The store in the user's state directory, as the XDG base directory spec places it.
  public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> JournalStore
  {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return JournalStore(directory: URL(fileURLWithPath: state).appendingPathComponent("glossa"))
    }
    let home =
      environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return JournalStore(
      directory: home.appendingPathComponent(".local/state/glossa", isDirectory: true))
  }

  /// The identity of a bundle argument: an absolute, standardised path, or the URL as given.
  public static func identity(of argument: String, currentDirectory: String = FileManager.default.currentDirectoryPath)
    -> String
  {
    if argument.contains("://") { return argument }
    let url =
      argument.hasPrefix("/")
      ? URL(fileURLWithPath: argument)
      : URL(fileURLWithPath: currentDirectory).appendingPathComponent(argument)
    return url.standardizedFileURL.path
  }

  /// The journal file of a bundle: its base name plus a hash of its identity.
  public func url(forBundle identity: String) -> URL {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in identity.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let base = identity.split(separator: "/").last.map(String.init) ?? "bundle"
    let safe = String(
      base.unicodeScalars.map { scalar -> Character in
        CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_" || scalar == "."
          ? Character(scalar) : "_"
      }.prefix(40))
    return directory.appendingPathComponent("\(safe)-\(String(hash, radix: 16)).journal.json")
  }

  /// Writes the journal atomically, creating the directory when needed.
  ///
  /// - Throws: `GlossaError.fileSystem` when the folder cannot be made, `.writeFailed` naming the
  ///   file when it cannot be written.
  public func write(_ journal: EditJournal) throws {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw GlossaError.fileSystem(directory.path, operation: .createFolder, reason: error.localizedDescription)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    let file = url(forBundle: journal.bundle)
    let data: Data
    do { data = try encoder.encode(journal) } catch {
      throw GlossaError.writeFailed(file.path, reason: "cannot encode the journal: \(error)")
    }
    try AtomicFile.write(data, to: file)
  }

  /// The journal of a bundle, or nil when there is none.
  ///
  /// - Throws: `GlossaError.readFailed` naming the file when it exists but cannot be read or
  ///   decoded (delete it to start afresh).
  public func read(forBundle identity: String) throws -> EditJournal? {
    let file = url(forBundle: identity)
    guard FileManager.default.fileExists(atPath: file.path) else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    do {
      let journal = try decoder.decode(EditJournal.self, from: Data(contentsOf: file))
      guard journal.bundle == identity else { return nil }
      return journal
    } catch {
      throw GlossaError.readFailed(
        file.path, reason: "an edit journal: \(error.localizedDescription); delete it to discard its edits")
    }
  }

  /// Removes the journal of a bundle (nothing happens when there is none).
  public func remove(forBundle identity: String) throws {
    let file = url(forBundle: identity)
    guard FileManager.default.fileExists(atPath: file.path) else { return }
    do { try FileManager.default.removeItem(at: file) } catch {
      throw GlossaError.fileSystem(file.path, operation: .remove, reason: error.localizedDescription)
    }
  }
}
