import Foundation
import Testing

@testable import GlossaCore

/// Cache location, timeouts and metadata round-trips.
@Suite("RemoteFetchPolicy", .timeLimit(.minutes(10)))
struct RemoteFetchPolicyTests {
  @Test func cacheDirectoryFollowsXDG() {
    #expect(
      RemoteFetchPolicy.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"]).path
        == "/x/cache/glossa")
    #expect(
      RemoteFetchPolicy.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]).path
        == "/h/.cache/glossa")
    #expect(
      RemoteFetchPolicy.defaultCacheDirectory(environment: ["HOME": "/home/ann"]).path == "/home/ann/.cache/glossa")
  }

  @Test func connectTimeoutIsShorter() {
    #expect(RemoteFetchPolicy(timeout: 60).connectTimeout == 15)
    #expect(RemoteFetchPolicy(timeout: 20).connectTimeout == 5)
    #expect(RemoteFetchPolicy(timeout: 2).connectTimeout == 1)
    #expect(RemoteFetchPolicy(timeout: 0.5).connectTimeout == 0.5)
  }

  @Test func metadataRoundTripsAndFreshness() throws {
    let fetched = Date(timeIntervalSince1970: 1_800_000_000)
    let metadata = RemoteCacheMetadata(
      url: "https://example.com/b.zip", etag: "\"a\"", fetchedAt: fetched, size: 10, sha256: "ab",
      kind: .zip, refreshRateDays: 0.5, bodyFileName: "body.zip")
    #expect(try RemoteCacheMetadata.decode(metadata.encoded(), file: "m") == metadata)
    #expect(metadata.isFresh(at: fetched.addingTimeInterval(43_199)))
    #expect(!metadata.isFresh(at: fetched.addingTimeInterval(43_200)))
    #expect(!metadata.isFresh(at: fetched.addingTimeInterval(-1)))
    let error = thrownError { try RemoteCacheMetadata.decode(Data("{}".utf8), file: "m") }
    if case .readFailed("m", let reason)? = error {
      #expect(reason.hasPrefix("not glossa cache metadata: "))
    } else {
      Issue.record("not a read failure of m: \(String(describing: error))")
    }
  }

  @Test func abandonedPartialsAreRemoved() throws {
    let dir = try RemoteCacheFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let old = dir.appendingPathComponent(".download-1-2.partial")
    let recent = dir.appendingPathComponent(".download-3-4.partial")
    try Data("x".utf8).write(to: old)
    try Data("y".utf8).write(to: recent)
    try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: old.path)
    RemoteBundleCache.removeAbandonedDownloads(in: dir, now: Date())
    #expect(RemoteCacheFixtures.listing(dir) == [".download-3-4.partial"])
  }

  @Test func singleTablesKeepTheirFileName() {
    let url = URL(string: "https://x.test/de.lproj/Localizable.strings")!
    #expect(RemoteBundleCache.bodyFileName(for: url, kind: .strings) == "Localizable.strings")
    #expect(RemoteBundleCache.bodyFileName(for: url, kind: .json) == "body.json")
    #expect(
      RemoteBundleCache.bodyFileName(for: URL(string: "https://x.test/metadata.json")!, kind: .json) == "body.json")
    #expect(RemoteBundleCache.bodyFileName(for: URL(string: "https://x.test/b.zip")!, kind: .zip) == "body.zip")
  }
}
