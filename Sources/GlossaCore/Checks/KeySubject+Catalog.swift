/// What per-key checks need to know about String Catalog keys.
extension KeySubject {
  /// True for a String Catalog key marked `shouldTranslate: false`: no check reports it.
  public var isExemptFromChecks: Bool {
    sourceTable?.untranslatable.contains(key) == true || translationTable?.untranslatable.contains(key) == true
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
