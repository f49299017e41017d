/// An error that ends an operation: a case a caller can switch on, and a one-line message for
/// the user that names the file (and line and column where there is one).
///
/// Messages name no command-line flags: the `glossa` executable adds its own hints
/// (`pass --lang`, `choose one with --table`) where a case calls for one.
public enum GlossaError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The argument names nothing on disk.
  case notFound(String)
  /// The argument exists but is not a bundle, a zip or a table file Glossa reads; `reason`
  /// says what was expected.
  case notABundle(String, reason: String)
  /// A single table's language cannot be told: it is in no `<language>.lproj` folder and none
  /// was given (`reason` adds why it is not a multi-language file, when it was tried as one).
  case unknownLanguage(String, reason: String?)
  /// The bundle has no such language (`languages` are the ones it has).
  case noSuchLanguage(bundle: String, language: String, languages: [String])
  /// The language asked for as the source is not one of the bundle's.
  case noSuchSourceLanguage(bundle: String, language: String, languages: [String])
  /// The bundle has no such table (`tables` are the ones it has).
  case noSuchTable(bundle: String, table: String, tables: [String])
  /// A key is in several tables and no table was chosen.
  case ambiguousTable(bundle: String, key: String, tables: [String])
  /// A key is in no table and the bundle has no default table to add it to.
  case noTableForKey(bundle: String, key: String, tables: [String])
  /// A zip archive is damaged, hostile or over the size limits.
  case archive(String, problem: String)
  /// A download failed and nothing usable is cached.
  case remote(String, problem: String)
  /// A bundle could not be read at a git revision: git is not installed, the bundle is not in
  /// a git work tree, the revision is unknown, or git failed or ran out of time.
  case git(String, problem: String)
  /// A file could not be read.
  case readFailed(String, reason: String)
  /// A file or archive could not be written; the old bytes are intact.
  case writeFailed(String, reason: String)
  /// A file changed on disk since the bundle read it: saving would overwrite someone else's
  /// change. Reload it, or save again with overwriting allowed.
  case changedOnDisk(String)
  /// The bundle cannot be written where it came from (a downloaded copy in the cache).
  case readOnly(String, reason: String)
  /// An edit that cannot be applied: the value is not what the edit expected, the unit does
  /// not exist, or the format cannot hold it.
  case invalidEdit(String)
  /// Any other unusable input, with its message.
  case invalid(String)

  /// An error with a message and no more specific case.
  public init(_ message: String) { self = .invalid(message) }

  /// The one-line message for the user.
  public var message: String {
    switch self {
    case .notFound(let name): "\(name): no such file or directory"
    case .notABundle(let name, let reason): "\(name): not a bundle: \(reason)"
    case .unknownLanguage(let name, let reason):
      "\(name): cannot tell the file's language"
        + (reason.map { ": it is not in a <language>.lproj folder and not a localized-object JSON file (\($0))" } ?? "")
    case .noSuchLanguage(let bundle, let language, let languages):
      "\(bundle): no language \"\(language)\" (languages: \(Self.list(languages)))"
    case .noSuchSourceLanguage(let bundle, let language, let languages):
      "\(bundle): no language \"\(language)\" to use as the source (languages: \(Self.list(languages)))"
    case .noSuchTable(let bundle, let table, let tables):
      "\(bundle): no table named \"\(table)\" (tables: \(Self.list(tables)))"
    case .ambiguousTable(let bundle, let key, let tables):
      "\(bundle): \(key) is in several tables (\(Self.list(tables)))"
    case .noTableForKey(let bundle, let key, let tables):
      "\(bundle): \(key) is in no table (tables: \(Self.list(tables)))"
    case .archive(let name, let problem): "\(name): \(problem)"
    case .remote(let name, let problem): "\(name): \(problem)"
    case .git(let name, let problem): "\(name): \(problem)"
    case .readFailed(let name, let reason): "\(name): cannot read the file (\(reason))"
    case .writeFailed(let name, let reason): "\(name): cannot write (\(reason)); the old file is intact"
    case .changedOnDisk(let name):
      "\(name) changed on disk since it was read; saving would overwrite that change"
    case .readOnly(let name, let reason): "\(name): cannot be saved in place (\(reason))"
    case .invalidEdit(let message): message
    case .invalid(let message): message
    }
  }

  public var description: String { message }

  /// Two errors are equal when they say the same to the user (whatever case built them).
  public static func == (a: GlossaError, b: GlossaError) -> Bool { a.message == b.message }

  public func hash(into hasher: inout Hasher) { hasher.combine(message) }

  private static func list(_ items: [String]) -> String {
    items.isEmpty ? "none" : items.sorted().joined(separator: ", ")
  }
}
