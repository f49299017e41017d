/// One `glossary:` entry of `.glossa.yml`: a term of the development language and how
/// translations must render it.
public struct GlossaryEntry: Sendable, Hashable {
  /// The term as the source writes it (`Trailmate`, `hike`).
  public var term: String
  /// False for a term that must not be translated (a brand): translations keep it as written.
  public var translate: Bool
  /// The required renderings by language code as written in the config (`de`, `pt-BR`); any
  /// one of a language's list will do.
  public var renderings: [String: [String]]

  public init(term: String, translate: Bool = true, renderings: [String: [String]] = [:]) {
    self.term = term
    self.translate = translate
    self.renderings = renderings
    var byCode: [String: [String]] = [:]
    for (language, rendering) in renderings { byCode[Self.normalized(language)] = rendering }
    self.byCode = byCode
  }

  /// `renderings` by normalized language code (lower case, `-`), made once.
  private let byCode: [String: [String]]

  /// What a translation into `language` must hold: the term itself when it is not translated,
  /// else the renderings given for the language or, failing that, for its base language
  /// (`de` for `de-AT`); nil when the glossary says nothing for the language.
  public func required(for language: String) -> [String]? {
    if !translate { return [term] }
    let wanted = Self.normalized(language)
    if let exact = byCode[wanted] { return exact }
    guard let dash = wanted.firstIndex(of: "-") else { return nil }
    return byCode[String(wanted[..<dash])]
  }

  /// `language` in lower case with `-` between subtags (`zh_Hans` → `zh-hans`).
  static func normalized(_ language: String) -> String {
    let bytes = language.utf8
    if !bytes.contains(where: { ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x5F }) { return language }
    return String(
      decoding: bytes.map { $0 == 0x5F ? 0x2D : ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) }, as: UTF8.self)
  }
}

/// How glossary terms are found: word-aware and case-aware where the script has words and case.
///
/// In the source a term matches as a whole word (or words), an English plural `s`/`es` allowed,
/// in any case when it is written in lower case (`hike` matches `Hike`) and exactly when it has
/// capitals (`Trailmate`, not `trailmate`). Scripts written without spaces (Chinese, Japanese,
/// Thai…) have no word boundaries: a term in them, or next to them, matches as a substring.
/// In a translation the required text may be inflected or compounded (`Wanderungen`,
/// `Bergwanderung`, Arabic `والرحلة`, and `رحلات` for `رحلة`, whose ة becomes ت before an
/// ending): it is looked for as a substring, in any case for a rendering, and as written for a
/// term that is not translated.
public enum GlossaryMatch {
  /// What the glossary asks of a translation into `language` of `source`: each term the source
  /// holds that has a rule for the language, what it requires, and whether `translation` follows
  /// it (nil without a translation). The review shows it beside the key.
  public static func rules(
    _ entries: [GlossaryEntry], source: String, language: String, translation: String?
  ) -> [(entry: GlossaryEntry, required: [String], followed: Bool?)] {
    guard !entries.isEmpty else { return [] }
    return terms(of: entries, in: source).compactMap { index in
      let entry = entries[index]
      guard let required = entry.required(for: language), !required.isEmpty else { return nil }
      let followed = translation.map { value in
        required.contains { holds($0, in: value, asWritten: !entry.translate) }
      }
      return (entry, required, followed)
    }
  }

  /// The positions in `entries` of the terms `value` holds.
  static func terms(of entries: [GlossaryEntry], in value: String) -> [Int] {
    entries.indices.filter { index in
      let term = entries[index].term
      return !term.isEmpty && occurs(term, inSource: value)
    }
  }

  /// True when `term` occurs in the source `value` as a word.
  static func occurs(_ term: String, inSource value: String) -> Bool {
    // Most terms are ASCII: a byte search finds whether one can occur, in any case, before
    // the exact search below (which only a value holding it reaches).
    if term.utf8.allSatisfy({ $0 < 0x80 }) {
      var value = value
      let found = value.withUTF8 { bytes in
        var term = term
        return term.withUTF8 { Self.containsFoldingASCII($0, in: bytes) }
      }
      if !found { return false }
    }
    return occursAsWord(term, inSource: value)
  }

  /// `occurs` without the quick test.
  private static func occursAsWord(_ term: String, inSource value: String) -> Bool {
    let caseSensitive = term.contains { $0.isUppercase }
    var searched = value.startIndex..<value.endIndex
    while let found = value.range(of: term, options: caseSensitive ? [] : [.caseInsensitive], range: searched) {
      searched = found.upperBound..<value.endIndex
      if found.lowerBound > value.startIndex, isWordCharacter(value[value.index(before: found.lowerBound)]),
        let first = term.first, isWordCharacter(first)
      {
        continue
      }
      var end = found.upperBound
      for suffix in ["es", "s"] where value[end...].lowercased().hasPrefix(suffix) {
        let after = value.index(end, offsetBy: suffix.count)
        if after == value.endIndex || !isWordCharacter(value[after]) {
          end = after
          break
        }
      }
      if end < value.endIndex, isWordCharacter(value[end]), let last = term.last, isWordCharacter(last) { continue }
      return true
    }
    return false
  }

  /// True when a translation `value` holds `required` (a rendering in any case; a term kept
  /// untranslated as written).
  static func holds(_ required: String, in value: String, asWritten: Bool) -> Bool {
    var value = value
    var required = required
    let quick = value.withUTF8 { bytes in
      required.withUTF8 { wanted -> Bool? in
        // Bytes equal: found. An ASCII rendering in any case: found or not by a byte search.
        if Self.contains(wanted, in: bytes) { return true }
        let isASCII = wanted.allSatisfy { $0 < 0x80 }
        if asWritten { return isASCII ? false : nil }
        return isASCII ? Self.containsFoldingASCII(wanted, in: bytes) : nil
      }
    }
    if let quick, quick || !required.hasSuffix("ة") { return quick }
    if value.range(of: required, options: asWritten ? [] : [.caseInsensitive]) != nil { return true }
    // Arabic's feminine ending ة is written ت before a suffix and in the plural (رحلة, رحلتك,
    // رحلات): the rendering's stem without it will do.
    guard !asWritten, required.hasSuffix("ة"), required.count > 2 else { return false }
    return value.contains(String(required.dropLast()))
  }

  /// True when `needle` occurs in `bytes`.
  static func contains(_ needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = needle.first else { return true }
    guard needle.count <= bytes.count else { return false }
    for start in 0...(bytes.count - needle.count) where bytes[start] == first {
      var k = 1
      while k < needle.count && bytes[start + k] == needle[k] { k += 1 }
      if k == needle.count { return true }
    }
    return false
  }

  /// True when the ASCII `needle` occurs in `bytes`, ASCII letters in any case. (The few
  /// non-ASCII letters whose case folds to ASCII, such as U+212A KELVIN SIGN, do not match an
  /// ASCII term.)
  static func containsFoldingASCII(_ needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    func fold(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
    guard let first = needle.first.map(fold) else { return true }
    guard needle.count <= bytes.count else { return false }
    for start in 0...(bytes.count - needle.count) where fold(bytes[start]) == first {
      var k = 1
      while k < needle.count && fold(bytes[start + k]) == fold(needle[k]) { k += 1 }
      if k == needle.count { return true }
    }
    return false
  }

  /// A letter or digit of a script that separates words with spaces: next to one, a term is
  /// part of a longer word. Han, kana, Hangul, Thai, Lao, Khmer and Myanmar letters are not:
  /// those scripts write terms without spaces around them (`Trailmateを開く`).
  static func isWordCharacter(_ character: Character) -> Bool {
    guard character.isLetter || character.isNumber, let scalar = character.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x1100...0x11FF, 0x2E80...0x9FFF, 0xA960...0xA97F,
      0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFFDC, 0x20000...0x3FFFF:
      return false
    default:
      return true
    }
  }
}
