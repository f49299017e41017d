import Foundation
import Testing

/// A scripted HTTP or HTTPS server on 127.0.0.1 (a `python3` subprocess) for remote-bundle tests.
///
/// Shared by the core and CLI test targets through the `GlossaTestSupport` target.
///
/// Each path answers as its `Route` says; routes can be changed between requests, and every
/// request's path and headers are recorded.
public final class LoopbackHTTPServer: @unchecked Sendable {
  /// How the server answers one path.
  public struct Route: Encodable {
    public var status = 200
    public var body = Data()
    public var headers: [String: String] = [:]
    /// Answer `304` when `If-None-Match` equals this.
    public var etag: String?
    /// Answer `304` when `If-Modified-Since` equals this (and no ETag is configured).
    public var lastModified: String?
    /// Seconds to wait before answering at all.
    public var stall: Double?
    /// Send only this many body bytes (Content-Length still says the full size), then close.
    public var truncateTo: Int?
    /// Answer `302` to this path.
    public var redirect: String?
    /// Send no Content-Length; the body ends when the connection closes.
    public var noLength = false
    /// Send the body in ten pieces spread over this many seconds.
    public var trickle: Double?
    /// Send this many body bytes, then hold the connection open without sending for a minute.
    public var stallAfter: Int?
    /// Announce this Content-Length (instead of the body's) and send the body over and over up
    /// to it, until the client goes away.
    public var announce: Int64?
    /// Send the body over and over with chunked transfer coding, until the client goes away
    /// (or `announce` bytes, when given, were sent).
    public var endlessChunked = false
    /// Send `Content-Encoding: gzip` and a gzip stream of this many zero bytes, made as it is sent.
    public var gzipZeros: Int64?

    public init(
      status: Int = 200, body: Data = Data(), headers: [String: String] = [:], etag: String? = nil,
      lastModified: String? = nil, stall: Double? = nil, truncateTo: Int? = nil, redirect: String? = nil,
      noLength: Bool = false, trickle: Double? = nil, stallAfter: Int? = nil, announce: Int64? = nil,
      endlessChunked: Bool = false, gzipZeros: Int64? = nil
    ) {
      self.status = status
      self.body = body
      self.headers = headers
      self.etag = etag
      self.lastModified = lastModified
      self.stall = stall
      self.truncateTo = truncateTo
      self.redirect = redirect
      self.noLength = noLength
      self.trickle = trickle
      self.stallAfter = stallAfter
      self.announce = announce
      self.endlessChunked = endlessChunked
      self.gzipZeros = gzipZeros
    }

    enum CodingKeys: String, CodingKey {
      case status, body, headers, etag, lastModified, stall, truncateTo, redirect, noLength, trickle
      case stallAfter, announce, endlessChunked, gzipZeros
    }

    public func encode(to encoder: Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(status, forKey: .status)
      try c.encode(body.base64EncodedString(), forKey: .body)
      try c.encode(headers, forKey: .headers)
      try c.encodeIfPresent(etag, forKey: .etag)
      try c.encodeIfPresent(lastModified, forKey: .lastModified)
      try c.encodeIfPresent(stall, forKey: .stall)
      try c.encodeIfPresent(truncateTo, forKey: .truncateTo)
      try c.encodeIfPresent(redirect, forKey: .redirect)
      try c.encode(noLength, forKey: .noLength)
      try c.encodeIfPresent(trickle, forKey: .trickle)
      try c.encodeIfPresent(stallAfter, forKey: .stallAfter)
      try c.encodeIfPresent(announce, forKey: .announce)
      try c.encode(endlessChunked, forKey: .endlessChunked)
      try c.encodeIfPresent(gzipZeros, forKey: .gzipZeros)
    }
  }

  /// One request as the server saw it.
  public struct Request: Decodable {
    public var path: String
    public var headers: [String: String]
  }

  /// The two schemes every remote test runs under.
  public enum Scheme: String, CaseIterable, Sendable, CustomStringConvertible {
    case http, https
    public var description: String { rawValue }
  }

  public let directory: URL
  public let port: Int
  public let scheme: Scheme
  private let process: TestProcess

  /// Starts the server; throws when python3 (or, for https, openssl) is missing or it does not
  /// come up. An https server presents `LoopbackCertificate.shared`, which a client trusts by
  /// naming it in `SSL_CERT_FILE` (`LoopbackCertificate.environment`).
  public init(routes: [String: Route], scheme: Scheme = .http) throws {
    self.scheme = scheme
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("glossa-http-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(Self.script.utf8).write(to: directory.appendingPathComponent("server.py"))
    var arguments = [directory.appendingPathComponent("server.py").path, directory.path]
    if scheme == .https {
      let certificate = try LoopbackCertificate.shared()
      arguments += [certificate.certificate.path, certificate.key.path]
    }
    try Self.writeRoutes(routes, to: directory)
    // A server lives as long as its test; the limit only ends one a test never stopped.
    let process = try TestProcess.start("python3", arguments, timeLimit: 600)
    self.process = process
    let line = Self.firstLine(of: process)
    guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      process.stop()
      throw TestServerError(message: "test HTTP server did not start (said “\(line)”)")
    }
    self.port = port
  }

  deinit { stop() }

  /// Stops the server process (the one this object started) and removes its directory.
  public func stop() {
    process.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// `http://127.0.0.1:PORT/path`, or `https://…` for a TLS server.
  public func url(_ path: String) -> URL {
    URL(string: "\(scheme.rawValue)://127.0.0.1:\(port)\(path)")!
  }

  /// Replaces the routes for the following requests.
  public func setRoutes(_ routes: [String: Route]) throws {
    try Self.writeRoutes(routes, to: directory)
  }

  /// Body bytes the server sent for each finished answer, in order of finishing (path, bytes).
  public func sentBodies() -> [(path: String, bytes: Int64)] {
    guard let text = try? String(contentsOf: directory.appendingPathComponent("sent.jsonl"), encoding: .utf8)
    else { return [] }
    return text.split(separator: "\n").compactMap { line in
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let path = object["path"] as? String, let bytes = (object["sent"] as? NSNumber)?.int64Value
      else { return nil }
      return (path, bytes)
    }
  }

  /// Every request received so far, in order.
  public func requests() -> [Request] {
    guard let text = try? String(contentsOf: directory.appendingPathComponent("requests.jsonl"), encoding: .utf8)
    else { return [] }
    return text.split(separator: "\n").compactMap {
      try? JSONDecoder().decode(Request.self, from: Data($0.utf8))
    }
  }

  private static func writeRoutes(_ routes: [String: Route], to directory: URL) throws {
    let data = try JSONEncoder().encode(routes)
    let temp = directory.appendingPathComponent("routes.json.tmp")
    try data.write(to: temp)
    guard rename(temp.path, directory.appendingPathComponent("routes.json").path) == 0 else {
      throw TestServerError(message: "cannot install routes.json")
    }
  }

  /// The first line the server prints (its port), once printed; what it printed when it ends
  /// or 30 seconds pass first.
  private static func firstLine(of process: TestProcess) -> String {
    let deadline = Date().addingTimeInterval(30)
    while true {
      let output = process.stdoutSoFar
      if let end = output.firstIndex(of: UInt8(ascii: "\n")) {
        return String(decoding: output[..<end], as: UTF8.self)
      }
      if process.hasExited || Date() > deadline { return String(decoding: output.prefix(200), as: UTF8.self) }
      usleep(5_000)
    }
  }

  private static let script = #"""
    import base64, json, os, ssl, sys, threading, time, zlib
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    root = sys.argv[1]
    parent = os.getppid()
    context = None
    if len(sys.argv) > 3:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[2], sys.argv[3])

    def watch_parent():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self):
            # The handshake happens here, on the connection's own thread.
            if context is not None:
                self.request.settimeout(120)
                self.request = context.wrap_socket(self.request, server_side=True)
            super().setup()

        def log_message(self, *args):
            pass

        def do_GET(self):
            with open(os.path.join(root, "requests.jsonl"), "a") as log:
                log.write(json.dumps({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}}) + "\n")
            with open(os.path.join(root, "routes.json")) as f:
                routes = json.load(f)
            route = routes.get(self.path)
            if route is None:
                self.answer(404, b"<html><body>Not Found</body></html>", {"Content-Type": "text/html"})
                return
            if route.get("stall"):
                time.sleep(route["stall"])
            if route.get("redirect"):
                self.answer(302, b"", {"Location": route["redirect"]})
                return
            etag = route.get("etag")
            modified = route.get("lastModified")
            headers = dict(route.get("headers", {}))
            if etag:
                headers["ETag"] = etag
            if modified:
                headers["Last-Modified"] = modified
            if etag and self.headers.get("If-None-Match") == etag:
                self.answer(304, None, headers)
                return
            if not etag and modified and self.headers.get("If-Modified-Since") == modified:
                self.answer(304, None, headers)
                return
            body = base64.b64decode(route.get("body", ""))
            if route.get("stallAfter") is not None or route.get("announce") is not None \
                    or route.get("endlessChunked") or route.get("gzipZeros") is not None:
                self.hostile(route, body, headers)
                return
            self.answer(route.get("status", 200), body, headers, route.get("truncateTo"), route.get("noLength"), route.get("trickle"))

        def record(self, sent):
            with open(os.path.join(root, "sent.jsonl"), "a") as log:
                log.write(json.dumps({"path": self.path, "sent": sent}) + "\n")

        def hostile(self, route, body, headers):
            sent = 0
            self.close_connection = True
            try:
                self.send_response(200)
                for k, v in headers.items():
                    self.send_header(k, v)
                announce = route.get("announce")
                if route.get("gzipZeros") is not None:
                    self.send_header("Content-Encoding", "gzip")
                    self.send_header("Connection", "close")
                    self.end_headers()
                    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
                    left = route["gzipZeros"]
                    block = bytes(1 << 20)
                    while left > 0:
                        piece = packer.compress(block[:min(left, len(block))])
                        left -= min(left, len(block))
                        if piece:
                            self.wfile.write(piece); self.wfile.flush(); sent += len(piece)
                    tail = packer.flush()
                    self.wfile.write(tail); self.wfile.flush(); sent += len(tail)
                elif route.get("endlessChunked"):
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    piece = ("%x\r\n" % len(body)).encode() + body + b"\r\n"
                    while announce is None or sent < announce:
                        self.wfile.write(piece); self.wfile.flush(); sent += len(body)
                    self.wfile.write(b"0\r\n\r\n"); self.wfile.flush()
                elif announce is not None:
                    self.send_header("Content-Length", str(announce))
                    self.end_headers()
                    while sent < announce:
                        piece = body[:announce - sent]
                        self.wfile.write(piece); self.wfile.flush(); sent += len(piece)
                else:
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    piece = body[:route["stallAfter"]]
                    self.wfile.write(piece); self.wfile.flush(); sent += len(piece)
                    time.sleep(60)
            except (BrokenPipeError, ConnectionResetError, OSError):
                pass
            self.record(sent)

        def answer(self, status, body, headers, truncate=None, no_length=False, trickle=None):
            self.send_response(status)
            for k, v in headers.items():
                self.send_header(k, v)
            if body is not None and not no_length:
                self.send_header("Content-Length", str(len(body)))
            if truncate is not None or no_length:
                self.send_header("Connection", "close")
                self.close_connection = True
            self.end_headers()
            if body and trickle:
                step = max(1, len(body) // 10)
                for start in range(0, len(body), step):
                    self.wfile.write(body[start:start + step])
                    self.wfile.flush()
                    time.sleep(trickle / 10)
            elif body:
                self.wfile.write(body if truncate is None else body[:truncate])
                self.wfile.flush()

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.handle_error = lambda request, address: None
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#
}

/// A self-signed certificate for 127.0.0.1 made once per test process with `openssl`, which a
/// loopback https server presents and a client trusts through `SSL_CERT_FILE`.
public struct LoopbackCertificate: Sendable {
  public var certificate: URL
  public var key: URL

  /// `SSL_CERT_FILE` naming the certificate, for a `glossa` run against an https server.
  public static func environment() throws -> [String: String] {
    ["SSL_CERT_FILE": try shared().certificate.path]
  }

  private static let made: Result<LoopbackCertificate, TestServerError> = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("glossa-tls-\(getpid())", isDirectory: true)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let made = LoopbackCertificate(
      certificate: folder.appendingPathComponent("cert.pem"), key: folder.appendingPathComponent("key.pem"))
    let arguments = [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", made.key.path, "-out", made.certificate.path, "-days", "2", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1",
    ]
    let output: TestProcess.Output
    do {
      output = try TestProcess.run("openssl", arguments)
    } catch {
      return .failure(TestServerError(message: "cannot run openssl to make a test certificate: \(error)"))
    }
    guard output.succeeded else {
      return .failure(TestServerError(message: "openssl could not make a test certificate: \(output.stderrText)"))
    }
    return .success(made)
  }()

  /// The process's certificate, made on first use.
  public static func shared() throws -> LoopbackCertificate {
    try made.get()
  }
}

/// A failure of the test harness itself (not of the code under test).
public struct TestServerError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
