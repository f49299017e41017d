/// Why an edit was refused (`GlossaError.invalidEdit`): the file is not in a state an edit can
/// be made in safely, the unit asked for does not exist, the format cannot hold the value, or
/// the result would not read back as written. Nothing was changed in any case. Worded once, with
/// no command-line flags (the executable adds its hints).
public enum EditProblem: Sendable, Hashable {
  // MARK: The file as it stands

  /// The file's bytes are not valid UTF-8 (JSON tables, String Catalogs).
  case notUTF8
  /// The file's bytes are neither valid UTF-8 nor UTF-16 (`.stringsdict`).
  case notUTF8OrUTF16
  /// The file could not be decoded at all (`.strings`).
  case undecodable
  /// The file has a syntax error an edit could make worse.
  case syntaxError
  /// The file has a syntax error (`message` is the reader's) at the error's line and column.
  case syntaxErrorReported(message: String)
  /// A `.stringsdict`'s top-level element is `tag`, not a `<dict>`.
  case rootNotDict(tag: String)
  /// A `.stringsdict` with no property list in it.
  case noPropertyList
  /// A JSON table whose top-level value is not an object, so `key` cannot be added.
  case rootNotObject(key: String)
  /// A String Catalog whose top-level value is not an object.
  case catalogRootNotObject
  /// A file read as localized objects is not one (`mismatch` says where and why).
  case notLocalizedObjects(LocalizedObjectDocument.Mismatch)
  /// A table file that exists was not read, so it cannot be written from nothing (`replacing`:
  /// as a pseudo language's file, else as a new table).
  case existsUnread(replacing: Bool)
  /// The table is not a String Catalog (a catalog edit asked of another table).
  case notACatalog

  // MARK: What the edit names

  /// No entry `key` (a `.stringsdict` or JSON table).
  case noKey(String)
  /// No key `key` in a String Catalog.
  case noCatalogKey(String)
  /// No `.strings` entry `rawKey` (the key with its plural suffix) to remove.
  case noKeyToRemove(rawKey: String)
  /// No String Catalog unit at `path`.
  case noUnit(CatalogUnitPath)
  /// The String Catalog has `key` already.
  case keyExists(String)
  /// The catalog members `names` (a path) exist already.
  case membersExist([String])
  /// A localized object has no value in `language` for `key`.
  case noLanguageValue(language: String, key: String)
  /// The bundle's `language` has no table `table`, and none can be made.
  case noTable(language: String, table: String)
  /// The language's table has no value at the edit's key as the edit expected: `expected` and
  /// `found` are the values described (quoted, or `absent`).
  case valueChanged(key: String, expected: String, found: String)

  // MARK: What the format can hold

  /// A `.stringsdict` holds only plural forms: `key` needs a plural category.
  case pluralCategoryRequired(key: String)
  /// A `.stringsdict` form of `key` is a `<tag>`, not a `<string>`.
  case formNotString(key: String, category: PluralCategory, tag: String)
  /// A `.stringsdict` key's plural variable has no form of `category` to remove.
  case noPluralForm(key: String, variable: String, category: PluralCategory)
  /// A `.stringsdict` key has no plural variable `variable`.
  case noPluralVariable(key: String, variable: String)
  /// A `.stringsdict` key has several plural variables (`names`, joined) and none was named.
  case ambiguousPluralVariable(key: String, names: String)
  /// JSON tables hold no plural forms.
  case jsonHasNoPlurals(key: String)
  /// Localized objects hold no plural forms (`key` nil: a removal with a category).
  case localizedObjectsHaveNoPlurals(key: String?)
  /// A JSON table's `parent` holds a value of another kind (`kind`, described), so `key`
  /// cannot be added under it.
  case parentNotObject(parent: String, kind: String, key: String)
  /// `language` is not a locale code a localized object can hold.
  case notALocaleCode(String)
  /// The file is one localized object: it has no keys (`key` was given).
  case singleObjectHasNoKeys(key: String)
  /// `key` would be inside the localized object `outer`.
  case insideLocalizedObject(outer: String, key: String)
  /// `key` holds the localized object `inner`, so it cannot hold languages.
  case holdsLocalizedObject(key: String, inner: String)
  /// `language` is the only language of `key`'s localized object.
  case onlyLanguage(language: String, key: String)
  /// `key` is defined several times, on `lines`.
  case repeatedKey(key: String, lines: [Int])
  /// `key` has no plural family in `table`, and the table has no `.stringsdict` to hold one.
  case noPluralFamilyTable(key: String, table: String)
  /// A substitution's forms are plural forms: the edit needs a category.
  case substitutionNeedsPlural(substitution: String)
  /// A substitution varies by plural only, and a device was given.
  case substitutionByDevice
  /// The catalog holds a single value at `path`: variations cannot be added beside it.
  case holdsSingleValue(CatalogUnitPath)
  /// The catalog's value at `path` varies by plural or device: a single value cannot be set.
  case varies(CatalogUnitPath)
  /// The catalog member `name` holds a value of another kind (`kind`, described), not an object.
  case expectedObject(name: String, kind: String)

  // MARK: What the result would be

  /// Setting `key` (with its plural suffix) would not read back, or would change how other
  /// entries read (`othersChange`); `complaint` is the reader's first complaint as
  /// ` (line …: …)`, or empty.
  case wouldNotReadBack(key: String, othersChange: Bool, complaint: String)
  /// The edited `.strings` file would pass the largest size a position can address (`limit` bytes).
  case tooLarge(limit: Int)
  /// The edited file would be read as another encoding than `encoding` (NUL bytes that look
  /// like UTF-16).
  case wouldLookLikeUTF16(encoding: TextEncoding)
  /// The edited file would not be localized objects (`mismatch` says where and why).
  case wouldNotBeLocalizedObjects(LocalizedObjectDocument.Mismatch)
  /// The pseudo-localized file would not read back as written.
  case pseudoWouldNotReadBack

  /// The message, after the file's place: `name` (and `line:column`) come first.
  func message(at place: String) -> String {
    switch self {
    case .valueChanged(let key, let expected, let found):
      "\(place) key \(key) is no longer \(expected) but \(found); the edit was not applied"
    default: "\(place): \(text)"
    }
  }

  /// The words after `file: `.
  var text: String {
    switch self {
    case .notUTF8: "the file is not valid UTF-8, so it cannot be edited"
    case .notUTF8OrUTF16: "the file is not valid UTF-8 or UTF-16, so it cannot be edited"
    case .undecodable: "cannot edit a file that could not be decoded; fix its encoding first"
    case .syntaxError: "fix the syntax error first; the file cannot be edited safely"
    case .syntaxErrorReported(let message): "fix the syntax error first (\(message)); the file cannot be edited safely"
    case .rootNotDict(let tag): "the top-level element is <\(tag)>, not <dict>"
    case .noPropertyList: "the file has no property list to edit"
    case .rootNotObject(let key): "the top-level value is not an object, so '\(key)' cannot be added"
    case .catalogRootNotObject: "the top-level value is not an object, so the catalog cannot be edited"
    case .notLocalizedObjects(let mismatch):
      "not a localized-object JSON file (\(mismatch)); it cannot be edited as one"
    case .existsUnread(let replacing):
      "the file exists but was not read; it cannot be " + (replacing ? "replaced" : "created anew")
    case .notACatalog: "not a String Catalog"
    case .noKey(let key): "there is no key '\(key)'"
    case .noCatalogKey(let key): "there is no key \"\(key)\""
    case .noKeyToRemove(let rawKey): "there is no key \"\(rawKey)\" to remove"
    case .noUnit(let path): "there is no unit \(path)"
    case .keyExists(let key): "key \"\(key)\" already exists"
    case .membersExist(let names): "\(names.joined(separator: " → ")) already exists"
    case .noLanguageValue(let language, let key): "there is no '\(language)' value for '\(key)'"
    case .noTable(let language, let table): "language \"\(language)\" has no table \"\(table)\""
    case .valueChanged(let key, let expected, let found):
      "key \(key) is no longer \(expected) but \(found); the edit was not applied"
    case .pluralCategoryRequired(let key): "a .stringsdict holds only plural forms; name a plural category for '\(key)'"
    case .formNotString(let key, let category, let tag): "'\(key)' \(category.rawValue) is a <\(tag)>, not a <string>"
    case .noPluralForm(let key, let variable, let category):
      "'\(key)' variable '\(variable)' has no \(category.rawValue) form"
    case .noPluralVariable(let key, let variable): "'\(key)' has no plural variable '\(variable)'"
    case .ambiguousPluralVariable(let key, let names):
      "'\(key)' has plural variables \(names); name the variable to edit"
    case .jsonHasNoPlurals(let key): "JSON tables hold no plural forms; '\(key)' cannot take a plural category"
    case .localizedObjectsHaveNoPlurals(let key):
      "localized objects hold no plural forms" + (key.map { "; '\($0)' cannot take a plural category" } ?? "")
    case .parentNotObject(let parent, let kind, let key):
      "'\(parent)' holds \(kind), so '\(key)' cannot be added under it"
    case .notALocaleCode(let language): "'\(language)' is not a locale code (expected e.g. en, en-GB, zh-Hant, es-419)"
    case .singleObjectHasNoKeys(let key):
      "the file is one localized object; it has no key '\(key)' (leave the key empty)"
    case .insideLocalizedObject(let outer, let key):
      "'\(outer)' is a localized object, so '\(key)' cannot be added inside it"
    case .holdsLocalizedObject(let key, let inner):
      "'\(key)' already holds the localized object '\(inner)'; it cannot also hold languages"
    case .onlyLanguage(let language, let key):
      "'\(language)' is the only language of '\(key)'; a localized object needs one"
    case .repeatedKey(let key, let lines):
      "'\(UntrustedText.clipped(key))' is defined \(lines.count) times (lines "
        + lines.map { "\($0)" }.joined(separator: ", ") + "); remove the repeats first (nothing was changed)"
    case .noPluralFamilyTable(let key, let table):
      "“\(UntrustedText.clipped(key))” has no plural family in table \"\(table)\", which has no .stringsdict "
        + "to hold one; add the family to the development language first"
    case .substitutionNeedsPlural(let substitution):
      "the forms of substitution \"\(substitution)\" are plural forms; give a plural category"
    case .substitutionByDevice: "a substitution varies only by plural, not by device"
    case .holdsSingleValue(let path): "\(path) holds a single value here; remove it before adding variations"
    case .varies(let path): "\(path) varies by plural or device here; give a plural category or device"
    case .expectedObject(let name, let kind): "expected an object for \"\(name)\", found \(kind)"
    case .wouldNotReadBack(let key, let othersChange, let complaint):
      "setting “\(UntrustedText.clipped(key))” would "
        + (othersChange ? "change how other entries read" : "not read back") + complaint
        + "; fix the unterminated literal or comment first (nothing was changed)"
    case .tooLarge(let limit):
      "after this edit the file would pass the \(limit) bytes a .strings file may have (nothing was changed)"
    case .wouldLookLikeUTF16(let encoding):
      "after this edit the file would no longer read as \(encoding.displayName) (it holds NUL bytes "
        + "that look like UTF-16); remove them or convert the file to UTF-8 with a BOM first (nothing was changed)"
    case .wouldNotBeLocalizedObjects(let mismatch):
      "the edit would leave a file that is not localized objects (\(mismatch)); nothing was changed"
    case .pseudoWouldNotReadBack: "the pseudo-localized file would not read back as written (nothing was changed)"
    }
  }
}
