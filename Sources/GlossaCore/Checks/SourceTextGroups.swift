import Foundation

/// The source keys whose plain values are the same text, ignoring case and end punctuation
/// (“Open”, “open”, “Open…”), across every table: what `inconsistent-translation` compares in
/// each language. Worked out once per run from the source's tables; only texts shared by two
/// keys or more are kept, so a language's check looks at a few keys, not every key.
public final class SourceTextGroups: Sendable {
  /// One source key of a group.
  struct Member: Sendable {
    /// The table's position in `tableNames`.
    var tableNumber: Int
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
    /// `text` as a finding quotes it (`InconsistentTranslation.quotedShort`), once rather than
    /// per language.
    var quotedText: String
    var members: [Member]
    /// The first member's position among every group's members, group after group (the rest
    /// follow it): what `placeOfMember` and a language's member texts are indexed by.
    var firstMember = 0
  }

  /// A member's table, slot and source value as plain numbers: what a language's check reads
  /// per member, with no `Member` copied and no reference counted.
  struct MemberPlace: Sendable {
    /// `Member.tableNumber`.
    var tableNumber: Int32
    /// `Member.slot`.
    var slot: Int32
    /// Where the member's source value's UTF-8 lies in `sourceValues`.
    var valueStart: Int32
    var valueCount: Int32
    /// The member's position among every group's members (see `Group.firstMember`).
    var member: Int32
  }

  let groups: [Group]
  /// Each group's first member (`Group.firstMember`) and its number of members, read without
  /// touching the shared groups' arrays: the languages are checked on several threads at once,
  /// and counting references to the same arrays from each made them wait on one another.
  let spans: [(first: Int32, count: Int32)]
  /// The source's tables, in name order: what `Member.tableNumber` counts.
  let tableNames: [String]
  /// Every member's place, in table then slot order: the order a language's values lie in its
  /// tables, in which `inconsistent-translation` reads them. Read group by group, nearly every
  /// member's entry and value was a miss of the processor's caches.
  let places: [MemberPlace]
  /// Per member (see `Group.firstMember`), its place's position in `places`.
  let placeOfMember: [Int32]
  /// Every member's source value, one after another in `places` order (see
  /// `MemberPlace.valueStart`).
  let sourceValues: [UInt8]
  /// By table number: true when some group has a member in the table.
  let tablesWithMembers: [Bool]

  /// The groups of `tables` (the source language's, by name). Keys whose comment says
  /// `glossa-ignore: inconsistent-translation`, plural families and values without a letter
  /// (`%@`, `—`) are left out.
  init(_ tables: [String: TableIndex]) {
    // Each text's group, found by the text's hash and confirmed by its bytes (`normalizedTexts`);
    // groups whose texts share a hash are chained through `sameHash`.
    var byHash: [UInt64: Int] = [:]
    var normalizedTexts: [[UInt8]] = []
    var sameHash: [Int] = []
    var groups: [Group] = []
    let names = tables.keys.sorted()
    for (number, name) in names.enumerated() {
      guard let table = tables[name] else { continue }
      let keys = table.keyTexts
      for slot in keys.indices {
        guard let record = table.record(at: slot), !record.hasFamilies, let entry = record.entry else { continue }
        guard let normalized = entry.valueText.withUTF8({ Self.normalized($0) }) else { continue }
        if Suppression.kinds(in: entry.comment).contains(.inconsistentTranslation) { continue }
        let member = Member(tableNumber: number, keyText: keys[slot], value: entry.valueText, slot: slot)
        let hash = normalized.withUnsafeBufferPointer(Self.hash)
        var index = byHash[hash] ?? -1
        while index >= 0 && normalizedTexts[index] != normalized { index = sameHash[index] }
        if index >= 0 {
          groups[index].members.append(member)
        } else {
          sameHash.append(byHash[hash] ?? -1)
          byHash[hash] = groups.count
          normalizedTexts.append(normalized)
          groups.append(Group(text: entry.value, quotedText: "", members: [member]))
        }
      }
    }
    groups = groups.filter { $0.members.count > 1 }
    for index in groups.indices { groups[index].quotedText = InconsistentTranslation.quotedShort(groups[index].text) }
    var places: [MemberPlace] = []
    var tablesWithMembers = [Bool](repeating: false, count: names.count)
    var members: [Member] = []
    for index in groups.indices {
      groups[index].firstMember = members.count
      members += groups[index].members
    }
    var sourceValues: [UInt8] = []
    var placeOfMember = [Int32](repeating: 0, count: members.count)
    let inTableOrder = members.indices.sorted {
      (members[$0].tableNumber, members[$0].slot) < (members[$1].tableNumber, members[$1].slot)
    }
    for position in inTableOrder {
      let member = members[position]
      let start = sourceValues.count
      member.value.withUTF8 { sourceValues.append(contentsOf: $0) }
      placeOfMember[position] = Int32(places.count)
      places.append(
        MemberPlace(
          tableNumber: Int32(member.tableNumber), slot: Int32(member.slot), valueStart: Int32(start),
          valueCount: Int32(sourceValues.count - start), member: Int32(position)))
      tablesWithMembers[member.tableNumber] = true
    }
    self.groups = groups
    spans = groups.map { (Int32($0.firstMember), Int32($0.members.count)) }
    self.places = places
    self.placeOfMember = placeOfMember
    self.sourceValues = sourceValues
    self.tablesWithMembers = tablesWithMembers
    tableNames = names
  }

  /// The UTF-8 of `place`'s source value, a range of `sourceValues` (whose buffer is `buffer`).
  static func sourceValue(
    of place: MemberPlace, in buffer: UnsafeBufferPointer<UInt8>
  ) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: buffer[Int(place.valueStart)..<Int(place.valueStart + place.valueCount)])
  }

  /// A hash of `bytes` (`ASCIIHash.hash(anyBytes:)`): equal texts hash alike within a run.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { ASCIIHash.hash(anyBytes: bytes) }

  /// `text` lowercased, without whitespace at either end, sentence punctuation at its end
  /// (`endMarks`) or optional vowel marks (`isOptionalMark`); nil when it has no letter (a
  /// specifier, a dash, a number). The review's "Also as" groups source texts by it too.
  public static func normalized(_ text: String) -> String? {
    var text = text
    return text.withUTF8 { normalized($0) }.map { String(decoding: $0, as: UTF8.self) }
  }

  /// `normalized` of UTF-8 `bytes`, as UTF-8, worked out scalar by scalar without making a
  /// string: a letter is an alphabetic scalar, whitespace a `White_Space` one, and each scalar
  /// is lowercased by its own mapping (as `String.lowercased()` does). Scripts without case
  /// (CJK, Arabic, Hebrew, Indic, Thai, Hangul) and the common cased letters are folded from
  /// their code points; only other scalars ask Unicode's tables. Malformed UTF-8 is read as
  /// `String(decoding:)` repairs it.
  static func normalized(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var end = bytes.count
    while end > 0 {
      var start = end - 1
      while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
      guard let (scalar, length) = Self.scalar(in: bytes, at: start), start + length == end else {
        return repaired(bytes)
      }
      guard ValueBytes.isWhitespace(scalar) || isEndMark(scalar) else {
        // A mark may make one character with what is around it; only a character that starts
        // with whitespace, or a prepended mark with the end mark after it, ends differently.
        if joinsCluster(scalar) && (isPrepended(scalar) || clusterStartsWithWhitespace(bytes, at: start)) {
          return byCharacters(bytes)
        }
        break
      }
      end = start
    }
    var start = 0
    while start < end {
      guard let (scalar, length) = Self.scalar(in: bytes, at: start) else { return repaired(bytes) }
      guard ValueBytes.isWhitespace(scalar) else {
        // A mark after leading whitespace makes one whitespace character with it.
        if start > 0 && joinsCluster(scalar) && !isPrepended(scalar) { return byCharacters(bytes) }
        break
      }
      start += length
    }
    var result: [UInt8] = []
    result.reserveCapacity(end - start)
    // A letter is a character whose first scalar is alphabetic (`Character.isLetter`): until
    // one is found, an alphabetic scalar that joins the one before it (a vowel sign) or follows
    // a prepended mark is read as characters.
    var hasLetter = false
    var afterPrepended = false
    var i = start
    while i < end {
      let byte = bytes[i]
      if byte < 0x80 {
        let lower = byte | 0x20
        if lower >= 0x61 && lower <= 0x7A {
          if !hasLetter && afterPrepended { return byCharacters(bytes) }
          hasLetter = true
          result.append(lower)
        } else {
          result.append(byte)
        }
        afterPrepended = false
        i += 1
        continue
      }
      guard let (scalar, length) = Self.scalar(in: bytes, at: i) else { return repaired(bytes) }
      defer { i += length }
      if !hasLetter {
        if let value = Unicode.Scalar(scalar), value.properties.isAlphabetic {
          if afterPrepended || (joinsCluster(scalar) && !isPrepended(scalar)) { return byCharacters(bytes) }
          hasLetter = true
        }
        afterPrepended = isPrepended(scalar)
      }
      if isOptionalMark(scalar) { continue }
      if let lowered = lowercased(scalar) {
        DecodedText.appendUTF8(lowered, to: &result)
      } else if let value = Unicode.Scalar(scalar), value.properties.changesWhenLowercased {
        result.append(contentsOf: value.properties.lowercaseMapping.utf8)
      } else {
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + length)]))
      }
    }
    // Letters in the trimmed ends: none (whitespace and end marks are not alphabetic).
    return hasLetter ? result : nil
  }

  /// True for a scalar that may make one grapheme cluster with its neighbour (a combining or
  /// spacing mark, a joiner, a prepended mark): where the text's ends are trimmed, such a
  /// scalar makes the ends a matter of whole characters (`byCharacters`), since a space and the
  /// mark after it are one whitespace character.
  private static func joinsCluster(_ scalar: UInt32) -> Bool {
    guard scalar >= 0x300, let value = Unicode.Scalar(scalar) else { return false }
    if scalar == 0x200D || isPrepended(scalar) { return true }
    return value.properties.isGraphemeExtend || value.properties.generalCategory == .spacingMark
  }

  /// The prepended marks (`Grapheme_Cluster_Break=Prepend`, `DisplayWidth.prependRanges`):
  /// each makes one character with the scalar after it. Every other scalar of `joinsCluster`
  /// joins the one before it.
  private static func isPrepended(_ scalar: UInt32) -> Bool {
    scalar >= 0x600 && DisplayWidth.contains(DisplayWidth.prependRanges, scalar)
  }

  /// True when the scalar starting at `offset` (one that joins the scalar before it) belongs
  /// to a character whose first scalar is whitespace: the scalars before it that join their
  /// own predecessors are passed over to the character's first.
  private static func clusterStartsWithWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    var end = offset
    while end > 0 {
      var start = end - 1
      while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
      guard let (scalar, _) = Self.scalar(in: bytes, at: start) else { return true }
      if !joinsCluster(scalar) || isPrepended(scalar) { return ValueBytes.isWhitespace(scalar) }
      end = start
    }
    return false
  }

  /// `normalized` read character by character: for the rare text whose ends hold a scalar that
  /// joins a cluster (`joinsCluster`), where scalars and characters may end differently.
  private static func byCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.contains(where: \.isLetter) else { return nil }
    var end = text.endIndex
    while end > text.startIndex {
      let before = text.index(before: end)
      let character = text[before]
      let first = character.unicodeScalars.first!.value
      guard character.isWhitespace || (character.unicodeScalars.count == 1 && isEndMark(first)) else { break }
      end = before
    }
    let folded = text[..<end].drop(while: \.isWhitespace).lowercased()
    return Array(String(String.UnicodeScalarView(folded.unicodeScalars.filter { !isOptionalMark($0.value) })).utf8)
  }

  /// `normalized` of bytes that are not well-formed UTF-8, read as `String(decoding:)` repairs
  /// them.
  private static func repaired(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var text = String(decoding: bytes, as: UTF8.self)
    return text.withUTF8 { normalized($0) }
  }

  /// The scalar starting at `i` and its length in bytes; nil when the bytes there are not
  /// well-formed UTF-8.
  private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int)? {
    let lead = bytes[i]
    if lead < 0x80 { return (UInt32(lead), 1) }
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
    guard length > 0, lead < 0xF5, i + length <= bytes.count else { return nil }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for k in 1..<length {
      let next = bytes[i + k]
      guard next & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(next & 0x3F)
    }
    // Overlong forms, surrogates and values past U+10FFFF.
    guard (length == 3 ? value >= 0x800 : length == 4 ? value >= 0x10000 : true), value < 0xD800 || value > 0xDFFF,
      value <= 0x10FFFF
    else { return nil }
    return (value, length)
  }

  /// `scalar` lowercased when its lowercase is known from its code point alone (it is in a
  /// script without case, or a letter of Latin-1, Greek or Cyrillic's basic alphabets); nil
  /// for any other scalar, whose mapping Unicode's tables give.
  static func lowercased(_ scalar: UInt32) -> UInt32? {
    switch scalar {
    case 0xC0...0xD6, 0xD8...0xDE, 0x391...0x3A1, 0x3A3...0x3AB, 0x410...0x42F: scalar + 0x20
    case 0x400...0x40F: scalar + 0x50
    case 0xA0...0xBF, 0xD7, 0xDF...0xFF, 0x3AC...0x3CE, 0x430...0x45F, 0x0590...0x08FF, 0x0900...0x109F,
      0x1100...0x11FF, 0x2000...0x2069, 0x3000...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF20, 0xFF3B...0xFF40,
      0xFF5B...0xFFEF:
      scalar
    default: nil
    }
  }

  /// Sentence punctuation a text may end with, in any script: what grouping ignores. Other
  /// marks (`%@`, `)`, quotes) are part of the text.
  static func isEndMark(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x2E, 0x21, 0x3F, 0x3A, 0x3B, 0x2C, 0x2026, 0x3002, 0xFF01, 0xFF1F, 0xFF1A, 0xFF1B, 0xFF0C, 0x3001, 0x061F,
      0x060C, 0x061B, 0x06D4, 0x0964:
      true
    default: false
    }
  }

  /// Arabic vowel marks (harakat, shadda, Quranic marks), the tatweel and Hebrew points: written
  /// or left out at the writer's choice, so `تمَّ` and `تم` are one rendering.
  static func isOptionalMark(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x0591...0x05BD, 0x05BF, 0x05C1...0x05C2, 0x05C4...0x05C5, 0x05C7, 0x0610...0x061A, 0x0640,
      0x064B...0x065F, 0x0670, 0x06D6...0x06DC, 0x06DF...0x06E8, 0x06EA...0x06ED:
      true
    default: false
    }
  }
}
