import Yams

/// Reads YAML with Yams (libYAML) into `YAMLValue`s that keep each value's line and column: the
/// only file that imports Yams.
///
/// Everything YAML 1.1 writes that a configuration needs works: block and flow collections,
/// quoted and plain scalars, block scalars (`|`, `>`), anchors and aliases, merge keys (`<<:`,
/// the mapping's own keys winning), comments, a leading `---`. Several documents, and a key
/// that appears twice in one mapping, are errors.
enum YAMLReader {
  /// The document in `text`; an empty document is an empty mapping.
  /// - Throws: `GlossaError.config` with the line and column of the problem.
  static func parse(_ text: String, file: String) throws -> YAMLValue {
    let root: Node?
    do {
      // One document at a time: `compose_all`'s sequence swallows errors.
      let parser = try Parser(yaml: text)
      root = try parser.nextRoot()
      if let second = try parser.nextRoot() {
        let mark = second.mark
        throw GlossaError.config(file, line: mark?.line ?? 1, column: mark?.column ?? 1, problem: .severalDocuments)
      }
    } catch let error as YamlError {
      if case .duplicatedKeysInMapping(let duplicates, let context) = error, let key = duplicates.first,
        let (line, column) = secondOccurrence(of: key, in: text, mapping: context.mark)
      {
        throw GlossaError.config(file, line: line, column: column, problem: .duplicateKeys([key]))
      }
      throw self.error(error, file: file)
    }
    guard let root else { return .map([], line: 1, column: 1) }
    var budget = valueBudget(bytes: text.utf8.count)
    return try value(root, file: file, budget: &budget)
  }

  /// The error for a Yams error, at its line and column (libYAML counts columns in code points).
  static func error(_ error: YamlError, file: String) -> GlossaError {
    switch error {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      var text = problem
      if let context { text += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))" }
      return .config(file, line: mark.line, column: mark.column, problem: .syntax(text))
    case .reader(let problem, let offset, _, _):
      return .config(file, line: nil, column: nil, problem: .syntax(problem + (offset.map { " at byte \($0)" } ?? "")))
    case .duplicatedKeysInMapping(let duplicates, let context):
      return .config(
        file, line: context.mark.line, column: context.mark.column, problem: .duplicateKeys(duplicates.map { "\($0)" }))
    default:
      return .config(file, line: nil, column: nil, problem: .syntax("\(error)"))
    }
  }

  /// Where `key` is written the second time in the block mapping that starts at `mapping`
  /// (libYAML names only the mapping): the second line from there that holds `key:` (plain or
  /// quoted) at the mapping's column. Nil for a flow mapping or a key written another way.
  static func secondOccurrence(of key: String, in text: String, mapping: Mark) -> (Int, Int)? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let spellings = [key + ":", "\"" + key + "\":", "'" + key + "':"]
    let first = mapping.line - 1
    guard first >= 0, first < lines.count, mapping.column >= 1 else { return nil }
    var seen = 0
    for index in first..<lines.count {
      let line = lines[index].unicodeScalars
      guard line.count >= mapping.column else { continue }
      let rest = String(String.UnicodeScalarView(line.dropFirst(mapping.column - 1)))
      let indent = line.prefix(mapping.column - 1)
      guard indent.allSatisfy({ $0 == " " || $0 == "-" }) || index == mapping.line - 1 else { continue }
      guard spellings.contains(where: { rest.hasPrefix($0) }) else { continue }
      seen += 1
      if seen == 2 { return (index + 1, mapping.column) }
    }
    return nil
  }

  /// How deep collections may nest before the file is refused (aliases can make a small file
  /// describe a huge tree; this also bounds the recursion).
  static let maxDepth = 64

  /// How many values a file of `bytes` bytes may describe, counted as they are built, aliases
  /// and merge keys expanded: a few hundred bytes of nested aliases describe billions, which
  /// would take gigabytes and minutes to build. Written out, a value takes at least two bytes,
  /// so a file without aliases stays under half its size; the budget leaves room for the
  /// anchors a real config shares, and keeps the work proportional to the file.
  static func valueBudget(bytes: Int) -> Int { 10_000 + 4 * bytes }

  private static func value(_ node: Node, file: String, depth: Int = 0, budget: inout Int) throws -> YAMLValue {
    let line = node.mark?.line ?? 1
    let column = node.mark?.column ?? 1
    guard depth < maxDepth else {
      throw GlossaError.config(file, line: line, column: column, problem: .nestedTooDeep(limit: maxDepth))
    }
    budget -= 1
    guard budget >= 0 else {
      throw GlossaError.config(file, line: line, column: column, problem: .tooManyValues(base: valueBudget(bytes: 0)))
    }
    switch node {
    case .scalar(let scalar):
      let isNull = scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
      return .scalar(isNull ? "" : scalar.string, line: line, column: column)
    case .sequence(let sequence):
      var items: [YAMLValue] = []
      for item in sequence { items.append(try value(item, file: file, depth: depth + 1, budget: &budget)) }
      return .list(items, line: line, column: column)
    case .mapping(let mapping):
      var merged: [YAMLPair] = []
      var own: [YAMLPair] = []
      for (key, item) in mapping {
        guard case .scalar(let keyScalar) = key else {
          let mark = key.mark
          throw GlossaError.config(
            file, line: mark?.line ?? line, column: mark?.column ?? column, problem: .collectionKey)
        }
        if keyScalar.string == "<<" && keyScalar.style == .plain {
          merged += try mergedPairs(item, file: file, depth: depth + 1, budget: &budget)
        } else {
          own.append(
            YAMLPair(
              key: keyScalar.string, value: try value(item, file: file, depth: depth + 1, budget: &budget),
              line: keyScalar.mark?.line ?? line, column: keyScalar.mark?.column ?? column))
        }
      }
      let ownKeys = Set(own.map(\.key))
      return .map(merged.filter { !ownKeys.contains($0.key) } + own, line: line, column: column)
    case .alias:
      throw GlossaError.config(file, line: line, column: column, problem: .unknownAlias)
    }
  }

  /// The pairs a merge key brings in: one mapping's, or a list of mappings' (earlier ones win).
  private static func mergedPairs(_ node: Node, file: String, depth: Int, budget: inout Int) throws -> [YAMLPair] {
    let items: [Node]
    switch node {
    case .mapping: items = [node]
    case .sequence(let sequence): items = Array(sequence)
    default:
      throw GlossaError.config(
        file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, problem: .mergeNotMapping)
    }
    var result: [YAMLPair] = []
    var seen: Set<String> = []
    for item in items {
      guard case .map(let pairs, _, _) = try value(item, file: file, depth: depth, budget: &budget) else {
        throw GlossaError.config(
          file, line: item.mark?.line ?? 1, column: item.mark?.column ?? 1, problem: .mergeNotMapping)
      }
      for pair in pairs where seen.insert(pair.key).inserted { result.append(pair) }
    }
    return result
  }
}
