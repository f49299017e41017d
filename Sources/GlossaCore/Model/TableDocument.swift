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
  /// - Throws: `GlossaError` when the document cannot hold that value (for example a plural
  ///   form for a key that is not a plural family in this format, or an undecodable file).
  mutating func setValue(
    _ value: String, forKey key: String, plural: PluralCategory?, variable: String?,
    comment: String?
  ) throws
  /// Removes the entry (and its comment). Throws `GlossaError` when it does not exist.
  mutating func removeValue(forKey key: String, plural: PluralCategory?, variable: String?) throws
}

extension TableDocument {
  /// Families grouped from entries that carry a plural category, in order of first appearance.
  public var pluralFamilies: [PluralFamily] {
    PluralFamily.group(entries)
  }

  /// The effective value of a non-plural key (the last occurrence wins).
  public func value(forKey key: String) -> String? {
    entries.last { $0.key == key && $0.plural == nil }?.value
  }
}

extension PluralFamily {
  /// Groups plural entries into families by key and variable, keeping first-appearance order.
  public static func group(_ entries: [Entry]) -> [PluralFamily] {
    var order: [String] = []
    var byID: [String: PluralFamily] = [:]
    for entry in entries {
      guard let category = entry.plural else { continue }
      let id = entry.key + "\u{0}" + (entry.variable ?? "") + "\u{0}" + (entry.device ?? "")
      if byID[id] == nil {
        order.append(id)
        byID[id] = PluralFamily(key: entry.key, variable: entry.variable, line: entry.line, device: entry.device)
      }
      byID[id]!.forms[category] = entry.value
    }
    return order.map { byID[$0]! }
  }
}
