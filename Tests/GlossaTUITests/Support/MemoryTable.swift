import Foundation
import GlossaCore

/// A table document held in memory, serialised as `key[#category] = value` lines, for tests.
struct MemoryTable: TableDocument {
  var entries: [Entry]
  var diagnostics: [Diagnostic] = []

  init(_ pairs: [(String, String)], comments: [String: String] = [:]) {
    entries = pairs.enumerated().map { index, pair in
      let parts = pair.0.components(separatedBy: "##")
      let plural = parts.count == 2 ? PluralCategory(rawValue: parts[1]) : nil
      return Entry(key: parts[0], value: pair.1, comment: comments[parts[0]], plural: plural, line: index + 1)
    }
  }

  func serialized() -> Data {
    Data(entries.map { "\($0.key)\($0.plural.map { "##" + $0.rawValue } ?? "") = \($0.value)\n" }.joined().utf8)
  }

  mutating func setValue(
    _ value: String, forKey key: String, plural: PluralCategory?, variable: String?, comment: String?
  ) throws {
    if let index = entries.lastIndex(where: { $0.key == key && $0.plural == plural }) {
      entries[index].value = value
    } else {
      entries.append(Entry(key: key, value: value, comment: comment, plural: plural, line: entries.count + 1))
    }
  }

  mutating func removeValue(forKey key: String, plural: PluralCategory?, variable: String?) throws {
    guard let index = entries.lastIndex(where: { $0.key == key && $0.plural == plural }) else {
      throw GlossaError.invalidEdit("memory", problem: .noKey(key))
    }
    entries.remove(at: index)
  }
}
