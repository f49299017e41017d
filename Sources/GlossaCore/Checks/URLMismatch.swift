import Foundation

/// `url-mismatch`: a URL or e-mail address of the source is missing from a translation, or
/// written differently. Warning: a changed link sends users elsewhere, or nowhere.
///
/// Links the translation adds are not findings; a link the translation writes again with only
/// the language in it changed (`/en/` → `/de/`, `lang=en` → `lang=de`) is the localized page;
/// a value that is nothing but an e-mail address is a sample identity a translation may
/// localize (`another@follower.social`); a fediverse handle (`@user@host`) is not an address.
public struct URLMismatch: Check {
  public var kind: FindingKind { .urlMismatch }
  public var keyTriggers: KeyShape { .links }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let text = subject.translationText, let sourceText = subject.sourceText,
      let line = subject.translation?.entryLine
    else { return }
    let sourceValue = sourceText.string
    let expected = LinkText.links(sourceValue)
    guard !expected.isEmpty else { return }
    // A value that is only an address is a sample identity (a placeholder account) when the
    // translation writes another address.
    let sampleIdentity =
      expected.count == 1 && Self.isEmail(expected[0])
      && sourceValue.trimmingCharacters(in: .whitespaces) == expected[0]
    var actual = LinkText.links(text.string)
    var missing: [String] = []
    for link in expected {
      if let index = actual.firstIndex(of: link) {
        actual.remove(at: index)
      } else {
        missing.append(link)
      }
    }
    var problems: [String] = []
    for link in missing {
      if let index = actual.firstIndex(where: { Self.localized($0, of: link, language: subject.language) }) {
        actual.remove(at: index)
        continue
      }
      if let changed = actual.first(where: { Self.sameKind($0, link) }) {
        actual.removeAll { $0 == changed }
        if sampleIdentity { continue }
        problems.append("\(link) is written \(changed)")
      } else {
        problems.append("\(link) is missing")
      }
    }
    guard !problems.isEmpty else { return }
    emit(
      subject.finding(
        .urlMismatch, .warning, line: line,
        "The translation's links differ from the source's: " + problems.joined(separator: "; ") + "."))
  }

  /// True when both are e-mail addresses or both are URLs.
  private static func sameKind(_ a: String, _ b: String) -> Bool {
    isEmail(a) == isEmail(b)
  }

  private static func isEmail(_ link: String) -> Bool { link.contains("@") && !link.contains("/") }

  /// True when `link` is `source` with only a language code in it changed: the same text once
  /// both have their language-looking parts (two or three letters, or a tag like `pt-BR`,
  /// between `/`, `.`, `=`, `-` or `_` separators) made alike.
  static func localized(_ link: String, of source: String, language: String) -> Bool {
    func parts(_ s: String) -> [Substring] { s.split(omittingEmptySubsequences: false) { "/.=?&_".contains($0) } }
    let a = parts(link)
    let b = parts(source)
    guard a.count == b.count, a.count > 1 else { return false }
    var changed = 0
    for (x, y) in zip(a, b) where x != y {
      guard Self.looksLikeLanguage(x), Self.looksLikeLanguage(y) else { return false }
      changed += 1
    }
    return changed > 0
  }

  private static func looksLikeLanguage(_ part: Substring) -> Bool {
    let pieces = part.split(separator: "-")
    guard let first = pieces.first, (2...3).contains(first.count), first.allSatisfy(\.isLetter), pieces.count <= 3
    else { return false }
    return pieces.dropFirst().allSatisfy { (2...4).contains($0.count) && $0.allSatisfy { $0.isLetter || $0.isNumber } }
  }
}
