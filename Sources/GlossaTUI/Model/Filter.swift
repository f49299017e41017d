import GlossaCore

/// Which rows the key list shows.
public enum Filter: String, Sendable, Hashable, CaseIterable {
  case all, findings, missing
  /// Keys one side lacks: missing in the remote bundle, or only in it.
  case oneSide
  case overlong, plural, changed, edited
  /// Keys whose values, pseudo-localized, would not fit their column budget.
  case wontFit
  /// String Catalog keys whose translation is marked `needs_review` or `stale` (last in the `f`
  /// cycle, so the cycle's earlier stops keep their places).
  case needsReview

  /// The label shown in the header.
  public var label: String {
    switch self {
    case .all: "all"
    case .findings: "with findings"
    case .missing: "missing"
    case .oneSide: "one side only"
    case .overlong: "overlong"
    case .plural: "plural"
    case .needsReview: "needs review"
    case .changed: "changed"
    case .edited: "edited"
    case .wontFit: "won't fit"
    }
  }

  /// The filter after this one, wrapping round.
  public var next: Filter {
    let all = Filter.allCases
    let index = all.firstIndex(of: self) ?? 0
    return all[(index + 1) % all.count]
  }

  /// True when the filter looks at findings (so it shows nothing until the checks ran).
  public var needsFindings: Bool {
    switch self {
    case .findings, .missing, .oneSide, .overlong, .plural, .needsReview: true
    case .all, .changed, .edited, .wontFit: false
    }
  }

  /// True when `row` passes the filter; `wontFit` says whether a row's pseudo-localized values
  /// overflow their budget (the state knows the budgets and the expansion).
  public func admits(_ row: KeyRow, wontFit: (KeyRow) -> Bool) -> Bool {
    switch self {
    case .all: true
    case .findings: row.hasFindings
    case .missing, .oneSide, .overlong, .plural, .needsReview: findingKinds.map(row.has) ?? false
    case .changed: row.isChanged
    case .edited: row.isEdited
    case .wontFit: wontFit(row)
    }
  }
}

extension Filter {
  /// The finding kinds this filter is about (nil: it does not look at kinds).
  var findingKinds: Set<FindingKind>? {
    switch self {
    // Missing in the language shown; what one bundle has and the other lacks is `oneSide`.
    case .missing: [.missingKey]
    case .oneSide: [.missingInRemote, .onlyInRemote]
    case .overlong: [.overlong]
    case .plural: [.pluralGap, .pluralExtra]
    case .needsReview: [.needsReview]
    case .all, .findings, .changed, .edited, .wontFit: nil
    }
  }
}
