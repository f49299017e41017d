/// `should-not-translate`: a String Catalog key marked `shouldTranslate: false` carries a
/// translation in this language. Warning: someone decided the text must not be translated (a
/// brand, a code), yet a translation was written and may be shown; delete the localization, or
/// clear the flag. Reported per language that has one.
public struct ShouldNotTranslate: Check {
  public var kind: FindingKind { .shouldNotTranslate }
  public var inspectsKeys: Bool { false }
  public init() {}

  public func check(_ language: LanguageSubject, emit: (Finding) -> Void) {
    guard language.language != language.sourceLanguage else { return }
    CatalogKeyFlags.forEachKey(in: language.tables) { key, table, path in
      guard !key.shouldTranslate, key.languages.contains(language.language),
        !Suppression.kinds(in: key.comment).contains(.shouldNotTranslate)
      else { return }
      emit(
        Finding(
          kind: .shouldNotTranslate, severity: .warning, bundle: language.bundleName, language: language.language,
          table: table, key: key.key, file: path, line: key.line,
          message:
            "Key “\(key.key)” is marked shouldTranslate: false but has a \(language.language) localization; delete it or clear the flag."
        ))
    }
  }
}
