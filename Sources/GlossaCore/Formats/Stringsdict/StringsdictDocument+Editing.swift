extension StringsdictDocument {
  /// Sets one plural form: replaces an existing form's text (unless it already is `value`),
  /// inserts a missing category in CLDR order within an existing variable, or adds a whole new
  /// key with variable `variable` (default `count`), the value type of the value's first integer
  /// specifier (`d` when it has none) and format `%#@variable@`.
  ///
  /// `comment` is ignored: `.stringsdict` files carry no translator comments.
  /// - Throws: `GlossaError` when `plural` is nil, the file could not be decoded or parsed, or
  ///   the key exists but `variable` does not name one of its plural variables.
  public mutating func setValue(
    _ value: String, forKey key: String, plural: PluralCategory?, variable: String?,
    comment: String?
  ) throws {
    try setValue(value, forKey: key, plural: plural, variable: variable, like: nil)
  }

  /// Sets one plural form as `setValue(_:forKey:plural:variable:comment:)` does; a key new to
  /// the file takes the format string and value type of `model` (the development language's
  /// family of the key) when given.
  public mutating func setValue(
    _ value: String, forKey key: String, plural: PluralCategory?, variable: String?, like model: PluralFamily?
  ) throws {
    let (source, root) = try editable()
    guard let plural else {
      throw GlossaError.invalidEdit(file, problem: .pluralCategoryRequired(key: key))
    }
    let unit = PlistXMLEditing.indentUnit(source.bytes, root: root)
    guard let keyPair = root.pairs.last(where: { $0.key == key }) else {
      let name = variable ?? "count"
      let lines = newKeyLines(
        key: key, variable: name, category: plural, value: value, unit: unit,
        format: model?.formatKey ?? "%#@\(name)@", valueType: model?.valueType ?? Self.valueType(of: value))
      let splice = PlistXMLEditing.insert(
        lines, into: root, after: root.pairs.isEmpty ? nil : root.pairs.count - 1,
        bytes: source.bytes, newline: source.newline, unit: unit)
      apply(splice)
      return
    }
    let variablePair = try pluralVariable(of: keyPair, named: variable)
    let dict = variablePair.value
    if let form = dict.pairs.last(where: { $0.key == plural.rawValue }) {
      guard form.value.tag == "string" else {
        throw GlossaError.invalidEdit(file, problem: .formNotString(key: key, category: plural, tag: form.value.tag))
      }
      // An unchanged value is no edit: the text keeps its own spelling (entities, CDATA).
      if form.value.text.isSameText(as: value) { return }
      apply(PlistXMLEditing.replaceText(of: form.value, with: value))
      return
    }
    apply(
      PlistXMLEditing.insert(
        PlistXMLEditing.stringPair(plural.rawValue, value), into: dict,
        after: insertionIndex(for: plural, in: dict), bytes: source.bytes, newline: source.newline,
        unit: unit))
  }

  /// The value type a new family's variable takes from its first form: the length modifier and
  /// conversion of the form's first integer specifier (`%ld` gives `ld`), else `d`.
  static func valueType(of value: String) -> String {
    guard let number = FormatSpecifier.parse(value).first(where: { $0.family == .integer }) else { return "d" }
    return number.lengthModifier + String(number.conversion)
  }

  /// Removes one form (`plural` given) or the whole key (`plural` nil) with its lines.
  /// - Throws: `GlossaError` when the key, variable or form does not exist.
  public mutating func removeValue(
    forKey key: String, plural: PluralCategory?, variable: String?
  ) throws {
    let (source, root) = try editable()
    guard let keyPair = root.pairs.last(where: { $0.key == key }) else {
      throw GlossaError.invalidEdit(file, problem: .noKey(key))
    }
    guard let plural else {
      apply(.init(range: PlistXMLEditing.removalRange(of: keyPair, bytes: source.bytes), text: ""))
      return
    }
    let variablePair = try pluralVariable(of: keyPair, named: variable)
    guard let form = variablePair.value.pairs.last(where: { $0.key == plural.rawValue }) else {
      throw GlossaError.invalidEdit(
        file, problem: .noPluralForm(key: key, variable: variablePair.key, category: plural))
    }
    // The last form of a key's only plural variable takes the key with it: a family with no
    // forms is no family, and an empty one would be a new finding.
    let forms = variablePair.value.pairs.filter { PluralCategory(rawValue: $0.key) != nil }
    let variables = keyPair.value.pairs.filter {
      $0.value.tag == "dict" && $0.value.pairs.contains { $0.key == Stringsdict.specTypeKey }
    }
    if forms.count == 1 && variables.count == 1 {
      apply(.init(range: PlistXMLEditing.removalRange(of: keyPair, bytes: source.bytes), text: ""))
      return
    }
    apply(.init(range: PlistXMLEditing.removalRange(of: form, bytes: source.bytes), text: ""))
  }

  private func editable() throws -> (SourceText, PlistNode) {
    guard let source else {
      throw GlossaError.invalidEdit(file, problem: .notUTF8OrUTF16)
    }
    guard !hasSyntaxError else {
      throw GlossaError.invalidEdit(file, problem: .syntaxError)
    }
    if let root {
      guard root.tag == "dict" else {
        throw GlossaError.invalidEdit(file, problem: .rootNotDict(tag: root.tag))
      }
      return (source, root)
    }
    throw GlossaError.invalidEdit(file, problem: .noPropertyList)
  }

  private func pluralVariable(of keyPair: PlistPair, named variable: String?) throws -> PlistPair {
    let candidates = keyPair.value.pairs.filter {
      $0.value.tag == "dict"
        && $0.value.pairs.contains { $0.key == Stringsdict.specTypeKey && $0.value.text == Stringsdict.pluralRuleType }
    }
    if let variable {
      guard let found = candidates.last(where: { $0.key == variable }) else {
        throw GlossaError.invalidEdit(file, problem: .noPluralVariable(key: keyPair.key, variable: variable))
      }
      return found
    }
    guard candidates.count == 1, let only = candidates.first else {
      let names = candidates.map(\.key).joined(separator: ", ")
      throw GlossaError.invalidEdit(file, problem: .ambiguousPluralVariable(key: keyPair.key, names: names))
    }
    return only
  }

  /// The index of the pair after which `category` belongs (CLDR order), or nil for the front.
  private func insertionIndex(for category: PluralCategory, in dict: PlistNode) -> Int? {
    var after: Int?
    for (index, pair) in dict.pairs.enumerated() {
      if let existing = PluralCategory(rawValue: pair.key) {
        if existing < category { after = index }
      } else if after == nil || PluralCategory(rawValue: dict.pairs[after ?? 0].key) == nil {
        after = index
      }
    }
    return after
  }

  private func newKeyLines(
    key: String, variable: String, category: PluralCategory, value: String, unit: String, format: String,
    valueType: String
  ) -> [String] {
    let one = unit
    let two = unit + unit
    let pairs =
      PlistXMLEditing.stringPair(Stringsdict.specTypeKey, Stringsdict.pluralRuleType)
      + PlistXMLEditing.stringPair(Stringsdict.valueTypeKey, valueType)
      + PlistXMLEditing.stringPair(category.rawValue, value)
    return ["<key>\(XMLText.escape(key))</key>", "<dict>"]
      + PlistXMLEditing.stringPair(Stringsdict.formatKey, format).map { one + $0 }
      + [one + "<key>\(XMLText.escape(variable))</key>", one + "<dict>"]
      + pairs.map { two + $0 }
      + [one + "</dict>", "</dict>"]
  }

  private mutating func apply(_ splice: PlistXMLEditing.Splice) {
    source?.replace(splice.range, with: splice.text)
    isEdited = true
    reparse()
  }
}
