import Foundation
import GlossaCore

/// The properties every reader and writer must keep on any input, checked on one input at a
/// time: by the fuzz targets (`Fuzz/`) on generated inputs, and by the test suite on the seed
/// corpus and on every input a fuzzer ever failed on.
///
/// 1. Reading never traps (a trap ends the process: the fuzzer reports it).
/// 2. An unedited document serialises to exactly the input bytes.
/// 3. Setting a value, then reading the bytes again as a fresh reader would, gives that value,
///    and every other entry reads as before; an edit the document refuses changes nothing.
/// 4. The checker runs on whatever the reader returned without trapping.
public enum FormatProperties {
  /// The formats with a fuzz target.
  public enum Target: String, CaseIterable, Sendable {
    case strings, stringsdict, json, xcstrings
    case localizedObject = "localized-object"
    case infoPlist = "info-plist"
    case zip

    /// The file name the input is read under (the reader picks the format from it).
    var fileName: String {
      switch self {
      case .strings: "Localizable.strings"
      case .stringsdict: "Localizable.stringsdict"
      case .json: "Localizable.json"
      case .xcstrings: "Localizable.xcstrings"
      case .localizedObject: "content.json"
      case .infoPlist: "Info.plist"
      case .zip: "bundle.zip"
      }
    }
  }

  /// One property that did not hold, and on what.
  public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which property: `round-trip`, `edit-reads-back`, `edit-keeps-others`, `refused-edit-changed`.
    public var property: String
    public var detail: String
    public var description: String { "\(property): \(detail)" }
  }

  /// Checks every property of `target` on `data`; the failures found (empty when all hold).
  public static func check(_ data: Data, as target: Target) -> [Failure] {
    var failures: [Failure] = []
    switch target {
    case .strings: checkTable(data, format: .strings, into: &failures)
    case .stringsdict: checkTable(data, format: .stringsdict, into: &failures)
    case .json: checkTable(data, format: .json, into: &failures)
    case .xcstrings: checkCatalog(data, into: &failures)
    case .localizedObject: checkLocalizedObject(data, into: &failures)
    case .infoPlist: checkInfoPlist(data, into: &failures)
    case .zip: checkZip(data, into: &failures)
    }
    return failures
  }

  /// Values an edit sets: each stresses one escaping rule of some format.
  static let probeValues: [String] = [
    "", "x", "say \"hi\" \\ 'there'", "line\nbreak\ttab\r", "ünïcödé ✓ 日本 😀", "%1$@ %d %%",
    "*/ /* // ; = <tag> &amp; ]]>", "\u{1}\u{7F}\u{0}", String(repeating: "\\", count: 41) + "nte:",
    "\u{2028}\u{FEFF}\u{202E}", "a\u{301}", "{\"k\": [1]}",
    // Values an unquoted literal can hold, and two that only look like it (comment openers).
    "plain.value-1", "//x", "/*y",
  ]

  /// The probe value for the `n`th edit of an input (varies with the input, so a fuzzer meets all).
  static func probe(_ data: Data, _ n: Int) -> String {
    var hash = n &* 31
    for byte in data.prefix(64) { hash = hash &* 33 &+ Int(byte) }
    return probeValues[Int(UInt(bitPattern: hash) % UInt(probeValues.count))]
  }

  /// Runs every check over `bundle` (findings are counted, not kept).
  static func runChecker(_ bundle: LocalizationBundle) {
    var count = 0
    try? Checker().run(bundle) { _ in count += 1 }
  }
}
