import Foundation

/// The file formats a table can have.
public enum TableFormat: String, Sendable, Hashable, CaseIterable {
  case strings, stringsdict, json
  /// An Xcode String Catalog: every language of one table in one file.
  case xcstrings

  /// The format implied by a file name's extension (`json.strings` is a JSON table).
  public static func forFileName(_ name: String) -> TableFormat? {
    let lower = name.lowercased()
    if lower.hasSuffix(".xcstrings") { return .xcstrings }
    if lower == "json.strings" { return .json }
    if lower.hasSuffix(".strings") { return .strings }
    if lower.hasSuffix(".stringsdict") { return .stringsdict }
    if lower.hasSuffix(".json") { return .json }
    return nil
  }
}

/// A parsed table file that can be written back losslessly and edited in place.
///
/// Serialising an unedited document returns exactly the bytes it was parsed from; an edit
/// changes only the bytes of the value concerned.
public protocol TableDocument: Sendable {
  /// Every entry in file order (duplicates included; the later one wins on lookup).
  var entries: [Entry] { get }
  /// Problems found while parsing.
  var diagnostics: [Diagnostic] { get }
  /// Plural families of this table.
  var pluralFamilies: [PluralFamily] { get }
  /// The file's bytes as they would be written now.
  func serialized() -> Data
  /// Changes the value of `key` (and `plural`/`variable` for a plural form), or adds it when absent.
  ///
  /// The value the entry already has (the same scalars) is no edit: not a byte changes, and a
  /// String Catalog unit keeps its state.
  /// - Throws: `GlossaError` when the document cannot hold that value (for example a plural
  ///   form for a key that is not a plural family in this format, or an undecodable file).
  mutating func setValue(
    _ value: String, forKey key: String, plural: PluralCategory?, variable: String?,
    comment: String?
  ) throws
  /// Removes the entry (and its comment). Throws `GlossaError` when it does not exist.
  mutating func removeValue(forKey key: String, plural: PluralCategory?, variable: String?) throws
}

/// A document whose `setValue` itself refuses, changing nothing, every edit that a fresh reader
/// of `serialized()` would not read back as that value with every other entry unchanged: the
/// bundle's own read-back check (a second reading of the whole file) is then redundant.
public protocol VerifiesItsEdits: TableDocument {}

extension TableDocument {
  /// Families grouped from entries that carry a plural category, in order of first appearance.
  public var pluralFamilies: [PluralFamily] {
    PluralFamily.group(entries)
  }

  /// The effective value of a non-plural key (the last occurrence wins).
  public func value(forKey key: String) -> String? {
    let entries = self.entries
    return entries.lastIndex(ofKey: key, where: { $0.plural == nil }).map { entries[$0].value }
  }
}

extension PluralFamily {
  /// Groups plural entries into families by key and variable, keeping first-appearance order.
  public static func group(_ entries: [Entry]) -> [PluralFamily] {
    struct FamilyID: Hashable {
      var key: String
      var variable: String?
      var device: String?
    }
    var families: [PluralFamily] = []
    var positions: [FamilyID: Int] = [:]
    // The forms of a family are nearly always written one after another: an entry whose key
    // has the very bytes of the last plural entry's key (and the same variable and device)
    // belongs to its family, found without making the key a string and hashing it.
    var last: (index: Int, position: Int)?
    // Entries are looked at in place: only plural forms are copied.
    for index in entries.indices {
      guard let category = entries[index].plural else { continue }
      if let previous = last, entries[index].keyText.isSameText(as: entries[previous.index].keyText),
        entries[index].variable == entries[previous.index].variable,
        entries[index].device == entries[previous.index].device
      {
        families[previous.position].forms[category] = entries[index].value
        last = (index, previous.position)
        continue
      }
      let id = FamilyID(key: entries[index].key, variable: entries[index].variable, device: entries[index].device)
      let position = Self.position(of: &positions[id, default: families.count])
      last = (index, position)
      if position == families.count {
        families.append(
          PluralFamily(key: id.key, variable: id.variable, line: entries[index].line, device: id.device))
      }
      families[position].forms[category] = entries[index].value
    }
    return families
  }

  /// The value an `inout` dictionary access ends with (one hash for "find or insert").
  private static func position(of slot: inout Int) -> Int { slot }
}
