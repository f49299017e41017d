import Foundation

/// `glossa-ignore: KIND[, KIND]` in a key's translator comment: the kinds not reported for that
/// key, in any language (the source entry's comment speaks for every translation).
public enum Suppression {
  /// The marker looked for, in any case.
  public static let marker = "glossa-ignore:"

  /// The kinds a comment silences; names that are not finding kinds are left out (a typo then
  /// silences nothing, and `glossa lint` still reports the finding).
  public static func kinds(in comment: String?) -> Set<FindingKind> {
    guard let comment, comment.utf8.count >= marker.utf8.count, mayHoldMarker(comment) else { return [] }
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

  /// False when `comment` cannot hold the marker: it has no `glossa-ignore:` in ASCII letters
  /// of any case (nearly every comment), found without Foundation.
  private static func mayHoldMarker(_ comment: String) -> Bool {
    var comment = comment
    return comment.withUTF8 { bytes in
      let count = markerBytes.count
      guard bytes.count >= count else { return false }
      for start in 0...(bytes.count - count) where bytes[start] | 0x20 == 0x67 {
        var k = 1
        while k < count, Self.folded(bytes[start + k]) == markerBytes[k] { k += 1 }
        if k == count { return true }
      }
      return false
    }
  }

  private static let markerBytes: [UInt8] = Array(marker.utf8)

  /// An ASCII capital letter as its small letter; any other byte as it is.
  private static func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}
