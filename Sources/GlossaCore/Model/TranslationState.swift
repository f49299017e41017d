import Foundation

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

  /// The state these UTF-8 bytes name; nil for any other bytes. Compared byte by byte, with
  /// no array of the cases made (a catalog reader asks once per unit).
  init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    func spells(_ name: StaticString) -> Bool {
      bytes.count == name.utf8CodeUnitCount
        && (bytes.isEmpty || memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0)
    }
    switch bytes.count {
    case 3 where spells("new"): self = .new
    case 5 where spells("stale"): self = .stale
    case 10 where spells("translated"): self = .translated
    case 12 where spells("needs_review"): self = .needsReview
    default: return nil
    }
  }

  /// True for the states that ask a reviewer to look at the value again.
  public var needsAttention: Bool { self == .needsReview || self == .stale }
}
