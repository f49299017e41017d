import Foundation

/// What a downloaded body is, decided from its bytes, never from `Content-Type`.
public enum RemoteBodyKind: String, Sendable, Hashable, Codable {
  /// A zip archive (bundle with `Resources/…lproj/…`).
  case zip
  /// A single `.strings` table.
  case strings
  /// A single JSON table.
  case json
  /// A single `.stringsdict` (XML property list) table.
  case stringsdict

  /// The extension the cached body file gets, so loaders can open it by name.
  public var fileExtension: String { rawValue }

  /// Decides the kind from the first bytes of a body.
  ///
  /// - Throws: `RemoteProblem.emptyBody`, or `.notABundle` quoting the start of the body when
  ///   the bytes are none of the known kinds.
  public static func sniff(_ head: Data) throws(RemoteProblem) -> RemoteBodyKind {
    let bytes = [UInt8](head.prefix(4096))
    if bytes.isEmpty { throw RemoteProblem.emptyBody }
    if bytes.count >= 4, bytes[0] == 0x50, bytes[1] == 0x4B,
      (bytes[2] == 0x03 && bytes[3] == 0x04) || (bytes[2] == 0x05 && bytes[3] == 0x06)
    {
      return .zip
    }
    let text = decodeHead(bytes)
    let significant = text.map { skipTrivia($0) } ?? ""
    if let first = significant.first {
      if first == "{" || first == "[" { return .json }
      if first == "\"" { return .strings }
      if significant.hasPrefix("<?xml") || significant.hasPrefix("<!DOCTYPE plist")
        || significant.hasPrefix("<plist")
      {
        if significant.range(of: "<plist") != nil
          && significant.range(of: "<html", options: .caseInsensitive) == nil
        {
          return .stringsdict
        }
      }
      if looksLikeBareKeyAssignment(significant) { return .strings }
    } else if text != nil && hasBOM(bytes) {
      return .strings  // a BOM followed only by comments or whitespace: an empty table
    }
    throw RemoteProblem.notABundle(start: quote(text, bytes))
  }

  private static func hasBOM(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFF, 0xFE])
      || bytes.starts(with: [0xFE, 0xFF])
  }

  /// Decodes the head as UTF-8 or UTF-16 (by BOM), tolerating a multi-byte character cut at the
  /// end; nil for bytes that are not text (undecodable, or control characters other than line breaks).
  private static func decodeHead(_ bytes: [UInt8]) -> String? {
    guard let text = decodeAny(bytes) else { return nil }
    let binary = text.unicodeScalars.contains {
      ($0.value < 0x20 && !"\t\n\r\u{0C}".unicodeScalars.contains($0)) || $0.value == 0x7F
    }
    return binary ? nil : text
  }

  private static func decodeAny(_ bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0xFF, 0xFE]) {
      let body = Data(bytes.dropFirst(2).prefix((bytes.count - 2) & ~1))
      return String(data: body, encoding: .utf16LittleEndian)
    }
    if bytes.starts(with: [0xFE, 0xFF]) {
      let body = Data(bytes.dropFirst(2).prefix((bytes.count - 2) & ~1))
      return String(data: body, encoding: .utf16BigEndian)
    }
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    for cut in 0...3 where body.count >= cut {
      if let s = String(bytes: body.dropLast(cut), encoding: .utf8) { return s }
    }
    return nil
  }

  /// Drops leading whitespace and `/* */`, `//` comments.
  private static func skipTrivia(_ text: String) -> Substring {
    var rest = Substring(text)
    while true {
      rest = rest.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
      if rest.hasPrefix("/*") {
        guard let end = rest.range(of: "*/") else { return "" }
        rest = rest[end.upperBound...]
      } else if rest.hasPrefix("//") {
        rest = rest.drop { $0 != "\n" }
      } else {
        return rest
      }
    }
  }

  /// An unquoted `.strings` key (`key_name = "…";`).
  private static func looksLikeBareKeyAssignment(_ text: Substring) -> Bool {
    let key = text.prefix { $0.isLetter || $0.isNumber || "_.-$:/".contains($0) }
    guard !key.isEmpty else { return false }
    let after = text.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
    return after.first == "="
  }

  private static func quote(_ text: String?, _ bytes: [UInt8]) -> String {
    guard let text else {
      return bytes.prefix(8).map { String(format: "%02x", $0) }.joined(separator: " ")
    }
    let line = text.drop { $0.isWhitespace }.prefix { $0 != "\n" && $0 != "\r" }
    let shown = line.count > 40 ? line.prefix(40) + "…" : line
    return "“\(shown)”"
  }
}
