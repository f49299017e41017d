import Foundation

/// Reads what a `.storyboard` or `.xib` contributes: its object ids (the keys of the
/// `<file name>.strings` table Xcode exports are `<object id>.<property>`), and keys named by
/// user-defined runtime attributes of type string whose key path names a localization key
/// (`localizationKey`, `localizedKey`, `xibLocKey`, `l10nKey`: a key path containing
/// “locali”, “lockey” or “l10n”, any case), looked up in `Localizable`.
///
/// A light scan of the XML text (attributes in any order, entities decoded), not a validating
/// parser: Interface Builder writes these files in one regular form.
enum InterfaceBuilderScanner {
  /// The object ids and runtime-attribute key uses of `text`, read from `file`.
  static func scan(_ text: String, file: String) -> (ids: Set<String>, uses: [SourceKeyUse]) {
    let ns = text as NSString
    var lineStarts: [Int] = [0]
    let utf16 = Array(text.utf16)
    for (offset, unit) in utf16.enumerated() where unit == 0x0A { lineStarts.append(offset + 1) }
    func position(_ offset: Int) -> (line: Int, column: Int) {
      var low = 0
      var high = lineStarts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
      }
      return (low + 1, offset - lineStarts[low] + 1)
    }
    var ids: Set<String> = []
    var uses: [SourceKeyUse] = []
    let whole = NSRange(location: 0, length: ns.length)
    for match in tags.matches(in: text, range: whole) {
      let tag = ns.substring(with: match.range)
      let attributes = self.attributes(tag)
      if let id = attributes["id"] { ids.insert(id) }
      guard tag.hasPrefix("<userDefinedRuntimeAttribute"), attributes["type"] == "string",
        let keyPath = attributes["keyPath"]?.lowercased(),
        keyPath.contains("locali") || keyPath.contains("lockey") || keyPath.contains("l10n"),
        let key = attributes["value"], !key.isEmpty
      else { continue }
      let valueRange = (tag as NSString).range(of: "value=")
      let (line, column) = position(
        match.range.location + (valueRange.location == NSNotFound ? 0 : valueRange.location))
      uses.append(
        SourceKeyUse(
          key: .exact(key), table: SourceKeyFinder.defaultTable, file: file, line: line, column: column,
          shown: key))
    }
    return (ids, uses)
  }

  // The patterns are constant and valid; `try!` cannot fail on them.
  private static let tags = try! NSRegularExpression(pattern: "<[A-Za-z][^<>]*>")
  private static let attribute = try! NSRegularExpression(pattern: "([A-Za-z_:][-A-Za-z0-9_:.]*)=\"([^\"]*)\"")

  /// The attributes of one tag, entities decoded.
  static func attributes(_ tag: String) -> [String: String] {
    let ns = tag as NSString
    var result: [String: String] = [:]
    for match in attribute.matches(in: tag, range: NSRange(location: 0, length: ns.length)) {
      let name = ns.substring(with: match.range(at: 1))
      result[name] = decoded(ns.substring(with: match.range(at: 2)))
    }
    return result
  }

  /// XML's five entities and numeric references decoded.
  static func decoded(_ value: String) -> String {
    guard value.contains("&") else { return value }
    var out = ""
    var rest = Substring(value)
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
      let entity = rest[rest.index(after: amp)..<semicolon]
      switch entity {
      case "amp": out += "&"
      case "lt": out += "<"
      case "gt": out += ">"
      case "quot": out += "\""
      case "apos": out += "'"
      default:
        let number =
          entity.hasPrefix("#x")
          ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
        if let number, let scalar = Unicode.Scalar(number) {
          out.unicodeScalars.append(scalar)
        } else {
          out += rest[amp...semicolon]
        }
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return out + rest
  }
}
