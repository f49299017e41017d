import GlossaCore

/// One language's translations grouped by their source text, across every table of the local
/// bundle: what the detail pane lists as "Also rendered as" and what `=` takes a value from.
///
/// Grouped as `inconsistent-translation` groups them (`SourceTextGroups.normalized`): on the
/// development-language text with case and end punctuation and spaces ignored (“Save”, “save”
/// and “Save.” are one text; “Unmute” and “Unmute %@” are two).
/// Plain values only (plural forms and device variations are left out). Made once per state of
/// the language's and the source's tables (`stamp`): small reviews make it when the pane first
/// needs it, large ones off the loop's thread (`Effect.buildRenderings`), so moving the
/// selection never scans the tables.
public struct RenderingIndex: Sendable {
  /// One key's translation.
  public struct Rendering: Sendable, Hashable {
    public var table: String
    public var key: String
    public var value: String
  }

  /// A value other keys render the same source text as, with those keys.
  public struct Alternative: Sendable, Hashable {
    public var value: String
    public var keys: [Rendering]
  }

  /// What the index was made from: the language and its tables' and the source's revisions.
  public struct Stamp: Sendable, Hashable {
    var language: String
    var revisions: [Revision]
  }

  public let stamp: Stamp
  /// The renderings by normalized source text; only texts with two keys or more are kept.
  private let groups: [String: [Rendering]]

  /// The renderings of `stamp.language` in `bundle`.
  init(_ bundle: LocalizationBundle, stamp: Stamp) {
    self.stamp = stamp
    let development = bundle.developmentLanguage
    var sources: [String: [String: String]] = [:]
    for file in bundle.tables where file.language == development {
      for entry in file.entries where entry.plural == nil && entry.device == nil {
        sources[file.name, default: [:]][entry.key] = entry.value
      }
    }
    var groups: [String: [Rendering]] = [:]
    if stamp.language != development {
      for file in bundle.tables where file.language == stamp.language {
        guard let tableSources = sources[file.name] else { continue }
        for entry in file.entries where entry.plural == nil && entry.device == nil {
          guard let source = tableSources[entry.key], !entry.value.isEmpty else { continue }
          let normalized = Self.normalized(source)
          guard !normalized.isEmpty else { continue }
          groups[normalized, default: []].append(Rendering(table: file.name, key: entry.key, value: entry.value))
        }
      }
    }
    // A key in two files of a table (or twice in one) counts once: the last one, as lookups.
    self.groups = groups.compactMapValues { renderings in
      var seen: Set<[String]> = []
      let unique = renderings.reversed().filter { seen.insert([$0.table, $0.key]).inserted }.reversed()
      return unique.count > 1 ? Array(unique) : nil
    }
  }

  /// What an index of `language` in `bundle` would be made from now.
  static func stamp(_ bundle: LocalizationBundle, language: String) -> Stamp {
    let development = bundle.developmentLanguage
    return Stamp(
      language: language,
      revisions: bundle.tables.filter { $0.language == language || $0.language == development }.map(\.revision))
  }

  /// The source text as grouped, exactly as `inconsistent-translation` groups it
  /// (`SourceTextGroups.normalized`): lowercased, without end punctuation and spaces (a trailing
  /// `%@` stays); empty for a text without a letter, which is never grouped.
  public static func normalized(_ source: String) -> String {
    SourceTextGroups.normalized(source) ?? ""
  }

  /// The values other keys render `source` as in this language, each with its keys, most used
  /// first (then in text order). The key itself does not count, so the order stays the same
  /// whichever of them it takes.
  public func alternatives(source: String, table: String, key: String) -> [Alternative] {
    guard let renderings = groups[Self.normalized(source)] else { return [] }
    var byValue: [String: [Rendering]] = [:]
    for rendering in renderings where !(rendering.table == table && rendering.key == key) {
      byValue[rendering.value, default: []].append(rendering)
    }
    return byValue.map { Alternative(value: $0.key, keys: $0.value) }
      .sorted { ($0.keys.count, $1.value) > ($1.keys.count, $0.value) }
  }

  /// The value `=` gives a key whose value is `current`: the alternative after `current` in
  /// `all`, else the first; nil when there is none other than `current`.
  static func next(after current: String?, in all: [Alternative]) -> String? {
    guard !all.isEmpty else { return nil }
    guard let current, let index = all.firstIndex(where: { $0.value == current }) else { return all[0].value }
    let next = all[(index + 1) % all.count].value
    return next == current ? nil : next
  }
}
