@testable import GlossaCore

/// The byte-at-a-time `TextScan` as it was before its table of telling scalars: every lead byte
/// that may start a digit or an invisible character is decoded and its scalar asked. The tests
/// hold the scan to it, flag for flag, so a faster scan reports exactly what this one did.
enum TextScanReference {
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>, numbers readsNumbers: Bool = true, end readsEnd: Bool = true)
    -> TextScan
  {
    guard !bytes.isEmpty else { return TextScan() }
    let count = bytes.count
    var flags: TextScan.Flags = []
    var seenText = false
    var wordStart = -1
    var maybeRepeat = false
    var i = 0
    while i < count {
      let byte = bytes[i]
      let isTelling = [0xC2, 0xD8, 0xD9, 0xDB, 0xDF, 0xE0, 0xE1, 0xE2, 0xEF].contains(byte)
      let isWord = byte >= 0x80 || TextScan.isLetter(byte) || byte == 0x27 || byte == 0x2D
      if isWord || (byte >= 0x30 && byte <= 0x39) {
        if wordStart < 0 { wordStart = i }
        seenText = true
        if byte >= 0x30 && byte <= 0x39 {
          flags.insert(.digits)
          i += 1
        } else if byte == 0x77 {
          if i + 3 < count, bytes[i + 1] == 0x77, bytes[i + 2] == 0x77, bytes[i + 3] == 0x2E { flags.insert(.links) }
          i += 1
        } else if isTelling {
          let length = byte >= 0xE0 ? 3 : 2
          guard i + length <= count else {
            i += 1
            continue
          }
          var scalar = UInt32(byte) & (length == 2 ? 0x1F : 0x0F)
          for k in 1..<length { scalar = scalar << 6 | UInt32(bytes[i + k] & 0x3F) }
          switch byte {
          case 0xC2, 0xD8, 0xE2:
            if InvisibleCharacter.isInvisible(scalar) { flags.insert(.invisible) }
          case 0xE0, 0xD9, 0xDB, 0xDF:
            if NumberText.digitValue(scalar) != nil { flags.insert(.digits) }
          default:
            if NumberText.digitValue(scalar) != nil {
              flags.insert(.digits)
            } else if InvisibleCharacter.isInvisible(scalar) {
              flags.insert(.invisible)
            }
          }
          i += length
        } else {
          i += 1
        }
        continue
      }
      switch byte {
      case 0x20:
        if wordStart >= 0 && !maybeRepeat {
          let length = i - wordStart
          let next = i + 1
          if next + length <= count, bytes[next] | 0x20 == bytes[wordStart] | 0x20,
            bytes[next + length - 1] | 0x20 == bytes[i - 1] | 0x20,
            next + length == count || !RepeatedWord.isWordByte(bytes[next + length])
          {
            maybeRepeat = true
          }
        }
        if seenText, i + 2 < count, bytes[i + 1] == 0x20 {
          var j = i + 1
          while j < count && bytes[j] == 0x20 { j += 1 }
          if j < count && bytes[j] > 0x20 { flags.insert(.doubleSpace) }
        }
      case 0x3A:
        if i + 2 < count && bytes[i + 1] == 0x2F && bytes[i + 2] == 0x2F { flags.insert(.links) }
        if i >= 6 && bytes[i - 1] == 0x6F && bytes[i - 6] == 0x6D { flags.insert(.links) }
      case 0x40:
        if i > 0, TextScan.isAlphanumeric(bytes[i - 1]) { flags.insert(.links) }
      case 0x3C:
        if i + 1 < count, TextScan.isLetter(bytes[i + 1]) || bytes[i + 1] == 0x2F { flags.insert(.markup) }
      case 0x5D:
        if i + 1 < count && bytes[i + 1] == 0x28 { flags.insert(.markup) }
      case 0x2A, 0x5F:
        if i + 1 < count && bytes[i + 1] == byte { flags.insert(.markup) }
      case 0x2E:
        if i + 2 < count && bytes[i + 1] == 0x2E && bytes[i + 2] == 0x2E { flags.insert(.threeDots) }
      case 0x25:
        flags.insert(.percent)
      case 0x7B:
        flags.insert(.brace)
      case 0x09, 0x0A, 0x0D:
        break
      case 0x00...0x1F, 0x7F:
        flags.insert(.invisible)
      default:
        break
      }
      wordStart = -1
      if byte != 0x20 { seenText = true }
      i += 1
    }
    var result = TextScan()
    if PlaceholderText.mayBePlaceholder(bytes) { flags.insert(.placeholder) }
    if readsNumbers && flags.contains(.digits) { result.numbers = NumberText.fingerprint(bytes) }
    if maybeRepeat && RepeatedWord.firstRepeat(bytes) != nil { flags.insert(.repeatedWord) }
    result.flags = flags
    if readsEnd { result.end = EndPunctuation.mark(bytes) }
    return result
  }
}
