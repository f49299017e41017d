import GlossaCore

/// One finding with the side it is about, as the findings view and `]`/`[` walk them.
public struct FindingItem: Sendable, Hashable {
  public var side: Side
  public var finding: Finding

  public init(side: Side, finding: Finding) {
    self.side = side
    self.finding = finding
  }

  /// `file:line` (or the file alone, or the bundle) where the finding is.
  public var location: String {
    guard let file = finding.file else { return finding.bundle }
    let short = file.hasPrefix("Resources/") ? String(file.dropFirst("Resources/".count)) : file
    return finding.line.map { "\(short):\($0)" } ?? short
  }

  /// `location` without the `.lproj` folder, which the language column already names.
  public var shortLocation: String {
    let full = location
    guard finding.language != nil, let slash = full.lastIndex(of: "/"), full[..<slash].hasSuffix(".lproj") else {
      return full
    }
    return String(full[full.index(after: slash)...])
  }
}

/// The order findings are listed and walked in: language (as the review lists them), table,
/// file-level problems before key findings, then the key list's order (the source table's),
/// line, and local before remote.
struct FindingOrder {
  var languages: [String: Int]
  var tables: [String: Int]
  /// Per table, each key's position in the development language's table.
  var keys: [String: [String: Int]]

  init(languages: [String], tables: [String], keys: [String: [String: Int]]) {
    self.languages = Dictionary(languages.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    self.tables = Dictionary(tables.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    self.keys = keys
  }

  /// The rank's language number of `language`; nil when the order does not list it.
  func languageRank(of language: String) -> Int32? {
    languages[language].map { Int32(clamping: $0) }
  }

  func sorted(_ items: [FindingItem]) -> [FindingItem] {
    items.map { (rank($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
  }

  func rank(_ item: FindingItem) -> Rank {
    let finding = item.finding
    return rank(
      language: finding.language, table: finding.table, key: finding.key, line: finding.line,
      side: item.side == .local ? 0 : 1, kind: finding.kind)
  }

  func rank(language: String?, table: String?, key: String?, line: Int?, side: Int, kind: FindingKind?) -> Rank {
    // Keys the source lacks come after its keys, by line.
    let position = key.map { key in table.flatMap { keys[$0]?[key] } ?? (Int.max / 2 + (line ?? 0)) } ?? 0
    return Rank(
      language: Int32(clamping: language.map { languages[$0] ?? languages.count } ?? -1),
      table: Int32(clamping: table.map { tables[$0] ?? tables.count } ?? -1),
      line: Int32(clamping: line ?? 0), keyed: key == nil ? 0 : 1, side: Int8(clamping: side),
      kind: kind.flatMap { Rank.kindOrder[$0] } ?? 0, position: position, key: key ?? "")
  }

  /// Where a finding falls in the list. Held once per finding by the findings view (hundreds of
  /// thousands on a large review): the numbers are as narrow as their ranges allow, and the
  /// kind is its name's alphabetical position.
  struct Rank: Comparable, Hashable {
    var language: Int32
    var table: Int32
    var line: Int32
    var keyed: UInt8
    var side: Int8
    /// The kind's name's position among the names sorted, from 1 (0, for none, sorts first).
    var kind: UInt8
    var position: Int
    var key: String

    /// Each kind's name's position among the names sorted, from 1.
    static let kindOrder = Dictionary(
      uniqueKeysWithValues: FindingKind.allCases.sorted { $0.rawValue < $1.rawValue }.enumerated().map {
        ($1, UInt8($0 + 1))
      })

    /// True when both are about the same place: language, table and key position.
    func sharesPlace(with other: Rank) -> Bool {
      language == other.language && table == other.table && keyed == other.keyed && position == other.position
    }

    static func < (a: Rank, b: Rank) -> Bool {
      let left = (a.language, a.table, a.keyed, a.position, a.line)
      let right = (b.language, b.table, b.keyed, b.position, b.line)
      return left < right || (left == right && (a.key, a.side, a.kind) < (b.key, b.side, b.kind))
    }
  }
}
