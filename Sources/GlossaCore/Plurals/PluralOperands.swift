/// The CLDR plural operands of one number, read from its decimal text so that `1.0` differs from `1`.
///
/// Accepts an optional sign, digits, an optional `.` with digits, and an optional exponent written
/// `c` or `e` (`1c6`, `1.2e3`), the compact form CLDR samples use. The sign is ignored (plural rules
/// see the absolute value); the exponent moves the decimal point and becomes the `e` operand.
public struct PluralOperands: Sendable, Hashable, CustomStringConvertible {
  /// Digits of the integer part after applying the exponent, without leading zeros (empty for 0).
  let integerDigits: [UInt8]
  /// Visible fraction digits after applying the exponent, trailing zeros kept.
  let fractionDigits: [UInt8]
  /// The compact exponent (`c`/`e` operand); 0 when the text has none.
  public let exponent: Int
  /// The text the operands were read from.
  public let text: String

  /// The largest exponent accepted; larger ones describe numbers no plural rule distinguishes.
  static let maximumExponent = 1000

  /// Reads `text` such as `5`, `1.50`, `-3`, `1c6` or `1.2e3`; nil when it is not a number.
  public init?(_ text: String) {
    var bytes = Array(text.utf8)[...]
    if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      bytes = bytes.dropFirst()
    }
    let mantissaInteger = bytes.prefix { Self.isDigit($0) }
    guard !mantissaInteger.isEmpty else { return nil }
    bytes = bytes.dropFirst(mantissaInteger.count)
    var mantissaFraction: ArraySlice<UInt8> = []
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      mantissaFraction = bytes.prefix { Self.isDigit($0) }
      guard !mantissaFraction.isEmpty else { return nil }
      bytes = bytes.dropFirst(mantissaFraction.count)
    }
    var exponent = 0
    if let marker = bytes.first,
      [UInt8(ascii: "c"), UInt8(ascii: "e"), UInt8(ascii: "C"), UInt8(ascii: "E")].contains(marker)
    {
      bytes = bytes.dropFirst()
      let digits = bytes.prefix { Self.isDigit($0) }
      guard !digits.isEmpty, digits.count <= 4 else { return nil }
      bytes = bytes.dropFirst(digits.count)
      exponent = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
      guard exponent <= Self.maximumExponent else { return nil }
    }
    guard bytes.isEmpty else { return nil }

    var all = (mantissaInteger + mantissaFraction).map { $0 - UInt8(ascii: "0") }
    let point = mantissaInteger.count + exponent
    if point > all.count { all += Array(repeating: 0, count: point - all.count) }
    self.integerDigits = Array(all[..<point].drop { $0 == 0 })
    self.fractionDigits = Array(all[point...])
    self.exponent = exponent
    self.text = text
  }

  /// The operands of a non-negative whole number.
  public init(_ value: Int) {
    let magnitude = value.magnitude
    self.integerDigits = magnitude == 0 ? [] : String(magnitude).utf8.map { $0 - UInt8(ascii: "0") }
    self.fractionDigits = []
    self.exponent = 0
    self.text = String(value)
  }

  /// The integer part as decimal text (`i`), after applying the exponent.
  public var integerPart: String {
    integerDigits.isEmpty ? "0" : String(decoding: integerDigits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
  }

  /// The visible fraction digits (`f` with its leading zeros), empty for integers.
  public var fractionPart: String {
    String(decoding: fractionDigits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
  }

  /// The number of visible fraction digits (`v`).
  public var visibleFractionDigitCount: Int { fractionDigits.count }

  /// `n=… i=… v=… w=… f=… t=… e=…`, for messages and debugging.
  public var description: String {
    let w = Self.droppingTrailingZeros(fractionDigits)
    return "n=\(text) i=\(integerPart) v=\(fractionDigits.count) w=\(w.count) "
      + "f=\(PluralValue(integer: fractionDigits).integerText) t=\(PluralValue(integer: w).integerText) e=\(exponent)"
  }

  /// The value of one operand.
  func value(of operand: PluralOperand) -> PluralValue {
    switch operand {
    case .n: PluralValue(integer: integerDigits, fraction: fractionDigits)
    case .i: PluralValue(integer: integerDigits)
    case .v: PluralValue(fractionDigits.count)
    case .w: PluralValue(Self.droppingTrailingZeros(fractionDigits).count)
    case .f: PluralValue(integer: fractionDigits)
    case .t: PluralValue(integer: Self.droppingTrailingZeros(fractionDigits))
    case .e: PluralValue(exponent)
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func droppingTrailingZeros(_ digits: [UInt8]) -> [UInt8] {
    var digits = digits
    while digits.last == 0 { digits.removeLast() }
    return digits
  }
}

/// An operand value held as decimal digits, so numbers of any length compare and reduce exactly.
struct PluralValue: Sendable, Hashable {
  /// Integer digits without leading zeros (empty for 0).
  var integer: [UInt8]
  /// Whether any non-zero digit follows the decimal point.
  var hasFraction: Bool

  init(integer: [UInt8], fraction: [UInt8] = []) {
    self.integer = Array(integer.drop { $0 == 0 })
    self.hasFraction = fraction.contains { $0 != 0 }
  }

  init(_ small: Int) {
    self.init(integer: small == 0 ? [] : String(small.magnitude).utf8.map { $0 - UInt8(ascii: "0") })
  }

  /// The integer part when it fits in a `UInt64`.
  var integerValue: UInt64? {
    var result: UInt64 = 0
    for digit in integer {
      let (times, o1) = result.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times.addingReportingOverflow(UInt64(digit))
      if o1 || o2 { return nil }
      result = sum
    }
    return result
  }

  var integerText: String {
    integer.isEmpty ? "0" : String(decoding: integer.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
  }

  /// The value modulo `modulus` (the fraction is kept, as CLDR's `n % 10` of 1.5 is 1.5).
  func remainder(dividingBy modulus: UInt64) -> PluralValue {
    var rest: UInt64 = 0
    for digit in integer { rest = (rest * 10 + UInt64(digit)) % modulus }
    var result = PluralValue(Int(rest))
    result.hasFraction = hasFraction
    return result
  }

  /// Whether the value is a whole number inside `range`.
  func isInteger(in range: ClosedRange<UInt64>) -> Bool {
    guard !hasFraction, let value = integerValue else { return false }
    return range.contains(value)
  }

  /// Whether the value lies between the bounds of `range`, fractions included.
  func isWithin(_ range: ClosedRange<UInt64>) -> Bool {
    guard let value = integerValue else { return false }
    return value >= range.lowerBound
      && (value < range.upperBound || (value == range.upperBound && !hasFraction))
  }
}
