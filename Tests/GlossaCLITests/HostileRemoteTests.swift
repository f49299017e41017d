import Foundation
import GlossaTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `glossa fetch` against a misbehaving server on 127.0.0.1 (issue 17, the network part of
/// issue 14, issue 36), over plain http and over TLS: limits hold before and while the body is
/// read, compressed bodies are refused, stalls and time-outs name the limit in force, a silent
/// server costs no CPU, and the messages are the same for both schemes.
@Suite("Hostile remote servers")
struct HostileRemoteTests {
  typealias Route = LoopbackHTTPServer.Route
  typealias Scheme = LoopbackHTTPServer.Scheme

  let scratch = ScratchDirectory()
  var cache: URL { scratch.url.appendingPathComponent("cache") }

  func glossa(_ arguments: [String], environment: [String: String] = [:]) throws -> GlossaBinary.Result {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let trust = try LoopbackCertificate.environment()
    return try GlossaBinary.run(
      arguments + ["--cache-dir", cache.path], environment: trust.merging(environment) { $1 }, timeout: 60)
  }

  /// Files left in the cache (an empty cache folder is nothing).
  func cacheFiles() -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: cache.path) else { return [] }
    return (walker.allObjects as? [String] ?? []).filter {
      var isDirectory: ObjCBool = false
      FileManager.default.fileExists(atPath: cache.appendingPathComponent($0).path, isDirectory: &isDirectory)
      return !isDirectory.boolValue
    }
  }

  /// The body bytes the server sent for `path`, once its answer has ended (it ends when glossa
  /// closes the connection).
  func sent(_ server: LoopbackHTTPServer, _ path: String) throws -> Int64 {
    for _ in 0..<200 {
      if let entry = server.sentBodies().first(where: { $0.path == path }) { return entry.bytes }
      usleep(50_000)
    }
    Issue.record("the server never finished answering \(path)")
    return .max
  }

  static let zipLike = Data([0x50, 0x4B, 0x03, 0x04]) + Data(count: 1 << 20 - 4)

  @Test("a body announced over the limit is refused before it is read", arguments: Scheme.allCases)
  func announcedTooLarge(_ scheme: Scheme) throws {
    let server = try LoopbackHTTPServer(
      routes: ["/big.zip": Route(body: Self.zipLike, announce: 2 << 30)], scheme: scheme)
    let url = server.url("/big.zip").absoluteString
    let result = try glossa(["fetch", url])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "glossa: \(url): body announces 2147483648 bytes, over the limit of 268435456 bytes "
        + "(use --max-download-size to allow more)\n")
    // What the server got into socket buffers before glossa hung up, not the 2 GiB it announced.
    #expect(try sent(server, "/big.zip") < 64 << 20)
    #expect(cacheFiles() == [])
  }

  @Test("an endless chunked body is cut off at the limit while streaming", arguments: Scheme.allCases)
  func chunkedOverLimit(_ scheme: Scheme) throws {
    let server = try LoopbackHTTPServer(
      routes: ["/endless.zip": Route(body: Self.zipLike, announce: 2 << 30, endlessChunked: true)], scheme: scheme)
    let url = server.url("/endless.zip").absoluteString
    let result = try glossa(["fetch", url, "--max-download-size", "4194304"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "glossa: \(url): body is larger than the limit of 4194304 bytes; download stopped there "
        + "(use --max-download-size to allow more)\n")
    #expect(try sent(server, "/endless.zip") < 64 << 20)
    #expect(cacheFiles() == [])
  }

  @Test("identity encoding is asked for, and a gzip body (a bomb here) is refused unread", arguments: Scheme.allCases)
  func gzipBomb(_ scheme: Scheme) throws {
    let server = try LoopbackHTTPServer(routes: ["/bomb.zip": Route(gzipZeros: 4 << 30)], scheme: scheme)
    let url = server.url("/bomb.zip").absoluteString
    let result = try glossa(["fetch", url, "--timeout", "10"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "glossa: \(url): the server sent the body with Content-Encoding “gzip”; glossa asks for identity "
        + "and refuses compressed bodies (they can inflate without bound)\n")
    #expect(server.requests().first?.headers["accept-encoding"] == "identity")
    #expect(try sent(server, "/bomb.zip") < 64 << 20)
    #expect(cacheFiles() == [])
  }

  @Test(
    "a server that stalls mid-body is reported as a stall naming the limit, not a cut-short body",
    arguments: Scheme.allCases)
  func stallMidBody(_ scheme: Scheme) throws {
    let body = Data([0x50, 0x4B, 0x03, 0x04]) + Data(repeating: 0x41, count: 670)
    let server = try LoopbackHTTPServer(routes: ["/stall.zip": Route(body: body, stallAfter: 100)], scheme: scheme)
    let url = server.url("/stall.zip").absoluteString
    let result = try glossa(["fetch", url, "--timeout", "4"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "glossa: \(url): the server stalled: no data for 1 s after 100 of 674 bytes"
        + ", the limit for silence under a 4 s timeout (use --timeout to allow longer)\n")
    #expect(cacheFiles() == [])
  }

  @Test("a body that keeps coming but outlasts --timeout names that timeout", arguments: Scheme.allCases)
  func wholeTimeout(_ scheme: Scheme) throws {
    let body = Data([0x50, 0x4B, 0x03, 0x04]) + Data(repeating: 0x41, count: 996)
    let server = try LoopbackHTTPServer(routes: ["/slow.zip": Route(body: body, trickle: 6)], scheme: scheme)
    let url = server.url("/slow.zip").absoluteString
    let result = try glossa(["fetch", url, "--timeout", "2"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("glossa: \(url): timed out after 2 s with "))
    #expect(result.stderr.hasSuffix(" of 1000 bytes received (use --timeout to allow longer)\n"))
  }

  /// Runs glossa and reports its own CPU time (`TestProcess` reaps it with `wait4`).
  func spawnMeasured(_ arguments: [String]) throws -> (status: Int32, stderr: String, cpu: Double) {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let environment = TestProcess.inheritedEnvironment(
      ["SSL_CERT_FILE": try LoopbackCertificate.shared().certificate.path])
    let run = try TestProcess.run(GlossaBinary.url.path, arguments, environment: environment)
    return (run.status, run.stderrText, run.cpuTime)
  }

  @Test(
    "waiting on a server that accepts and never answers sleeps, and the message names the limits",
    arguments: Scheme.allCases)
  func silentServerIdles(_ scheme: Scheme) throws {
    let server = try LoopbackHTTPServer(routes: ["/silent.zip": Route(stall: 120)], scheme: scheme)
    let url = server.url("/silent.zip").absoluteString
    // --timeout 24: the silence limit is a quarter, 6 s; the whole wait is spent in poll.
    let run = try spawnMeasured(["fetch", url, "--timeout", "24", "--cache-dir", cache.path])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "glossa: \(url): timed out: the server sent nothing for 6 s"
        + ", the limit for silence under a 24 s timeout (use --timeout to allow longer)\n")
    // A busy-waiting client burned about a quarter of a core over the 6 s wait (1.5 s and up);
    // an idle one spends only its start-up.
    #expect(run.cpu < 1.0, "glossa used \(run.cpu) s of CPU while waiting 6 s")
    #expect(cacheFiles() == [])
  }

  /// CRC-32 (IEEE), for building zips by hand.
  static func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// A stored zip of one table; `localCRC` overrides the CRC-32 its local header states.
  static func storedZip(_ name: String, _ content: String, localCRC: UInt32? = nil) -> Data {
    func le16(_ v: Int) -> Data { Data([UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)]) }
    func le32(_ v: UInt32) -> Data { Data((0..<4).map { UInt8(v >> (8 * UInt32($0)) & 0xFF) }) }
    let data = Data(content.utf8)
    let nameBytes = Data(name.utf8)
    let crc = crc32(data)
    var local = le32(0x0403_4b50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
    local += le32(localCRC ?? crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
    local += le16(nameBytes.count) + le16(0) + nameBytes + data
    var central = le32(0x0201_4b50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
    central += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
    central += le16(nameBytes.count) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(0) + nameBytes
    let end =
      le32(0x0605_4b50) + le16(0) + le16(0) + le16(1) + le16(1) + le32(UInt32(central.count))
      + le32(UInt32(local.count)) + le16(0)
    return local + central + end
  }

  @Test(
    "a download whose local header disagrees with its central directory never replaces the cached copy",
    arguments: Scheme.allCases)
  func disagreeingHeaderKeepsCache(_ scheme: Scheme) throws {
    let good = Self.storedZip("Resources/en.lproj/Localizable.strings", "\"a\" = \"good\";\n")
    let bad = Self.storedZip("Resources/en.lproj/Localizable.strings", "\"a\" = \"evil\";\n", localCRC: 0xDEAD_BEEF)
    let server = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: good)], scheme: scheme)
    let url = server.url("/b.zip").absoluteString
    #expect(try glossa(["fetch", url]).status == 0)
    try server.setRoutes(["/b.zip": Route(body: bad)])
    let again = try glossa(["fetch", url, "--refresh"])
    #expect(again.status == 0)
    #expect(again.stderr.contains("glossa: warning: using cached copy from "))
    #expect(
      again.stderr.contains(
        "entry 'Resources/en.lproj/Localizable.strings' is damaged (its local header says CRC-32 0xDEADBEEF"))
    let body = try #require(cacheFiles().first { $0.hasSuffix("body.zip") })
    #expect(try Data(contentsOf: cache.appendingPathComponent(body)) == good)
  }

  @Test("the request target keeps the URL's percent-escapes and query", arguments: Scheme.allCases)
  func requestTarget(_ scheme: Scheme) throws {
    let zip = Self.storedZip("Resources/en.lproj/Localizable.strings", "\"a\" = \"b\";\n")
    let server = try LoopbackHTTPServer(routes: ["/b%20c.zip?v=1&w=%2F": Route(body: zip)], scheme: scheme)
    let result = try glossa(["fetch", server.url("/b%20c.zip?v=1&w=%2F").absoluteString])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(server.requests().map(\.path) == ["/b%20c.zip?v=1&w=%2F"])
  }

  @Test("a redirect from https to plain http is refused, naming both URLs; https to https is followed")
  func noDowngrade() throws {
    let zip = Self.storedZip("Resources/en.lproj/Localizable.strings", "\"a\" = \"b\";\n")
    let plain = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: zip)])
    let secure = try LoopbackHTTPServer(
      routes: [
        "/down.zip": Route(redirect: plain.url("/b.zip").absoluteString),
        "/hop.zip": Route(redirect: "/b.zip"), "/b.zip": Route(body: zip),
      ], scheme: .https)
    let url = secure.url("/down.zip").absoluteString
    let refused = try glossa(["fetch", url])
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "glossa: \(url): refusing the redirect to \(plain.url("/b.zip").absoluteString): "
        + "it leaves https for plain http\n")
    #expect(plain.requests().isEmpty)
    #expect(cacheFiles() == [])

    let followed = try glossa(["fetch", secure.url("/hop.zip").absoluteString])
    #expect(followed.status == 0, "\(followed.stderr)")
    #expect(secure.requests().map(\.path) == ["/down.zip", "/hop.zip", "/b.zip"])
  }

  @Test("a certificate the trust store lacks is refused, and the message says how to add one")
  func untrustedCertificate() throws {
    let server = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: Self.zipLike)], scheme: .https)
    let url = server.url("/b.zip").absoluteString
    // An empty SSL_CERT_FILE is no file: the system store, which does not know the test's CA.
    let result = try glossa(["fetch", url], environment: ["SSL_CERT_FILE": ""])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("glossa: \(url): TLS connection to 127.0.0.1:\(server.port) failed ("))
    #expect(
      result.stderr.hasSuffix("to trust another certificate authority, name its certificate file in SSL_CERT_FILE\n"))
    #expect(server.requests().isEmpty)
    #expect(cacheFiles() == [])
  }

  @Test("waiting on a listener that never completes the TLS handshake sleeps and names the silence limit")
  func silentHandshakeIdles() throws {
    // A socket that listens and never accepts: the kernel completes TCP, nobody speaks TLS.
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(fd >= 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    try #require(bound)
    let url = "https://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/b.zip"
    let run = try spawnMeasured(["fetch", url, "--timeout", "12", "--cache-dir", cache.path])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "glossa: \(url): timed out: the server sent nothing for 3 s"
        + ", the limit for silence under a 12 s timeout (use --timeout to allow longer)\n")
    #expect(run.cpu < 1.0, "glossa used \(run.cpu) s of CPU while waiting 3 s")
  }

  @Test("a proxy named in the environment carries the request; no_proxy names hosts reached directly")
  func proxyFromEnvironment() throws {
    let zip = Self.storedZip("Resources/en.lproj/Localizable.strings", "\"a\" = \"b\";\n")
    // A proxy is asked for the absolute URL: the loopback server plays the proxy, so the
    // `.invalid` host is never looked up.
    let proxy = try LoopbackHTTPServer(routes: ["http://bundles.glossa.invalid/b.zip": Route(body: zip)])
    let viaProxy = try glossa(
      ["fetch", "http://bundles.glossa.invalid/b.zip"],
      environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)", "no_proxy": ""])
    #expect(viaProxy.status == 0, "\(viaProxy.stderr)")
    #expect(proxy.requests().map(\.path) == ["http://bundles.glossa.invalid/b.zip"])

    let direct = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: zip)])
    let skipped = try glossa(
      ["fetch", direct.url("/b.zip").absoluteString],
      environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)", "no_proxy": "127.0.0.1"])
    #expect(skipped.status == 0, "\(skipped.stderr)")
    #expect(direct.requests().count == 1)
    #expect(proxy.requests().count == 1)
  }
}
