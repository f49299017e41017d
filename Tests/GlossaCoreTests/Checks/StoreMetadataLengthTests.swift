import Foundation
import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct StoreMetadataLengthTests {
  /// A fastlane `metadata` folder with `files` (`<lang>/<field>.txt` → text).
  static func metadata(_ files: [String: String]) throws -> (TemporaryDirectory, StoreMetadata) {
    let directory = TemporaryDirectory()
    for (path, text) in files {
      let url = directory.url.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return (directory, try StoreMetadata.read(directory: directory.url.path))
  }

  static func findings(_ metadata: StoreMetadata) throws -> [Finding] {
    let bundle = CheckFixtures.bundle(["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"])
    return try Checker(checks: [StoreMetadataLength(metadata: metadata)]).findings(in: bundle)
  }

  @Test func everyFieldAgainstItsLimitWithTheLimitInTheMessage() throws {
    let (directory, metadata) = try Self.metadata([
      "en-US/name.txt": "Trailmate: Hiking Maps & Trail Log\n",  // 34 characters
      "en-US/subtitle.txt": "Offline maps for every trail\n",  // 28: fits
      "en-US/keywords.txt": String(repeating: "hike,", count: 20) + "x",  // 101 bytes
      "ja/keywords.txt": String(repeating: "山", count: 33) + "\n",  // 99 bytes: fits
      "ja/name.txt": String(repeating: "山", count: 31),  // 31 characters, 62 columns
      "de-DE/promotional_text.txt": String(repeating: "a", count: 170),  // fits
      "de-DE/description.txt": String(repeating: "Wandern.\n", count: 445),  // 4005 with breaks
      "fr-FR/release_notes.txt": String(repeating: "e\u{301}", count: 4000),  // 4000 characters: fits
      "review_information/notes.txt": String(repeating: "x", count: 5000),  // not a listing text
      "en-US/copyright.txt": String(repeating: "x", count: 5000),  // not a limited field
    ])
    _ = directory
    let found = try Self.findings(metadata)
    let root = directory.url.path + "/"
    #expect(
      found.map {
        "\($0.language ?? "-") \($0.file?.replacingOccurrences(of: root, with: "") ?? "-"):\($0.line ?? 0):\($0.column ?? 0)"
      }
        == [
          "de-DE de-DE/description.txt:445:5", "en-US en-US/keywords.txt:1:101", "en-US en-US/name.txt:1:31",
          "ja ja/name.txt:1:31",
        ])
    #expect(found.allSatisfy { $0.kind == .storeMetadataLength && $0.severity == .error })
    let name = found.first { $0.file?.hasSuffix("en-US/name.txt") == true }
    #expect(name?.message == "The app name is 34 characters, over the App Store's limit of 30 characters (4 too many).")
    let keywords = found.first { $0.file?.hasSuffix("keywords.txt") == true }
    #expect(
      keywords?.message
        == "The keywords are 101 bytes, over the App Store's limit of 100 bytes (1 too many); it has 101 "
        + "characters (letters outside ASCII take 2–4 bytes).")
  }

  @Test func graphemeClustersAreCountedNotCodePoints() throws {
    let (directory, metadata) = try Self.metadata(["en-US/subtitle.txt": String(repeating: "e\u{301}", count: 31)])
    _ = directory
    let found = try Self.findings(metadata)
    #expect(
      found.first?.message
        == "The subtitle is 31 characters, over the App Store's limit of 30 characters (1 too many); counted as a "
        + "reader sees them, not as 62 code points.")
  }

  @Test func aMissingFolderIsAnError() {
    #expect(throws: GlossaError.notFound("/nonexistent/metadata")) {
      try StoreMetadata.read(directory: "/nonexistent/metadata")
    }
  }
}
