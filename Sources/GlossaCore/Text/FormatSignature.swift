/// The arguments a format string consumes, for comparing a translation with its source.
///
/// Two strings are compatible when they consume the same argument positions with compatible
/// families: `%1$@ %2$@` and `%2$@ %1$@` are compatible, `%@` and `%d` are not, `%ld` and `%d`
/// are. Using an argument twice (`%1$@ … %1$@`) is allowed.
public struct FormatSignature: Sendable, Hashable {
  /// One consumed argument.
  public struct Argument: Sendable, Hashable {
    /// 1-based argument position.
    public var position: Int
    public var family: FormatSpecifier.Family
    /// The specifier that consumes it, as written (`%2$@`, or `*` for a star width).
    public var text: String
  }

  /// The specifiers in order of appearance.
  public var specifiers: [FormatSpecifier]
  /// Consumed arguments by position (the first specifier wins when one is used twice).
  public var arguments: [Int: Argument]
  /// `.stringsdict` variables referenced with `%#@name@`, sorted.
  public var variables: [String]

  /// The signature of `s`.
  public init(_ s: String) {
    self.init(specifiers: FormatSpecifier.parse(s))
  }

  /// The signature of an already-parsed list of specifiers.
  public init(specifiers: [FormatSpecifier]) {
    self.specifiers = specifiers
    var arguments: [Int: Argument] = [:]
    var next = 1
    func take(_ position: Int?, _ family: FormatSpecifier.Family, _ text: String) {
      let index = position ?? next
      if position == nil { next += 1 }
      if arguments[index] == nil {
        arguments[index] = Argument(position: index, family: family, text: text)
      }
    }
    for spec in specifiers {
      for star in [spec.width, spec.precision].compactMap({ $0 }) where star.hasPrefix("*") {
        take(Int(star.dropFirst().dropLast()), .integer, "*")
      }
      take(spec.position, spec.family, spec.text)
    }
    self.arguments = arguments
    self.variables = Array(Set(specifiers.compactMap(\.variable))).sorted()
  }

  /// True when there is no specifier at all.
  public var isEmpty: Bool { specifiers.isEmpty }

  /// Number of distinct arguments consumed.
  public var argumentCount: Int { arguments.count }

  /// A short rendering such as `%@, %d` (specifiers in argument order).
  public var summary: String {
    if arguments.isEmpty { return "no format specifiers" }
    return arguments.keys.sorted().compactMap { arguments[$0]?.text }.joined(separator: ", ")
  }

  /// Sentences describing how `self` (a translation) differs from `source`; empty when compatible.
  ///
  /// With `allowMissing` (plural forms other than `other`, which may omit the number) an argument
  /// of the source that the translation does not use is not a difference.
  public func differences(from source: FormatSignature, allowMissing: Bool = false) -> [String] {
    var result: [String] = []
    let positions = Set(arguments.keys).union(source.arguments.keys).sorted()
    for position in positions {
      switch (source.arguments[position], arguments[position]) {
      case (let expected?, let actual?):
        if !actual.family.isCompatible(with: expected.family) {
          result.append(
            "argument \(position) is \(actual.text) (\(actual.family.rawValue)) where the source "
              + "has \(expected.text) (\(expected.family.rawValue))")
        }
      case (let expected?, nil):
        if !allowMissing {
          result.append("argument \(position) (\(expected.text)) of the source is missing")
        }
      case (nil, let actual?):
        result.append("\(actual.text) uses argument \(position), which the source does not have")
      case (nil, nil):
        break
      }
    }
    let missingVariables = Set(source.variables).subtracting(variables).sorted()
    let extraVariables = Set(variables).subtracting(source.variables).sorted()
    if !allowMissing, !missingVariables.isEmpty {
      result.append("plural variable \(missingVariables.joined(separator: ", ")) is missing")
    }
    if !extraVariables.isEmpty {
      result.append("plural variable \(extraVariables.joined(separator: ", ")) is not in the source")
    }
    return result
  }
}
