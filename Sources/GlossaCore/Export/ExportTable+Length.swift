extension ExportTable {
  /// What an `overlong` finding measured in `bundle`: the value, its width in display columns,
  /// and the limit it went over (`max-length` or a config rule, else the ratio-and-slack rule
  /// against the development language's value); nil for any other finding.
  ///
  /// Each call looks the value up in its table, so a table of a million findings pays for the
  /// length findings only.
  public static func measured(
    _ finding: Finding, in bundle: LocalizationBundle, options: CheckOptions
  ) -> (value: String, width: Int, limit: Int?)? {
    guard finding.kind == .overlong, let language = finding.language, let table = finding.table,
      let key = finding.key
    else { return nil }
    let address = ValueAddress(
      language: language, table: table, key: key, plural: finding.category, device: finding.device)
    guard let value = bundle.value(at: address) else { return nil }
    var source = address
    source.language = bundle.developmentLanguage
    let limit =
      ColumnBudget.limit(comment: bundle.comment(at: address), key: key, options: options)
      ?? (bundle.value(at: source) ?? (finding.category == nil ? nil : bundle.value(at: otherForm(source)))).map {
        Overlong.ratioLimit(sourceWidth: DisplayWidth.columns(of: $0), options: options).columns
      }
    return (value, DisplayWidth.columns(of: value), limit)
  }

  private static func otherForm(_ address: ValueAddress) -> ValueAddress {
    var other = address
    other.plural = .other
    return other
  }
}
