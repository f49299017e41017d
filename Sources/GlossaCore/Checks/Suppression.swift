import Foundation

/// `glossa-ignore: KIND[, KIND]` in a key's translator comment: the kinds not reported for that
/// key, in any language (the source entry's comment speaks for every translation).
public enum Suppression {
  /// The marker looked for, in any case.
  public static let marker = "glossa-ignore:"

  /// The kinds a comment silences; names that are not finding kinds are left out (a typo then
  /// silences nothing, and `glossa lint` still reports the finding).
  public static func kinds(in comment: String?) -> Set<FindingKind> {
    guard let comment, comment.utf8.count >= marker.utf8.count else { return [] }
    var result: Set<FindingKind> = []
    var rest = Substring(comment)
    while let found = rest.range(of: marker, options: .caseInsensitive) {
      rest = rest[found.upperBound...]
      // The list runs to the end of the line; names are separated by commas or spaces.
      let list = rest.prefix { $0 != "\n" && $0 != "\r" && $0 != ";" }
      for name in list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
        let trimmed = name.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".;"))
        if let kind = FindingKind(rawValue: trimmed) { result.insert(kind) }
      }
    }
    return result
  }
}
