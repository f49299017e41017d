/// Reads the String Catalog schema out of a parsed JSON tree; every mismatch is a diagnostic.
///
/// Members it does not know are skipped (and so kept byte for byte). Nesting is bounded by the
/// schema: device variations may hold plural variations, nothing deeper.
struct StringCatalogReader {
  let bytes: [UInt8]
  let lines: TextPositions
  let file: String
  var diagnostics: [Diagnostic] = []
  var keys: [CatalogKey] = []
  var units: [CatalogUnit] = []
  var substitutions: [CatalogSubstitution] = []
  var sourceLanguage: String?
  var version: String?

  init(bytes: [UInt8], lines: TextPositions, file: String) {
    self.bytes = bytes
    self.lines = lines
    self.file = file
  }

  mutating func read(_ root: JSONNode) {
    guard root.kind == .object else {
      report(root.start, "expected an object at the top level of a String Catalog, found \(describe(root))")
      return
    }
    for member in root.members {
      switch member.key {
      case "sourceLanguage": sourceLanguage = string(member, "a language code")
      case "version": version = string(member, "a version string")
      case "strings":
        guard member.value.kind == .object else {
          report(member.value.start, "expected an object of keys for \"strings\", found \(describe(member.value))")
          continue
        }
        readStrings(member.value)
      default: continue
      }
    }
    if sourceLanguage == nil {
      report(root.start, "expected a \"sourceLanguage\" member naming the development language")
    }
  }

  private mutating func readStrings(_ strings: JSONNode) {
    var firstLine: [String: Int] = [:]
    for member in strings.members {
      let place = lines.location(of: member.keyStart)
      if let earlier = firstLine[member.key] {
        diagnostics.append(
          Diagnostic(
            kind: .duplicateKey, file: file, line: place.line, column: place.column,
            message: "key '\(member.key)' appears again; the first occurrence is on line \(earlier)",
            key: member.key, relatedLine: earlier))
      } else {
        firstLine[member.key] = place.line
      }
      guard member.value.kind == .object else {
        report(member.value.start, "expected an object for key \"\(member.key)\", found \(describe(member.value))")
        continue
      }
      var info = CatalogKey(
        key: member.key, comment: nil, extractionState: nil, shouldTranslate: true, languages: [],
        line: place.line, column: place.column)
      for field in member.value.members {
        switch field.key {
        case "comment": info.comment = string(field, "a comment string")
        case "extractionState": info.extractionState = string(field, "a string such as \"manual\"")
        case "shouldTranslate":
          if let flag = bool(field.value) {
            info.shouldTranslate = flag
          } else {
            report(field.value.start, "expected true or false for \"shouldTranslate\", found \(describe(field.value))")
          }
        case "localizations":
          guard field.value.kind == .object else {
            report(
              field.value.start, "expected an object of languages for \"localizations\", found \(describe(field.value))"
            )
            continue
          }
          for localization in field.value.members {
            info.languages.append(localization.key)
            readLocalization(localization, key: member.key)
          }
        default: continue
        }
      }
      keys.append(info)
    }
  }

  private mutating func readLocalization(_ member: JSONMember, key: String) {
    guard member.value.kind == .object else {
      report(
        member.value.start,
        "expected an object for language \"\(member.key)\" of \"\(key)\", found \(describe(member.value))")
      return
    }
    let base = CatalogUnitPath(key: key, language: member.key)
    readHolder(member.value, path: base, allowDevice: true)
    for field in member.value.members where field.key == "substitutions" {
      guard field.value.kind == .object else {
        report(field.value.start, "expected an object of substitutions, found \(describe(field.value))")
        continue
      }
      for substitution in field.value.members { readSubstitution(substitution, base: base) }
    }
  }

  /// Reads the `stringUnit` and `variations` of an object that can hold them.
  private mutating func readHolder(_ node: JSONNode, path: CatalogUnitPath, allowDevice: Bool) {
    for field in node.members {
      switch field.key {
      case "stringUnit": readUnit(field.value, path: path)
      case "variations": readVariations(field.value, path: path, allowDevice: allowDevice)
      default: continue
      }
    }
  }

  private mutating func readVariations(_ node: JSONNode, path: CatalogUnitPath, allowDevice: Bool) {
    guard node.kind == .object else {
      report(node.start, "expected an object for \"variations\", found \(describe(node))")
      return
    }
    for kind in node.members {
      guard kind.value.kind == .object else {
        report(kind.value.start, "expected an object for the \"\(kind.key)\" variations, found \(describe(kind.value))")
        continue
      }
      switch kind.key {
      case "plural":
        for variant in kind.value.members {
          guard let category = PluralCategory(rawValue: variant.key) else {
            let place = lines.location(of: variant.keyStart)
            diagnostics.append(
              Diagnostic(
                kind: .pluralStructure, file: file, line: place.line, column: place.column,
                message: "unknown plural category \"\(variant.key)\"; expected zero, one, two, few, many or other"))
            continue
          }
          var inner = path
          inner.plural = category
          guard variant.value.kind == .object else {
            report(
              variant.value.start,
              "expected an object for the \"\(variant.key)\" variation, found \(describe(variant.value))")
            continue
          }
          readHolder(variant.value, path: inner, allowDevice: false)
        }
      case "device" where allowDevice && path.substitution == nil:
        for variant in kind.value.members {
          var inner = path
          inner.device = variant.key
          guard variant.value.kind == .object else {
            report(
              variant.value.start,
              "expected an object for the \"\(variant.key)\" variation, found \(describe(variant.value))")
            continue
          }
          readHolder(variant.value, path: inner, allowDevice: false)
        }
      case "device":
        report(
          kind.keyStart,
          "device variations belong directly under a language; they cannot sit inside another variation or a substitution"
        )
      default: continue
      }
    }
  }

  private mutating func readSubstitution(_ member: JSONMember, base: CatalogUnitPath) {
    guard member.value.kind == .object else {
      report(
        member.value.start, "expected an object for substitution \"\(member.key)\", found \(describe(member.value))")
      return
    }
    var path = base
    path.substitution = member.key
    var record = CatalogSubstitution(
      key: base.key, language: base.language, name: member.key, line: lines.line(of: member.keyStart))
    for field in member.value.members {
      switch field.key {
      case "argNum":
        if field.value.kind == .number, let number = Int(text(field.value)) {
          record.argumentNumber = number
        } else {
          report(field.value.start, "expected a whole number for \"argNum\", found \(describe(field.value))")
        }
      case "formatSpecifier": record.formatSpecifier = string(field, "a format specifier such as \"lld\"")
      case "variations":
        guard field.value.kind == .object else {
          report(field.value.start, "expected an object for \"variations\", found \(describe(field.value))")
          continue
        }
        readVariations(field.value, path: path, allowDevice: false)
      default: continue
      }
    }
    substitutions.append(record)
  }

  private mutating func readUnit(_ node: JSONNode, path: CatalogUnitPath) {
    guard node.kind == .object else {
      report(node.start, "expected an object for \"stringUnit\", found \(describe(node))")
      return
    }
    var state: TranslationState?
    var stateRange: Range<Int>?
    var valueNode: JSONNode?
    for field in node.members {
      switch field.key {
      case "state":
        guard let text = string(field, "a state") else { continue }
        stateRange = field.value.start..<field.value.end
        state = TranslationState(rawValue: text)
        if state == nil {
          report(field.value.start, "unknown state \"\(text)\"; expected new, translated, needs_review or stale")
        }
      case "value":
        guard field.value.kind == .string else {
          report(field.value.start, "expected a string for \"value\", found \(describe(field.value))")
          continue
        }
        valueNode = field.value
      default: continue
      }
    }
    guard let valueNode else {
      report(node.start, "expected a \"value\" string in the stringUnit of \(path)")
      return
    }
    let place = lines.location(of: valueNode.start)
    units.append(
      CatalogUnit(
        path: path, state: state, value: valueNode.text, line: place.line, column: place.column,
        valueRange: valueNode.start..<valueNode.end, stateRange: stateRange, objectRange: node.start..<node.end))
  }

  // MARK: - Helpers

  private mutating func string(_ member: JSONMember, _ expected: String) -> String? {
    guard member.value.kind == .string else {
      report(member.value.start, "expected \(expected) for \"\(member.key)\", found \(describe(member.value))")
      return nil
    }
    return member.value.text
  }

  private func bool(_ node: JSONNode) -> Bool? {
    guard node.kind == .literal else { return nil }
    switch text(node) {
    case "true": return true
    case "false": return false
    default: return nil
    }
  }

  private func text(_ node: JSONNode) -> String {
    String(decoding: bytes[node.start..<min(node.end, bytes.count)], as: UTF8.self)
  }

  private func describe(_ node: JSONNode) -> String {
    switch node.kind {
    case .literal: text(node)
    case .string: "a string"
    case .number: "the number \(text(node))"
    default: JSONTableDocument.describe(node.kind)
    }
  }

  private mutating func report(_ offset: Int, _ message: String) {
    let place = lines.location(of: offset)
    diagnostics.append(
      Diagnostic(kind: .parseError, file: file, line: place.line, column: place.column, message: message))
  }
}
