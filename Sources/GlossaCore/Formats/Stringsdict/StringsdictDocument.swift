import Foundation

/// A `.stringsdict` plural table, read by a byte-preserving XML tokenizer so edits stay confined
/// to the value they change.
///
/// Each plural form becomes one `Entry` (key, variable, category); the line is the value's line.
public struct StringsdictDocument: TableDocument {
  /// The file name used in diagnostics.
  public let file: String
  public private(set) var entries: [Entry] = []
  public private(set) var diagnostics: [Diagnostic] = []
  /// One family per (key, variable), carrying the format key and value type.
  public private(set) var pluralFamilies: [PluralFamily] = []

  /// The original bytes, returned as they are while the document is unedited.
  let original: Data
  /// The decoded text; nil when the bytes are not valid UTF-8/UTF-16.
  var source: SourceText?
  var isEdited = false
  /// The parsed root element (possibly partial after a syntax error).
  var root: PlistNode?
  var hasSyntaxError = false

  /// Parses `data`; never throws: problems become diagnostics.
  public init(data: Data, file: String) {
    self.file = file
    self.original = data
    (source, diagnostics) = SourceText.decode(
      document: data, file: file, allowUTF16: true, expected: "UTF-8 (or UTF-16 with a byte order mark) XML")
    reparse()
  }

  /// The file's bytes as they would be written now.
  public func serialized() -> Data {
    guard isEdited, let source else { return original }
    return source.encoded()
  }

  /// Rebuilds entries, families and diagnostics from `source`.
  mutating func reparse() {
    guard let source else { return }
    entries = []
    diagnostics = []
    pluralFamilies = []
    let index = TextPositions(source.bytes, bodyStart: source.bodyStart)
    let isBlank = source.bytes[source.bodyStart...].allSatisfy(LineBytes.isSpace)
    if isBlank {
      root = nil
      hasSyntaxError = false
      return
    }
    let (node, error) = PlistXMLParser.parse(source.bytes, start: source.bodyStart)
    root = node
    hasSyntaxError = error != nil
    if let error {
      let place = index.location(of: error.offset)
      diagnostics.append(
        Diagnostic(
          kind: .parseError, file: file, line: place.line, column: place.column,
          message: error.message))
    }
    guard let node else { return }
    guard node.tag == "dict" else {
      structure(node.start, "expected a <dict> at the top level, found <\(node.tag)>", index)
      return
    }
    for pair in node.pairs { analyseKey(pair, index) }
  }

  private mutating func structure(_ offset: Int, _ message: String, _ index: TextPositions) {
    let place = index.location(of: offset)
    diagnostics.append(
      Diagnostic(
        kind: .pluralStructure, file: file, line: place.line, column: place.column, message: message))
  }

  private mutating func analyseKey(_ pair: PlistPair, _ index: TextPositions) {
    let key = pair.key
    guard pair.value.tag == "dict" else {
      structure(pair.value.start, "key '\(key)': expected a <dict>, found <\(pair.value.tag)>", index)
      return
    }
    let members = pair.value.pairs
    guard let formatPair = members.first(where: { $0.key == Stringsdict.formatKey }) else {
      structure(pair.keyStart, "key '\(key)' has no \(Stringsdict.formatKey)", index)
      return
    }
    var formatKey: String?
    if formatPair.value.tag == "string" {
      formatKey = formatPair.value.text
    } else {
      structure(
        formatPair.value.start,
        "key '\(key)': \(Stringsdict.formatKey) should be a <string>, found <\(formatPair.value.tag)>",
        index)
    }
    let declared = Set(members.filter { $0.value.tag == "dict" }.map(\.key))
    for name in Stringsdict.variables(in: formatKey ?? "") where !declared.contains(name) {
      structure(
        formatPair.value.start,
        "key '\(key)': the format names %#@\(name)@ but there is no '\(name)' dict", index)
    }
    for member in members where member.key != Stringsdict.formatKey {
      guard member.value.tag == "dict" else {
        structure(
          member.value.start,
          "key '\(key)': variable '\(member.key)' should be a <dict>, found <\(member.value.tag)>",
          index)
        continue
      }
      analyseVariable(member, key: key, formatKey: formatKey, index)
    }
  }

  private mutating func analyseVariable(
    _ variable: PlistPair, key: String, formatKey: String?, _ index: TextPositions
  ) {
    let name = variable.key
    let members = variable.value.pairs
    let label = "key '\(key)' variable '\(name)'"
    let specType = members.first { $0.key == Stringsdict.specTypeKey }
    let valueType = members.first { $0.key == Stringsdict.valueTypeKey }
    if specType == nil {
      structure(variable.keyStart, "\(label) has no \(Stringsdict.specTypeKey)", index)
    } else if let specType,
      specType.value.text != Stringsdict.pluralRuleType
        || specType.value.tag != "string"
    {
      structure(
        specType.value.start,
        "note: \(label) has \(Stringsdict.specTypeKey) '\(specType.value.text)', not "
          + "\(Stringsdict.pluralRuleType); its forms are not read as plural forms", index)
      return
    }
    if valueType == nil {
      structure(variable.keyStart, "\(label) has no \(Stringsdict.valueTypeKey)", index)
    }
    var family = PluralFamily(
      key: key, variable: name, formatKey: formatKey, valueType: valueType?.value.text,
      line: index.line(of: variable.keyStart))
    var firstForm = true
    for member in members {
      if member.key == Stringsdict.specTypeKey || member.key == Stringsdict.valueTypeKey {
        if member.value.tag != "string" {
          structure(
            member.value.start,
            "\(label): \(member.key) should be a <string>, found <\(member.value.tag)>", index)
        }
        continue
      }
      guard let category = PluralCategory(rawValue: member.key) else {
        structure(
          member.keyStart,
          "\(label) has unknown category key '\(member.key)'; expected zero, one, two, few, many or other",
          index)
        continue
      }
      guard member.value.tag == "string" else {
        structure(
          member.value.start,
          "\(label) category '\(member.key)' should be a <string>, found <\(member.value.tag)>",
          index)
        continue
      }
      let place = index.location(of: member.value.start)
      entries.append(
        Entry(
          key: key, value: member.value.text, plural: category, variable: name, line: place.line,
          column: place.column))
      if firstForm {
        family.line = place.line
        firstForm = false
      }
      family.forms[category] = member.value.text
    }
    if !members.contains(where: { $0.key == PluralCategory.other.rawValue }) {
      structure(variable.keyStart, "\(label) has no 'other' form, which every plural rule needs", index)
    }
    pluralFamilies.append(family)
  }
}

/// Key names and helpers of the `.stringsdict` format.
enum Stringsdict {
  static let formatKey = "NSStringLocalizedFormatKey"
  static let specTypeKey = "NSStringFormatSpecTypeKey"
  static let valueTypeKey = "NSStringFormatValueTypeKey"
  static let pluralRuleType = "NSStringPluralRuleType"

  /// The variable names of `%#@name@` (and positional `%1$#@name@`) references, in order.
  static func variables(in format: String) -> [String] {
    var names: [String] = []
    let scalars = Array(format.unicodeScalars)
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "%" else {
        index += 1
        continue
      }
      var cursor = index + 1
      if cursor < scalars.count && scalars[cursor] == "%" {
        index = cursor + 1
        continue
      }
      while cursor < scalars.count && ("0"..."9").contains(scalars[cursor]) { cursor += 1 }
      if cursor < scalars.count && scalars[cursor] == "$" { cursor += 1 }
      guard cursor + 1 < scalars.count, scalars[cursor] == "#", scalars[cursor + 1] == "@" else {
        index += 1
        continue
      }
      var end = cursor + 2
      while end < scalars.count && scalars[end] != "@" { end += 1 }
      guard end < scalars.count else { break }
      var name = ""
      name.unicodeScalars.append(contentsOf: scalars[(cursor + 2)..<end])
      if !name.isEmpty && !names.contains(name) { names.append(name) }
      index = end + 1
    }
    return names
  }
}
