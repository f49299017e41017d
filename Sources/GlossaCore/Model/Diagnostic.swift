/// A problem found while reading a file: where it is and what was expected.
///
/// Diagnostics never stop loading; the checks turn them into findings.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// What sort of problem a diagnostic describes.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The file's syntax is broken at `line`/`column`.
    case parseError = "parse-error"
    /// The bytes are not valid text in any supported encoding.
    case encodingError = "encoding-error"
    /// A key occurs more than once in one file.
    case duplicateKey = "duplicate-key"
    /// A `.stringsdict` or plural family is structurally wrong (missing `other`, unknown variable…).
    case pluralStructure = "plural-structure"
    /// `Info.plist` is missing, unreadable or fails validation.
    case invalidInfoPlist = "invalid-info-plist"
    /// A file the bundle lists that was not read: a symbolic link out of the bundle or to
    /// nothing, or not a regular file (a FIFO, a device).
    case unreadableFile = "unreadable-file"
    /// A locale code that CLDR does not know; only `other` is assumed.
    case unknownLocale = "unknown-locale"
  }

  public var kind: Kind
  /// The file as the user named it (a path, or `archive.zip:Resources/de.lproj/X.strings`).
  public var file: String
  public var line: Int?
  public var column: Int?
  /// A sentence saying what was expected and what was found.
  public var message: String
  /// For `duplicateKey`: the key concerned.
  public var key: String?
  /// For `duplicateKey`: the line of the earlier occurrence.
  public var relatedLine: Int?

  public init(
    kind: Kind, file: String, line: Int? = nil, column: Int? = nil, message: String,
    key: String? = nil, relatedLine: Int? = nil
  ) {
    self.kind = kind
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.key = key
    self.relatedLine = relatedLine
  }

  /// `file:line:column: message`, the form compilers and editors understand.
  public var description: String {
    var location = file
    if let line {
      location += ":\(line)"
      if let column { location += ":\(column)" }
    }
    return "\(location): \(message)"
  }
}
