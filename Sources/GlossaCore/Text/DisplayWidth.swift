import Dispatch

/// Terminal display width of text, measured per grapheme cluster.
///
/// East Asian Wide and Fullwidth characters (CJK ideographs, kana, Hangul syllables, fullwidth
/// forms…) take 2 columns, emoji presented as emoji take 2, combining marks and zero-width or
/// format characters take 0, control characters take 0, everything else takes 1.
/// A cluster's width is decided by its base character, so `e` + U+0301 is 1 column like `é`,
/// and a decomposed Hangul syllable (leading jamo + vowel + final) is 2 columns like the
/// precomposed one.
public enum DisplayWidth {
  /// The number of terminal columns `s` occupies.
  public static func columns(of s: some StringProtocol) -> Int {
    if let ascii = asciiColumns(s.utf8) { return ascii }
    if let simple = scalarColumns(s.unicodeScalars) { return simple }
    var total = 0
    for character in s { total += columns(of: character) }
    return total
  }

  /// `columns(of:)` of well-formed UTF-8 bytes, read in place: a string is made only when a
  /// cluster must be measured as a whole.
  public static func columns(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    if let ascii = asciiColumns(bytes) { return ascii }
    if let simple = scalarColumns(ValidUTF8Scalars(bytes: bytes)) { return simple }
    return columns(of: String(decoding: bytes, as: UTF8.self))
  }

  /// Builds the table measuring reads (`basicPlane`: 65,536 scalars' properties looked up, about
  /// 10 ms) on another thread now, so that the first measurement — a lint's first source facts,
  /// the review's first screen — finds it made instead of making it on the critical path. A
  /// measurement that comes first waits for the one build.
  public static func prepareInBackground() {
    DispatchQueue.global(qos: .userInitiated).async { _ = basicPlane.count }
  }

  /// The width summed per scalar, or nil when a scalar needs its whole cluster to be measured
  /// (variation selectors, ZWJ, regional indicators, emoji modifiers, viramas, prepended marks,
  /// leading jamo, reserved default-ignorable code points). Without those, summing scalars
  /// equals summing clusters, since a cluster's other scalars are all zero-width.
  ///
  /// A mark that joins the cluster before it while having a width of its own (a spacing mark,
  /// Thai and Lao AM, a halfwidth voiced mark) adds nothing after a scalar that starts or
  /// continues a visible cluster; after a control, or first, it needs its cluster measured.
  private static func scalarColumns(_ scalars: some Sequence<Unicode.Scalar>) -> Int? {
    let plane = basicPlane
    var total = 0
    // The width the scalar before gave (0 for none yet): a joining mark after a visible scalar
    // extends its cluster.
    var previous = 0
    for scalar in scalars {
      let value = scalar.value
      if value < 0x10000 {
        let width = plane[Int(value)]
        if width == joiningMark {
          guard previous > 0 else { return nil }
          continue
        }
        if width == needsCluster { return nil }
        total += Int(width)
        previous = Int(width)
        continue
      }
      switch value {
      case 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF: return nil
      // Tags, variation selectors and the reserved code points around them (which break
      // clusters like controls).
      case 0xE0000...0xE0FFF: return nil
      // Prepended marks outside the Basic Multilingual Plane (`prependRanges`).
      case _ where contains(prependRanges, value): return nil
      default:
        let properties = scalar.properties
        if properties.generalCategory == .spacingMark || properties.canonicalCombiningClass == .virama { return nil }
        let width = scalarColumns(scalar)
        total += width
        previous = width
      }
    }
    return total
  }

  /// Where `scalars` stop fitting in `columns` columns (the end when they all fit) and the
  /// columns before it, read per scalar from `basicPlane` as `scalarColumns` does; nil when a
  /// scalar before that point needs its whole cluster measured (see `scalarColumns`), or lies
  /// outside the Basic Multilingual Plane. A scalar with a width there starts a cluster, so
  /// the point found lies between clusters.
  private static func scalarPrefix<Scalars: BidirectionalCollection<Unicode.Scalar>>(
    _ scalars: Scalars, columns: Int
  ) -> (Scalars.Index, Int)? {
    let plane = basicPlane
    var used = 0
    var previous = 0
    var position = scalars.startIndex
    while position < scalars.endIndex {
      let value = scalars[position].value
      guard value < 0x10000 else { return nil }
      let width = plane[Int(value)]
      if width == joiningMark {
        guard previous > 0 else { return nil }
      } else if width == needsCluster {
        return nil
      } else {
        if width > 0 && used + Int(width) > columns { return (position, used) }
        used += Int(width)
        previous = Int(width)
      }
      scalars.formIndex(after: &position)
    }
    return (position, used)
  }

  /// `basicPlane`'s mark for a scalar that needs its whole cluster measured.
  private static let needsCluster: UInt8 = 3
  /// `basicPlane`'s mark for a scalar that never starts a cluster after a visible one but has
  /// a width of its own when it does start one (spacing marks, Thai and Lao AM, halfwidth
  /// voiced marks): see `scalarColumns`.
  private static let joiningMark: UInt8 = 4

  /// Per scalar of the Basic Multilingual Plane: its width as a cluster's base (0, 1 or 2),
  /// `needsCluster` for those `scalarColumns` must stop at, or `joiningMark`. Built on first use
  /// from the same rules, so measuring reads a table instead of looking Unicode properties up
  /// per scalar.
  private static let basicPlane: [UInt8] = (0..<0x10000).map { value in
    switch value {
    // Variation selectors and ZWJ choose an emoji's presentation.
    case 0xFE0E, 0xFE0F, 0x200D: return needsCluster
    // Thai and Lao AM and halfwidth katakana voiced marks extend the cluster before them
    // although they are letters.
    case 0x0E33, 0x0EB3, 0xFF9E, 0xFF9F: return joiningMark
    // Prepended marks (and Malayalam's dot reph) join what follows them; leading jamo join the
    // jamo or syllable after them (generated tables: `DisplayWidth+Data.swift`).
    case _ where contains(prependRanges, UInt32(value)) || contains(leadingJamoRanges, UInt32(value)):
      return needsCluster
    case 0xD800...0xDFFF: return 0  // surrogates: never a scalar of a String
    default:
      guard let scalar = Unicode.Scalar(UInt32(value)) else { return 0 }
      let properties = scalar.properties
      // A virama joins consonants into one cluster (an Indic conjunct). A reserved code point
      // that is default-ignorable (U+2065, U+FFF0–FFF8) breaks clusters as a control does,
      // though it is drawn one column wide: a mark after it starts a cluster of its own.
      let category = properties.generalCategory
      if properties.canonicalCombiningClass == .virama { return needsCluster }
      if category == .unassigned && properties.isDefaultIgnorableCodePoint { return needsCluster }
      if value >= 0x300 && category == .spacingMark {
        // Most spacing marks extend the cluster before them; a few (Myanmar's, among others)
        // stand as clusters of their own. The standard library's segmentation decides.
        return ("a" + String(Character(scalar))).count == 1 ? joiningMark : needsCluster
      }
      return UInt8(scalarColumns(scalar))
    }
  }

  /// The number of terminal columns one grapheme cluster occupies (0, 1 or 2).
  public static func columns(of c: Character) -> Int {
    if let ascii = c.asciiValue { return (ascii >= 0x20 && ascii < 0x7F) ? 1 : 0 }
    let scalars = c.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if isControl(first) { return 0 }
    var hasVS16 = false
    var hasVS15 = false
    var hasZWJ = false
    var count = 0
    for scalar in scalars {
      count += 1
      switch scalar.value {
      case 0xFE0F: hasVS16 = true
      case 0xFE0E: hasVS15 = true
      case 0x200D: hasZWJ = true
      default: break
      }
    }
    if isRegionalIndicator(first) { return count > 1 ? 2 : 1 }
    if hasVS16 { return 2 }
    if hasVS15 && first.properties.isEmoji { return isEastAsianWide(first.value) ? 2 : 1 }
    if hasZWJ && first.properties.isEmoji && count > 1 { return 2 }
    return scalarColumns(first)
  }

  /// True when `s` takes at most `columns` columns; stops measuring as soon as it does not.
  public static func fits(_ s: some StringProtocol, in columns: Int) -> Bool {
    if columns < 0 { return false }
    if s.utf8.count <= columns { return true }
    if let (index, _) = scalarPrefix(s.unicodeScalars, columns: columns) { return index == s.unicodeScalars.endIndex }
    var used = 0
    for character in s {
      used += self.columns(of: character)
      if used > columns { return false }
    }
    return true
  }

  /// The longest prefix of `s` that fits in `toColumns` columns, cut between clusters.
  ///
  /// A wide character that would straddle the limit is left out, so the result may be one
  /// column narrower than asked.
  public static func truncated(_ s: String, toColumns: Int) -> String {
    String(s[..<index(in: s, atColumn: toColumns)])
  }

  /// `s` clipped to `toColumns` columns, ending in `ellipsis` when anything was cut.
  public static func truncated(_ s: String, toColumns: Int, ellipsis: String) -> String {
    if fits(s, in: toColumns) { return s }
    let room = toColumns - columns(of: ellipsis)
    if room < 0 { return truncated(ellipsis, toColumns: toColumns) }
    return truncated(s, toColumns: room) + ellipsis
  }

  /// `s` clipped to `toColumns` columns and padded with spaces to exactly that width.
  public static func padded(_ s: String, toColumns: Int) -> String {
    let clipped = truncated(s, toColumns: toColumns)
    let width = columns(of: clipped)
    return width < toColumns ? clipped + String(repeating: " ", count: toColumns - width) : clipped
  }

  /// The index of the first cluster that does not fit entirely within `atColumn` columns
  /// (`s.endIndex` when all of `s` fits).
  public static func index(in s: String, atColumn column: Int) -> String.Index {
    if let (index, _) = scalarPrefix(s.unicodeScalars, columns: column) { return index }
    var used = 0
    var position = s.startIndex
    while position < s.endIndex {
      let width = columns(of: s[position])
      if used + width > column { return position }
      used += width
      position = s.index(after: position)
    }
    return position
  }

  /// The column at which `index` starts when `s` is drawn from column 0.
  public static func column(of index: String.Index, in s: String) -> Int {
    columns(of: s[s.startIndex..<min(index, s.endIndex)])
  }

  // MARK: - Scalars

  /// The width of a scalar standing as the base of a cluster.
  static func scalarColumns(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if isControl(scalar) || isZeroWidth(scalar) { return 0 }
    if isEastAsianWide(value) { return 2 }
    if value >= 0x1F000 && scalar.properties.isEmojiPresentation { return 2 }
    if value >= 0x2000 && value < 0x2C00 && scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// C0/C1 controls and line/paragraph separators.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (value >= 0x7F && value < 0xA0) || value == 0x2028 || value == 0x2029
  }

  /// Combining marks, format characters (ZWSP, ZWJ, bidi marks…), variation selectors and
  /// Hangul medial/final jamo.
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if (value >= 0x1160 && value <= 0x11FF) || (value >= 0xD7B0 && value <= 0xD7FF) { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return false
    }
  }

  static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x1F1E6 && scalar.value <= 0x1F1FF
  }

  /// East Asian Width W or F (emoji aside, which `isEmojiPresentation` decides): `wideRanges`,
  /// generated from Unicode data (`DisplayWidth+Data.swift`).
  static func isEastAsianWide(_ value: UInt32) -> Bool {
    value >= 0x1100 && contains(wideRanges, value)
  }

  /// True when `value` lies in one of `ranges` (sorted, disjoint): a binary search.
  static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count - 1
    while low <= high {
      let mid = (low + high) / 2
      let range = ranges[mid]
      if value < range.lowerBound {
        high = mid - 1
      } else if value > range.upperBound {
        low = mid + 1
      } else {
        return true
      }
    }
    return false
  }

  /// Width of an all-ASCII string, or nil when `utf8` holds anything else.
  private static func asciiColumns(_ utf8: some Collection<UInt8>) -> Int? {
    var width = 0
    for byte in utf8 {
      if byte >= 0x80 { return nil }
      if byte >= 0x20 && byte < 0x7F { width += 1 }
    }
    return width
  }
}

/// The scalars of well-formed UTF-8 bytes (an entry's text), decoded without checks.
struct ValidUTF8Scalars: Sequence, IteratorProtocol {
  let bytes: UnsafeBufferPointer<UInt8>
  var offset = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func next() -> Unicode.Scalar? {
    guard offset < bytes.count else { return nil }
    let lead = UInt32(bytes[offset])
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard offset + length <= bytes.count else {
      offset = bytes.count
      return "\u{FFFD}"
    }
    var value = length == 1 ? lead : lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for k in 1..<length { value = value << 6 | UInt32(bytes[offset + k] & 0x3F) }
    offset += length
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }
}
