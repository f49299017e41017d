import Foundation

extension InfoPlist {
  /// The plist's bytes with `CFBundleVersion` set to `version`.
  ///
  /// An XML plist changes only the text of that `<string>` (or gains one key/value pair when the
  /// key is absent); a binary plist, or one built from values, is serialised again — and so is an
  /// XML plist whose splice would not read back as `version` (our tokenizer and the plist reader
  /// that `parse` uses can disagree on a malformed DOCTYPE about which `<dict>` is the root).
  public func settingBundleVersion(_ version: String) -> Data {
    if let spliced = splicingBundleVersion(version), Self.parse(spliced, file: "").0?.bundleVersion == version {
      return spliced
    }
    return reserializing(bundleVersion: version)
  }

  private func splicingBundleVersion(_ version: String) -> Data? {
    let key = "CFBundleVersion"
    if !isBinary, let data, var source = try? SourceText.decode(data, allowUTF16: true) {
      let (root, error) = PlistXMLParser.parse(source.bytes, start: source.bodyStart)
      if error == nil, let root, root.tag == "dict" {
        let splice: PlistXMLEditing.Splice
        if let pair = root.pairs.last(where: { $0.key == key }) {
          splice =
            pair.value.tag == "string"
            ? PlistXMLEditing.replaceText(of: pair.value, with: version)
            : .init(range: pair.value.start..<pair.value.end, text: "<string>\(XMLText.escape(version))</string>")
        } else {
          splice = PlistXMLEditing.insert(
            PlistXMLEditing.stringPair(key, version), into: root,
            after: root.pairs.isEmpty ? nil : root.pairs.count - 1, bytes: source.bytes,
            newline: source.newline, unit: PlistXMLEditing.indentUnit(source.bytes, root: root))
        }
        source.replace(splice.range, with: splice.text)
        return source.encoded()
      }
    }
    return nil
  }

  private func reserializing(bundleVersion version: String) -> Data {
    let key = "CFBundleVersion"
    var dictionary: [String: Any] = values
    if let data,
      let original = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
    {
      dictionary = original
    }
    dictionary[key] = version
    let format: PropertyListSerialization.PropertyListFormat = isBinary ? .binary : .xml
    return (try? PropertyListSerialization.data(fromPropertyList: dictionary, format: format, options: 0))
      ?? Data()
  }
}
