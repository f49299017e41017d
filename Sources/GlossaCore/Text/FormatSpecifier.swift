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
  /// UTF-8 offset of the `%` in the string it was read from.
  public var utf8Offset: Int
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
    let bytes = Array(s.utf8)
    guard bytes.contains(percent) else { return [] }
    var result: [FormatSpecifier] = []
    var i = 0
    while i < bytes.count {
      guard bytes[i] == percent else {
        i += 1
        continue
      }
      if i + 1 < bytes.count, bytes[i + 1] == percent {
        i += 2
        continue
      }
      if let (specifier, end) = scan(bytes, from: i) {
        result.append(specifier)
        i = end
      } else {
        i += 1
      }
    }
    return result
  }

  private static let percent = UInt8(ascii: "%")
  private static let flagBytes = Set("-+0#'".utf8)
  private static let conversions = Set("@dDiuUxXoOcCfFeEgGaAsSp".utf8)
  private static let lengthModifiers: [[UInt8]] = ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"]
    .map { Array($0.utf8) }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// Reads one specifier starting at the `%` at `start`; returns it and the index after it.
  private static func scan(_ bytes: [UInt8], from start: Int) -> (FormatSpecifier, Int)? {
    var i = start + 1
    func digits() -> String {
      let from = i
      while i < bytes.count, isDigit(bytes[i]) { i += 1 }
      return text(bytes, from..<i)
    }
    var position: Int?
    let save = i
    let lead = digits()
    if !lead.isEmpty, i < bytes.count, bytes[i] == UInt8(ascii: "$"), let number = Int(lead), number > 0 {
      position = number
      i += 1
    } else {
      i = save
    }
    if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "#"), bytes[i + 1] == UInt8(ascii: "@") {
      i += 2
      let nameStart = i
      while i < bytes.count, bytes[i] != UInt8(ascii: "@") {
        let byte = bytes[i]
        let ok =
          isDigit(byte) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
          || byte == UInt8(ascii: "_") || byte >= 0x80
        guard ok else { return nil }
        i += 1
      }
      guard i < bytes.count, i > nameStart else { return nil }
      let name = text(bytes, nameStart..<i)
      i += 1
      let spec = FormatSpecifier(
        text: text(bytes, start..<i), utf8Offset: start, position: position, flags: "",
        width: nil, precision: nil, lengthModifier: "", conversion: "@", variable: name)
      return (spec, i)
    }
    let flagsStart = i
    while i < bytes.count, flagBytes.contains(bytes[i]) { i += 1 }
    let flags = text(bytes, flagsStart..<i)
    var width: String?
    if i < bytes.count, bytes[i] == UInt8(ascii: "*") {
      i += 1
      width = "*" + starPosition(bytes, &i)
    } else {
      let w = digits()
      if !w.isEmpty { width = w }
    }
    var precision: String?
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "*") {
        i += 1
        precision = "*" + starPosition(bytes, &i)
      } else {
        precision = digits()
      }
    }
    var length = ""
    for candidate in lengthModifiers where i + candidate.count <= bytes.count {
      if Array(bytes[i..<(i + candidate.count)]) == candidate {
        length = String(decoding: candidate, as: UTF8.self)
        i += candidate.count
        break
      }
    }
    guard i < bytes.count, conversions.contains(bytes[i]) else { return nil }
    // Left-justifying without a width does nothing, so `%-a`, `%-os` are prose (Hungarian
    // suffixes after a percent sign), not specifiers.
    if width == nil, flags.contains("-") { return nil }
    let conversion = Character(Unicode.Scalar(bytes[i]))
    i += 1
    let spec = FormatSpecifier(
      text: text(bytes, start..<i), utf8Offset: start, position: position, flags: flags,
      width: width, precision: precision, lengthModifier: length, conversion: conversion,
      variable: nil)
    return (spec, i)
  }

  /// Reads the optional `n$` after a `*` width or precision.
  private static func starPosition(_ bytes: [UInt8], _ i: inout Int) -> String {
    var j = i
    while j < bytes.count, isDigit(bytes[j]) { j += 1 }
    if j > i, j < bytes.count, bytes[j] == UInt8(ascii: "$") {
      let digits = text(bytes, i..<j)
      i = j + 1
      return digits + "$"
    }
    return ""
  }
}
