import Foundation

/// Reads `NMBundleRefreshRate` (days between refreshes) from a bundle's `Info.plist`.
public enum RemoteRefreshRate {
  /// Days used when the bundle does not say: 1, as the remote-bundle library does.
  public static let defaultDays: Double = 1

  /// The refresh rate in `Info.plist` bytes, or nil when absent or not a positive number.
  ///
  /// The key may hold a string (`<string>3</string>`, as documented) or a number.
  public static func days(inInfoPlist data: Data) -> Double? {
    guard
      let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
      let dictionary = plist as? [String: Any], let raw = dictionary["NMBundleRefreshRate"]
    else { return nil }
    let value: Double?
    if let text = raw as? String {
      value = Double(text.trimmingCharacters(in: .whitespaces))
    } else if let number = raw as? NSNumber {
      value = number.doubleValue
    } else {
      value = nil
    }
    guard let value, value.isFinite, value > 0 else { return nil }
    return value
  }
}
