import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads what a `.storyboard` or `.xib` contributes: its object ids (the keys of the
/// `<file name>.strings` table Xcode exports are `<object id>.<property>`), and keys named by
/// user-defined runtime attributes of type string whose key path names a localization key
/// (`localizationKey`, `localizedKey`, `xibLocKey`, `l10nKey`: a key path containing
/// “locali”, “lockey” or “l10n”, any case), looked up in `Localizable`.
///
/// Read with Foundation's `XMLParser` (libxml2 on Linux; the only file that imports it). Nothing
/// is expanded beyond XML's five entities and character references: a document type declaration,
/// the only place an entity can be declared, is refused before the parser sees the file
/// (Interface Builder never writes one), and external entities are never resolved. A file that is
/// not well-formed stops at its first error, which is reported with its line and column; what
/// was read before it is kept.
enum InterfaceBuilderScanner {
  /// What one file contributes.
  struct Contents: Sendable {
    var ids: Set<String> = []
    var uses: [SourceKeyUse] = []
    /// Where and why the file stopped being read; nil when it was read to its end.
    var problem: Problem?
  }

  /// Where a file stopped being read, and why (a phrase that follows “the entry”).
  struct Problem: Sendable, Hashable {
    var line: Int
    var column: Int
    var reason: String
  }

  /// The object ids and runtime-attribute key uses of one file. `data` is the file as read (the
  /// parser decodes it as its declaration says); `text` is its UTF-8 text
  /// (`SourceFileScan.text`), whose prolog is checked first and where key uses are placed.
  static func scan(_ data: Data, text: [UInt8], file: String) -> Contents {
    if let refusal = prologRefusal(text) {
      let position = TextPositions(text).location(of: refusal.offset)
      return Contents(problem: Problem(line: position.line, column: position.column, reason: refusal.reason))
    }
    return read(data, text: text, file: file)
  }

  /// What the parser reads of `data`, with external entities never resolved; `scan` without the
  /// check for a document type declaration.
  static func read(_ data: Data, text: [UInt8], file: String) -> Contents {
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
    parser.externalEntityResolvingPolicy = .never
    let reader = Reader(text: text, file: file)
    parser.delegate = reader
    _ = parser.parse()
    if reader.contents.problem == nil, !reader.sawElement || !reader.open.isEmpty {
      // A file too short for the parser to start, or one it stopped in without saying why.
      reader.contents.problem = Problem(
        line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1),
        reason: reader.reason(forCode: reader.sawElement ? 5 : 4))
    }
    return reader.contents
  }

  /// Why the file is not handed to the parser, and where: a document type declaration in the
  /// prolog (the only place XML allows one, and where entities are declared), an encoding other
  /// than UTF-8 or UTF-16 named by the XML declaration, or a first character other than `<`. The
  /// last two keep the parser reading the text checked here: libxml2 also reads UTF-7 and EBCDIC,
  /// in which a declaration hides from a byte-wise look.
  static func prologRefusal(_ text: [UInt8]) -> (offset: Int, reason: String)? {
    var index = 0
    func starts(_ literal: String, at offset: Int) -> Bool {
      let utf8 = Array(literal.utf8)
      return offset + utf8.count <= text.count && text[offset..<(offset + utf8.count)].elementsEqual(utf8)
    }
    /// The offset just past `terminator` at or after `offset`, or the end.
    func end(of terminator: String, from offset: Int) -> Int {
      var index = offset
      while index < text.count && !starts(terminator, at: index) { index += 1 }
      return min(index + terminator.utf8.count, text.count)
    }
    while index < text.count && LineBytes.isSpace(text[index]) { index += 1 }
    if index < text.count && text[index] != 0x3C {
      return (
        index, "does not start with “<” in UTF-8 or UTF-16, the encodings Interface Builder writes; it was not read"
      )
    }
    while index < text.count {
      if LineBytes.isSpace(text[index]) {
        index += 1
      } else if starts("<?", at: index) {
        let close = end(of: "?>", from: index)
        if starts("<?xml", at: index), index + 5 < close, LineBytes.isSpace(text[index + 5]),
          let encoding = declaredEncoding(text[index..<close]),
          !["utf-8", "utf-16"].contains(encoding.name.lowercased())
        {
          return (
            encoding.offset,
            "declares the encoding “\(UntrustedText.shown(encoding.name))”; Interface Builder writes UTF-8, "
              + "and a file in another encoding is not read"
          )
        }
        index = close
      } else if starts("<!--", at: index) {
        index = end(of: "-->", from: index)
      } else if starts("<!DOCTYPE", at: index) {
        return (
          index,
          "has a document type declaration (<!DOCTYPE>), which Interface Builder never writes; "
            + "it was not read, so no entity it declares is expanded"
        )
      } else {
        return nil
      }
    }
    return nil
  }

  /// The first encoding an XML declaration names that is not UTF-8 or UTF-16, or else its
  /// encoding, with the offset of the name; nil when it names none.
  static func declaredEncoding(_ declaration: ArraySlice<UInt8>) -> (name: String, offset: Int)? {
    let word = Array("encoding".utf8)
    var found: (name: String, offset: Int)?
    var index = declaration.startIndex
    while index + word.count <= declaration.endIndex {
      defer { index += 1 }
      guard declaration[index..<(index + word.count)].elementsEqual(word) else { continue }
      var cursor = index + word.count
      while cursor < declaration.endIndex && LineBytes.isSpace(declaration[cursor]) { cursor += 1 }
      guard cursor < declaration.endIndex, declaration[cursor] == 0x3D else { continue }
      cursor += 1
      while cursor < declaration.endIndex && LineBytes.isSpace(declaration[cursor]) { cursor += 1 }
      guard cursor < declaration.endIndex, declaration[cursor] == 0x22 || declaration[cursor] == 0x27 else { continue }
      let quote = declaration[cursor]
      let start = cursor + 1
      var close = start
      while close < declaration.endIndex && declaration[close] != quote { close += 1 }
      let name = String(decoding: declaration[start..<close], as: UTF8.self)
      if !["utf-8", "utf-16"].contains(name.lowercased()) { return (name, start) }
      found = found ?? (name, start)
    }
    return found
  }

  /// The parser's delegate: collects ids and key uses, and stops at the first error.
  private final class Reader: NSObject, XMLParserDelegate {
    let text: [UInt8]
    let file: String
    var contents = Contents()
    /// The elements open at the parser's position: name and line.
    var open: [(name: String, line: Int)] = []
    var sawElement = false
    /// Made when the first key use needs a column.
    lazy var positions = TextPositions(text)

    init(text: [UInt8], file: String) {
      self.text = text
      self.file = file
    }

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String]
    ) {
      open.append((elementName, parser.lineNumber))
      sawElement = true
      if let id = attributes["id"] { contents.ids.insert(id) }
      guard elementName == "userDefinedRuntimeAttribute", attributes["type"] == "string",
        let keyPath = attributes["keyPath"]?.lowercased(),
        keyPath.contains("locali") || keyPath.contains("lockey") || keyPath.contains("l10n"),
        let key = attributes["value"], !key.isEmpty
      else { return }
      let (line, column) = valuePosition(tagEndLine: parser.lineNumber, column: parser.columnNumber)
      contents.uses.append(
        SourceKeyUse(
          key: .exact(key), table: SourceKeyFinder.defaultTable, file: file, line: line, column: column,
          shown: key))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
      if !open.isEmpty { open.removeLast() }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
      let code = (parseError as NSError).code
      guard contents.problem == nil, !Self.warnings.contains(code) else { return }
      contents.problem = Problem(line: parser.lineNumber, column: parser.columnNumber, reason: reason(forCode: code))
      parser.abortParsing()
    }

    /// libxml2's warnings (`XML_WAR_*`): reported through the same callback, not errors.
    static let warnings: Set<Int> = [27, 93, 97, 98, 99, 100]

    /// Where the `value` attribute of the tag the parser has just read starts. The parser stands
    /// at the tag's end (`/>` or `>`); its `<` is the last one before that, since `<` cannot occur
    /// in an attribute value. Where that is not the runtime attribute's tag, the parser's position.
    func valuePosition(tagEndLine line: Int, column: Int) -> (line: Int, column: Int) {
      var start = min(positions.offset(line: line, column: column), text.count - 1)
      while start > 0 && text[start] != 0x3C { start -= 1 }
      let name = Array("<userDefinedRuntimeAttribute".utf8)
      guard start + name.count < text.count, text[start..<(start + name.count)].elementsEqual(name),
        let value = Self.attributeOffset("value", inTagAt: start, of: text)
      else { return (line, column) }
      return positions.location(of: value)
    }

    /// The offset of attribute `name` in the well-formed tag starting at `start`.
    static func attributeOffset(_ name: String, inTagAt start: Int, of text: [UInt8]) -> Int? {
      let wanted = Array(name.utf8)
      var index = start + 1
      while index < text.count && !LineBytes.isSpace(text[index]) && text[index] != 0x2F && text[index] != 0x3E {
        index += 1
      }
      while index < text.count {
        while index < text.count && LineBytes.isSpace(text[index]) { index += 1 }
        guard index < text.count, text[index] != 0x2F, text[index] != 0x3E else { return nil }
        let nameStart = index
        while index < text.count && text[index] != 0x3D && !LineBytes.isSpace(text[index]) { index += 1 }
        if text[nameStart..<index].elementsEqual(wanted) { return nameStart }
        while index < text.count && text[index] != 0x22 && text[index] != 0x27 { index += 1 }
        guard index < text.count else { return nil }
        let quote = text[index]
        index += 1
        while index < text.count && text[index] != quote { index += 1 }
        index += 1
      }
      return nil
    }

    /// What libxml2's error `code` means here, with the open element where that helps.
    func reason(forCode code: Int) -> String {
      let inner = open.last.map { "<\($0.name)> of line \($0.line)" }
      let what: String
      switch code {
      case 4: what = "it has no root element"
      case 5, 77:
        what =
          inner.map { "the file ends before \($0) is closed" }
          ?? "there is content after the root element"
      case 76: what = "an end tag does not match the element it closes" + (inner.map { ", \($0)" } ?? "")
      case 6, 7, 8: what = "a character reference names no character"
      case 9: what = "a character XML does not allow"
      case 22, 23: what = "an “&” does not start an entity or character reference ending in “;”"
      case 26, 27:
        what = "an entity reference names no entity (XML's own are &amp; &lt; &gt; &quot; &apos;)"
      case 29: what = "an entity reference names an external entity, which is never read"
      case 89: what = "entity references nest in a loop or expand too far"
      case 31, 32, 81: what = "the text is not in the encoding its XML declaration names"
      case 38: what = "an attribute value holds a “<”"
      case 39, 40, 41, 34: what = "an attribute has no quoted value"
      case 42: what = "an attribute occurs twice in one element"
      case 45: what = "a comment is not closed"
      case 63: what = "a CDATA section is not closed"
      case 65, 68, 73: what = "a tag is malformed"
      case 86: what = "there is content after the root element"
      default: what = "libxml2 error \(code)"
      }
      return "is not well-formed XML: \(what); the rest of it was not read"
    }
  }
}
