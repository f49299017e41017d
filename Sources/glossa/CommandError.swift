import GlossaCore

/// A refusal of the executable's own: the command line asks for something the input cannot
/// give, or the review cannot run here. Like the core's `GlossaError` it is a case with the
/// values at fault; unlike it, its messages name the command's flags. `Glossa.main` prints
/// `glossa: <message>` and exits 2.
enum CommandError: Error, Hashable, CustomStringConvertible {
  // MARK: review

  /// Standard input or output is not a terminal.
  case notATerminal
  /// The terminal cannot move the cursor: `TERM` is unset or `dumb`, or its terminfo entry
  /// has no cursor addressing.
  case cannotMoveCursor(term: String)
  /// curses cannot open the terminal `TERM` names.
  case cannotOpenTerminal(term: String)
  /// `review` without a bundle argument, in a folder that is no bundle.
  case noBundleHere
  /// `review --benchmark` was cancelled (`status` is the review's).
  case benchmarkCancelled(status: Int32)

  // MARK: set

  /// `--device`, `--substitution` or `--state` for a table that is no String Catalog.
  case catalogOptions(bundle: String, table: String)
  /// `--plural` for a key with several plural variables and no `--variable`.
  case ambiguousVariable(bundle: String, key: String, variables: [String])
  /// `--plural` for a catalog key with several substitutions and no `--substitution`.
  case ambiguousSubstitution(bundle: String, key: String, substitutions: [String])
  /// A plural form other than `other` for a key with no plural forms in `language` yet.
  case pluralBeforeOther(bundle: String, key: String, language: String, plural: String)
  /// `--plural` for a key that is plain in the source language.
  case notAPluralKey(bundle: String, key: String)
  /// A plural category `language` does not use (`categories` are those it does).
  case noSuchPluralCategory(language: String, category: String, categories: [String])
  /// A language the bundle lacks, without `--add-language`.
  case languageNotAdded(bundle: String, language: String, languages: [String])

  // MARK: resolve

  /// `--default-lang` for a bundle, which falls back to its development language.
  case defaultLanguageForBundle
  /// Neither a KEY nor `--all-keys` for a bundle.
  case missingKey
  /// A localized-object file of several objects, and no KEY.
  case keyNeeded(file: String, keys: [String])
  /// A KEY for a file that is one localized object.
  case keyForWholeFile(file: String)
  /// A KEY the localized-object file does not hold.
  case noSuchObject(file: String, key: String)
  /// `--table` names a table neither bundle has.
  case noSuchTable(bundles: [String], table: String, tables: [String])

  /// The one-line message, naming the flags that would help.
  var message: String {
    switch self {
    case .notATerminal: "glossa review needs a terminal: run it in an interactive shell, not in a pipe"
    case .cannotMoveCursor(let term):
      (term.isEmpty || term == "dumb"
        ? "glossa review needs a terminal that can move the cursor, and TERM is \(term.isEmpty ? "unset" : "dumb"); "
        : "the terminal type \(term) cannot move the cursor, which glossa review needs; ")
        + "run it in a terminal emulator (TERM=xterm-256color), or use glossa lint and glossa dump"
    case .cannotOpenTerminal(let term): "cannot open the terminal (TERM=\(term)); set TERM to your terminal's type"
    case .noBundleHere:
      "no bundle in the current directory; run glossa review PATH with a bundle directory "
        + "(holding .lproj folders or Resources/), a .zip, or a .strings file"
    case .benchmarkCancelled(let status): "the benchmark was cancelled (\(status))"
    case .catalogOptions(let bundle, let table):
      "\(bundle): --device, --substitution and --state apply to String Catalogs; table \"\(table)\" is not one"
    case .ambiguousVariable(let bundle, let key, let variables):
      "\(bundle): \"\(key)\" has several plural variables (\(variables.sorted().joined(separator: ", "))); "
        + "choose one with --variable"
    case .ambiguousSubstitution(let bundle, let key, let substitutions):
      "\(bundle): \"\(key)\" has several substitutions (\(substitutions.sorted().joined(separator: ", "))); "
        + "choose one with --substitution"
    case .pluralBeforeOther(let bundle, let key, let language, let plural):
      "\(bundle): \"\(key)\" has no plural forms in \(language) yet; set its other form first "
        + "(--plural other), then \(plural): every plural family needs other"
    case .notAPluralKey(let bundle, let key):
      "\(bundle): \"\(key)\" is not a plural key in the source language; set it without --plural"
    case .noSuchPluralCategory(let language, let category, let categories):
      "\(language) has no plural category \"\(category)\" (it uses \(categories.joined(separator: ", ")))"
    case .languageNotAdded(let bundle, let language, let languages):
      GlossaError.noSuchLanguage(bundle: bundle, language: language, languages: languages).message
        + "; pass --add-language to start a new translation"
    case .defaultLanguageForBundle:
      "--default-lang applies to localized-object files; a bundle falls back to its development language "
        + "(see --source-lang)"
    case .missingKey: "missing KEY (or --all-keys to resolve every key)"
    case .keyNeeded(let file, let keys):
      "\(file): the file holds \(keys.count) localized objects; give a KEY "
        + "(\(keys.prefix(5).joined(separator: ", "))\(keys.count > 5 ? ", …" : "")) or --all-keys"
    case .keyForWholeFile(let file): "\(file): the whole file is one localized object; omit KEY"
    case .noSuchObject(let file, let key): "\(file): no localized object '\(key)'"
    case .noSuchTable(let bundles, let table, let tables):
      "no table named \"\(table)\" in \(bundles.joined(separator: " or ")) "
        + "(tables: \(tables.sorted().joined(separator: ", ")))"
    }
  }

  var description: String { message }
}
