/// One language's value inside a localized object.
public struct LocalizedValue: Sendable, Hashable {
  /// The member key as written (`en-GB`, `pt_BR`).
  public var language: String
  public var value: String
  /// 1-based line and column of the member key.
  public var line: Int
  public var column: Int

  public init(language: String, value: String, line: Int, column: Int) {
    self.language = language
    self.value = value
    self.line = line
    self.column = column
  }
}

/// A JSON object whose members are all locale codes with string values: one key's value per language.
public struct LocalizedObject: Sendable, Hashable {
  /// The flat key path (`home.greeting`); empty when the whole file is one localized object.
  public var key: String
  /// The values in file order (a repeated language keeps every occurrence; the later one wins).
  public var values: [LocalizedValue]
  /// 1-based line and column of the member key holding the object (of `{` for a whole-file object).
  public var line: Int
  public var column: Int

  public init(key: String, values: [LocalizedValue], line: Int, column: Int) {
    self.key = key
    self.values = values
    self.line = line
    self.column = column
  }

  /// The languages as written, in file order, each once.
  public var languages: [String] {
    var seen = Set<String>()
    return values.map(\.language).filter { seen.insert($0).inserted }
  }

  /// The value for `language`, matched as a language tag (`pt_BR` is `pt-BR`, case-insensitive);
  /// when the language is written more than once, the later occurrence wins.
  public func value(for language: String) -> LocalizedValue? {
    values.last { Self.sameLanguage($0.language, language) }
  }

  /// True when two locale codes are the same tag: equal ignoring ASCII case, with `_` read as
  /// `-`. Compared byte by byte: views look values up once per key and language.
  static func sameLanguage(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    let x = a.utf8
    let y = b.utf8
    guard x.count == y.count else { return false }
    for (p, q) in zip(x, y) where fold(p) != fold(q) { return false }
    return true
  }

  private static func fold(_ byte: UInt8) -> UInt8 {
    if byte == UInt8(ascii: "_") { return UInt8(ascii: "-") }
    if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { return byte + 32 }
    return byte
  }
}
