/// One printf-style specifier as Apple's `String(format:)` reads it (`%@`, `%1$ld`, `%.1f`,
/// `%#@files@`…). `%%` is a literal and never becomes a specifier.
public struct FormatSpecifier: Sendable, Hashable {
  /// What sort of argument a conversion consumes; conversions of one family are interchangeable.
  public enum Family: String, Sendable, Hashable, CaseIterable {
    /// `%@`: an object.
    case object
    /// `%d %i %u %x %X %o %c %C` with any length modifier (`%ld` ≈ `%d`).
    case integer
    /// `%f %e %g %a` and their capitals.
    case floating
    /// `%s %S`: a C string.
    case cString = "c-string"
    /// `%p`: a pointer.
    case pointer
    /// `%#@name@`: a `.stringsdict` variable, which consumes a number.
    case pluralVariable = "plural-variable"

    /// True when an argument of this family can stand where `other` is expected.
    public func isCompatible(with other: Family) -> Bool {
      if self == other { return true }
      let numeric: Set<Family> = [.integer, .pluralVariable]
      return numeric.contains(self) && numeric.contains(other)
    }
  }

  /// The specifier exactly as written (`%1$@`).
  public var text: String
  /// Character offset of the `%` in the string it was read from.
  public var offset: Int
  /// The explicit argument position (`%2$@` → 2), if any.
  public var position: Int?
  /// Flags (`-+0#'`).
  public var flags: String
  /// Width as written (`5`, `*`), if any.
  public var width: String?
  /// Precision as written without the dot (`1` for `%.1f`, `*`), if any.
  public var precision: String?
  /// Length modifier (`l`, `ll`, `q`, `h`, `hh`, `L`, `z`, `t`, `j`).
  public var lengthModifier: String
  /// The conversion character (`@`, `d`, `f`…); `@` for plural variables.
  public var conversion: Character
  /// The `.stringsdict` variable name of `%#@name@`.
  public var variable: String?

  /// The argument family this specifier consumes.
  public var family: Family {
    if variable != nil { return .pluralVariable }
    switch conversion {
    case "@": return .object
    case "f", "F", "e", "E", "g", "G", "a", "A": return .floating
    case "s", "S": return .cString
    case "p": return .pointer
    default: return .integer
    }
  }

  /// Every specifier in `s`, in order. Text that is not a valid specifier (`100%`, `% off`) is
  /// literal text; a space is not accepted as a flag because `50% of` is far more often prose
  /// than a space-padded octal number.
  public static func parse(_ s: String) -> [FormatSpecifier] {
    guard s.utf8.contains(UInt8(ascii: "%")) else { return [] }
    var result: [FormatSpecifier] = []
    let chars = Array(s)
    var i = 0
    while i < chars.count {
      guard chars[i] == "%" else {
        i += 1
        continue
      }
      if i + 1 < chars.count, chars[i + 1] == "%" {
        i += 2
        continue
      }
      if let (specifier, end) = scan(chars, from: i) {
        result.append(specifier)
        i = end
      } else {
        i += 1
      }
    }
    return result
  }

  /// Reads one specifier starting at the `%` at `start`; returns it and the index after it.
  private static func scan(_ chars: [Character], from start: Int) -> (FormatSpecifier, Int)? {
    var i = start + 1
    func digits() -> String {
      var text = ""
      while i < chars.count, let ascii = chars[i].asciiValue, ascii >= 48, ascii <= 57 {
        text.append(chars[i])
        i += 1
      }
      return text
    }
    var position: Int?
    let save = i
    let lead = digits()
    if !lead.isEmpty, i < chars.count, chars[i] == "$", let number = Int(lead), number > 0 {
      position = number
      i += 1
    } else {
      i = save
    }
    if i + 1 < chars.count, chars[i] == "#", chars[i + 1] == "@" {
      i += 2
      var name = ""
      while i < chars.count, chars[i] != "@" {
        let c = chars[i]
        guard c.isLetter || c.isNumber || c == "_" else { return nil }
        name.append(c)
        i += 1
      }
      guard i < chars.count, !name.isEmpty else { return nil }
      i += 1
      let spec = FormatSpecifier(
        text: String(chars[start..<i]), offset: start, position: position, flags: "",
        width: nil, precision: nil, lengthModifier: "", conversion: "@", variable: name)
      return (spec, i)
    }
    var flags = ""
    while i < chars.count, "-+0#'".contains(chars[i]) {
      flags.append(chars[i])
      i += 1
    }
    var width: String?
    if i < chars.count, chars[i] == "*" {
      i += 1
      width = "*" + starPosition(chars, &i)
    } else {
      let w = digits()
      if !w.isEmpty { width = w }
    }
    var precision: String?
    if i < chars.count, chars[i] == "." {
      i += 1
      if i < chars.count, chars[i] == "*" {
        i += 1
        precision = "*" + starPosition(chars, &i)
      } else {
        precision = digits()
      }
    }
    var length = ""
    for candidate in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
      let cs = Array(candidate)
      if i + cs.count <= chars.count, Array(chars[i..<(i + cs.count)]) == cs {
        length = candidate
        i += cs.count
        break
      }
    }
    guard i < chars.count, "@dDiuUxXoOcCfFeEgGaAsSp".contains(chars[i]) else { return nil }
    let conversion = chars[i]
    i += 1
    let spec = FormatSpecifier(
      text: String(chars[start..<i]), offset: start, position: position, flags: flags,
      width: width, precision: precision, lengthModifier: length, conversion: conversion,
      variable: nil)
    return (spec, i)
  }

  /// Reads the optional `n$` after a `*` width or precision.
  private static func starPosition(_ chars: [Character], _ i: inout Int) -> String {
    var j = i
    var text = ""
    while j < chars.count, let ascii = chars[j].asciiValue, ascii >= 48, ascii <= 57 {
      text.append(chars[j])
      j += 1
    }
    if !text.isEmpty, j < chars.count, chars[j] == "$" {
      i = j + 1
      return text + "$"
    }
    return ""
  }
}
