import GlossaCore

/// One row of the key list: a key of the current language and table with its values side by side.
public struct KeyRow: Sendable, Hashable {
  public var key: String
  /// The `.stringsdict` variable when the key is a plural family.
  public var variable: String?
  /// True when the key is a plural family; the values shown are its `other` forms.
  public var isPlural: Bool
  /// The development language's value.
  public var source: String?
  public var local: String?
  public var remote: String?
  /// What the app would show, resolved as the core's `Resolver` does (remote bundle first).
  public var effective: String?
  /// Where `effective` comes from (`remote · de`).
  public var effectiveFrom: String?
  /// The translator comment.
  public var comment: String?
  /// The line of the key's entry in the local file (else the remote one), when it has one.
  public var line: Int?
  /// The local bundle's findings about this key (lint's).
  public var findings: [Finding]
  /// The remote bundle's own findings about this key (its value checked as a repack would).
  public var remoteFindings: [Finding]
  /// True when a value of this key was edited and not saved.
  public var isEdited: Bool
  /// True when both bundles have a value and they differ (a value on one side only is a
  /// `missing-in-remote` or `only-in-remote` finding).
  public var isChanged: Bool

  public init(
    key: String, variable: String? = nil, isPlural: Bool = false, source: String? = nil,
    local: String? = nil, remote: String? = nil, effective: String? = nil,
    comment: String? = nil, findings: [Finding] = [], remoteFindings: [Finding] = [], isEdited: Bool = false,
    isChanged: Bool = false
  ) {
    self.key = key
    self.variable = variable
    self.isPlural = isPlural
    self.source = source
    self.local = local
    self.remote = remote
    self.effective = effective
    self.comment = comment
    self.findings = findings
    self.remoteFindings = remoteFindings
    self.isEdited = isEdited
    self.isChanged = isChanged
  }

  /// True when any finding (of either side) has one of `kinds`.
  public func has(_ kinds: Set<FindingKind>) -> Bool {
    findings.contains { kinds.contains($0.kind) } || remoteFindings.contains { kinds.contains($0.kind) }
  }

  /// True when the row has a finding on either side.
  public var hasFindings: Bool { !findings.isEmpty || !remoteFindings.isEmpty }

  /// The most severe finding of either side, the one the row's marker shows.
  public var worstFinding: Finding? {
    (findings + remoteFindings).max { a, b in
      a.severity != b.severity ? a.severity < b.severity : a.kind.markerRank > b.kind.markerRank
    }
  }

}

extension FindingKind {
  /// The letter the key list shows for this kind (colour is never the only signal).
  public var marker: Character {
    switch self {
    case .missingKey: "M"
    case .extraKey: "X"
    case .emptyValue: "E"
    case .untranslated: "U"
    case .whitespaceMismatch: "W"
    case .formatMismatch: "F"
    case .brokenReference: "B"
    case .duplicateKey: "D"
    case .overlong: "L"
    case .pluralGap: "P"
    case .pluralExtra: "p"
    case .parseError, .encodingError: "!"
    case .invalidInfoPlist: "I"
    case .unreadableFile: "!"
    case .missingInRemote: "R"
    case .onlyInRemote: "r"
    case .needsReview: "?"
    case .unpositionedArguments: "A"
    case .missingComment: "C"
    case .storeMetadataLength: "S"
    case .missingInBundle: "K"
    case .unusedKey: "u"
    case .placeholderText: "T"
    case .urlMismatch: "H"
    case .numberMismatch: "N"
    case .invisibleCharacter: "Z"
    case .doubleSpace: "s"
    case .repeatedWord: "w"
    case .ellipsis: "e"
    case .caseDuplicateKey: "k"
    case .shouldNotTranslate: "O"
    case .staleKey: "o"
    case .punctuationMismatch: ","
    case .markupMismatch: "<"
    case .inconsistentTranslation: "~"
    case .unlocalizedPermission: "Q"
    case .glossary: "G"
    case .sourceChanged: "c"
    }
  }

  /// Tie-break between kinds of equal severity: lower shows first.
  var markerRank: Int { FindingKind.allCases.firstIndex(of: self) ?? 0 }
}

extension Severity {
  /// The colour role of findings of this severity.
  public var role: ColorRole {
    switch self {
    case .error: .error
    case .warning: .warning
    case .info: .info
    }
  }
}
