import Foundation

extension BundleArchive {
  /// True when `names` (the entries of `directory`) include a String Catalog or a
  /// localized-object `.json` file: such a folder is a bundle's `Resources/` folder too, since a
  /// zip of it loads as that file's languages.
  static func holdsMultiLanguageFiles(_ directory: URL, names: [String]) -> Bool {
    names.contains { name in
      guard !name.hasPrefix("."), let format = TableFormat.forFileName(name) else { return false }
      if format == .xcstrings { return true }
      guard format == .json, let data = try? Data(contentsOf: directory.appendingPathComponent(name)) else {
        return false
      }
      return LocalizedObjectDocument(data: data, file: name).mismatch == nil
    }
  }
}
