/// `broken-reference`: a `{key.path}` placeholder names a key that does not exist in that
/// language's tables, or references lead back to the key itself. Error: the app shows the raw
/// placeholder or loops.
///
/// A placeholder is a reference when it is a dotted key path (`{settings.title}`); a single word
/// (`{count}`) is a reference only when such a key exists, since it is usually a variable.
public struct BrokenReference: Check {
  public var kind: FindingKind { .brokenReference }
  public var keyTriggers: KeyShape { [.brace, .extras] }
  public init() {}

  /// Longest chain of references followed when looking for a cycle.
  static let maxDepth = 64

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard let record = subject.translation else { return }
    // Nearly every value has no `{`: nothing to resolve.
    let hasBrace = subject.translationText.map { ValueBytes.contains($0, UInt8(ascii: "{")) } ?? false
    if !record.hasFamilies && !hasBrace { return }
    // Each value with where it is: plural forms may be in another file than the plain value.
    var values: [(String, PluralCategory?, Int, String?)] = []
    if let entry = record.entry { values.append((entry.value, nil, entry.line, nil)) }
    let pluralFile = record.families.isEmpty ? nil : subject.pluralFile
    for family in record.families {
      for category in family.forms.keys.sorted() {
        if let value = family.forms[category] { values.append((value, category, family.line, pluralFile)) }
      }
    }
    let tables = subject.languageTables
    var reportedCycle = false
    for (value, category, line, file) in values {
      for name in Self.references(in: value) {
        if resolve(name, in: tables) == nil {
          guard name.contains(".") else { continue }
          emit(
            subject.finding(
              .brokenReference, .error, category: category, line: line, file: file,
              "The placeholder {\(name)} names a key that does not exist in \(subject.language)."))
        } else if !reportedCycle, leadsBack(from: name, to: subject.key, in: tables) {
          reportedCycle = true
          emit(
            subject.finding(
              .brokenReference, .error, category: category, line: line, file: file,
              "The placeholder {\(name)} leads back to “\(subject.key)”: the references form a cycle."
            ))
        }
      }
    }
  }

  /// The key paths inside `{…}` in `value`: letters, digits, `_`, `-` and dots, not starting or
  /// ending with a dot.
  static func references(in value: String) -> [String] {
    guard hasBrace(value) else { return [] }
    var result: [String] = []
    var current: String?
    for c in value {
      if c == "{" {
        current = ""
      } else if c == "}" {
        if let name = current, !name.isEmpty, !name.hasPrefix("."), !name.hasSuffix("."),
          !name.contains("..")
        {
          result.append(name)
        }
        current = nil
      } else if current != nil {
        if c.isLetter || c.isNumber || c == "_" || c == "-" || c == "." {
          current?.append(c)
        } else {
          current = nil
        }
      }
    }
    return result
  }

  static func hasBrace(_ value: String) -> Bool {
    ValueBytes.contains(value, UInt8(ascii: "{"))
  }

  private func resolve(_ key: String, in tables: [TableIndex]) -> String? {
    for table in tables {
      if let text = table.text(for: key) { return text }
    }
    return nil
  }

  /// True when following references from `start` reaches `target` (breadth-first, bounded).
  private func leadsBack(from start: String, to target: String, in tables: [TableIndex]) -> Bool {
    if start == target { return true }
    var visited: Set<String> = [start]
    var frontier = [start]
    var depth = 0
    while !frontier.isEmpty, depth < Self.maxDepth {
      depth += 1
      var next: [String] = []
      for key in frontier {
        guard let text = resolve(key, in: tables) else { continue }
        for name in Self.references(in: text) {
          if name == target { return true }
          if visited.insert(name).inserted { next.append(name) }
        }
      }
      frontier = next
    }
    return false
  }
}
