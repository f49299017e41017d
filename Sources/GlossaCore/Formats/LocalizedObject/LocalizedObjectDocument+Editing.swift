extension LocalizedObjectDocument {
  /// Sets `key`'s value in `language`: replaces that member's string literal, or inserts a new
  /// language member after the object's last member in the file's own layout and escaping. A
  /// key that does not exist yet becomes a new localized object, placed as JSON tables place
  /// new keys.
  /// - Throws: `GlossaError` when the file is not a localized-object file, `language` is not a
  ///   locale code, or the key would land inside or around another localized object.
  public mutating func setValue(_ value: String, forKey key: String, language: String) throws {
    try requireLocalized()
    guard LocaleCode.isLocaleCode(language) else {
      throw GlossaError.invalidEdit(file, problem: .notALocaleCode(language))
    }
    try requireSingleObject(key)
    if let object = object(forKey: key) {
      let path = memberPath(key, object.value(for: language)?.language ?? language)
      try edit { try $0.setValue(value, forKey: path, plural: nil, variable: nil, comment: nil) }
      return
    }
    if isWholeFile || key.isEmpty {
      throw GlossaError.invalidEdit(file, problem: .singleObjectHasNoKeys(key: key))
    }
    if let outer = objects.first(where: { key.hasPrefix($0.key + ".") }) {
      throw GlossaError.invalidEdit(file, problem: .insideLocalizedObject(outer: outer.key, key: key))
    }
    if let inner = objects.first(where: { $0.key.hasPrefix(key + ".") }) {
      throw GlossaError.invalidEdit(file, problem: .holdsLocalizedObject(key: key, inner: inner.key))
    }
    let path = memberPath(key, language)
    try edit { try $0.setValue(value, forKey: path, plural: nil, variable: nil, comment: nil) }
  }

  /// Removes `language` from `key`'s object (its line and separating comma).
  /// - Throws: `GlossaError` when the key or language does not exist, or it is the object's only language.
  public mutating func removeValue(forKey key: String, language: String) throws {
    try requireLocalized()
    try requireSingleObject(key)
    guard let object = object(forKey: key), let member = object.value(for: language) else {
      throw GlossaError.invalidEdit(file, problem: .noLanguageValue(language: language, key: key))
    }
    guard object.languages.count > 1 else {
      throw GlossaError.invalidEdit(file, problem: .onlyLanguage(language: language, key: key))
    }
    let path = memberPath(key, member.language)
    try edit { try $0.removeValue(forKey: path, plural: nil, variable: nil) }
  }

  /// A key defined twice: readers use the later object, while an edit of a language member
  /// would land in whichever object has that member, so neither is edited.
  private func requireSingleObject(_ key: String) throws {
    let copies = objects.filter { $0.key == key }
    if copies.count > 1 {
      throw GlossaError.invalidEdit(file, problem: .repeatedKey(key: key, lines: copies.map(\.line)))
    }
  }

  private func requireLocalized() throws {
    if let mismatch {
      throw GlossaError.invalidEdit(file, problem: .notLocalizedObjects(mismatch))
    }
  }

  /// Applies a JSON edit; undoes it when the result would no longer be a localized-object file.
  private mutating func edit(_ change: (inout JSONTableDocument) throws -> Void) throws {
    let before = json
    try change(&json)
    classify()
    if let mismatch {
      json = before
      classify()
      throw GlossaError.invalidEdit(file, problem: .wouldNotBeLocalizedObjects(mismatch))
    }
  }
}
