/// An error that ends an operation: a case a caller can switch on, and a one-line message for
/// the user that names the file (and line and column where there is one).
///
/// Each case carries what went wrong as values — the file, the line and column, the value that
/// was refused and what was expected — so callers and tests match on cases, never on messages.
/// Two errors are equal when their cases and values are. Messages name no command-line flags:
/// the `glossa` executable adds its own hints (`pass --lang`, `use --timeout to allow longer`)
/// where a case calls for one.
public enum GlossaError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The argument names nothing on disk.
  case notFound(String)
  /// The argument exists but is not a bundle, a zip or a table file Glossa reads; `reason`
  /// says what was expected.
  case notABundle(String, reason: String)
  /// A single table's language cannot be told: it is in no `<language>.lproj` folder and none
  /// was given (`reason` adds why it is not a multi-language file, when it was tried as one).
  case unknownLanguage(String, reason: String?)
  /// A file read as localized objects (`{"key": {"en": …}}`) is something else: where it
  /// stops being one (`line` and `column` when a value decided it) and why.
  case notLocalizedObjects(String, line: Int?, column: Int?, reason: String)
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
  /// A pseudo language cannot be written into the bundle as asked.
  case pseudoLanguage(bundle: String, language: String, problem: PseudoLanguageProblem)
  /// A zip archive is damaged, hostile or over the size limits.
  case archive(String, problem: ArchiveProblem)
  /// A folder could not be packed into a zip (`name` is the file or folder at fault, or the
  /// archive for limits of the zip format); no archive was written.
  case pack(String, problem: PackProblem)
  /// An archive could not be unpacked into its destination: nothing was written, or what was
  /// written was removed again (`problem` says which).
  case unpack(String, problem: UnpackProblem)
  /// A download failed and nothing usable is cached.
  case remote(String, problem: RemoteProblem)
  /// A bundle could not be read at a git revision: git is not installed, the bundle is not in
  /// a git work tree, the revision is unknown, or git failed or ran out of time.
  case git(String, problem: GitProblem)
  /// The check configuration (`.glossa.yml` or the file given instead) cannot be used: where
  /// (`line` and `column` when a value is at fault) and what is wrong.
  case config(String, line: Int?, column: Int?, problem: ConfigProblem)
  /// The review's key bindings file cannot be used: where and what is wrong.
  case keymap(String, line: Int?, column: Int?, problem: KeymapProblem)
  /// A file could not be read.
  case readFailed(String, reason: String)
  /// A file or archive could not be written; the old bytes are intact.
  case writeFailed(String, reason: String)
  /// A folder could not be created, or a file or folder removed or copied (`reason` is the
  /// system's).
  case fileSystem(String, operation: FileOperation, reason: String)
  /// A file changed on disk since the bundle read it: saving would overwrite someone else's
  /// change. Reload it, or save again with overwriting allowed.
  case changedOnDisk(String)
  /// The bundle cannot be written where it came from (a downloaded copy in the cache).
  case readOnly(String, reason: String)
  /// An edit that cannot be applied, in the file `name` (at `line` and `column` where a value
  /// decided it): the value is not what the edit expected, the unit does not exist, the format
  /// cannot hold it, or the result would not read back (`problem` says which). Nothing changed.
  case invalidEdit(String, line: Int? = nil, column: Int? = nil, problem: EditProblem)
  /// A failure with no case of its own: only where a state cannot arise through any command
  /// (each use says why), or an error of another type passed on as it describes itself.
  case invalid(String)

  /// The one-line message for the user.
  public var message: String {
    switch self {
    case .notFound(let name): "\(name): no such file or directory"
    case .notABundle(let name, let reason): "\(name): not a bundle: \(reason)"
    case .unknownLanguage(let name, let reason):
      "\(name): cannot tell the file's language"
        + (reason.map { ": it is not in a <language>.lproj folder and not a localized-object JSON file (\($0))" } ?? "")
    case .notLocalizedObjects(let name, let line, let column, let reason):
      "\(Self.place(name, line, column)): not a localized-object JSON file: \(reason)"
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
    case .pseudoLanguage(let bundle, let language, let problem):
      "\(bundle): \(problem.text(language: language))"
    case .archive(let name, let problem): "\(name): \(problem.text)"
    case .pack(let name, let problem): "\(name): \(problem.text)"
    case .unpack(let name, let problem): "\(name): \(problem.text)"
    case .remote(let name, let problem): "\(name): \(problem.text)"
    case .git(let name, let problem): "\(name): \(problem.text)"
    case .config(let name, let line, let column, let problem): "\(Self.place(name, line, column)): \(problem.text)"
    case .keymap(let name, let line, let column, let problem): "\(Self.place(name, line, column)): \(problem.text)"
    case .readFailed(let name, let reason): "\(name): cannot read the file (\(reason))"
    case .writeFailed(let name, let reason): "\(name): cannot write (\(reason)); the old file is intact"
    case .fileSystem(let name, let operation, let reason): "\(name): \(operation.text) (\(reason))"
    case .changedOnDisk(let name):
      "\(name) changed on disk since it was read; saving would overwrite that change"
    case .readOnly(let name, let reason): "\(name): cannot be saved in place (\(reason))"
    case .invalidEdit(let name, let line, let column, let problem): problem.message(at: Self.place(name, line, column))
    case .invalid(let message): message
    }
  }

  public var description: String { message }

  /// `file`, `file:line` or `file:line:column`, the form compilers and editors understand.
  static func place(_ file: String, _ line: Int?, _ column: Int?) -> String {
    guard let line else { return file }
    return column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
  }

  static func list(_ items: [String]) -> String {
    items.isEmpty ? "none" : items.sorted().joined(separator: ", ")
  }
}

/// What a folder, remove or copy operation on the file system was (`GlossaError.fileSystem`).
public enum FileOperation: Sendable, Hashable {
  /// Creating a folder (and its missing parents).
  case createFolder
  /// Removing a file or folder.
  case remove
  /// Copying a file or folder to `destination`.
  case copy(to: String)

  /// The words after the path: `cannot create the folder`.
  var text: String {
    switch self {
    case .createFolder: "cannot create the folder"
    case .remove: "cannot remove it"
    case .copy(let destination): "cannot copy it to \(destination)"
    }
  }
}

/// Why a pseudo language cannot be written (`GlossaError.pseudoLanguage`).
public enum PseudoLanguageProblem: Sendable, Hashable {
  /// The bundle is one table file, which holds one language.
  case singleTableFile
  /// The language exists and replacing it was not asked for; `source` is the language its
  /// values would be made from.
  case exists(source: String)
  /// The language asked for is the one the values come from.
  case isTheSource

  func text(language: String) -> String {
    switch self {
    case .singleTableFile:
      "one table file holds one language; give the bundle folder, its zip or a String Catalog to add \(language)"
    case .exists: "language \(language) exists already"
    case .isTheSource: "\(language) is the language the values come from"
    }
  }
}
