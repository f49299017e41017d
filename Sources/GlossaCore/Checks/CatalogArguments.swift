/// The arguments one language's value of a String Catalog key consumes, read as Xcode reads them.
///
/// - A specifier of the value (or of a plural variation of the value) takes the key's argument
///   at its position, as in any format string.
/// - `%#@name@` takes its substitution's `argNum` (else the argument at its own position), of
///   the substitution's `formatSpecifier`; the substitution's name is free.
/// - Inside a substitution's forms `%arg` is that substitution's argument (not the specifier
///   `%a`); in a form without `%arg`, the first specifier without a position is that argument
///   too (the `.stringsdict` way, which Xcode's migration keeps: `"%lld posts"`); a specifier
///   with a position (`%2$@`) is the key's argument of that number.
struct CatalogArguments {
  /// What a specifier is to the arguments.
  enum Role: Equatable {
    /// A specifier of the value, of a plural variation of it, or one with a position in a
    /// substitution's form: it consumes the argument at its position.
    case value
    /// `%#@name@`: its substitution's argument, of the substitution's `formatSpecifier`.
    case substitution(Int)
    /// The first specifier without a position in a form of the substitution at that index
    /// (of `substitutions`) without `%arg`: that substitution's argument, written out.
    case ownArgument(Int)
    /// `%arg` in a form of the substitution at that index: that substitution's argument.
    case placeholder
  }

  /// Where a specifier is written: the value itself, or a form of one of the record's families.
  struct Place: Hashable {
    /// The family's position in the record's families; nil for the value.
    var family: Int?
    var category: PluralCategory?
  }

  /// One specifier and the argument it consumes.
  struct Use {
    var position: Int
    var family: FormatSpecifier.Family
    var text: String
    var role: Role
    var place: Place
    /// The specifier that formats the argument: `text`, or for `%#@name@` and `%arg` the
    /// substitution's `formatSpecifier` (`%lld`).
    var formatting: String
  }

  /// One substitution the value names with `%#@name@`.
  struct Substitution {
    var name: String
    /// The argument it consumes: its `argNum`, else the position of `%#@name@`.
    var argument: Int
    /// Its `formatSpecifier` (`lld`), if given.
    var specifier: String?
    /// The family of `specifier`; a plural variable's when there is none.
    var family: FormatSpecifier.Family
    /// Its family's position in the record's families; nil when the record has none of that name.
    var familyIndex: Int?
  }

  /// Every specifier, the value's first, then each family's in order.
  private(set) var uses: [Use] = []
  /// The substitutions the value names, in order.
  private(set) var substitutions: [Substitution] = []

  /// The arguments of the record's value and plural variations without a device (device
  /// variations are compared as values of their own).
  init(value: String?, families: [PluralFamily]) {
    if let value { read(value, at: Place(family: nil, category: nil), families: families) }
    for (index, family) in families.enumerated() where family.device == nil {
      if family.variable == nil {
        // A plural variation of the value itself: each form is a format string of the key's arguments.
        for category in family.forms.keys.sorted() {
          read(family.forms[category] ?? "", at: Place(family: index, category: category), families: [])
        }
      } else if let substitution = substitutions.firstIndex(where: { $0.familyIndex == index }) {
        for category in family.forms.keys.sorted() {
          readForm(family.forms[category] ?? "", of: substitution, at: Place(family: index, category: category))
        }
      }
    }
  }

  /// The arguments of one plain value (a device variation).
  init(value: String) {
    read(value, at: Place(family: nil, category: nil), families: [])
  }

  /// Each argument position with the first use of it: what the source lets a translation use.
  var byPosition: [Int: Use] {
    var result: [Int: Use] = [:]
    for use in uses where result[use.position] == nil { result[use.position] = use }
    return result
  }

  /// The arguments a translation must keep: those of the value and of the `other` forms, with
  /// their first use.
  var required: [Int: Use] {
    var result: [Int: Use] = [:]
    for use in uses where use.place.category == nil || use.place.category == .other {
      if result[use.position] == nil { result[use.position] = use }
    }
    return result
  }

  /// Every argument position used anywhere.
  var used: Set<Int> { Set(uses.map(\.position)) }

  /// The value's (or a value-level form's) specifiers, positions counted from the first argument.
  private mutating func read(_ text: String, at place: Place, families: [PluralFamily]) {
    var next = 1
    for spec in FormatSpecifier.parse(text) {
      for star in [spec.width, spec.precision].compactMap({ $0 }) where star.hasPrefix("*") {
        let position = Int(star.dropFirst().dropLast()) ?? next
        if Int(star.dropFirst().dropLast()) == nil { next += 1 }
        uses.append(
          Use(position: position, family: .integer, text: "*", role: .value, place: place, formatting: "*"))
      }
      let position = spec.position ?? next
      if spec.position == nil { next += 1 }
      guard let name = spec.variable else {
        uses.append(
          Use(
            position: position, family: spec.family, text: spec.text, role: .value, place: place,
            formatting: spec.text))
        continue
      }
      let index = families.firstIndex { $0.variable == name && $0.device == nil }
      let family = index.map { families[$0] }
      let specifier = family?.valueType
      let substitution = Substitution(
        name: name, argument: family?.argumentNumber ?? position, specifier: specifier,
        family: specifier.flatMap(Self.family(of:)) ?? .pluralVariable, familyIndex: index)
      substitutions.append(substitution)
      uses.append(
        Use(
          position: substitution.argument, family: substitution.family, text: spec.text,
          role: .substitution(substitutions.count - 1), place: place,
          formatting: specifier.map { "%" + $0 } ?? spec.text))
    }
  }

  /// A substitution's form: `%arg`, else its first specifier without a position, is its argument.
  private mutating func readForm(_ text: String, of index: Int, at place: Place) {
    let substitution = substitutions[index]
    let specifiers = FormatSpecifier.parse(text)
    let placeholders = specifiers.map { Self.isPlaceholder($0, in: text) }
    var ownTaken = placeholders.contains(true)
    var next = substitution.argument + 1
    for (spec, isPlaceholder) in zip(specifiers, placeholders) {
      if isPlaceholder {
        uses.append(
          Use(
            position: substitution.argument, family: substitution.family, text: "%arg", role: .placeholder,
            place: place, formatting: substitution.specifier.map { "%" + $0 } ?? "%arg"))
      } else if let position = spec.position {
        uses.append(
          Use(
            position: position, family: spec.family, text: spec.text, role: .value, place: place,
            formatting: spec.text))
      } else if !ownTaken {
        ownTaken = true
        uses.append(
          Use(
            position: substitution.argument, family: spec.family, text: spec.text, role: .ownArgument(index),
            place: place, formatting: spec.text))
      } else {
        uses.append(
          Use(position: next, family: spec.family, text: spec.text, role: .value, place: place, formatting: spec.text))
        next += 1
      }
    }
  }

  /// True when `spec` is the `%a` of Xcode's `%arg` placeholder.
  static func isPlaceholder(_ spec: FormatSpecifier, in text: String) -> Bool {
    guard spec.text == "%a" else { return false }
    let utf8 = text.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: spec.utf8Offset + 2)
    return utf8[start...].starts(with: "rg".utf8)
  }

  /// The argument family a `formatSpecifier` (`lld`, `@`) formats; nil when it is none.
  static func family(of specifier: String) -> FormatSpecifier.Family? {
    let parsed = FormatSpecifier.parse("%" + specifier)
    guard parsed.count == 1, parsed[0].text.utf8.count == specifier.utf8.count + 1 else { return nil }
    return parsed[0].family
  }
}
