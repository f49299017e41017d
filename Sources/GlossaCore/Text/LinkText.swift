import Foundation

/// The URLs and e-mail addresses of a value, as `url-mismatch` compares them: a URL is ASCII
/// (it ends where another script starts, as in Chinese prose), and `@user@host` is a fediverse
/// handle, not an address.
enum LinkText {
  private static let pattern = try! NSRegularExpression(
    pattern:
      #"(?:(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*://|(?<![A-Za-z0-9.])www\.|(?<![A-Za-z0-9])mailto:)[A-Za-z0-9\-._~:/?#@!$&*+,;=%]+|(?<![A-Za-z0-9._+@-])[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![A-Za-z0-9])"#
  )

  /// Characters a sentence puts after a link, which are not part of it.
  private static let trailing = Set(".,;:!?'\"…。、，！？：；".unicodeScalars)

  /// Each link of `value`, in order, without the punctuation that ends a sentence after it.
  static func links(_ value: String) -> [String] {
    let range = NSRange(value.startIndex..., in: value)
    return pattern.matches(in: value, range: range).compactMap { match in
      guard let found = Range(match.range, in: value) else { return nil }
      var link = Substring(value[found])
      while let last = link.unicodeScalars.last, trailing.contains(last) { link = link.dropLast() }
      return link.isEmpty ? nil : String(link)
    }
  }
}
