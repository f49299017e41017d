/// `missing-in-bundle`: the app's code looks up a key (`--sources`, `sources:`) that the
/// development language's table of that name lacks; the app then shows the raw key, in every
/// language. Error. The finding points at the code: its file, line and column.
///
/// A SwiftUI literal (`Text("Hello")`, `Button("Save")`, a literal typed `LocalizedStringKey` by
/// context) that reads as text rather than as a key is a warning: the app shows that text as
/// written, untranslated in every language, which is a gap for translators rather than a broken
/// screen. One shaped like a key (`Text("profile.title")`: no spaces, words joined by `.` or `_`)
/// is an error like any other key, since the app then shows the key.
///
/// An interpolated literal that becomes a format key (`Text("\(n) hikes")`) is missing when no
/// key of the table matches it with a format specifier in place of each interpolation; one that
/// builds a key at run time (`NSLocalizedString("menu.\(id)", …)`) cannot be checked and is
/// never reported.
///
/// Not reported either: a key with no letter once its format specifiers are set aside (`""`,
/// `"0"`, `"\(number)"`, `"0.0.0.0"`, `"·"`: no table is meant to hold it), and, unless
/// `checksDebugCode`, a lookup in preview or `#if DEBUG` code, which a release build never runs.
/// A key reached through a generated accessor (`L10n.Trail.title`) is reported at the key in the
/// generated file, once however many places reference the accessor.
public struct MissingInBundle: Check {
  public var kind: FindingKind { .missingInBundle }
  public var inspectsKeys: Bool { false }
  /// What the code uses.
  public var uses: SourceKeyUses
  /// True to report lookups in previews and `#if DEBUG` code too (`check-debug-code: true`).
  public var checksDebugCode: Bool

  public init(uses: SourceKeyUses, checksDebugCode: Bool = false) {
    self.uses = uses
    self.checksDebugCode = checksDebugCode
  }

  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {
    guard language.language == language.sourceLanguage else { return }
    let tablesByName = SourceKeyUses.tablesByLookupName(language.tables)
    for use in uses.uses {
      if case .pattern(_, formatted: false) = use.key { continue }
      if use.inDebugCode && !checksDebugCode { continue }
      if use.key.isLetterless { continue }
      guard let pattern = KeyPattern(use.key) else { continue }
      let tables = tablesByName[use.table] ?? []
      if tables.contains(where: { pattern.matches(in: $0) }) { continue }
      let key: String
      var message: String
      // A SwiftUI literal that reads as text is shown as written when missing; a key is shown as a key.
      let showsText = use.shownAsWritten && !Self.looksLikeKey(use.shown)
      switch use.key {
      case .exact(let text):
        key = text
        message = "Key “\(UntrustedText.shown(text))” is used here but "
        if showsText {
          message = "The text “\(UntrustedText.shown(text))” is looked up here but "
        } else if let accessor = use.accessor {
          message = "Key “\(UntrustedText.shown(text))” is used through \(UntrustedText.shown(accessor)) but "
        }
      default:
        key = use.shown
        message =
          "No key matches “\(UntrustedText.shown(use.shown))” (each interpolation standing for a format "
          + "specifier such as %@ or %lld): "
      }
      if tables.isEmpty {
        message += "the \(language.language) bundle has no \(use.table) table"
      } else {
        message += "the \(language.language) \(use.table) table does not have it"
      }
      if showsText {
        message += "; the app shows it as written, untranslated in every language."
      } else {
        message += use.accessor == nil ? "; the app shows the key itself." : "; the app shows its fallback or the key."
      }
      emit(
        Finding(
          kind: .missingInBundle, severity: showsText ? .warning : .error, bundle: language.bundleName,
          language: language.language,
          table: use.table, key: key, file: use.file, line: use.line, column: use.column, message: message))
    }
  }

  /// True when a literal reads as a key rather than as text: its first word (up to a space) has
  /// letters or digits joined by `.` or `_` and does not end in punctuation (`profile.title`,
  /// `settings_units`, `account.fields %lld`; not `Done.`, `e.g. here`, `Hello`).
  static func looksLikeKey(_ text: String) -> Bool {
    guard let word = text.split(whereSeparator: { $0.isWhitespace }).first, !text.hasPrefix(" ") else {
      return false
    }
    var sawJoin = false
    var previousIsWordCharacter = false
    for character in word {
      let isWordCharacter = character.isLetter || character.isNumber || character == "-"
      if character == "." || character == "_" {
        guard previousIsWordCharacter else { return false }
        sawJoin = true
        previousIsWordCharacter = false
      } else if isWordCharacter {
        previousIsWordCharacter = true
      } else {
        return false
      }
    }
    return sawJoin && previousIsWordCharacter
  }
}
