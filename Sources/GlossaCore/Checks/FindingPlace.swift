/// Where a finding is, besides its key, file and line: the bundle, language, table and device.
/// Every finding of one table shares one place, so a finding holds one reference for four
/// strings. A place never changes: setting one of its parts on a finding gives that finding a
/// new place.
final class FindingPlace: Sendable {
  let bundle: String
  let language: String?
  let table: String?
  let device: String?
  /// A line or column that needs more than 32 bits (a file of over two billion lines): kept
  /// here, where it costs the findings that lack one nothing.
  let wide: Wide

  struct Wide: Sendable, Hashable {
    var line: Int?
    var column: Int?
  }

  init(bundle: String, language: String?, table: String?, device: String?, wide: Wide = Wide()) {
    self.bundle = bundle
    self.language = language
    self.table = table
    self.device = device
    self.wide = wide
  }

  func with(bundle: String) -> FindingPlace {
    FindingPlace(bundle: bundle, language: language, table: table, device: device, wide: wide)
  }

  func with(language: String?) -> FindingPlace {
    FindingPlace(bundle: bundle, language: language, table: table, device: device, wide: wide)
  }

  func with(table: String?) -> FindingPlace {
    FindingPlace(bundle: bundle, language: language, table: table, device: device, wide: wide)
  }

  func with(device: String?) -> FindingPlace {
    device == self.device
      ? self : FindingPlace(bundle: bundle, language: language, table: table, device: device, wide: wide)
  }

  func with(wide: Wide) -> FindingPlace {
    FindingPlace(bundle: bundle, language: language, table: table, device: device, wide: wide)
  }
}
