/// Where a finding is, besides its key, file and line: the bundle, language, table and device.
/// Every finding of one table shares one place, so a finding holds one reference for four
/// strings. A place never changes: setting one of its parts on a finding gives that finding a
/// new place (`changing`).
final class FindingPlace: Sendable {
  let parts: Parts

  struct Parts: Sendable, Hashable {
    var bundle: String
    var language: String?
    var table: String?
    var device: String?
    /// A line or column that needs more than 32 bits (a file of over two billion lines): kept
    /// here, where it costs the findings that lack one nothing.
    var wideLine: Int?
    var wideColumn: Int?
  }

  init(_ parts: Parts) {
    self.parts = parts
  }

  convenience init(bundle: String, language: String?, table: String?, device: String?) {
    self.init(Parts(bundle: bundle, language: language, table: table, device: device))
  }

  /// This place with `change` made to its parts (itself when they stay the same).
  func changing(_ change: (inout Parts) -> Void) -> FindingPlace {
    var changed = parts
    change(&changed)
    return changed == parts ? self : FindingPlace(changed)
  }
}
