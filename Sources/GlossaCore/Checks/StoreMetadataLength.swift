/// `store-metadata-length`: an App Store listing text (fastlane `metadata/<lang>/<field>.txt`)
/// longer than the store accepts: name and subtitle 30 characters, keywords 100 bytes,
/// promotional text 170, description and release notes 4,000. Error: the upload is refused.
///
/// Characters are what a reader sees (grapheme clusters: `é` written with a combining accent,
/// a flag or a family emoji is one), as App Store Connect counts them; keywords are counted in
/// UTF-8 bytes. The finding points at the line and column where the text passes the limit and
/// names the limit; the language is the metadata folder's (`en-US`).
public struct StoreMetadataLength: Check {
  public var kind: FindingKind { .storeMetadataLength }
  public var inspectsKeys: Bool { false }
  /// The listing texts to check.
  public var metadata: StoreMetadata

  public init(metadata: StoreMetadata) { self.metadata = metadata }

  public func check(_ context: CheckContext, emit: (Finding) -> Void) {
    for (path, reason) in metadata.unreadable {
      emit(
        Finding(
          kind: .storeMetadataLength, severity: .error, bundle: context.bundle.name, file: path,
          message: "The listing text \(reason); save it as UTF-8."))
    }
    for text in metadata.texts {
      guard let finding = Self.finding(text, bundle: context.bundle.name) else { continue }
      emit(finding)
    }
  }

  /// The finding for `text`, or nil when it is within the limit.
  static func finding(_ text: StoreMetadata.Text, bundle: String) -> Finding? {
    let field = text.field
    let length = field.countsBytes ? text.text.utf8.count : text.text.count
    guard length > field.limit else { return nil }
    let unit = field.countsBytes ? "bytes" : "characters"
    // Where the limit is passed: the first character that does not fit.
    var used = 0
    var line = 1
    var column = 1
    for character in text.text {
      used += field.countsBytes ? character.utf8.count : 1
      if used > field.limit { break }
      if character == "\n" || character == "\r\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    let verb = field == .keywords || field == .releaseNotes ? "are" : "is"
    var message =
      "The \(field.title) \(verb) \(length) \(unit), over the App Store's limit of \(field.limit) \(unit) "
      + "(\(length - field.limit) too many)"
    if field.countsBytes {
      message += "; it has \(text.text.count) characters (letters outside ASCII take 2–4 bytes)"
    } else if text.text.unicodeScalars.count != length {
      message += "; counted as a reader sees them, not as \(text.text.unicodeScalars.count) code points"
    }
    message += "."
    return Finding(
      kind: .storeMetadataLength, severity: .error, bundle: bundle, language: text.language,
      table: field.rawValue, file: text.path, line: line, column: column, message: message)
  }
}
