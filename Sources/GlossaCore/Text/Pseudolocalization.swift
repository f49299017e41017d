/// A pseudo-translation of a value: every letter accented, the text grown by `expansion` percent
/// and wrapped in brackets, so a screen shows at a glance which strings are not localized
/// (plain letters), which are cut off (a missing `]`) and which have no room for a longer
/// language (the padding).
///
/// What an app reads rather than shows is kept byte for byte: printf specifiers (`%@`, `%1$ld`,
/// `%#@hikes@`, `%%`), `{key.path}` references, markup tags (`<b>`, `</a>`), the target of a
/// Markdown link or inflection (`](…)`), and whitespace at the value's edges, which stays outside
/// the brackets.
public struct Pseudolocalization: Sendable, Hashable {
  /// How much wider than the original a pseudo value is, in percent (40 means 1.4 ×).
  public var expansion: Int

  /// The usual preview: 40 % wider, the growth many languages need over English.
  public static let standard = Pseudolocalization(expansion: 40)

  /// True for a right-to-left pseudo-language (`ar-XB`): the bracketed text is forced right to
  /// left (U+202E … U+202C, between right-to-left marks), so layouts that do not mirror show it.
  public var rightToLeft: Bool

  public init(expansion: Int = 40, rightToLeft: Bool = false) {
    self.expansion = max(0, expansion)
    self.rightToLeft = rightToLeft
  }

  /// True for the pseudo-language codes that are right to left by convention (`ar-XB`).
  public static func isRightToLeft(_ language: String) -> Bool {
    let code = language.replacingOccurrences(of: "_", with: "-").uppercased()
    return code.hasSuffix("-XB")
  }

  /// The pseudo value of `value`; an empty or all-blank value stays as it is.
  public func transform(_ value: String) -> String {
    let scalars = Array(value.unicodeScalars)
    var start = 0
    var end = scalars.count
    while start < end, scalars[start].properties.isWhitespace { start += 1 }
    while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
    guard start < end else { return value }
    var body = String.UnicodeScalarView()
    var index = start
    while index < end {
      let protected = Self.protectedLength(scalars, at: index, end: end)
      if protected > 0 {
        body.append(contentsOf: scalars[index..<(index + protected)])
        index += protected
      } else {
        body.append(Self.accented(scalars[index]))
        index += 1
      }
    }
    let core = String(String.UnicodeScalarView(scalars[start..<end]))
    let width = DisplayWidth.columns(of: core)
    let target = (width * (100 + expansion) + 99) / 100
    let padding = max(0, target - width - 2)
    var result = String(String.UnicodeScalarView(scalars[..<start]))
    if rightToLeft { result += "\u{200F}\u{202E}" }
    result += "["
    result += String(body)
    result += String(repeating: "~", count: padding)
    result += "]"
    if rightToLeft { result += "\u{202C}\u{200F}" }
    result += String(String.UnicodeScalarView(scalars[end...]))
    return result
  }

  /// The display columns of `value`'s pseudo value.
  public func columns(of value: String) -> Int {
    DisplayWidth.columns(of: transform(value))
  }

  /// True when `value`'s pseudo value is wider than `limit` columns.
  public func overflows(_ value: String, limit: Int) -> Bool {
    columns(of: value) > limit
  }

  /// The number of scalars from `index` that an app reads rather than shows (0 when the scalar
  /// at `index` is text).
  static func protectedLength(_ s: [Unicode.Scalar], at index: Int, end: Int) -> Int {
    switch s[index] {
    case "%": return specifierLength(s, at: index, end: end)
    case "{": return referenceLength(s, at: index, end: end)
    case "<": return tagLength(s, at: index, end: end)
    case "]":
      // `[text](target)` and `^[text](inflect: true)`: the target is read, not shown.
      guard index + 1 < end, s[index + 1] == "(" else { return 0 }
      var i = index + 2
      while i < end, s[i] != ")", s[i] != "\n" { i += 1 }
      return i < end && s[i] == ")" ? i - index + 1 : 0
    default: return 0
    }
  }

  /// `%%`, or a specifier as `FormatSpecifier` reads one; `100%` and `% off` are text.
  private static func specifierLength(_ s: [Unicode.Scalar], at index: Int, end: Int) -> Int {
    if index + 1 < end, s[index + 1] == "%" { return 2 }
    // A specifier is short: read it from a window of the value, through the one parser.
    let window = String(String.UnicodeScalarView(s[index..<min(end, index + 64)]))
    guard let first = FormatSpecifier.parse(window).first, first.utf8Offset == 0 else { return 0 }
    return first.text.unicodeScalars.count
  }

  /// `{name}` with a name of letters, digits, `_`, `-` and `.`, as `broken-reference` reads one.
  private static func referenceLength(_ s: [Unicode.Scalar], at index: Int, end: Int) -> Int {
    var i = index + 1
    while i < end, s[i] != "}" {
      let c = s[i]
      guard c.properties.isAlphabetic || c.properties.numericType != nil || c == "_" || c == "-" || c == "." else {
        return 0
      }
      i += 1
    }
    return i < end && i > index + 1 ? i - index + 1 : 0
  }

  /// `<tag …>` or `</tag>`: a letter or `/` after `<`, up to the `>` on the same line.
  private static func tagLength(_ s: [Unicode.Scalar], at index: Int, end: Int) -> Int {
    guard index + 1 < end, s[index + 1] == "/" || (s[index + 1].isASCII && s[index + 1].properties.isAlphabetic)
    else { return 0 }
    var i = index + 1
    while i < end, s[i] != ">", s[i] != "<", s[i] != "\n" { i += 1 }
    return i < end && s[i] == ">" ? i - index + 1 : 0
  }

  /// An ASCII letter's accented twin (one column wide, precomposed); anything else unchanged.
  static func accented(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    guard scalar.isASCII else { return scalar }
    let value = Int(scalar.value)
    if value >= 0x61 && value <= 0x7A { return lower[value - 0x61] }
    if value >= 0x41 && value <= 0x5A { return upper[value - 0x41] }
    return scalar
  }

  private static let lower: [Unicode.Scalar] = Array("åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž".unicodeScalars)
  private static let upper: [Unicode.Scalar] = Array("ÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ".unicodeScalars)
}
