import Foundation

/// The source keys whose plain values are the same text, ignoring case and end punctuation
/// (“Open”, “open”, “Open…”), across every table: what `inconsistent-translation` compares in
/// each language. Worked out once per run from the source's tables; only texts shared by two
/// keys or more are kept, so a language's check looks at a few keys, not every key.
public final class SourceTextGroups: Sendable {
  /// One source key of a group.
  struct Member: Sendable {
    var table: String
    /// The key, a range of its file's text.
    var keyText: EntryText
    /// The key's source value, a range of its file's text.
    var value: EntryText
    /// The key's slot in the source table: its slot in a translation's table that shares the
    /// source's keys.
    var slot: Int
    var key: String { keyText.string }
  }

  /// One source text and the keys that have it, in table then key order.
  struct Group: Sendable {
    /// The source text as the first key writes it.
    var text: String
    var members: [Member]
  }

  let groups: [Group]

  /// The groups of `tables` (the source language's, by name). Keys whose comment says
  /// `glossa-ignore: inconsistent-translation`, plural families and values without a letter
  /// (`%@`, `—`) are left out.
  init(_ tables: [String: TableIndex]) {
    var byText: [String: Int] = [:]
    var groups: [Group] = []
    for name in tables.keys.sorted() {
      guard let table = tables[name] else { continue }
      let keys = table.keyTexts
      for slot in keys.indices {
        guard let record = table.record(at: slot), !record.hasFamilies, let entry = record.entry else { continue }
        let value = entry.value
        guard let normalized = Self.normalized(value) else { continue }
        if Suppression.kinds(in: entry.comment).contains(.inconsistentTranslation) { continue }
        let member = Member(table: name, keyText: keys[slot], value: entry.valueText, slot: slot)
        if let index = byText[normalized] {
          groups[index].members.append(member)
        } else {
          byText[normalized] = groups.count
          groups.append(Group(text: value, members: [member]))
        }
      }
    }
    self.groups = groups.filter { $0.members.count > 1 }
  }

  /// `normalized` of UTF-8 `bytes`, as bytes: ASCII text is folded here without making a
  /// string (most values of most bundles); nil when it has no letter.
  static func normalized(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      return normalized(String(decoding: bytes, as: UTF8.self)).map { Array($0.utf8) }
    }
    var start = 0
    var end = bytes.count
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
    while end > start, isSpace(bytes[end - 1]) || Self.asciiEndMarks.contains(bytes[end - 1]) { end -= 1 }
    while start < end, isSpace(bytes[start]) { start += 1 }
    var result: [UInt8] = []
    result.reserveCapacity(end - start)
    var hasLetter = false
    for byte in bytes[start..<end] {
      let lower = byte | 0x20
      if lower >= 0x61 && lower <= 0x7A {
        hasLetter = true
        result.append(lower)
      } else {
        result.append(byte)
      }
    }
    return hasLetter ? result : nil
  }

  /// `endMarks` that are ASCII.
  private static let asciiEndMarks: [UInt8] = Array(".!?:;,".utf8)

  /// Sentence punctuation a text may end with, in any script: what grouping ignores. Other
  /// marks (`%@`, `)`, quotes) are part of the text.
  static let endMarks: Set<Character> = [
    ".", "!", "?", ":", ";", ",", "…", "。", "！", "？", "：", "；", "，", "、", "؟", "،", "؛", "۔", "।",
  ]

  /// `text` lowercased, without whitespace at either end, sentence punctuation at its end or
  /// optional vowel marks (`isOptionalMark`); nil when it has no letter (a specifier, a dash,
  /// a number). The review's "Also as" groups source texts by it too.
  public static func normalized(_ text: String) -> String? {
    guard text.contains(where: \.isLetter) else { return nil }
    var end = text.endIndex
    while end > text.startIndex {
      let before = text.index(before: end)
      let character = text[before]
      guard character.isWhitespace || endMarks.contains(character) else { break }
      end = before
    }
    let folded = text[..<end].drop(while: \.isWhitespace).lowercased()
    guard folded.unicodeScalars.contains(where: isOptionalMark) else { return folded }
    return String(String.UnicodeScalarView(folded.unicodeScalars.filter { !isOptionalMark($0) }))
  }

  /// Arabic vowel marks (harakat, shadda, Quranic marks), the tatweel and Hebrew points: written
  /// or left out at the writer's choice, so `تمَّ` and `تم` are one rendering.
  static func isOptionalMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0591...0x05BD, 0x05BF, 0x05C1...0x05C2, 0x05C4...0x05C5, 0x05C7, 0x0610...0x061A, 0x0640,
      0x064B...0x065F, 0x0670, 0x06D6...0x06DC, 0x06DF...0x06E8, 0x06EA...0x06ED:
      true
    default: false
    }
  }
}
