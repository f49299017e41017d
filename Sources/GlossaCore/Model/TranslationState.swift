/// The review state of a String Catalog unit (`stringUnit.state`).
public enum TranslationState: String, Sendable, Hashable, CaseIterable, Codable {
  /// Added but not translated yet.
  case new
  /// Translated and reviewed.
  case translated
  /// Translated, but someone asked for another look (Xcode marks edited source text this way).
  case needsReview = "needs_review"
  /// The source text changed or the key is no longer used since this was translated.
  case stale

  /// The state `text` names, compared in bytes; nil for any other text.
  init?(_ text: EntryText) {
    guard let state = text.withUTF8({ bytes in Self.allCases.first { bytes.elementsEqual($0.rawValue.utf8) } })
    else { return nil }
    self = state
  }

  /// True for the states that ask a reviewer to look at the value again.
  public var needsAttention: Bool { self == .needsReview || self == .stale }
}
