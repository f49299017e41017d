import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// The word-at-a-time scans under `JSONCursor` agree with a byte-by-byte reading at every
/// offset, and key names are matched in bytes exactly as their decoded text would be.
@Suite(.timeLimit(.minutes(10))) struct JSONCursorScanTests {
  /// Random bytes drawn mostly from the ones the scans stop at or step over.
  private func sample(_ count: Int, using generator: inout some RandomNumberGenerator) -> [UInt8] {
    let interesting: [UInt8] = [
      0x20, 0x20, 0x20, 0x20, 0x09, 0x0A, 0x0D, 0x22, 0x5C, 0x00, 0x1F, 0x21, 0x41, 0x7F, 0x80, 0xA2, 0xDC, 0xFF,
    ]
    return (0..<count).map { _ in
      Bool.random(using: &generator)
        ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
    }
  }

  /// Expects `scan` to stop, from every offset of 2,000 random inputs, at the first byte
  /// `passes` refuses (or the end).
  private func expectStopsLikeAByteLoop(
    _ scan: (UnsafeBufferPointer<UInt8>, Int) -> Int, passes: (UInt8) -> Bool
  ) {
    var generator = SplitMix(seed: 41)
    for _ in 0..<2_000 {
      let bytes = sample(Int.random(in: 0...40, using: &generator), using: &generator)
      bytes.withUnsafeBufferPointer { buffer in
        for from in 0...bytes.count {
          let expected = bytes[from...].firstIndex { !passes($0) } ?? bytes.count
          #expect(scan(buffer, from) == expected, "\(bytes) from \(from)")
        }
      }
    }
  }

  @Test func spaceEndMatchesAByteLoop() {
    expectStopsLikeAByteLoop(JSONCursor.spaceEnd) { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
  }

  @Test func plainStringEndMatchesAByteLoop() {
    expectStopsLikeAByteLoop(JSONCursor.plainStringEnd) { $0 != 0x22 && $0 != 0x5C && $0 >= 0x20 }
  }

  @Test func namesMatchAsTheirDecodedText() {
    let text = #"{"state" : 1, "st\u0061te" : 2, "stat" : 3, "states" : 4, "" : 5, "\"state\"" : 6}"#
    var cursor = JSONCursor(bytes: Array(text.utf8), start: 0)
    _ = cursor.valueKind()
    var root = cursor.open()
    var seen: [(String, Bool)] = []
    while let name = cursor.nextName(&root) {
      seen.append((cursor.text(of: name), cursor.name(name, is: "state")))
      _ = cursor.skipValue()
    }
    #expect(cursor.errors.isEmpty)
    #expect(seen.map(\.0) == ["state", "state", "stat", "states", "", "\"state\""])
    #expect(seen.map(\.1) == [true, true, false, false, false, false])
  }
}
