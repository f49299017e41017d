import GlossaCore

/// The findings view: every finding of both bundles in one list, filtered by severity, kind,
/// language and side.
public struct FindingsBrowser: Sendable, Hashable {
  /// Only findings of this severity (nil: all).
  public var severity: Severity?
  /// Only findings of this kind (nil: all).
  public var kind: FindingKind?
  /// Only findings of this language (nil: all languages).
  public var language: String?
  /// Only findings about this side (nil: both).
  public var side: Side?
  /// The findings that pass the filters, in list order.
  public internal(set) var items = FindingList()
  /// Column widths for the list: the widest language code and location of any finding.
  var languageWidth = 4
  var locationWidth = 12
  var kindWidth = 12
  public internal(set) var selection = 0
  /// The rank of the finding last chosen by a move: filters that leave it out and then bring it
  /// back (`l l L L`) land on it again, and meanwhile on the first finding after it.
  var anchor: FindingOrder.Rank?

  /// Selects row `row` as the user's choice (a move): the next filter keeps it, not an older one.
  mutating func choose(_ row: Int) {
    selection = row
    anchor = nil
  }
  public internal(set) var scroll = 0
  /// The typed filter (`/`) while it is being edited.
  public internal(set) var filterLine: FindingsFilterLine?

  public init(severity: Severity? = nil, kind: FindingKind? = nil, language: String? = nil, side: Side? = nil) {
    self.severity = severity
    self.kind = kind
    self.language = language
    self.side = side
  }

  /// True when `item` passes every filter.
  public func admits(_ item: FindingItem) -> Bool {
    admits(
      FindingCatalog.Facet(
        severity: item.finding.severity, kind: item.finding.kind, side: item.side, language: item.finding.language))
  }

  func admits(_ facet: FindingCatalog.Facet) -> Bool {
    (severity == nil || facet.severity == severity) && (kind == nil || facet.kind == kind)
      && (language == nil || facet.language == language) && (side == nil || facet.side == side)
  }

  /// The filters in words, for the title (`errors · overlong · ja`).
  public var filterLabel: String {
    var parts: [String] = []
    if let severity { parts.append(severity.plural) }
    if let kind { parts.append(kind.rawValue) }
    parts.append(language ?? "all languages")
    if let side { parts.append("\(side.rawValue) only") }
    return parts.joined(separator: " · ")
  }

  /// The filters alone, as the review remembers them for the next `F`: without the list, which
  /// holds the sorted findings' array and would make merging a change into it copy every item.
  var remembered: FindingsBrowser {
    var filters = FindingsBrowser(severity: severity, kind: kind, language: language, side: side)
    filters.filterLine = nil
    return filters
  }

  /// The selected finding.
  public var selected: FindingItem? { items.indices.contains(selection) ? items[selection] : nil }
}

extension Severity {
  /// The severity's name in the plural (`errors`).
  public var plural: String {
    switch self {
    case .error: "errors"
    case .warning: "warnings"
    case .info: "info"
    }
  }
}
