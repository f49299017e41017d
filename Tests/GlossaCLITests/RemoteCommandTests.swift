import Foundation
import GlossaTestSupport
import Testing

/// `glossa fetch`, `cache`, `resolve` and URL arguments, run as a user would, against 127.0.0.1.
@Suite("Remote commands")
struct RemoteCommandTests {
  typealias Route = LoopbackHTTPServer.Route

  let scratch = ScratchDirectory()
  var cache: URL { scratch.url.appendingPathComponent("cache") }

  static var sampleZip: Data {
    get throws { try Data(contentsOf: GlossaBinary.sampleBundles.appendingPathComponent("remote.zip")) }
  }

  func glossa(
    _ arguments: [String], cacheFlag: Bool = true, environment: [String: String] = [:]
  ) throws -> GlossaBinary.Result {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    return try GlossaBinary.run(
      arguments + (cacheFlag ? ["--cache-dir", cache.path] : []), environment: environment, timeout: 30)
  }

  /// Files and folders in the cache, relative; the entry folder is shown as `E`.
  func cacheFiles() -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: cache.path) else { return [] }
    var out: [String] = []
    while let path = walker.nextObject() as? String {
      let parts = path.split(separator: "/", maxSplits: 1)
      out.append(parts.count == 1 ? "E/" : "E/" + parts[1])
    }
    return out.sorted()
  }

  @Test func fetchThenRevalidate() throws {
    let zip = try Self.sampleZip
    let server = try LoopbackHTTPServer(routes: ["/remote.zip": Route(body: zip, etag: "\"r1\"")])
    let url = server.url("/remote.zip").absoluteString

    let first = try glossa(["fetch", url])
    #expect(first.status == 0)
    #expect(first.stderr == "")
    #expect(first.stdout.contains("status:        downloaded\n"))
    #expect(first.stdout.contains("size:          \(zip.count) bytes\n"))
    #expect(first.stdout.contains("etag:          \"r1\"\n"))
    #expect(first.stdout.contains("refresh rate:  3 days\n"))
    #expect(cacheFiles() == ["E/", "E/body.zip", "E/metadata.json"])

    let again = try glossa(["fetch", url])
    #expect(again.stdout.contains("status:        cached copy within its refresh window (no network)\n"))
    #expect(server.requests().count == 1)

    let refreshed = try glossa(["fetch", url, "--refresh", "--format", "json"])
    #expect(refreshed.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(refreshed.stdout.utf8)) as? [String: Any])
    #expect(json["status"] as? String == "notModified")
    #expect(json["size"] as? Int == zip.count)
    #expect(json["refreshRateSeconds"] as? Int == 3 * 86_400)
    #expect(server.requests().last?.headers["if-none-match"] == "\"r1\"")
    #expect(cacheFiles() == ["E/", "E/body.zip", "E/metadata.json"])
  }

  /// A failing fetch with an empty cache: exit 2, one line on stderr, nothing left in the cache;
  /// the same line over http and https.
  @Test(
    arguments: ["offline", "404", "refused", "stall", "cut", "loop", "large", "html", "traversal"],
    LoopbackHTTPServer.Scheme.allCases)
  func failureWithoutCache(_ scenario: String, _ scheme: LoopbackHTTPServer.Scheme) throws {
    let zip = try Self.sampleZip
    var routes: [String: Route] = [:]
    var extra: [String] = []
    switch scenario {
    case "offline": extra = ["--offline"]
    case "stall":
      routes["/b.zip"] = Route(body: zip, stall: 20)
      extra = ["--timeout", "1"]
    case "cut": routes["/b.zip"] = Route(body: zip, truncateTo: 200)
    case "loop": routes["/b.zip"] = Route(redirect: "/b.zip")
    case "large":
      routes["/b.zip"] = Route(body: zip)
      extra = ["--max-download-size", "1000"]
    case "html": routes["/b.zip"] = Route(body: Data("<html><body>Sign in</body></html>".utf8))
    case "traversal": routes["/b.zip"] = Route(body: try zipFile([("../escape.strings", "\"a\" = \"b\";")]))
    default: break
    }
    let server = try LoopbackHTTPServer(routes: routes, scheme: scheme)
    let url = server.url("/b.zip").absoluteString
    if scenario == "refused" { server.stop() }
    let result = try glossa(["fetch", url] + extra, environment: try LoopbackCertificate.environment())
    let expected: String
    switch scenario {
    case "offline":
      expected =
        "\(url): no cached copy in \(cache.path), and downloading was turned off; run without --offline to download it"
    case "404": expected = "\(url): server answered HTTP 404 Not Found"
    case "refused": expected = "\(url): connection refused by 127.0.0.1:\(server.port)"
    case "stall": expected = "\(url): timed out after 1 s (use --timeout to allow longer)"
    case "cut": expected = "\(url): body cut short: received 200 of \(zip.count) bytes"
    case "loop": expected = "\(url): too many redirects (more than 5); last one went to \(url)"
    case "large":
      expected =
        "\(url): body announces \(zip.count) bytes, over the limit of 1000 bytes (use --max-download-size to allow more)"
    case "html":
      expected = "\(url): server sent HTML/text, not a bundle (body starts with “<html><body>Sign in</body></html>”)"
    default: expected = "\(url): entry '../escape.strings' would be written outside the target directory"
    }
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr == "glossa: \(expected)\n")
    #expect(cacheFiles() == [])
  }

  @Test func serverErrorUsesCachedCopy() throws {
    let zip = try Self.sampleZip
    let server = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: zip)])
    let url = server.url("/b.zip").absoluteString
    #expect(try glossa(["fetch", url]).status == 0)
    let metadata = try Data(
      contentsOf: cache.appendingPathComponent(try onlyEntry()).appendingPathComponent("metadata.json"))
    try server.setRoutes(["/b.zip": Route(status: 500, body: Data("down".utf8))])

    let result = try glossa(["fetch", url, "--refresh"])
    #expect(result.status == 0)
    #expect(result.stderr.hasPrefix("glossa: warning: using cached copy from "))
    #expect(result.stderr.hasSuffix(", server said: \(url): server answered HTTP 500 Internal Server Error\n"))
    #expect(result.stdout.contains("status:        server failed; using the older cached copy\n"))
    #expect(
      try Data(contentsOf: cache.appendingPathComponent(try onlyEntry()).appendingPathComponent("metadata.json"))
        == metadata)
    #expect(cacheFiles() == ["E/", "E/body.zip", "E/metadata.json"])
  }

  @Test func cacheListAndClear() throws {
    let server = try LoopbackHTTPServer(routes: ["/b.zip": Route(body: try Self.sampleZip)])
    let url = server.url("/b.zip").absoluteString
    #expect(try glossa(["cache", "list"]).stdout == "no cached bundles in \(cache.path)\n")
    _ = try glossa(["fetch", url])
    let list = try glossa(["cache", "list"])
    #expect(list.status == 0)
    #expect(list.stdout.hasPrefix("\(url)\n  zip, "))
    let cleared = try glossa(["cache", "clear", url])
    #expect(cleared.stdout == "removed the cached copy of \(url)\n")
    #expect(cacheFiles() == [])
    #expect(try glossa(["cache", "clear", url]).stdout == "\(url) was not cached\n")
    #expect(try glossa(["cache", "clear"]).stdout == "removed 0 cached bundles from \(cache.path)\n")
  }

  @Test func conflictingFlagsAreRefused() throws {
    let result = try glossa(["fetch", "http://127.0.0.1:1/b.zip", "--refresh", "--offline"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("glossa: --refresh and --offline cannot be used together\nUsage: glossa fetch"))
  }

  @Test func resolvePrefersRemoteThenLocal() throws {
    let server = try LoopbackHTTPServer(routes: ["/remote.zip": Route(body: try Self.sampleZip)])
    let url = server.url("/remote.zip").absoluteString
    let local = GlossaBinary.sampleBundles.appendingPathComponent("local").path
    let result = try glossa(["resolve", local, "login.title", "--remote", url, "--prefer", "de-AT,fr"])
    #expect(result.status == 0)
    #expect(
      result.stdout.hasPrefix(
        "login.title = \"Anmelden\"\nfrom: remote de Localizable\nchain:\n  1. remote  de  language-only of de-AT: found \"Anmelden\"\n"
      ))

    let missing = try glossa(["resolve", local, "no.such.key", "--prefer", "ja", "--default", "Hi"])
    #expect(missing.stdout.hasPrefix("no.such.key = \"Hi\"\nfrom: default text\n"))

    let all = try glossa([
      "resolve", local, "--all-keys", "--remote", url, "--prefer", "fr", "--format", "json", "--offline",
    ])
    #expect(all.status == 0)
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
    #expect(!rows.isEmpty)
    #expect(rows.allSatisfy { $0["key"] is String && $0["value"] is String && $0["steps"] is [Any] })
    #expect(server.requests().count == 1)
  }

  @Test func urlArgumentUsesXDGCache() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let body = Data("\"greeting\" = \"Hallo\";\n".utf8)
    let server = try LoopbackHTTPServer(routes: ["/de.lproj/Localizable.strings": Route(body: body)])
    let url = server.url("/de.lproj/Localizable.strings").absoluteString
    let xdg = scratch.url.appendingPathComponent("xdg")
    let result = try GlossaBinary.run(["dump", url], environment: ["XDG_CACHE_HOME": xdg.path])
    #expect(result.status == 0)
    #expect(result.stdout.contains("greeting = \"Hallo\""))
    let entries = try FileManager.default.contentsOfDirectory(atPath: xdg.appendingPathComponent("glossa").path)
    #expect(entries.count == 1)
  }

  /// `lint --against URL` and `diff … URL` report exactly what they report for the same zip on disk.
  @Test func lintAndDiffAgainstURL() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    let zipPath = GlossaBinary.sampleBundles.appendingPathComponent("remote.zip").path
    let local = GlossaBinary.sampleBundles.appendingPathComponent("local").path
    let server = try LoopbackHTTPServer(routes: ["/remote.zip": Route(body: try Self.sampleZip, etag: "\"z\"")])
    let url = server.url("/remote.zip").absoluteString
    let env = ["XDG_CACHE_HOME": scratch.url.appendingPathComponent("xdg").path]

    for format in ["text", "json"] {
      let viaFile = try GlossaBinary.run(["lint", local, "--against", zipPath, "--format", format], environment: env)
      let viaURL = try GlossaBinary.run(["lint", local, "--against", url, "--format", format], environment: env)
      #expect(viaURL.status == viaFile.status)
      #expect(viaURL.stdout == viaFile.stdout.replacingOccurrences(of: zipPath, with: url))
      #expect(viaURL.stdout.contains("only-in-remote"))
      #expect(viaURL.stderr == viaFile.stderr.replacingOccurrences(of: zipPath, with: url))
    }
    let diffFile = try GlossaBinary.run(["diff", local, zipPath], environment: env)
    let diffURL = try GlossaBinary.run(["diff", local, url], environment: env)
    #expect(diffURL.status == diffFile.status)
    #expect(diffURL.stdout == diffFile.stdout.replacingOccurrences(of: zipPath, with: url))
    #expect(diffURL.stdout.contains("~ hike.start"))
    let same = try GlossaBinary.run(["diff", zipPath, url], environment: env)
    #expect(same.stdout == "No differences.\n")
    #expect(same.status == 0)
    #expect(server.requests().count == 1)  // every later run used the cached copy
  }

  /// On a terminal, a download lasting over a second draws a bar on stderr and clears it at the end.
  @Test func progressBarOnATerminal() throws {
    try #require(GlossaBinary.isBuilt, "run swift build first")
    try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pty")
    let zip = try Self.sampleZip
    let server = try LoopbackHTTPServer(routes: ["/slow.zip": Route(body: zip, trickle: 2)])
    let url = server.url("/slow.zip").absoluteString
    let command = [GlossaBinary.url.path, "fetch", url, "--cache-dir", cache.path, ">/dev/null"].joined(separator: " ")
    let (status, terminal) = try Self.underPseudoTerminal(command)
    #expect(status == 0)
    #expect(terminal.contains("downloading ["))
    #expect(terminal.hasSuffix("\r\u{1B}[2K"))

    // Not a terminal: no bar at all.
    let plain = try glossa(["fetch", url, "--refresh"])
    #expect(plain.status == 0)
    #expect(!plain.stderr.contains("downloading"))
  }

  /// Runs a shell command under script(1), so its stderr is a terminal; returns what the terminal showed.
  private static func underPseudoTerminal(_ command: String) throws -> (Int32, String) {
    let run = try TestProcess.run("/usr/bin/script", ["-qefc", command, "/dev/null"])
    return (run.status, run.stdoutText)
  }

  private func onlyEntry() throws -> String {
    let names = try FileManager.default.contentsOfDirectory(atPath: cache.path)
    return try #require(names.count == 1 ? names.first : nil)
  }

  private func zipFile(_ files: [(String, String)]) throws -> Data {
    let spec = scratch.url.appendingPathComponent("spec.json")
    let out = scratch.url.appendingPathComponent("made.zip")
    try JSONSerialization.data(withJSONObject: files.map { [$0.0, $0.1] }).write(to: spec)
    let python = try TestProcess.run(
      "python3",
      [
        "-c",
        "import json,sys,zipfile\nwith zipfile.ZipFile(sys.argv[2],'w') as z:\n  [z.writestr(n,t) for n,t in json.load(open(sys.argv[1]))]",
        spec.path, out.path,
      ])
    try #require(python.succeeded, "\(python.stderrText)")
    return try Data(contentsOf: out)
  }

  @Test("without libcurl a URL fails naming what to install, and local bundles still work")
  func withoutLibcurl() throws {
    let missing = ["GLOSSA_LIBCURL": "/nonexistent/libcurl.so.4"]
    let fetch = try glossa(["fetch", "http://127.0.0.1:9/b.zip"], environment: missing)
    #expect(fetch.status == 2)
    #expect(
      fetch.stderr
        == "glossa: http://127.0.0.1:9/b.zip: downloading needs libcurl, which this system lacks "
        + "(looked for /nonexistent/libcurl.so.4); "
        + "install it (Debian and Ubuntu: apt-get install libcurl4)\n")
    let lint = try glossa(
      ["lint", GlossaBinary.sampleBundles.appendingPathComponent("local").path, "--fail-on", "never"],
      cacheFlag: false, environment: missing)
    #expect(lint.status == 0, "\(lint.stderr)")
  }
}
