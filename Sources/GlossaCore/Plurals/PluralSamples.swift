/// Expands CLDR sample lists such as `0, 2~16, 100, …` or `0.0~1.5, 1c6` into concrete numbers.
public enum PluralSamples {
  /// The numbers named by `samples`, in order; `…` is skipped.
  ///
  /// A range `a~b` yields every step (1 for integers, one unit of the last fraction digit for
  /// decimals) when it has at most `fullRangeLimit` steps, otherwise its start, middle and end.
  /// Each number keeps the range's count of fraction digits. Unreadable items are skipped.
  public static func expand(_ samples: String, fullRangeLimit: Int = 50) -> [String] {
    var result: [String] = []
    for item in samples.split(separator: ",") {
      let text = item.trimmingSpaces()
      if text.isEmpty || text == "…" || text == "..." { continue }
      let ends = text.split(separator: "~", omittingEmptySubsequences: false)
      if ends.count == 1 {
        result.append(text)
      } else if ends.count == 2 {
        result += expandRange(String(ends[0]), String(ends[1]), fullRangeLimit: fullRangeLimit)
      }
    }
    return result
  }

  private static func expandRange(_ start: String, _ end: String, fullRangeLimit: Int) -> [String] {
    guard let low = scaled(start), let high = scaled(end), low.digits == high.digits,
      low.value <= high.value
    else { return [start, end] }
    let steps = high.value - low.value
    let values: [UInt64]
    if steps <= UInt64(max(fullRangeLimit, 0)) {
      values = Array(low.value...high.value)
    } else {
      values = [low.value, low.value + steps / 2, high.value]
    }
    return values.map { format($0, fractionDigits: low.digits) }
  }

  /// A plain decimal (no exponent) as an integer count of its last digit's unit.
  private static func scaled(_ text: String) -> (value: UInt64, digits: Int)? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      text.count <= 18, let value = UInt64(parts.joined())
    else { return nil }
    return (value, parts.count == 2 ? parts[1].count : 0)
  }

  private static func format(_ value: UInt64, fractionDigits: Int) -> String {
    guard fractionDigits > 0 else { return String(value) }
    var digits = String(value)
    if digits.count <= fractionDigits {
      digits = String(repeating: "0", count: fractionDigits - digits.count + 1) + digits
    }
    let point = digits.index(digits.endIndex, offsetBy: -fractionDigits)
    return digits[..<point] + "." + digits[point...]
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> String {
    String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
