import Foundation

/// `overlong`: a value too wide for its place, measured in terminal display columns.
///
/// With a limit (`max-length: N` in the source entry's comment, or a config rule for the key)
/// a value over it is an error, in every language. Without one, a translation is a warning when
/// it is wider than `maxRatio` × the source's width and at least `slack` columns wider.
public struct Overlong: Check {
  public var kind: FindingKind { .overlong }
  public init() {}

  public func check(_ subject: KeySubject, emit: (Finding) -> Void) {
    guard let translation = subject.translation else { return }
    let source = subject.source
    let limit =
      (source?.entry?.comment ?? source?.devices.first?.comment).flatMap(Self.commentLimit)
      ?? subject.options.configuredLimit(forKey: subject.key)
    var values: [(value: String, source: String?, category: PluralCategory?, line: Int)] = []
    if let entry = translation.entry { values.append((entry.value, source?.entry?.value, nil, entry.line)) }
    for (entry, sourceEntry) in subject.devicePairs { values.append((entry.value, sourceEntry?.value, nil, entry.line)) }
    for family in translation.families {
      let sourceFamily = source?.family(matching: family)
      for category in family.forms.keys.sorted() {
        guard let value = family.forms[category] else { continue }
        let sourceValue = sourceFamily?.forms[category] ?? sourceFamily?.forms[.other]
        values.append((value, sourceValue, category, family.line))
      }
    }
    for item in values {
      let width = DisplayWidth.columns(of: item.value)
      let sourceWidth = item.source.map { DisplayWidth.columns(of: $0) }
      if let limit {
        guard width > limit else { continue }
        let from = sourceWidth.map { "; the source is \($0)" } ?? ""
        emit(
          subject.finding(
            .overlong, .error, category: item.category, line: item.line,
            "The text is \(width) columns wide, over the limit of \(limit) set by max-length\(from)."
          ))
      } else if !subject.isSource, let sourceWidth, sourceWidth > 0 {
        let allowed = Double(sourceWidth) * subject.options.maxRatio
        guard Double(width) > allowed, width - sourceWidth >= subject.options.slack else { continue }
        let ratio = String(format: "%g", subject.options.maxRatio)
        emit(
          subject.finding(
            .overlong, .warning, category: item.category, line: item.line,
            "The translation is \(width) columns wide against \(sourceWidth) for the source, "
              + "more than \(ratio) × the source (limit \(Int(allowed.rounded(.down))) columns)."))
      }
    }
  }

  /// The `max-length: N` limit in a comment (case-insensitive), if any.
  static func commentLimit(_ comment: String) -> Int? {
    let lower = comment.lowercased()
    guard let range = lower.range(of: "max-length") else { return nil }
    var rest = lower[range.upperBound...].drop { $0 == " " || $0 == "\t" }
    guard rest.first == ":" || rest.first == "=" else { return nil }
    rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    return Int(digits)
  }
}
