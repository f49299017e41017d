import Foundation

/// The app's own lookup helpers: their bodies pass variables, which name no key.
enum UserText {
  static func localized(_ key: String, tableName: String? = nil) -> String {
    NSLocalizedString(key, tableName: tableName, comment: "")
  }
}

func loc(_ key: String) -> String { UserText.localized(key) }

struct LocalizedText {
  let text: String
  init(key: String, _ table: String = "Localizable") {
    text = NSLocalizedString(key, tableName: table, comment: "")
  }
}

func glossaryTerm(_ id: String) -> String {
  NSLocalizedString("term." + id, tableName: "Glossary", comment: "")
}

enum Alerts {
  /// Looks up `alert.<key>.title` and `alert.<key>.message`.
  static func ask(_ key: String) -> (String, String) {
    (
      NSLocalizedString("alert." + key + ".title", comment: ""),
      NSLocalizedString("alert." + key + ".message", comment: "")
    )
  }
}

extension String {
  var localized: String { NSLocalizedString(self, comment: "") }
  func localized(tableName: String) -> String { NSLocalizedString(self, tableName: tableName, comment: "") }
}
