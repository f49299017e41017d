extension MissingKey {
  /// True when `language` lacks the whole table but the table is a localized-object file whose
  /// keys it reads from its base language (`en-US` from `en`): not a missing table.
  static func readsFromBaseLanguage(_ sourceFiles: [LocaleTable], language: String) -> Bool {
    sourceFiles.contains { file in
      guard let view = file.document as? any MultiLanguageTable else { return false }
      return !view.view(for: language).inheritedKeys.isEmpty
    }
  }
}
