import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// UTF-16 documents keep only their UTF-8 text (not the bytes read): encoding it again must give
/// back every byte, so the encoder is held against the standard library's transcoding, and
/// unedited documents against the files they were read from.
@Suite(.timeLimit(.minutes(10))) struct UTF16EncodingTests {
  /// The standard library's answer: `String(decoding:as:)` then its UTF-16 view.
  static func reference(_ text: [UInt8], littleEndian: Bool) -> [UInt8] {
    String(decoding: text, as: UTF8.self).utf16.flatMap { unit in
      littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
    }
  }

  static let texts: [[UInt8]] = [
    [], Array("plain ASCII = \"x\";\n".utf8), Array("é ß ж ✓ 日本語 \u{10FFFF} 😀 e\u{301}".utf8),
    Array("\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{D7FF}\u{E000}".utf8),
    // Malformed (never in a decoded text): stray continuation, overlongs, a UTF-8 surrogate,
    // past U+10FFFF, cut short; each is written as U+FFFD exactly as the standard library reads it.
    [0x41, 0x80, 0x42], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
    [0xF5, 0x80], [0xE2, 0x82], [0x61, 0xF0, 0x9F, 0x98], [0xFF, 0xFE, 0x41],
  ]

  @Test(arguments: [true, false])
  func theEncoderMatchesTheStandardLibrary(littleEndian: Bool) {
    for text in Self.texts {
      #expect(
        DecodedText.utf8ToUTF16(text, bom: [], littleEndian: littleEndian)
          == Self.reference(text, littleEndian: littleEndian), "\(text)")
    }
    // Every scalar boundary of the encodings' lengths, and random bytes.
    var generator = SplitMix(seed: 45)
    for _ in 0..<2000 {
      let floors: [UInt8] = [0x00, 0x7F, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4]
      let text = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
        UInt8.random(in: floors.randomElement(using: &generator)!...0xFF, using: &generator)
      }
      #expect(
        DecodedText.utf8ToUTF16(text, bom: [], littleEndian: littleEndian)
          == Self.reference(text, littleEndian: littleEndian), "\(text)")
    }
  }

  @Test(arguments: [TextEncoding.utf16LEBOM, .utf16BEBOM, .utf16LE, .utf16BE])
  func anUneditedUTF16FileIsWrittenBackByteForByte(encoding: TextEncoding) throws {
    let text = "/* 日本語 😀 */\n\"key\" = \"Wert ß \\n\";\r\n\"b\"=\"\u{FEFF}x\";\n"
    let bytes = DecodedText.encode(Array(text.utf8), as: encoding)
    let document = StringsDocument(data: bytes, file: "de.lproj/Localizable.strings")
    #expect(document.encoding == encoding)
    #expect(document.serialized() == bytes)
    #expect(document.entries.map(\.value) == ["Wert ß \n", "\u{FEFF}x"])
  }

  @Test func theBOMComesFirstAndEveryTextFitsTheSpaceReserved() {
    for text in Self.texts {
      for littleEndian in [true, false] {
        let bom: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        let encoded = DecodedText.utf8ToUTF16(text, bom: bom, littleEndian: littleEndian)
        #expect(encoded == bom + Self.reference(text, littleEndian: littleEndian), "\(text)")
        #expect(encoded.count <= bom.count + 2 * text.count)
      }
    }
  }

  /// Whether a `.strings` document would write its saved bytes is read from its text and
  /// encoding, without encoding either.
  @Test(arguments: [TextEncoding.utf8, .utf16LEBOM, .utf16BE])
  func writesSameBytesAgreesWithSerializing(encoding: TextEncoding) throws {
    let text = "\"a\" = \"Wert ß\";\n\"b\" = \"x\";\n"
    let saved = StringsDocument(data: DecodedText.encode(Array(text.utf8), as: encoding), file: "de.lproj/L.strings")
    var edited = saved
    try edited.setValue("y", forKey: "b", plural: nil, variable: nil, comment: nil)
    var undone = edited
    try undone.setValue("x", forKey: "b", plural: nil, variable: nil, comment: nil)
    let other = StringsDocument(
      data: DecodedText.encode(Array(text.utf8), as: encoding == .utf8 ? .utf16LEBOM : .utf8),
      file: "de.lproj/L.strings")
    for (document, expected) in [(saved, true), (edited, false), (undone, true), (other, false)] {
      #expect(document.writesSameBytes(as: saved) == expected)
      #expect((document.serialized() == saved.serialized()) == expected)
    }
  }
}
