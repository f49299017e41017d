/// What the checks derive from a source key's plain value and comment, worked out once per run
/// and shared by every language that translates the key (a class: the checks ask for it several
/// times per key, and a reference is cheaper to hand out than its arrays).
final class SourceFacts: Sendable {
  /// Display columns of the plain value; nil without a plain entry.
  let width: Int?
  /// True when the plain value holds a `%`.
  let hasPercent: Bool
  /// The plain value's format signature when it holds a `%`.
  let signature: FormatSignature?
  /// The column limit: `max-length:` in the comment, else a config rule for the key.
  let limit: Int?
  /// The signature's specifiers as written, one after another (`%1$@%2$ld`), and where each ends.
  let specifierBytes: [UInt8]
  let specifierEnds: [Int]

  init(record: KeyRecord?, key: String, options: CheckOptions) {
    let entry = record?.entry
    width = entry.map { DisplayWidth.columns(of: $0.value) }
    hasPercent = entry.map { ValueBytes.contains($0.value, UInt8(ascii: "%")) } ?? false
    signature = hasPercent ? entry.map { FormatSignature($0.value) } : nil
    var bytes: [UInt8] = []
    var ends: [Int] = []
    for specifier in signature?.specifiers ?? [] {
      bytes += specifier.text.utf8
      ends.append(bytes.count)
    }
    specifierBytes = bytes
    specifierEnds = ends
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
