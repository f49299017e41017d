import Foundation

/// One place the app's code names a localized key.
public struct SourceKeyUse: Sendable, Hashable {
  /// How the key is named.
  public enum Key: Sendable, Hashable {
    /// A literal key.
    case exact(String)
    /// An interpolated literal: the runs of text between interpolations. With `formatted`, an
    /// interpolation becomes a format specifier of the key (`Text("\(n) hikes")` looks up
    /// `"%lld hikes"`); without, it is any text and the key is only known in part
    /// (`NSLocalizedString("menu.\(id)", …)`).
    case pattern([String], formatted: Bool)
    /// A storyboard or xib object id: keys `<id>.<property>` of the file's own table.
    case objectID(String)
  }

  public var key: Key
  /// The table name (`Localizable` unless `tableName:`/`table:` names another).
  public var table: String
  /// The source file as found (the `--sources` path plus the path inside it).
  public var file: String
  public var line: Int
  public var column: Int
  /// How the literal was written, for messages (`Text("\(…) hikes")`).
  public var shown: String
  /// True when the lookup is in code a release build of the app never runs: inside `#Preview`,
  /// a `PreviewProvider` type or `#if DEBUG`. Such a use still counts against `unused-key`; it
  /// is reported as `missing-in-bundle` only when the config asks (`check-debug-code`). For a
  /// generated accessor: every reference to it is in such code.
  public var inDebugCode: Bool
  /// The generated accessor the key is reached through (`L10n.Trail.List.title`), when it is;
  /// the use's file and line are then the key's in the generated file.
  public var accessor: String?
  /// True when the literal is also the text shown when the table lacks the key: a SwiftUI
  /// `LocalizedStringKey` title (`Text("Hello")`, `Button("Save")`) or a literal typed
  /// `LocalizedStringKey`/`LocalizedStringResource` by context. A missing one shows that text,
  /// untranslated; a missing `NSLocalizedString` key shows the key.
  public var shownAsWritten = false

  public init(
    key: Key, table: String, file: String, line: Int, column: Int, shown: String, inDebugCode: Bool = false,
    accessor: String? = nil
  ) {
    self.key = key
    self.table = table
    self.file = file
    self.line = line
    self.column = column
    self.shown = shown
    self.inDebugCode = inDebugCode
    self.accessor = accessor
  }
}

extension SourceKeyUse.Key {
  /// True when the key has no letter once its format specifiers are set aside (`""`, `"0"`,
  /// `"\(number)"`, `"0.0.0.0"`, `"·"`, `"%@ – %@"`): not a key any table is meant to hold.
  public var isLetterless: Bool {
    switch self {
    case .exact(let text): Self.hasNoLetter(text)
    case .pattern(let parts, _): parts.allSatisfy(Self.hasNoLetter)
    case .objectID: false
    }
  }

  private static func hasNoLetter(_ text: String) -> Bool {
    let bare = text.replacingOccurrences(of: KeyPattern.specifier, with: "", options: .regularExpression)
    return !bare.unicodeScalars.contains { $0.properties.isAlphabetic }
  }
}

/// Everything a scan of the app's code found.
public struct SourceKeyUses: Sendable, Hashable {
  public var uses: [SourceKeyUse]
  /// The paths scanned, as named (for messages).
  public var roots: [String]
  /// Tables named after a scanned storyboard or xib (`Main` for `Main.storyboard`): their keys
  /// are object ids, used when the object exists.
  public var interfaceTables: Set<String>
  /// Source files under the scanned folders that were not read (a link out of the folders or to
  /// nothing, a FIFO): the path and why, for `unreadable-file` findings.
  public var passedOver: [PassedOverFile] = []
  /// Tables named after a storyboard or xib that stopped at an XML error (in `passedOver`): the
  /// ids after the error are unknown, so none of their keys is reported unused.
  public var partlyReadInterfaceTables: Set<String> = []

  public init(uses: [SourceKeyUse], roots: [String], interfaceTables: Set<String> = []) {
    self.uses = uses
    self.roots = roots
    self.interfaceTables = interfaceTables
  }

  /// The uses of each table.
  func byTable() -> [String: [SourceKeyUse]] { Dictionary(grouping: uses, by: \.table) }
}

extension SourceKeyUses {
  /// The name code looks a bundle table up by: its file name without the folders a bundle root
  /// holding several resource folders puts before it (`Sources/Localization/Resources/Localizable`
  /// is looked up as `Localizable`, from whichever bundle the code names).
  static func lookupName(of table: String) -> String {
    guard let slash = table.lastIndex(of: "/") else { return table }
    return String(table[table.index(after: slash)...])
  }

  /// The tables of `tables` by the name code looks them up by (`lookupName`): the one of that
  /// name, and those of that name in a resource folder below the bundle root.
  static func tablesByLookupName(_ tables: [String: TableIndex]) -> [String: [TableIndex]] {
    var result: [String: [TableIndex]] = [:]
    for (path, table) in tables { result[lookupName(of: path), default: []].append(table) }
    return result
  }
}
