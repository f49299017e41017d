import Foundation

/// Reads `.glossa.yml` into `CheckOptions`.
///
/// ```yaml
/// max-ratio: 1.5
/// slack: 10
/// max-length:
///   "button.*": 12
/// disabled: [untranslated]
/// severity:
///   extra-key: error
/// baseline:
///   - {kind: untranslated, language: de, key: settings.status}
/// ```
public enum CheckConfig {
  /// The largest config read: settings take a few KB, a baseline of thousands of findings a
  /// few hundred.
  public static let maxBytes = 8 * 1_048_576

  /// The name looked for at the bundle root.
  public static let fileName = ".glossa.yml"

  /// Every setting the file may hold; keys starting with `x-` are free for anchors.
  public static let settings = [
    "max-ratio", "slack", "max-length", "disabled", "enable", "severity", "baseline", "sources", "metadata",
    "check-debug-code", "lookups", "runtime-tables", "exclude", "glossary", "info-plist",
  ]

  /// The options `text` describes, starting from `base`. Paths (`sources`, `metadata`) are
  /// relative to the folder holding `file`.
  /// - Throws: `GlossaError.config` naming `file`, the line and column, the value and what was expected.
  public static func parse(_ text: String, file: String, base: CheckOptions = CheckOptions()) throws
    -> CheckOptions
  {
    let root = try YAMLReader.parse(text, file: file)
    let reader = Reader(file: file)
    guard case .map(let pairs, _, _) = root else {
      throw reader.error(
        root, .wrongKind(setting: "the top level", expected: "a mapping of settings", found: root.kindName))
    }
    var options = base
    let folder = (file as NSString).deletingLastPathComponent
    for pair in pairs {
      let (key, value) = (pair.key, pair.value)
      switch key {
      case "max-ratio", "ratio":
        let ratio = try reader.number(value, key)
        guard ratio >= 1 else {
          throw reader.error(value, .wrongValue(setting: key, expected: "at least 1", found: reader.raw(value)))
        }
        options.maxRatio = ratio
      case "slack":
        options.slack = try reader.integer(value, key)
      case "max-length":
        options.maxLength = try reader.pairs(value, key).map {
          MaxLengthRule(pattern: $0.key, limit: try reader.integer($0.value, "max-length of '\($0.key)'"))
        }
      case "disabled", "disable":
        options.disabled = Set(try reader.list(value, key).map { try reader.kind($0) })
      case "enable", "enabled":
        options.enabled = Set(try reader.list(value, key).map { try reader.kind($0) })
      case "severity", "severities":
        for pair in try reader.pairs(value, key) {
          let kind = try reader.kind(.scalar(pair.key, line: pair.line, column: pair.column))
          options.severities[kind] = try reader.severity(pair.value)
        }
      case "baseline":
        options.baseline = try reader.list(value, key).map { try reader.baselineEntry($0) }
      case "sources":
        options.sourcePaths = try reader.paths(value, key).map { resolved($0, in: folder) }
      case "metadata":
        options.metadataPath = resolved(try reader.text(value, key), in: folder)
      case "check-debug-code":
        options.checksDebugCode = try reader.boolean(value, key)
      case "lookups":
        options.sourceScan.lookups = try reader.list(value, key).map { try reader.lookup($0) }
      case "runtime-tables":
        options.runtimeTables = Set(try reader.names(value, key))
      case "exclude":
        options.sourceScan.exclude = try reader.globs(value, key)
      case "glossary":
        options.glossary = try reader.list(value, key).map { try reader.glossaryEntry($0) }
      case "info-plist":
        options.infoPlistPath = resolved(try reader.text(value, key), in: folder)
      case _ where key.hasPrefix("x-"):
        // `x-…` keys hold anchors for other settings to refer to (`x-common: &common …`).
        continue
      default:
        throw reader.error(at: pair, .unknownName(key, kind: "setting", expected: settings))
      }
    }
    return options
  }

  /// `path` relative to `folder` (the config's), unless it is absolute, with `.` and `..`
  /// resolved (`App/Resources/../../Sources` is `Sources`), so findings name files as a
  /// repository's tools do.
  static func resolved(_ path: String, in folder: String) -> String {
    normalized(path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path)
  }

  /// `path` with `.` and `..` components resolved where they can be (a leading `..` of a
  /// relative path stays).
  static func normalized(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      if part == "..", absolute { continue }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  /// Reads `url`, or returns nil when it does not exist.
  /// - Throws: `GlossaError` when it exists but cannot be read or parsed.
  public static func load(_ url: URL, base: CheckOptions = CheckOptions()) throws -> CheckOptions? {
    try load(path: url.path, base: base)
  }

  /// The options a command runs with: the config file named explicitly (it must exist), else
  /// `.glossa.yml` at the root of a folder bundle, else the defaults. Lint and the review share it.
  /// - Throws: `GlossaError.notFound` for a named config that does not exist; `GlossaError` for one
  ///   that cannot be read or parsed.
  public static func options(config explicit: String?, bundle: String) throws -> CheckOptions {
    if let explicit {
      guard let options = try load(path: explicit) else { throw GlossaError.notFound(explicit) }
      return options
    }
    if let path = path(atRootOf: bundle), let options = try load(path: path) { return options }
    return CheckOptions()
  }

  /// `.glossa.yml` at the root of `bundle`, when it is a folder.
  public static func path(atRootOf bundle: String) -> String? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: bundle, isDirectory: &isDirectory), isDirectory.boolValue else {
      return nil
    }
    return (bundle as NSString).appendingPathComponent(fileName)
  }

  /// Reads the file at `path` (relative paths stay relative in messages and in the `sources`
  /// and `metadata` paths it names), or returns nil when it does not exist.
  /// - Throws: `GlossaError` when it exists but cannot be read or parsed.
  public static func load(path: String, base: CheckOptions = CheckOptions()) throws -> CheckOptions? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    // Only a regular file, and only up to the limit: a FIFO would block, a huge file would be
    // read whole before the parser could refuse it.
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    guard attributes?[.type] as? FileAttributeType == .typeRegular else {
      throw GlossaError.config(path, line: nil, column: nil, problem: .notRegularFile)
    }
    guard let handle = FileHandle(forReadingAtPath: path),
      let data = try? handle.read(upToCount: maxBytes + 1)
    else {
      throw GlossaError.config(path, line: nil, column: nil, problem: .unreadable)
    }
    try? handle.close()
    guard data.count <= maxBytes else {
      throw GlossaError.config(path, line: nil, column: nil, problem: .tooLarge(limit: maxBytes))
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw GlossaError.config(path, line: nil, column: nil, problem: .notUTF8)
    }
    return try parse(text, file: path, base: base)
  }

  /// Typed access to values, with errors naming the line.
  struct Reader {
    let file: String

    /// The error for `problem` at `value`.
    func error(_ value: YAMLValue, _ problem: ConfigProblem) -> GlossaError {
      .config(file, line: value.line, column: value.column, problem: problem)
    }

    /// The error for `problem` at the key of `pair`.
    func error(at pair: YAMLPair, _ problem: ConfigProblem) -> GlossaError {
      .config(file, line: pair.line, column: pair.column, problem: problem)
    }

    /// A scalar's text, or what kind of value it is, for a message.
    func raw(_ value: YAMLValue) -> String {
      if case .scalar(let text, _, _) = value { return text }
      return value.kindName
    }

    func text(_ value: YAMLValue, _ what: String) throws -> String {
      guard case .scalar(let text, _, _) = value else {
        throw error(value, .wrongKind(setting: what, expected: "a single value", found: value.kindName))
      }
      return text
    }

    func number(_ value: YAMLValue, _ what: String) throws -> Double {
      let raw = try text(value, what)
      guard let number = Double(raw), number.isFinite else {
        throw error(value, .wrongValue(setting: what, expected: "a number", found: raw))
      }
      return number
    }

    func integer(_ value: YAMLValue, _ what: String) throws -> Int {
      let raw = try text(value, what)
      guard let number = Int(raw), number >= 0 else {
        throw error(value, .wrongValue(setting: what, expected: "a whole number of columns", found: raw))
      }
      return number
    }

    /// `true` or `false` (also `yes`/`no`, `on`/`off`, any case).
    func boolean(_ value: YAMLValue, _ what: String) throws -> Bool {
      let raw = try text(value, what)
      switch raw.lowercased() {
      case "true", "yes", "on": return true
      case "false", "no", "off": return false
      default: throw error(value, .wrongValue(setting: what, expected: "true or false", found: raw))
      }
    }

    func list(_ value: YAMLValue, _ what: String) throws -> [YAMLValue] {
      switch value {
      case .list(let items, _, _): return items
      case .scalar("", _, _): return []
      default: throw error(value, .wrongKind(setting: what, expected: "a list", found: value.kindName))
      }
    }

    func pairs(_ value: YAMLValue, _ what: String) throws -> [YAMLPair] {
      switch value {
      case .map(let pairs, _, _): return pairs
      case .scalar("", _, _): return []
      default: throw error(value, .wrongKind(setting: what, expected: "a mapping", found: value.kindName))
      }
    }

    /// One path or a list of them.
    func paths(_ value: YAMLValue, _ what: String) throws -> [String] {
      if case .scalar(let text, _, _) = value, !text.isEmpty { return [text] }
      return try list(value, what).map { try text($0, "a path in \(what)") }
    }

    func kind(_ value: YAMLValue) throws -> FindingKind {
      let raw = try text(value, "a finding kind")
      guard let kind = FindingKind(rawValue: raw) else {
        throw error(value, .unknownName(raw, kind: "finding kind", expected: FindingKind.allCases.map(\.rawValue)))
      }
      return kind
    }

    func severity(_ value: YAMLValue) throws -> Severity {
      let raw = try text(value, "a severity")
      guard let severity = Severity(rawValue: raw) else {
        throw error(value, .unknownName(raw, kind: "severity", expected: ["error", "warning", "info"]))
      }
      return severity
    }

    func baselineEntry(_ value: YAMLValue) throws -> BaselineEntry {
      let fields = try pairs(value, "a baseline entry")
      var entry: BaselineEntry?
      var language: String?
      var key: String?
      for pair in fields {
        let (name, field) = (pair.key, pair.value)
        switch name {
        case "kind": entry = BaselineEntry(kind: try kind(field))
        case "language": language = try text(field, "language")
        case "key": key = try text(field, "key")
        default:
          throw error(at: pair, .unknownName(name, kind: "baseline field", expected: ["kind", "language", "key"]))
        }
      }
      guard var result = entry else {
        throw error(value, .missingField("kind", entry: "a baseline entry", example: nil))
      }
      result.language = language
      result.key = key
      return result
    }
  }
}
