/// `repeated-word`: a word repeated with only a space between (“the the”). Info: nearly always a
/// typo. Hyphenated repeats (`bye-bye`) are words; words after `%`, `$`, `#`, `@` or `{` belong
/// to specifiers and references; numbers are not words. Some languages repeat a word as grammar
/// (French `nous nous`, German `die die`, Dutch `dat dat`, `je je`, English `had had`): those pairs, and
/// interjections (`ha ha`, `bla bla`), are not findings. The source language is checked too; a
/// translation is not reported when its source repeats a word.
public struct RepeatedWord: Check {
  public var kind: FindingKind { .repeatedWord }
  public var keyTriggers: KeyShape { .repeatedWord }
  public init() {}

  /// Repeats that are grammar, by base language, and interjections anywhere.
  static let grammatical: [String: Set<String>] = [
    "fr": ["nous", "vous"], "de": ["die", "der", "das"], "nl": ["dat", "die", "je"], "en": ["that", "had"],
  ]
  static let interjections: Set<String> = ["ha", "haha", "bla", "la", "na"]

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard let text = subject.translationText, let line = subject.translation?.entryLine else { return }
    let grammatical = Self.grammatical[subject.unit.baseLanguage]
    let words = text.withUTF8(Self.repeats).filter { word in
      let lower = word.lowercased()
      return !Self.interjections.contains(lower) && grammatical?.contains(lower) != true
    }
    guard !words.isEmpty else { return }
    // A source that repeats a word is reported itself; its translations may follow it.
    if !subject.isSource, let sourceText = subject.sourceText, !sourceText.withUTF8(Self.repeats).isEmpty { return }
    emit(
      subject.finding(
        .repeatedWord, .info, line: line,
        "\(subject.isSource ? "The value" : "The translation") repeats “\(words[0])”: \(quoted(text.string))."))
  }

  /// Each word of `bytes` that the next word repeats after one space, in order.
  static func repeats(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
    var result: [String] = []
    forEachRepeat(bytes) { start, length in
      result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + length)]), as: UTF8.self))
      return true
    }
    return result
  }

  /// The first repeat's word start and length, or nil: what a key's shape asks of every value.
  static func firstRepeat(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var found: Int?
    forEachRepeat(bytes) { start, _ in
      found = start
      return false
    }
    return found
  }

  /// Calls `body` with each repeated word (start, length) until it returns false.
  private static func forEachRepeat(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Int) -> Bool) {
    let count = bytes.count
    var previousStart = -1
    var previousLength = 0
    var i = 0
    while i < count {
      guard isWordByte(bytes[i]) else {
        i += 1
        continue
      }
      let start = i
      var hasLetter = false
      while i < count && isWordByte(bytes[i]) {
        if bytes[i] >= 0x80 || TextScan.isLetter(bytes[i]) { hasLetter = true }
        i += 1
      }
      let length = i - start
      let before: UInt8 = start > 0 ? bytes[start - 1] : 0x20
      let candidate =
        hasLetter && !(before == 0x25 || before == 0x24 || before == 0x23 || before == 0x40 || before == 0x7B)
      if candidate, previousStart >= 0, previousStart + previousLength + 1 == start, before == 0x20,
        length == previousLength, sameWord(bytes, previousStart, start, length)
      {
        if !body(start, length) { return }
      }
      previousStart = candidate ? start : -1
      previousLength = length
    }
  }

  /// ASCII letters and digits, `'` and `-` inside words, and every byte of other scripts.
  static func isWordByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || TextScan.isAlphanumeric(byte) || byte == 0x27 || byte == 0x2D
  }

  /// True when the words at `a` and `b` (`length` bytes each) are equal, ASCII letters in any case.
  static func sameWord(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, _ length: Int) -> Bool {
    for k in 0..<length {
      let x = bytes[a + k]
      let y = bytes[b + k]
      if x == y { continue }
      guard x < 0x80, y < 0x80, TextScan.isLetter(x), x | 0x20 == y | 0x20 else { return false }
    }
    return true
  }
}
