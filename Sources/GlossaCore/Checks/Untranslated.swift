/// `untranslated`: a translation identical to its source although the source is a phrase worth
/// translating (two or more words once specifiers, references and URLs are set aside). Info: some
/// identical strings are right ("Status" in German), so this only points them out.
public struct Untranslated: Check {
  public var kind: FindingKind { .untranslated }
  public var keyTriggers: KeyShape { .sameAsSource }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard !subject.isSource, let sourceText = subject.sourceText,
      let text = subject.translationText, text.isEqual(to: sourceText),
      !Self.sameBaseLanguage(subject.language, subject.sourceTable?.language ?? "")
    else { return }
    let sourceValue = sourceText.string
    guard Self.isWorthTranslating(sourceValue) else { return }
    emit(
      subject.finding(
        .untranslated, .info, line: subject.translation?.entryLine,
        "The translation is identical to the source \(quoted(sourceValue)); it may not have been translated."
      ))
  }

  /// True when `text` holds at least two words of two or more letters outside format
  /// specifiers, `{references}` and URLs.
  static func isWorthTranslating(_ text: String) -> Bool {
    if let answer = text.utf8.withContiguousStorageIfAvailable(asciiIsWorthTranslating), let answer { return answer }
    var words = 0
    for token in text.split(whereSeparator: { $0.isWhitespace }) {
      if token.contains("://") || token.hasPrefix("%") || token.hasPrefix("{") { continue }
      let letters = token.filter(\.isLetter).count
      if letters >= 2 && letters * 2 >= token.count { words += 1 }
      if words >= 2 { return true }
    }
    return false
  }

  /// `isWorthTranslating` over ASCII bytes, where a character is a byte (a line break, the one
  /// two-byte character, is white space and never inside a word); nil when `bytes` hold
  /// anything else. Lint asks this for every identical translation, so it avoids walking
  /// characters.
  private static func asciiIsWorthTranslating(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    var words = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      guard byte < 0x80 else { return nil }
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        index += 1
        continue
      }
      // One token: up to the next white space.
      let start = index
      var letters = 0
      var hasScheme = false
      while index < count, bytes[index] != 0x20, !(0x09...0x0D).contains(bytes[index]) {
        let byte = bytes[index]
        guard byte < 0x80 else { return nil }
        if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { letters += 1 }
        if byte == 0x3A, index + 2 < count, bytes[index + 1] == 0x2F, bytes[index + 2] == 0x2F { hasScheme = true }
        index += 1
      }
      if hasScheme || bytes[start] == 0x25 || bytes[start] == 0x7B { continue }
      if letters >= 2 && letters * 2 >= index - start { words += 1 }
      // The words so far are the ones the character rules would find: the answer stands,
      // whatever follows.
      if words >= 2 { return true }
    }
    return false
  }

  /// True when two language codes share their base language (`pt-BR` and `pt_PT`, `EN` and
  /// `en`): the part before the first `-` or `_`, ignoring ASCII case; without making strings
  /// (lint asks once per identical translation).
  static func sameBaseLanguage(_ a: String, _ b: String) -> Bool {
    guard a.utf8.allSatisfy({ $0 < 0x80 }) && b.utf8.allSatisfy({ $0 < 0x80 }) else {
      // Not a real language code: Unicode case rules.
      func base(_ code: String) -> Substring {
        code.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""
      }
      return base(a) == base(b)
    }
    func base(_ code: String) -> Substring.UTF8View {
      let bytes = Substring(code).utf8
      let start = bytes.firstIndex { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") } ?? bytes.endIndex
      let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") } ?? bytes.endIndex
      return bytes[start..<end]
    }
    func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
    let (x, y) = (base(a), base(b))
    return x.count == y.count && zip(x, y).allSatisfy { lower($0) == lower($1) }
  }
}
