import Foundation

/// The App Store listing texts of a fastlane `metadata` folder: `metadata/<lang>/<field>.txt`.
public struct StoreMetadata: Sendable, Hashable {
  /// One listing text.
  public struct Text: Sendable, Hashable {
    /// The folder's language (`en-US`, `de-DE`, or `default`).
    public var language: String
    public var field: StoreField
    /// The path as the user named the folder plus `<lang>/<field>.txt`.
    public var path: String
    /// The text as the store receives it: fastlane drops the final line break.
    public var text: String
    public init(language: String, field: StoreField, path: String, text: String) {
      self.language = language
      self.field = field
      self.path = path
      self.text = text
    }
  }

  /// Every listing text found, sorted by language and field.
  public var texts: [Text]
  /// Files that exist but could not be read as UTF-8, with what went wrong.
  public var unreadable: [(path: String, reason: String)]
  /// Listing files that were not read: a link out of the folder or to nothing, a FIFO or device.
  public var passedOver: [PassedOverFile] = []

  public init(texts: [Text], unreadable: [(path: String, reason: String)] = []) {
    self.texts = texts
    self.unreadable = unreadable
  }

  /// Folders inside `metadata/` that hold no language.
  static let nonLanguageFolders: Set<String> = ["review_information", "trade_representative_contact_information"]

  /// Reads the listing texts under `directory` (a fastlane `metadata` folder); files that are not
  /// store fields (`copyright.txt`, `marketing_url.txt`) are skipped.
  /// - Throws: `GlossaError.notFound` when `directory` is not a folder.
  public static func read(directory: String) throws -> StoreMetadata {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw GlossaError.notFound(directory)
    }
    let root = directory.hasSuffix("/") ? directory : directory + "/"
    var texts: [Text] = []
    var unreadable: [(path: String, reason: String)] = []
    // `<lang>/<field>.txt` only; links are followed only inside the folder (`FolderWalk`).
    guard
      let walk = FolderWalk.walk(
        directory, eachFolderOnce: true,
        enter: { relative, name in
          !relative.contains("/") && !name.hasPrefix(".") && !nonLanguageFolders.contains(name)
        },
        wants: { name in name.hasSuffix(".txt") && StoreField(rawValue: String(name.dropLast(4))) != nil })
    else { throw GlossaError.notFound(directory) }
    for relative in walk.files {
      let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let field = StoreField(rawValue: String(parts[1].dropLast(4))) else { continue }
      let language = String(parts[0])
      let path = root + relative
      guard let data = manager.contents(atPath: path) else {
        unreadable.append((path, "cannot be read"))
        continue
      }
      guard var text = String(data: data, encoding: .utf8) else {
        unreadable.append((path, "is not valid UTF-8"))
        continue
      }
      if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
      while text.hasSuffix("\n") || text.hasSuffix("\r\n") { text.removeLast() }
      texts.append(Text(language: language, field: field, path: path, text: text))
    }
    var metadata = StoreMetadata(texts: texts, unreadable: unreadable)
    metadata.passedOver = walk.refused.filter { $0.path.split(separator: "/").count == 2 }.map {
      PassedOverFile(path: root + $0.path, reason: $0.refusal.reason(outside: "the metadata folder"))
    }
    return metadata
  }

  public static func == (lhs: StoreMetadata, rhs: StoreMetadata) -> Bool {
    lhs.texts == rhs.texts && lhs.unreadable.map(\.path) == rhs.unreadable.map(\.path)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(texts) }
}

/// A listing field fastlane `deliver` uploads, and the App Store's limit for it.
public enum StoreField: String, Sendable, Hashable, CaseIterable {
  case name
  case subtitle
  case keywords
  case promotionalText = "promotional_text"
  case description
  case releaseNotes = "release_notes"

  /// The most the store accepts: characters, except keywords, which are counted in UTF-8 bytes.
  public var limit: Int {
    switch self {
    case .name, .subtitle: 30
    case .keywords: 100
    case .promotionalText: 170
    case .description, .releaseNotes: 4000
    }
  }

  /// True when `limit` counts UTF-8 bytes rather than characters.
  public var countsBytes: Bool { self == .keywords }

  /// How people call the field.
  public var title: String {
    switch self {
    case .name: "app name"
    case .subtitle: "subtitle"
    case .keywords: "keywords"
    case .promotionalText: "promotional text"
    case .description: "description"
    case .releaseNotes: "release notes"
    }
  }
}
