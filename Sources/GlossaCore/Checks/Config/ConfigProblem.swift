/// What is wrong with a check configuration (`GlossaError.config`): the file, its YAML, or a
/// setting's value, each with the value that was refused and what was expected.
public enum ConfigProblem: Sendable, Hashable {
  // MARK: The file

  /// The path is a folder, a FIFO or a device, not a regular file.
  case notRegularFile
  /// The file cannot be opened or read.
  case unreadable
  /// The file is larger than `limit` bytes.
  case tooLarge(limit: Int)
  /// The bytes are not UTF-8 text.
  case notUTF8

  // MARK: The YAML

  /// libYAML cannot read the text; its own words.
  case syntax(String)
  /// The file holds more than one YAML document.
  case severalDocuments
  /// A mapping holds these keys twice.
  case duplicateKeys([String])
  /// Collections nest deeper than `limit` levels.
  case nestedTooDeep(limit: Int)
  /// Aliases and merge keys expand to more values than a file of its size may describe
  /// (`base` plus four per byte).
  case tooManyValues(base: Int)
  /// A mapping key is a list or mapping.
  case collectionKey
  /// An alias names an anchor the file does not define.
  case unknownAlias
  /// A merge key (`<<`) holds something other than a mapping or a list of mappings.
  case mergeNotMapping

  // MARK: The settings

  /// A name the file may not use here: `kind` is what it was taken for (`setting`,
  /// `finding kind`, `severity`, `baseline field`…), `expected` the names it may be.
  case unknownName(String, kind: String, expected: [String])
  /// A value of the wrong shape: `expected` and `found` are kinds of value (`a list`,
  /// `a mapping such as {call: loc, key: 1}`).
  case wrongKind(setting: String, expected: String, found: String)
  /// A value that is not what the setting takes: `found` is the value as written.
  case wrongValue(setting: String, expected: String, found: String)
  /// A setting whose text is empty or only spaces.
  case empty(setting: String)
  /// An entry (`a baseline entry`, `a lookup`) lacks a field it needs; `example` shows one.
  case missingField(String, entry: String, example: String?)
  /// A glossary term kept as written (`translate: false`) that also names renderings.
  case keptTermWithRenderings
  /// A glossary term with neither `translate: false` nor a rendering.
  case termWithoutRenderings(term: String)
  /// A lookup with `key: receiver` whose call names a type as well as the method.
  case receiverCallWithType(call: String)

  /// The sentence after `file:line:column: `.
  public var text: String {
    switch self {
    case .notRegularFile: "the config is not a regular file"
    case .unreadable: "cannot read the config file"
    case .tooLarge(let limit):
      "the config file is larger than \(limit / 1_048_576) MB; a config is a few KB (a long baseline a few hundred)"
    case .notUTF8: "the config file is not valid UTF-8"
    case .syntax(let problem): problem
    case .severalDocuments: "the file holds several YAML documents; keep one"
    case .duplicateKeys(let keys):
      keys.count == 1
        ? "the key '\(keys[0])' appears twice in this mapping"
        : "the keys " + keys.map { "'\($0)'" }.joined(separator: ", ") + " appear twice in this mapping"
    case .nestedTooDeep(let limit): "values nest deeper than \(limit) levels"
    case .tooManyValues(let base):
      "the file describes too many values once its aliases and merge keys are expanded "
        + "(more than \(base / 1_000)k plus four per byte); use fewer aliases of aliases"
    case .collectionKey: "a key must be a single value, not a collection"
    case .unknownAlias: "an alias that names no anchor"
    case .mergeNotMapping: "'<<' merges a mapping or a list of mappings"
    case .unknownName(let name, let kind, let expected):
      "unknown \(kind) '\(name)'; expected \(Self.choice(expected))"
    case .wrongKind(let setting, let expected, let found): "\(setting) should be \(expected), found \(found)"
    case .wrongValue(let setting, let expected, let found): "\(setting) should be \(expected), found '\(found)'"
    case .empty(let setting): "\(setting) should not be empty"
    case .missingField(let field, let entry, let example):
      "\(entry) needs a \(field)" + (example.map { ", such as \($0)" } ?? "")
    case .keptTermWithRenderings:
      "a term with translate: false is kept as written; it has no renderings (remove them or translate: false)"
    case .termWithoutRenderings(let term):
      "the glossary entry for '\(term)' needs translate: false or a rendering per language, such as de: …"
    case .receiverCallWithType:
      "a lookup with key: receiver names only the method or property, such as call: localized"
    }
  }

  /// `a, b or c` for a few names, `one of a, b, c, d, e…` for more.
  static func choice(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "nothing" }
    if names.count > 4 { return "one of " + names.joined(separator: ", ") }
    return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
  }
}
