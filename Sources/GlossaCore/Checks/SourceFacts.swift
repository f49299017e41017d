/// What the checks derive from a source key's plain value and comment, worked out once per run
/// and shared by every language that translates the key.
struct SourceFacts: Sendable {
  /// Display columns of the plain value; nil without a plain entry.
  var width: Int?
  /// True when the plain value holds a `%`.
  var hasPercent: Bool
  /// The plain value's format signature when it holds a `%`.
  var signature: FormatSignature?
  /// The column limit: `max-length:` in the comment, else a config rule for the key.
  var limit: Int?
  /// The signature's specifiers as written, one after another (`%1$@%2$ld`), and where each ends.
  var specifierBytes: [UInt8] = []
  var specifierEnds: [Int] = []

  init(record: KeyRecord?, key: String, options: CheckOptions) {
    let entry = record?.entry
    width = entry.map { DisplayWidth.columns(of: $0.value) }
    hasPercent = entry.map { ValueBytes.contains($0.value, UInt8(ascii: "%")) } ?? false
    signature = hasPercent ? entry.map { FormatSignature($0.value) } : nil
    for specifier in signature?.specifiers ?? [] {
      specifierBytes += specifier.text.utf8
      specifierEnds.append(specifierBytes.count)
    }
    limit =
      (entry?.comment ?? record?.devices.first?.comment).flatMap(Overlong.commentLimit)
      ?? options.configuredLimit(forKey: key)
  }
}

/// The facts of every record of one source table, by slot.
final class SourceFactsTable: Sendable {
  let facts: [SourceFacts]

  init(_ table: TableIndex, options: CheckOptions) {
    let keys = table.keys
    facts = keys.indices.map { slot in
      SourceFacts(record: table.record(at: slot), key: keys[slot], options: options)
    }
  }
}
