import GlossaCore

/// A key that matches a search in some language and table (`n`/`N` walk them when the search
/// covers every language and table).
public struct SearchHit: Sendable, Hashable {
  public var language: String
  public var table: String
  public var key: String
}

/// What waits for a search over every language (see `AppState.awaitingHits`).
enum AwaitedHit: Sendable, Hashable {
  case first
  case step(forward: Bool)
}

extension AppState {
  /// Every key of both bundles, in every language and table, whose key, value or comment
  /// contains `needle`, in the review's order (languages, tables, then file order).
  ///
  /// Read from the entries' bytes into one reused buffer: no string is made for an entry that
  /// does not match (on 1.6 million entries, a string per key, value and comment took 3.4 s).
  func searchEverywhere(_ needle: [UInt8]) -> [SearchHit] {
    guard !needle.isEmpty else { return [] }
    // Each language's tables of both sides by name, in one pass over the bundles.
    var files: [TablePlace: [LocaleTable]] = [:]
    for bundle in [local, remote].compactMap({ $0 }) {
      for file in bundle.tables {
        files[TablePlace(language: file.language, table: file.name), default: []].append(file)
      }
    }
    var hits: [SearchHit] = []
    var buffer: [UInt8] = []
    let ascii = AsciiNeedle(needle)
    for language in languages where !loading.pendingLanguages.contains(language) {
      for table in tables {
        var seen = Set<String>()
        for file in files[TablePlace(language: language, table: table)] ?? [] {
          for entry in file.entries {
            let matched: Bool
            // An ASCII term is matched in the entry's own bytes; a Kelvin sign (nil) and any
            // other term, in the texts lowercased into the one buffer.
            if let ascii, let answer = ascii.match(entry.keyText, entry.valueText, entry.commentText) {
              matched = answer
            } else {
              buffer.removeAll(keepingCapacity: true)
              SearchText.appendLowercased(entry.keyText, to: &buffer)
              buffer.append(1)
              SearchText.appendLowercased(entry.valueText, to: &buffer)
              if let comment = entry.commentText {
                buffer.append(1)
                SearchText.appendLowercased(comment, to: &buffer)
              }
              matched = SearchText.bytes(buffer, contain: needle)
            }
            guard matched else { continue }
            let key = entry.key
            if seen.insert(key).inserted { hits.append(SearchHit(language: language, table: table, key: key)) }
          }
        }
      }
    }
    return hits
  }
}

/// A search term of ASCII bytes only, matched in a text's own bytes with ASCII letters folded:
/// the same answer as matching the lowercased text (no letter outside ASCII lowercases into
/// ASCII but the Kelvin sign), without copying the text.
struct AsciiNeedle {
  private let bytes: [UInt8]

  /// Nil when `needle` (lowercased) has a byte outside ASCII.
  init?(_ needle: [UInt8]) {
    guard !needle.isEmpty, needle.allSatisfy({ $0 < 0x80 }) else { return nil }
    bytes = needle
  }

  /// True when one of `texts` contains the term, false when none does, nil when one holds a
  /// Kelvin sign (U+212A, bytes E2 84 AA) and must be lowercased to tell.
  func match(_ key: EntryText, _ value: EntryText, _ comment: EntryText?) -> Bool? {
    var found = false
    for text in [key, value, comment] {
      guard let text else { continue }
      switch text.withUTF8({ Self.search(bytes, in: $0) }) {
      case .some(true): found = true
      case .some(false): continue
      case nil: return nil
      }
    }
    return found
  }

  /// True or false as `needle` (lowercase ASCII) occurs in `haystack` with ASCII letters
  /// folded; nil when `haystack` holds a Kelvin sign.
  private static func search(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool? {
    var kelvin = false
    for index in haystack.indices where haystack[index] == 0xE2 {
      if index + 2 < haystack.count && haystack[index + 1] == 0x84 && haystack[index + 2] == 0xAA { kelvin = true }
    }
    guard !kelvin else { return nil }
    guard haystack.count >= needle.count else { return false }
    return needle.withUnsafeBufferPointer { pattern in
      let first = pattern[0]
      let last = haystack.count - pattern.count
      var position = 0
      while position <= last {
        if fold(haystack[position]) == first {
          var matched = 1
          while matched < pattern.count && fold(haystack[position + matched]) == pattern[matched] { matched += 1 }
          if matched == pattern.count { return true }
        }
        position += 1
      }
      return false
    }
  }

  @inline(__always)
  private static func fold(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
}
