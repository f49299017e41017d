/// `missing-in-bundle`: the app's code looks up a key (`--sources`, `sources:`) that the
/// development language's table of that name lacks; the app then shows the raw key, in every
/// language. Error. The finding points at the code: its file, line and column.
///
/// An interpolated literal that becomes a format key (`Text("\(n) hikes")`) is missing when no
/// key of the table matches it with a format specifier in place of each interpolation; one that
/// builds a key at run time (`NSLocalizedString("menu.\(id)", …)`) cannot be checked and is
/// never reported.
public struct MissingInBundle: Check {
  public var kind: FindingKind { .missingInBundle }
  public var inspectsKeys: Bool { false }
  /// What the code uses.
  public var uses: SourceKeyUses

  public init(uses: SourceKeyUses) { self.uses = uses }

  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {
    guard language.language == language.sourceLanguage else { return }
    for use in uses.uses {
      if case .pattern(_, formatted: false) = use.key { continue }
      guard let pattern = KeyPattern(use.key) else { continue }
      let table = language.tables[use.table]
      if let table, pattern.matches(in: table) { continue }
      let key: String
      var message: String
      switch use.key {
      case .exact(let text):
        key = text
        message = "Key “\(UntrustedText.shown(text))” is used here but "
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
      message += "; the app shows the key itself."
      emit(
        Finding(
          kind: .missingInBundle, severity: .error, bundle: language.bundleName, language: language.language,
          table: use.table, key: key, file: use.file, line: use.line, column: use.column, message: message))
    }
  }
}
