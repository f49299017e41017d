extension InfoPlist {
  /// The keys every localization bundle's `Info.plist` must have, with what each one is for.
  static let requiredKeys: [(key: String, purpose: String)] = [
    ("CFBundleDevelopmentRegion", "the source language"),
    ("CFBundleIdentifier", "the bundle's identifier"),
    ("CFBundleVersion", "the build number"),
    ("CFBundleShortVersionString", "the version shown to people"),
  ]

  /// Checks the keys a localization bundle needs; one `.invalidInfoPlist` diagnostic per problem.
  public func validate(file: String) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    func report(_ key: String?, _ message: String) {
      problems.append(
        Diagnostic(kind: .invalidInfoPlist, file: file, line: key.flatMap { keyLines[$0] }, message: message))
    }
    for (key, purpose) in Self.requiredKeys {
      let value = values[key]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      if value.isEmpty {
        report(values[key] == nil ? nil : key, "Info.plist has no \(key); add it with \(purpose)")
      }
    }
    switch packageType {
    case "BNDL": break
    case nil: report(nil, "Info.plist has no CFBundlePackageType; expected 'BNDL'")
    case let other?: report("CFBundlePackageType", "CFBundlePackageType is '\(other)', expected 'BNDL'")
    }
    if let raw = values[Self.refreshRateKey] {
      let valid = refreshRateDays.map { $0 > 0 && $0.isFinite } ?? false
      if !valid {
        report(Self.refreshRateKey, "NMBundleRefreshRate is '\(raw)', expected a positive number of days")
      }
    }
    return problems
  }
}
