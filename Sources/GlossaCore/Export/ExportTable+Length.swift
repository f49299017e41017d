extension ExportTable {
  /// What `overlong` findings measured in one bundle: the value, its width in display columns,
  /// and the limit it went over (`max-length` or a config rule, else the ratio-and-slack rule
  /// against the development language's value).
  ///
  /// Each table's entries are indexed once, when a finding of that table is first measured, so
  /// an export of thousands of length findings reads each table once (looking each value up with
  /// `LocalizationBundle.value(at:)` read the whole table per finding: 7× the JSON report's time
  /// on 7,755 findings).
  public struct Measurer {
    private let bundle: LocalizationBundle
    private let options: CheckOptions
    /// Per language and table: each entry's value and comment by key, plural form and device.
    private var indexes: [String: [String: (value: String, comment: String?)]] = [:]

    public init(_ bundle: LocalizationBundle, options: CheckOptions) {
      self.bundle = bundle
      self.options = options
    }

    /// The value, width and limit of an `overlong` finding; nil for any other finding.
    public mutating func measure(_ finding: Finding) -> (value: String, width: Int, limit: Int?)? {
      guard finding.kind == .overlong, let language = finding.language, let table = finding.table,
        let key = finding.key
      else { return nil }
      guard let entry = lookup(language, table, key, finding.category, finding.device) else { return nil }
      let source = bundle.developmentLanguage
      let sourceEntry =
        lookup(source, table, key, finding.category, finding.device)
        ?? (finding.category == nil ? nil : lookup(source, table, key, .other, finding.device))
      let comment = entry.comment ?? sourceEntry?.comment
      let limit =
        ColumnBudget.limit(comment: comment, key: key, options: options)
        ?? sourceEntry.map {
          Overlong.ratioLimit(sourceWidth: DisplayWidth.columns(of: $0.value), options: options).columns
        }
      return (entry.value, DisplayWidth.columns(of: entry.value), limit)
    }

    private mutating func lookup(
      _ language: String, _ table: String, _ key: String, _ plural: PluralCategory?, _ device: String?
    ) -> (value: String, comment: String?)? {
      let place = language + "\u{0}" + table
      if indexes[place] == nil {
        var index: [String: (value: String, comment: String?)] = [:]
        for file in bundle.tables where file.language == language && file.name == table {
          for entry in file.entries {
            // The later duplicate wins, as `value(at:)` reads it.
            index[Self.slot(entry.key, entry.plural, entry.device)] = (entry.value, entry.comment)
          }
        }
        indexes[place] = index
      }
      return indexes[place]?[Self.slot(key, plural, device)]
    }

    private static func slot(_ key: String, _ plural: PluralCategory?, _ device: String?) -> String {
      key + "\u{0}" + (plural?.rawValue ?? "") + "\u{0}" + (device ?? "")
    }
  }
}
