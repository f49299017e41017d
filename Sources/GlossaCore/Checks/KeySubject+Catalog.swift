/// What per-key checks need to know about keys of multi-language files (String Catalogs,
/// localized-object JSON).
extension KeySubject {
  /// True when no check reports the key: a String Catalog key that asks for no translation
  /// (`shouldTranslate: false`, or `extractionState: stale`: no longer in the source code), or
  /// a key a regional language of a localized-object file lacks but reads from its base
  /// language in the same file (`en-GB` from `en`).
  public var isExemptFromChecks: Bool {
    Self.lists(keyText, sourceTable?.untranslatable) || Self.lists(keyText, translationTable?.untranslatable)
      || isInheritedFromBaseLanguage
  }

  /// True when `set` holds `key` (an empty set, the usual case, is not hashed into, and the
  /// key is then not made into a string).
  private static func lists(_ key: EntryText, _ set: Set<String>?) -> Bool {
    guard let set, !set.isEmpty else { return false }
    return set.contains(key.string)
  }

  /// True when this language lacks the key but its file resolves it from the language without
  /// the region (see `MultiLanguageTable.inheritedKeys`).
  var isInheritedFromBaseLanguage: Bool {
    guard translation == nil, let files = translationTable?.files else { return false }
    let inherited = files.compactMap { ($0.document as? any MultiLanguageTable)?.inheritedKeys }
    guard inherited.contains(where: { !$0.isEmpty }) else { return false }
    let key = self.key
    return inherited.contains { $0.contains(key) }
  }

  /// Each device variation of the translation with the source text it is held against: the
  /// source's same device, else its `other` device, else its plain value.
  public var devicePairs: [(entry: Entry, source: Entry?)] {
    guard let translation else { return [] }
    return translation.devices.map { entry in
      let sourceDevices = source?.devices ?? []
      let match =
        sourceDevices.first { $0.device == entry.device } ?? sourceDevices.first { $0.device == "other" }
        ?? source?.entry
      return (entry, match)
    }
  }
}

extension Entry {
  /// ` (device iphone)` for a device variation, else empty: for finding messages.
  var deviceNote: String { device.map { " (device \($0))" } ?? "" }
}
