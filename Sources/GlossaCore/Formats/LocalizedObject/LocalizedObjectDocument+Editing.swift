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
      throw GlossaError.invalidEdit(
        "\(file): '\(language)' is not a locale code (expected e.g. en, en-GB, zh-Hant, es-419)")
    }
    try requireSingleObject(key)
    if let object = object(forKey: key) {
      let path = memberPath(key, object.value(for: language)?.language ?? language)
      try edit { try $0.setValue(value, forKey: path, plural: nil, variable: nil, comment: nil) }
      return
    }
    if isWholeFile || key.isEmpty {
      throw GlossaError.invalidEdit(
        "\(file): the file is one localized object; it has no key '\(key)' (leave the key empty)")
    }
    if let outer = objects.first(where: { key.hasPrefix($0.key + ".") }) {
      throw GlossaError.invalidEdit(
        "\(file): '\(outer.key)' is a localized object, so '\(key)' cannot be added inside it")
    }
    if let inner = objects.first(where: { $0.key.hasPrefix(key + ".") }) {
      throw GlossaError.invalidEdit(
        "\(file): '\(key)' already holds the localized object '\(inner.key)'; it cannot also hold languages")
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
      throw GlossaError.invalidEdit("\(file): there is no '\(language)' value for '\(key)'")
    }
    guard object.languages.count > 1 else {
      throw GlossaError.invalidEdit(
        "\(file): '\(language)' is the only language of '\(key)'; a localized object needs one")
    }
    let path = memberPath(key, member.language)
    try edit { try $0.removeValue(forKey: path, plural: nil, variable: nil) }
  }

  /// A key defined twice: readers use the later object, while an edit of a language member
  /// would land in whichever object has that member, so neither is edited.
  private func requireSingleObject(_ key: String) throws {
    let copies = objects.filter { $0.key == key }
    if copies.count > 1 {
      throw GlossaError.invalidEdit(
        "\(file): '\(UntrustedText.clipped(key))' is defined \(copies.count) times (lines "
          + copies.map { "\($0.line)" }.joined(separator: ", ") + "); remove the repeats first (nothing was changed)")
    }
  }

  private func requireLocalized() throws {
    if let mismatch {
      throw GlossaError.invalidEdit(
        "\(file): not a localized-object JSON file (\(mismatch)); it cannot be edited as one")
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
      throw GlossaError.invalidEdit(
        "\(file): the edit would leave a file that is not localized objects (\(mismatch)); nothing was changed")
    }
  }
}
