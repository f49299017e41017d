/// `missing-in-bundle`: the app's code looks up a key (`--sources`, `sources:`) that the
/// development language's table of that name lacks; the app then shows the raw key, in every
/// language. Error. The finding points at the code: its file, line and column.
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
    for use in uses.uses {
      if case .pattern(_, formatted: false) = use.key { continue }
      if use.inDebugCode && !checksDebugCode { continue }
      if use.key.isLetterless { continue }
      guard let pattern = KeyPattern(use.key) else { continue }
      let table = language.tables[use.table]
      if let table, pattern.matches(in: table) { continue }
      let key: String
      var message: String
      switch use.key {
      case .exact(let text):
        key = text
        message = "Key “\(UntrustedText.shown(text))” is used here but "
        if let accessor = use.accessor {
          message = "Key “\(UntrustedText.shown(text))” is used through \(UntrustedText.shown(accessor)) but "
        }
      default:
        key = use.shown
        message =
          "No key matches “\(UntrustedText.shown(use.shown))” (each interpolation standing for a format "
          + "specifier such as %@ or %lld): "
      }
      if table == nil {
        message += "the \(language.language) bundle has no \(use.table) table"
      } else {
        message += "the \(language.language) \(use.table) table does not have it"
      }
      message += use.accessor == nil ? "; the app shows the key itself." : "; the app shows its fallback or the key."
      emit(
        Finding(
          kind: .missingInBundle, severity: .error, bundle: language.bundleName, language: language.language,
          table: use.table, key: key, file: use.file, line: use.line, column: use.column, message: message))
    }
  }
}
