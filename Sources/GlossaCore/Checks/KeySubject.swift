/// One key of one language's table, with its development-language counterpart: what a
/// per-key check looks at.
///
/// Everything the keys of one table share (tables, options, the language's plural rules) lives
/// once in the table's `TableUnit`; a subject adds only the key and its three records.
public struct KeySubject: Sendable {
  /// The key (or plural family key), read from its file's text.
  var keyText: EntryText
  /// The key (or plural family key) as a string, made when asked for (a finding).
  public var key: String { keyText.string }
  /// The key in the source language's table of the same name; nil when absent.
  public var source: KeyRecord? {
    didSet { sourceText = source?.valueText }
  }
  /// The key in this language's table; for the source language, the same as `source`.
  public var translation: KeyRecord? {
    didSet { translationText = translation?.valueText }
  }
  /// The plain value of `source`, read once for every check that looks at it.
  private(set) var sourceText: EntryText?
  /// The plain value of `translation`, read once for every check that looks at it.
  private(set) var translationText: EntryText?
  /// The key in the `--against` bundle's table, when comparing with one.
  public var remote: KeyRecord?
  /// What the key's table shares.
  let unit: TableUnit
  /// The key's position in the source table (for its precomputed facts); nil when absent.
  private(set) var sourceSlot: Int?

  init(
    key: EntryText, source: KeyRecord?, translation: KeyRecord?, remote: KeyRecord?, unit: TableUnit,
    sourceSlot: Int?
  ) {
    keyText = key
    self.source = source
    self.translation = translation
    self.remote = remote
    self.unit = unit
    self.sourceSlot = sourceSlot
    sourceText = source?.valueText
    translationText = translation?.valueText
  }

  /// Makes this the subject of another key of the same table, in place: the unit is kept,
  /// and no subject is built, copied and destroyed per key.
  mutating func move(
    to key: EntryText, source: KeyRecord?, translation: KeyRecord?, remote: KeyRecord?, sourceSlot: Int?
  ) {
    keyText = key
    self.source = source
    self.translation = translation
    self.remote = remote
    self.sourceSlot = sourceSlot
  }

  public var language: String { unit.language }
  /// The table name (`Localizable`).
  public var table: String { unit.name }
  /// True when `language` is the language translations are compared against.
  public var isSource: Bool { unit.isSource }
  /// The source language's table, if it has one of this name.
  public var sourceTable: TableIndex? { unit.sourceTable }
  /// This language's table, if it has one.
  public var translationTable: TableIndex? { unit.translation }
  /// The `--against` bundle's table of this language and name, if it has one.
  public var remoteTable: TableIndex? { unit.remote }
  /// True when a second bundle is being compared.
  public var hasRemote: Bool { unit.hasRemote }
  /// Every table of this language, for resolving `{key.path}` references across tables.
  public var languageTables: [TableIndex] { unit.languageTables }
  public var options: CheckOptions { unit.options }
  /// The bundle as the user named it.
  public var bundleName: String { unit.bundleName }

  /// What the checks derive from the source record: shared by every language when the checker
  /// precomputed it, else worked out now.
  var sourceFacts: SourceFacts {
    if let sourceSlot, let table = unit.sourceFacts { return table.facts[sourceSlot] }
    return SourceFacts(record: source, key: key, options: unit.options)
  }

  /// The file findings about this key's plain value point at: this language's file, or where
  /// it would be.
  public var file: String {
    translation?.file ?? expectedPath(source?.file)
  }

  /// The file findings about this key's plural forms point at: the file of this language's
  /// plural families (a `.stringsdict` beside a `.strings` placeholder), else where the source's
  /// would be, else `file`.
  public var pluralFile: String {
    if let translation, !translation.families.isEmpty { return translation.familyFile }
    if let source, !source.families.isEmpty { return expectedPath(source.familyFile) }
    return file
  }

  /// The file and line findings about the key as a whole point at (see `KeyRecord.location`):
  /// this language's, or where the source's would be in this language, without a line.
  public var location: (file: String, line: Int?) {
    if let translation {
      let location = translation.location
      return (location.file, location.line)
    }
    return (expectedPath(source?.location.file), nil)
  }

  /// `sourcePath` (else the source table's first file) with this language's `.lproj` folder.
  private func expectedPath(_ sourcePath: String?) -> String {
    guard let sourcePath = sourcePath ?? unit.sourceTable?.path else {
      return unit.translation?.path ?? "\(language).lproj/\(table)"
    }
    return unit.expectedPaths[sourcePath] ?? BundleLayout.path(sourcePath, language: language)
  }

  /// A finding about this key.
  public func finding(
    _ kind: FindingKind, _ severity: Severity, category: PluralCategory? = nil, line: Int? = nil,
    file: String? = nil, device: String? = nil, _ message: String
  ) -> Finding {
    Finding(
      kind: kind, severity: severity,
      place: device == nil ? unit.findingPlace : unit.findingPlace.changing { $0.device = device },
      key: key, category: category, file: file ?? self.file, line: line, column: nil, message: message)
  }
}

/// Quotes a value for a message, shortened when long.
func quoted(_ value: String, limit: Int = 60) -> String {
  // Printable ASCII is one column a byte and needs no escapes: clip by bytes.
  if let clipped = value.utf8.withContiguousStorageIfAvailable({ quotedASCII($0, value, limit: limit) }),
    let clipped
  {
    return clipped
  }
  // Newlines and tabs are written as escapes (without Foundation: most values have none).
  let escaped = value.utf8.contains { $0 == 0x0A || $0 == 0x09 } ? escapingNewlinesAndTabs(value) : value
  let clipped = DisplayWidth.truncated(escaped, toColumns: limit, ellipsis: "…")
  return "“\(clipped)”"
}

/// `quoted(value)` for a value of printable ASCII (one cluster and one column per byte, nothing
/// to escape); nil for any other value.
private func quotedASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ value: String, limit: Int) -> String? {
  for byte in bytes where byte < 0x20 || byte > 0x7E { return nil }
  if bytes.count <= limit { return "“" + value + "”" }
  let room = limit - ellipsisColumns
  guard room >= 0 else { return nil }
  return "“" + String(decoding: UnsafeBufferPointer(rebasing: bytes[..<room]), as: UTF8.self) + "…”"
}

/// `value` with each newline written `\n` and each tab `\t`. Both are ASCII bytes, which are
/// never part of another scalar's bytes, so the bytes are copied with those two replaced: no
/// string or array is made per scalar.
private func escapingNewlinesAndTabs(_ value: String) -> String {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(value.utf8.count + 16)
  for byte in value.utf8 {
    switch byte {
    case 0x0A, 0x09:
      bytes.append(0x5C)
      bytes.append(byte == 0x0A ? 0x6E : 0x74)
    default: bytes.append(byte)
    }
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// The width of the ellipsis `quoted` ends a clipped value with.
private let ellipsisColumns = DisplayWidth.columns(of: "…")
