/// The markup of a value as `markup-mismatch` compares it: HTML/XML tags (names, nesting, tags
/// left open) and Markdown links and `**`/`__` emphasis markers.
///
/// A `<word>` is markup only when it looks like a tag in use: a closing tag, a self-closing
/// one, one with attributes (`<a href="…">`), an opening tag the value also closes, a void
/// HTML element (`<br>`), or (in a translation) a tag name the source uses as markup. So
/// `<None>` and `<key>=<value>`, which translations translate (`<Geen>`, `<clé>`), are text;
/// `<3`, `a < b`, `%@` and `{key}` are never tags.
struct MarkupText: Equatable {
  /// One tag as written.
  struct Tag: Equatable {
    enum Form: Equatable { case open, close, selfClosing }
    /// The name, lowercased (HTML names ignore case).
    var name: String
    var form: Form
    var hasAttributes: Bool
  }

  /// Every tag as a (parent, name) pair (`""` at the top), sorted: names and nesting.
  var placedTags: [String] = []
  /// Names of tags opened and never closed, in order.
  var leftOpen: [String] = []
  /// Names of closing tags with no open tag to close (or closing across another's: overlap).
  var strayClosers: [String] = []
  /// Markdown links (`[text](target)`).
  var links = 0
  /// Markdown emphasis markers (`**`, `__`).
  var emphasis = 0

  /// HTML elements that never close (`<br>`): markup wherever they stand.
  static let voidElements: Set<String> = ["br", "hr", "img", "wbr"]

  /// Reads `value`. `sourceNames` are the tag names the source uses as markup (nil when
  /// reading the source itself).
  init(_ value: String, sourceNames: Set<String>? = nil) {
    let scalars = Array(value.unicodeScalars)
    let tags = Self.tags(scalars)
    let closed = Set(tags.filter { $0.form == .close }.map(\.name))
    var stack: [String] = []
    var placed: [String] = []
    for tag in tags {
      let isMarkup =
        tag.form != .open || tag.hasAttributes || closed.contains(tag.name) || Self.voidElements.contains(tag.name)
        || sourceNames?.contains(tag.name) == true
      guard isMarkup else { continue }
      switch tag.form {
      case .selfClosing:
        placed.append((stack.last ?? "") + ">" + tag.name)
      case .open where Self.voidElements.contains(tag.name):
        placed.append((stack.last ?? "") + ">" + tag.name)
      case .open:
        placed.append((stack.last ?? "") + ">" + tag.name)
        stack.append(tag.name)
      case .close:
        if stack.last == tag.name {
          stack.removeLast()
        } else if let index = stack.lastIndex(of: tag.name) {
          // Closes across tags opened inside it: those overlap it.
          strayClosers.append(contentsOf: stack[(index + 1)...])
          stack.removeSubrange(index...)
        } else if !Self.voidElements.contains(tag.name) {
          strayClosers.append(tag.name)
        }
      }
    }
    leftOpen = stack
    placedTags = placed.sorted()
    (links, emphasis) = Self.markdown(scalars)
  }

  /// The names of the tags used as markup.
  var names: Set<String> {
    Set(placedTags.map { String($0[$0.index(after: $0.firstIndex(of: ">")!)...]) })
  }

  /// True when the value holds any markup.
  var isEmpty: Bool { placedTags.isEmpty && links == 0 && emphasis == 0 }

  /// Every tag-shaped run of `scalars`: `<` or `</`, a name (a letter, then letters, digits,
  /// `-`, `_`, `:`, `.`), then attributes up to `>` on the same line without another `<`.
  static func tags(_ scalars: [Unicode.Scalar]) -> [Tag] {
    var result: [Tag] = []
    var i = 0
    while i < scalars.count {
      guard scalars[i] == "<" else {
        i += 1
        continue
      }
      var j = i + 1
      let closing = j < scalars.count && scalars[j] == "/"
      if closing { j += 1 }
      let nameStart = j
      guard j < scalars.count, scalars[j].isASCII, scalars[j].properties.isAlphabetic else {
        i += 1
        continue
      }
      while j < scalars.count, isNameScalar(scalars[j]) { j += 1 }
      let name = String(String.UnicodeScalarView(scalars[nameStart..<j])).lowercased()
      var hasAttributes = false
      var selfClosing = false
      var end: Int?
      var k = j
      while k < scalars.count {
        let c = scalars[k]
        if c == ">" {
          end = k
          break
        }
        if c == "<" || c == "\n" { break }
        if c == "/" && k + 1 < scalars.count && scalars[k + 1] == ">" {
          selfClosing = true
        } else if c != " " && c != "\t" {
          // Anything but spaces between the name and `>` must follow a space: `<a href=…>`.
          guard k > j, scalars[j] == " " || scalars[j] == "\t" else { break }
          hasAttributes = true
        }
        k += 1
      }
      guard let end else {
        i += 1
        continue
      }
      let form: Tag.Form = closing ? .close : selfClosing ? .selfClosing : .open
      result.append(Tag(name: name, form: form, hasAttributes: hasAttributes))
      i = end + 1
    }
    return result
  }

  private static func isNameScalar(_ c: Unicode.Scalar) -> Bool {
    c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_" || c == ":" || c == ".")
  }

  /// Markdown links `[…](…)` and `**`/`__` markers.
  static func markdown(_ scalars: [Unicode.Scalar]) -> (links: Int, emphasis: Int) {
    var links = 0
    var emphasis = 0
    var i = 0
    while i + 1 < scalars.count {
      let c = scalars[i]
      if c == "]" && scalars[i + 1] == "(" {
        if let close = scalars[(i + 2)...].firstIndex(where: { $0 == ")" || $0 == " " || $0 == "\n" }),
          scalars[close] == ")", close > i + 2
        {
          links += 1
          i = close + 1
          continue
        }
      } else if (c == "*" || c == "_") && scalars[i + 1] == c {
        // A longer run (`***`, `____`) is a rule or decoration, not emphasis.
        var j = i
        while j < scalars.count && scalars[j] == c { j += 1 }
        if j - i == 2
          && !(c == "_" && i > 0 && isWordScalar(scalars[i - 1]) && j < scalars.count && isWordScalar(scalars[j]))
        {
          emphasis += 1
        }
        i = j
        continue
      }
      i += 1
    }
    return (links, emphasis)
  }

  /// A letter or digit: `__` between two is part of a name (`my__var`), not emphasis.
  private static func isWordScalar(_ c: Unicode.Scalar) -> Bool {
    c.properties.isAlphabetic || c.properties.numericType != nil
  }
}
