import Foundation

/// The source keys whose plain values are the same text, ignoring case and end punctuation
/// (“Open”, “open”, “Open…”), across every table: what `inconsistent-translation` compares in
/// each language. Worked out once per run from the source's tables; only texts shared by two
/// keys or more are kept, so a language's check looks at a few keys, not every key.
final class SourceTextGroups: Sendable {
  /// One source key of a group.
  struct Member: Sendable {
    var table: String
    var key: String
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
        let member = Member(table: name, key: keys[slot].string)
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

  /// Sentence punctuation a text may end with, in any script: what grouping ignores. Other
  /// marks (`%@`, `)`, quotes) are part of the text.
  static let endMarks: Set<Character> = [
    ".", "!", "?", ":", ";", ",", "…", "。", "！", "？", "：", "；", "，", "、", "؟", "،", "؛", "۔", "।",
  ]

  /// `text` lowercased, without whitespace at either end or sentence punctuation at its end;
  /// nil when it has no letter (a specifier, a dash, a number).
  static func normalized(_ text: String) -> String? {
    guard text.contains(where: \.isLetter) else { return nil }
    var end = text.endIndex
    while end > text.startIndex {
      let before = text.index(before: end)
      let character = text[before]
      guard character.isWhitespace || endMarks.contains(character) else { break }
      end = before
    }
    return text[..<end].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }
}
