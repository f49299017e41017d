import Foundation
import GlossaTestSupport
import Testing

@testable import GlossaCore

/// Fetching through the cache against a real HTTP server on 127.0.0.1.
@Suite("RemoteBundleCache", .timeLimit(.minutes(10)))
final class RemoteBundleCacheTests {
  typealias Route = LoopbackHTTPServer.Route

  let cache: URL
  let clock = TestClock()

  init() throws { cache = try RemoteCacheFixtures.temporaryDirectory() }
  deinit { try? FileManager.default.removeItem(at: cache) }

  func policy(
    refresh: Bool = false, offline: Bool = false, timeout: TimeInterval = 5,
    maxDownloadSize: Int64 = RemoteFetchPolicy.defaultMaxDownloadSize
  ) -> RemoteFetchPolicy {
    let clock = self.clock
    return RemoteFetchPolicy(
      cacheDirectory: cache, refresh: refresh, offline: offline, timeout: timeout,
      maxDownloadSize: maxDownloadSize, now: { clock.now })
  }

  func files(_ url: URL) -> [String] {
    let entry = RemoteCacheFixtures.entryName(url, cache: cache)
    return RemoteCacheFixtures.listing(cache).map {
      $0.hasPrefix(entry + "/") ? "E/" + $0.dropFirst(entry.count + 1) : $0
    }
  }

  func message(_ body: () throws -> Void) -> String? {
    failure(body)?.message
  }

  /// The `GlossaError` `body` throws (nil for none; another error is recorded as an issue).
  func failure(_ body: () throws -> Void) -> GlossaError? {
    do {
      try body()
      return nil
    } catch let error as GlossaError {
      return error
    } catch {
      Issue.record("unexpected \(error)")
      return nil
    }
  }

  @Test func downloadsThenRevalidatesWithETag() throws {
    let zip = try RemoteCacheFixtures.bundleZip()
    let server = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: zip, etag: "\"v1\"")])
    let url = server.url("/b.zip")

    let first = try RemoteBundleCache.fetch(url, policy: policy())
    #expect(first.outcome == .downloaded)
    #expect(try Data(contentsOf: first.bodyURL) == zip)
    #expect(first.metadata.etag == "\"v1\"")
    #expect(first.metadata.size == Int64(zip.count))
    #expect(first.metadata.sha256 == SHA256.hex(zip))
    #expect(first.metadata.kind == .zip)
    #expect(files(url) == ["E/", "E/body.zip", "E/metadata.json"])

    clock.advance(hours: 30)
    let second = try RemoteBundleCache.fetch(url, policy: policy())
    #expect(second.outcome == .notModified)
    #expect(second.metadata.fetchedAt == clock.now)
    #expect(try Data(contentsOf: second.bodyURL) == zip)
    #expect(server.requests().count == 2)
    #expect(server.requests().last?.headers["if-none-match"] == "\"v1\"")
    let stored = try RemoteCacheMetadata.decode(
      Data(contentsOf: RemoteCacheEntry.load(for: url, in: cache).metadataURL), file: "m")
    #expect(stored.fetchedAt == clock.now)
    #expect(files(url) == ["E/", "E/body.zip", "E/metadata.json"])
  }

  @Test func revalidatesWithLastModifiedOnly() throws {
    let stamp = "Wed, 21 Oct 2026 07:28:00 GMT"
    let body = Data("\"greeting\" = \"Hallo\";\n".utf8)
    let server = try LoopbackHTTPServer(routes: [
      "/de.lproj/Localizable.strings": Route(body: body, lastModified: stamp)
    ])
    let url = server.url("/de.lproj/Localizable.strings")

    let first = try RemoteBundleCache.fetch(url, policy: policy())
    #expect(first.outcome == .downloaded)
    #expect(first.metadata.etag == nil)
    #expect(first.metadata.lastModified == stamp)
    #expect(first.metadata.kind == .strings)
    #expect(first.languageHint == "de")

    clock.advance(hours: 25)
    let second = try RemoteBundleCache.fetch(url, policy: policy())
    #expect(second.outcome == .notModified)
    #expect(server.requests().last?.headers["if-modified-since"] == stamp)
    #expect(server.requests().last?.headers["if-none-match"] == nil)
    #expect(files(url) == ["E/", "E/Localizable.strings", "E/metadata.json"])
    #expect(first.bodyURL.lastPathComponent == "Localizable.strings")
  }

  @Test func honoursRefreshWindowWithoutNetwork() throws {
    let server = try LoopbackHTTPServer(routes: ["/t.json": Route(body: Data("{\"a\": \"b\"}".utf8), etag: "x")])
    let url = server.url("/t.json")
    _ = try RemoteBundleCache.fetch(url, policy: policy())
    #expect(server.requests().count == 1)

    clock.advance(hours: 23)
    #expect(try RemoteBundleCache.fetch(url, policy: policy()).outcome == .fresh)
    #expect(server.requests().count == 1)

    #expect(try RemoteBundleCache.fetch(url, policy: policy(refresh: true)).outcome == .notModified)
    #expect(server.requests().count == 2)

    clock.advance(hours: 23)  // 23 h after the 304 renewed the date: still fresh
    #expect(try RemoteBundleCache.fetch(url, policy: policy()).outcome == .fresh)
    clock.advance(hours: 2)
    #expect(try RemoteBundleCache.fetch(url, policy: policy()).outcome == .notModified)
    #expect(server.requests().count == 3)
  }

  @Test func offlineUsesCacheOrFails() throws {
    let server = try LoopbackHTTPServer(routes: ["/t.json": Route(body: Data("{}".utf8))])
    let url = server.url("/t.json")
    let error = failure { _ = try RemoteBundleCache.fetch(url, policy: policy(offline: true)) }
    #expect(error == .remote(url.absoluteString, problem: .notCached(cacheDirectory: cache.path)))
    #expect(error?.message == "\(url.absoluteString): no cached copy in \(cache.path), and downloading was turned off")
    #expect(server.requests().isEmpty)
    #expect(files(url).isEmpty)

    _ = try RemoteBundleCache.fetch(url, policy: policy())
    clock.advance(hours: 24 * 30)
    let offline = try RemoteBundleCache.fetch(url, policy: policy(offline: true))
    #expect(offline.outcome == .offline)
    #expect(server.requests().count == 1)
  }

  @Test func notFoundWithoutCacheFails() throws {
    let server = try LoopbackHTTPServer(routes: [:])
    let url = server.url("/missing.zip")
    let error = failure { _ = try RemoteBundleCache.fetch(url, policy: policy()) }
    #expect(error == .remote(url.absoluteString, problem: .status(404)))
    #expect(error?.message == "\(url.absoluteString): server answered HTTP 404 Not Found")
    #expect(files(url).isEmpty)
  }

  @Test func serverErrorFallsBackToCachedCopy() throws {
    let zip = try RemoteCacheFixtures.bundleZip()
    let server = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: zip)])
    let url = server.url("/b.zip")
    let first = try RemoteBundleCache.fetch(url, policy: policy())
    try server.setRoutes(["/b.zip": Route(status: 500, body: Data("oops".utf8))])
    clock.advance(hours: 48)
    let second = try RemoteBundleCache.fetch(url, policy: policy())
    #expect(second.outcome == .staleFallback)
    #expect(
      second.warning
        == "using cached copy from 2027-01-15 08:00:00 UTC, server said: \(url.absoluteString): server answered HTTP 500 Internal Server Error"
    )
    #expect(second.metadata == first.metadata)
    #expect(try Data(contentsOf: second.bodyURL) == zip)
    #expect(files(url) == ["E/", "E/body.zip", "E/metadata.json"])
  }

  @Test func serverErrorWithoutCacheFails() throws {
    let server = try LoopbackHTTPServer(routes: ["/b.zip": Route(status: 500, body: Data("oops".utf8))])
    let url = server.url("/b.zip")
    let error = message { _ = try RemoteBundleCache.fetch(url, policy: policy()) }
    #expect(error == "\(url.absoluteString): server answered HTTP 500 Internal Server Error")
    #expect(files(url).isEmpty)
  }

  @Test func connectionRefused() throws {
    let server = try LoopbackHTTPServer(routes: [:])
    let url = server.url("/b.zip")
    server.stop()
    let error = failure { _ = try RemoteBundleCache.fetch(url, policy: policy()) }
    #expect(error == .remote(url.absoluteString, problem: .connectionRefused("127.0.0.1:\(server.port)")))
    #expect(error?.message == "\(url.absoluteString): connection refused by 127.0.0.1:\(server.port)")
    #expect(files(url).isEmpty)
  }

  @Test func tlsFailureIsNamed() throws {
    let server = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: try RemoteCacheFixtures.bundleZip())])
    let url = URL(string: "https://127.0.0.1:\(server.port)/b.zip")!
    let error = message { _ = try RemoteBundleCache.fetch(url, policy: policy()) }
    #expect(error?.hasPrefix("\(url.absoluteString): TLS connection to 127.0.0.1:\(server.port) failed (") == true)
    #expect(files(url).isEmpty)
  }

  @Test func stallingServerTimesOut() throws {
    let server = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: Data("PK\u{3}\u{4}".utf8), stall: 10)])
    let url = server.url("/b.zip")
    let start = Date()
    let error = failure { _ = try RemoteBundleCache.fetch(url, policy: policy(timeout: 1)) }
    #expect(Date().timeIntervalSince(start) < 5)
    switch error {
    case .remote(url.absoluteString, .timedOut(seconds: 1, _, _))?, .remote(url.absoluteString, .silent)?: break
    default: Issue.record("not a timeout: \(String(describing: error))")
    }
    #expect(error?.message.hasPrefix("\(url.absoluteString): timed out") == true)
    #expect(error?.message.contains("--") == false, "the core names no flags; the executable adds --timeout")
    #expect(files(url).isEmpty)
  }

  @Test func truncatedBodyKeepsGoodCopy() throws {
    let good = try RemoteCacheFixtures.bundleZip()
    let server = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: good)])
    let url = server.url("/b.zip")
    _ = try RemoteBundleCache.fetch(url, policy: policy())
    let bigger = try RemoteCacheFixtures.bundleZip(greeting: String(repeating: "Hi ", count: 2000))
    try server.setRoutes(["/b.zip": Route(body: bigger, truncateTo: 100)])
    let result = try RemoteBundleCache.fetch(url, policy: policy(refresh: true))
    #expect(result.outcome == .staleFallback)
    #expect(result.warning?.contains("body cut short: received 100 of \(bigger.count) bytes") == true)
    #expect(try Data(contentsOf: result.bodyURL) == good)
    #expect(files(url) == ["E/", "E/body.zip", "E/metadata.json"])

    try RemoteBundleCache.clear(url, in: cache)
    let error = failure { _ = try RemoteBundleCache.fetch(url, policy: policy()) }
    #expect(error == .remote(url.absoluteString, problem: .cutShort(received: 100, announced: Int64(bigger.count))))
    #expect(error?.message == "\(url.absoluteString): body cut short: received 100 of \(bigger.count) bytes")
    #expect(files(url).isEmpty)
  }

  @Test func redirectLoopStops() throws {
    let server = try LoopbackHTTPServer(routes: [
      "/a": Route(redirect: "/b"), "/b": Route(redirect: "/a"),
    ])
    let url = server.url("/a")
    let error = failure { _ = try RemoteBundleCache.fetch(url, policy: policy()) }
    if case .remote(url.absoluteString, .tooManyRedirects(limit: 5, _))? = error {
    } else {
      Issue.record("not a redirect loop: \(String(describing: error))")
    }
    #expect(error?.message.hasPrefix("\(url.absoluteString): too many redirects (more than 5)") == true)
    #expect(server.requests().count == 6)
    #expect(files(url).isEmpty)
  }

  @Test func followsAFewRedirects() throws {
    let server = try LoopbackHTTPServer(routes: [
      "/a": Route(redirect: "/b"), "/b": Route(redirect: "/c.json"),
      "/c.json": Route(body: Data("{\"k\": \"v\"}".utf8)),
    ])
    let url = server.url("/a")
    let result = try RemoteBundleCache.fetch(url, policy: policy())
    #expect(result.metadata.finalURL == server.url("/c.json").absoluteString)
    #expect(result.metadata.kind == .json)
  }

  @Test func announcedOversizeBodyIsRefused() throws {
    let server = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: Data(repeating: 0x50, count: 5000))])
    let url = server.url("/b.zip")
    let error = failure { _ = try RemoteBundleCache.fetch(url, policy: policy(maxDownloadSize: 1000)) }
    #expect(error == .remote(url.absoluteString, problem: .tooLarge(size: 5000, limit: 1000, announced: true)))
    #expect(error?.message == "\(url.absoluteString): body announces 5000 bytes, over the limit of 1000 bytes")
    #expect(files(url).isEmpty)
  }

  @Test func streamedOversizeBodyIsCutOff() throws {
    let good = try RemoteCacheFixtures.bundleZip()
    let server = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: good)])
    let url = server.url("/b.zip")
    _ = try RemoteBundleCache.fetch(url, policy: policy())
    var huge = Data("PK\u{3}\u{4}".utf8)
    huge.append(Data(repeating: 0x41, count: 400_000))
    try server.setRoutes(["/b.zip": Route(body: huge, noLength: true)])
    let result = try RemoteBundleCache.fetch(url, policy: policy(refresh: true, maxDownloadSize: 100_000))
    #expect(result.outcome == .staleFallback)
    #expect(result.warning?.contains("body is larger than the limit of 100000 bytes; download stopped there") == true)
    #expect(try Data(contentsOf: result.bodyURL) == good)
    #expect(files(url) == ["E/", "E/body.zip", "E/metadata.json"])
  }

  @Test func htmlInsteadOfBundleIsRefused() throws {
    let html = Data("<!DOCTYPE html>\n<html><body>Login required</body></html>".utf8)
    let server = try LoopbackHTTPServer(routes: [
      "/b.zip": Route(body: html, headers: ["Content-Type": "application/zip"])
    ])
    let url = server.url("/b.zip")
    let error = failure { _ = try RemoteBundleCache.fetch(url, policy: policy()) }
    #expect(error == .remote(url.absoluteString, problem: .notABundle(start: "“<!DOCTYPE html>”")))
    #expect(
      error?.message
        == "\(url.absoluteString): server sent HTML/text, not a bundle (body starts with “<!DOCTYPE html>”)")
    #expect(files(url).isEmpty)
  }

  @Test func listAndClear() throws {
    let server = try LoopbackHTTPServer(routes: [
      "/a.json": Route(body: Data("{}".utf8)), "/b.json": Route(body: Data("[]".utf8)),
    ])
    _ = try RemoteBundleCache.fetch(server.url("/a.json"), policy: policy())
    _ = try RemoteBundleCache.fetch(server.url("/b.json"), policy: policy())
    #expect(
      RemoteBundleCache.entries(in: cache).compactMap(\.metadata?.url) == [
        server.url("/a.json").absoluteString, server.url("/b.json").absoluteString,
      ])
    #expect(try RemoteBundleCache.clear(server.url("/a.json"), in: cache) == 1)
    #expect(try RemoteBundleCache.clear(server.url("/a.json"), in: cache) == 0)
    #expect(RemoteBundleCache.entries(in: cache).count == 1)
    #expect(try RemoteBundleCache.clear(nil, in: cache) == 1)
    #expect(RemoteCacheFixtures.listing(cache).isEmpty)
  }

  @Test func rejectsNonHTTPURL() throws {
    let error = failure {
      _ = try RemoteBundleCache.fetch(URL(string: "ftp://example.com/b.zip")!, policy: policy())
    }
    #expect(error == .remote("ftp://example.com/b.zip", problem: .notHTTP))
    #expect(error?.message == "ftp://example.com/b.zip: not an http:// or https:// URL")
  }
}

/// Downloaded zips: refresh rate from their Info.plist, and the unzip safety rules.
@Suite("RemoteBundleCache zips", .timeLimit(.minutes(10)))
final class RemoteBundleCacheZipTests {
  typealias Route = LoopbackHTTPServer.Route
  let cache: URL
  let clock = TestClock()

  init() throws { cache = try RemoteCacheFixtures.temporaryDirectory() }
  deinit { try? FileManager.default.removeItem(at: cache) }

  func policy(refresh: Bool = false) -> RemoteFetchPolicy {
    let clock = self.clock
    return RemoteFetchPolicy(cacheDirectory: cache, refresh: refresh, timeout: 5, now: { clock.now })
  }

  @Test func refreshRateComesFromTheBundle() throws {
    let server = try LoopbackHTTPServer(routes: [
      "/b.zip": Route(body: try RemoteCacheFixtures.bundleZip(refreshDays: "3"), etag: "e")
    ])
    let url = server.url("/b.zip")
    let first = try RemoteBundleCache.fetch(url, policy: policy())
    #expect(first.metadata.refreshRateDays == 3)
    #expect(first.metadata.nextRefresh == clock.now.addingTimeInterval(3 * 86_400))
    clock.advance(hours: 71)
    #expect(try RemoteBundleCache.fetch(url, policy: policy()).outcome == .fresh)
    #expect(server.requests().count == 1)
    clock.advance(hours: 2)
    #expect(try RemoteBundleCache.fetch(url, policy: policy()).outcome == .notModified)
    #expect(server.requests().count == 2)
  }

  @Test func zipWithParentEntriesIsRefused() throws {
    let good = try RemoteCacheFixtures.bundleZip()
    let server = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: good)])
    let url = server.url("/b.zip")
    _ = try RemoteBundleCache.fetch(url, policy: policy())
    let evil = try RemoteCacheFixtures.zip([
      ("Resources/en.lproj/Localizable.strings", "\"a\" = \"b\";"), ("../../evil.strings", "\"x\" = \"y\";"),
    ])
    try server.setRoutes(["/b.zip": Route(body: evil)])
    let result = try RemoteBundleCache.fetch(url, policy: policy(refresh: true))
    #expect(result.outcome == .staleFallback)
    #expect(
      result.warning?.hasSuffix(
        "server said: \(url.absoluteString): entry '../../evil.strings' would be written outside the target directory")
        == true)
    #expect(try Data(contentsOf: result.bodyURL) == good)
    let entry = RemoteCacheFixtures.entryName(url, cache: cache)
    #expect(RemoteCacheFixtures.listing(cache) == ["\(entry)/", "\(entry)/body.zip", "\(entry)/metadata.json"])
    #expect(
      !FileManager.default.fileExists(
        atPath: cache.deletingLastPathComponent().appendingPathComponent("evil.strings").path))

    try RemoteBundleCache.clear(url, in: cache)
    #expect(throws: GlossaError.self) { try RemoteBundleCache.fetch(url, policy: policy()) }
    #expect(RemoteCacheFixtures.listing(cache) == [])
  }
}
