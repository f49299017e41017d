import Foundation
import Testing

@testable import GlossaCore

/// The generated tables (`DisplayWidth+Data.swift`, from `scripts/gen_display_width.py`) against
/// oracles: the toolchain's ICU, which the generator reads, and the standard library's own
/// Unicode properties and grapheme breaking, which `DisplayWidth` reads beside the tables.
@Suite(.timeLimit(.minutes(10))) struct DisplayWidthDataTests {
  /// The ICU calls the oracle needs, looked up in the toolchain's `lib_FoundationICU` (loaded
  /// with Foundation); nil where that library is not there (Foundation on Darwin).
  struct ICU {
    typealias IntProperty = @convention(c) (Int32, Int32) -> Int32
    typealias VersionCall = @convention(c) (UnsafeMutablePointer<UInt8>) -> Void
    let intProperty: IntProperty
    let unicodeVersion: String

    init?() {
      #if os(Linux)
        guard let handle = dlopen("lib_FoundationICU.so", RTLD_NOW | RTLD_LOCAL),
          let property = dlsym(handle, "swift_u_getIntPropertyValue"),
          let version = dlsym(handle, "swift_u_getUnicodeVersion")
        else { return nil }
        intProperty = unsafeBitCast(property, to: IntProperty.self)
        var bytes = [UInt8](repeating: 0, count: 4)
        unsafeBitCast(version, to: VersionCall.self)(&bytes)
        unicodeVersion = "\(bytes[0]).\(bytes[1]).\(bytes[2])"
      #else
        return nil
      #endif
    }

    static let eastAsianWidth: Int32 = 0x1004
    static let graphemeClusterBreak: Int32 = 0x1012
  }

  private static let icu = ICU()

  @Test(.enabled(if: icu != nil, "the toolchain's lib_FoundationICU is not loaded: the ICU oracle is skipped"))
  func tablesAreTheToolchainsICUData() throws {
    let icu = try #require(Self.icu)
    #expect(
      icu.unicodeVersion == DisplayWidth.unicodeVersion,
      "the toolchain's Unicode is \(icu.unicodeVersion): run python3 scripts/gen_display_width.py")
    var mismatches: [String] = []
    for value in UInt32(0)...0x10FFFF where mismatches.count < 20 {
      let width = icu.intProperty(Int32(value), ICU.eastAsianWidth)
      let wide = width == 3 || width == 5  // F, W
      let emoji = Unicode.Scalar(value)?.properties.isEmojiPresentation ?? false
      let expectedWide = wide && (!emoji || (0x1F200...0x1F2FF).contains(value))
      if DisplayWidth.isEastAsianWide(value) != expectedWide {
        mismatches.append("U+\(String(value, radix: 16, uppercase: true)) wide")
      }
      let breakClass = icu.intProperty(Int32(value), ICU.graphemeClusterBreak)
      if DisplayWidth.contains(DisplayWidth.prependRanges, value) != (breakClass == 11) {
        mismatches.append("U+\(String(value, radix: 16, uppercase: true)) prepend")
      }
      if DisplayWidth.contains(DisplayWidth.leadingJamoRanges, value) != (breakClass == 4) {
        mismatches.append("U+\(String(value, radix: 16, uppercase: true)) leading jamo")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  /// The standard library agrees with the tables where it can tell: a prepended mark and a
  /// leading jamo join the letter after them into one cluster, and a wide scalar is never one
  /// the table drops as an emoji.
  @Test func tablesAgreeWithTheStandardLibrary() {
    // The standard library does not join U+11A3A (Zanabazar Square's cluster-initial RA) to
    // what follows, though Unicode and ICU call it prepended: a prepended mark only sends a
    // text down the cluster path, where the standard library's clusters decide, so its widths
    // are the standard library's either way.
    let standardLibraryDiffers: Set<UInt32> = [0x11A3A]
    for range in DisplayWidth.prependRanges + DisplayWidth.leadingJamoRanges {
      for value in range where !standardLibraryDiffers.contains(value) {
        let scalar = Unicode.Scalar(value)!
        let next: Character = DisplayWidth.contains(DisplayWidth.leadingJamoRanges, value) ? "\u{1161}" : "a"
        #expect((String(Character(scalar)) + String(next)).count == 1, "U+\(String(value, radix: 16))")
      }
    }
    for range in DisplayWidth.wideRanges where range.lowerBound < 0x1F200 || range.lowerBound > 0x1F2FF {
      for value in range {
        guard let scalar = Unicode.Scalar(value) else { continue }
        #expect(!scalar.properties.isEmojiPresentation, "U+\(String(value, radix: 16))")
      }
    }
  }

  @Test func unicodeSixteenWideScalarsAreTwoColumns() {
    // Yijing trigrams and monograms, and Tai Xuan Jing symbols: wide since Unicode 16.
    #expect(DisplayWidth.columns(of: "\u{2630}\u{268A}\u{4DC0}\u{1D300}") == 8)
    // A Tulu-Tigalari repha (prepended, Unicode 16) joins the letter after it.
    #expect(DisplayWidth.columns(of: "\u{113D1}a") == 1)
    // Unassigned code points between Kana Extended-B's letters are not wide.
    #expect(DisplayWidth.columns(of: "\u{1AFF4}") == 1)
  }
}
