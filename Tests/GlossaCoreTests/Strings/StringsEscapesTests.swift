import Testing
import GlossaTestSupport

@testable import GlossaCore

@Suite("StringsEscapes: runs copied whole, escapes decoded as before", .timeLimit(.minutes(10)))
struct StringsEscapesTests {
  /// The decoder byte by byte, as it was before runs were copied whole: the oracle.
  private func reference(_ body: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var pendingHigh: UInt16?
    func flushHigh() {
      if pendingHigh != nil {
        DecodedText.appendUTF8(0xFFFD, to: &out)
        pendingHigh = nil
      }
    }
    func appendUnit(_ unit: UInt16) {
      if (0xD800...0xDBFF).contains(unit) {
        flushHigh()
        pendingHigh = unit
      } else if (0xDC00...0xDFFF).contains(unit) {
        if let high = pendingHigh {
          DecodedText.appendUTF8(0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00), to: &out)
          pendingHigh = nil
        } else {
          DecodedText.appendUTF8(0xFFFD, to: &out)
        }
      } else {
        flushHigh()
        DecodedText.appendUTF8(UInt32(unit), to: &out)
      }
    }
    func hex(_ c: UInt8) -> UInt16? { UInt16(String(UnicodeScalar(c)), radix: 16) }
    var i = 0
    while i < body.count {
      let c = body[i]
      guard c == UInt8(ascii: "\\"), i + 1 < body.count else {
        flushHigh()
        out.append(c)
        i += 1
        continue
      }
      let e = body[i + 1]
      i += 2
      let simple: [UInt8: UInt16] = [110: 0x0A, 116: 0x09, 114: 0x0D, 97: 0x07, 98: 0x08, 102: 0x0C, 118: 0x0B]
      if let unit = simple[e] {
        appendUnit(unit)
      } else if e == UInt8(ascii: "U") || e == UInt8(ascii: "u") {
        var value: UInt16 = 0
        var digits = 0
        while digits < 4, i < body.count, let d = hex(body[i]) {
          value = value << 4 | d
          i += 1
          digits += 1
        }
        appendUnit(digits == 0 ? UInt16(e) : value)
      } else if (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(e) {
        var value = UInt16(e - 48)
        var digits = 1
        while digits < 3, i < body.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(body[i]) {
          value = value << 3 | UInt16(body[i] - 48)
          i += 1
          digits += 1
        }
        appendUnit(value & 0xFF)
      } else {
        flushHigh()
        out.append(e)
        while i < body.count && body[i] & 0xC0 == 0x80 {
          out.append(body[i])
          i += 1
        }
      }
    }
    flushHigh()
    return out
  }

  @Test func randomBodiesDecodeAsTheByteByByteDecoder() {
    let pieces = [
      "a", "plain text ", "é", "日本", "🙂", "\\n", "\\t", "\\\"", "\\\\", "\\'", "\\U00e9", "\\u20AC", "\\UD83D",
      "\\UDE42", "\\U", "\\Uzz", "\\101", "\\7", "\\0", "\\é", "\\日", "\\", "%@",
    ]
    var generator = SplitMix(seed: 23)
    for _ in 0..<2000 {
      var body: [UInt8] = []
      for _ in 0..<Int.random(in: 0..<12, using: &generator) {
        body += Array((pieces.randomElement(using: &generator) ?? "a").utf8)
      }
      var out: [UInt8] = [0x2A]
      StringsEscapes.unescape(body[...], appendingTo: &out)
      #expect(out == [0x2A] + reference(body), "\(String(decoding: body, as: UTF8.self))")
    }
  }

  @Test func aSliceInTheMiddleOfItsArrayIsReadFromItsOwnStart() {
    let whole = Array("xx\"a\\nb\"yy".utf8)
    #expect(StringsEscapes.unescape(whole[3..<7]) == "a\nb")
  }
}
