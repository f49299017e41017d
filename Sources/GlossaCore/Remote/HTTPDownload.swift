import Foundation

/// The outcome of one HTTP exchange whose body (if any) was streamed to a file.
struct HTTPDownloadResponse: Sendable {
  /// Final status code after redirects.
  var statusCode: Int
  /// Response headers with lowercased names.
  var headers: [String: String]
  /// The URL the response came from, after redirects.
  var finalURL: URL
  /// Body bytes written to the destination.
  var size: Int64
  /// SHA-256 of the body.
  var sha256: String
  /// The first 4 KiB of the body, for sniffing its kind.
  var head: Data
}

/// One GET request over `http://` or `https://` (libcurl's easy interface), streamed to a file,
/// with a whole-request deadline, a silence limit, a redirect limit that never leaves https for
/// http, identity encoding only, and a size limit enforced on bytes as they arrive.
///
/// A class because libcurl's callbacks reach it through a pointer; it is used on one thread, the
/// one that calls `run` (libcurl calls back on that thread).
final class HTTPDownload {
  let url: URL
  private let headers: [String: String]
  private let destination: URL
  let policy: RemoteFetchPolicy

  private var handle: FileHandle?
  private(set) var received: Int64 = 0
  private(set) var announced: Int64?
  private var hasher = SHA256()
  private var head = Data()
  private var started = Date()
  private(set) var deadline = Date()

  /// The hop being fetched and what its callbacks saw.
  var current: URL
  private var status = 0
  private var responseHeaders: [String: String] = [:]
  private(set) var headComplete = false
  private var lastActivity = Date()
  private var headBytes = 0
  /// Why a callback stopped the transfer, when one did.
  private var stop: Stop?

  private enum Stop {
    /// A refusal with its message (compressed or oversized body, unusable redirect, write error).
    case failure(GlossaError)
    /// A redirect, not read further.
    case redirect(URL)
    /// A head that is the whole answer (304, 404…): its body is not needed.
    case answered
    case deadline
    case silent
  }

  /// Heads larger than this are refused (libcurl's own limit is higher).
  static let maxHeadBytes = 64 * 1024

  /// Prepares a GET of `url` with extra `headers`, streaming a `200` body into `destination`.
  init(url: URL, headers: [String: String], destination: URL, policy: RemoteFetchPolicy) {
    self.url = url
    self.headers = headers
    self.destination = destination
    self.policy = policy
    current = url
  }

  /// Performs the request, blocking the calling thread until it ends; every wait sleeps in
  /// `poll` inside libcurl, woken at least once a second to check the limits.
  ///
  /// - Throws: `GlossaError.remote` for transport failures (timeout, silence, DNS, TLS, refused),
  ///   too many redirects or a downgrade, a compressed, oversized or truncated body. HTTP error
  ///   statuses are returned, not thrown.
  func run() throws -> HTTPDownloadResponse {
    guard FileManager.default.createFile(atPath: destination.path, contents: nil),
      let fileHandle = try? FileHandle(forWritingTo: destination)
    else { throw GlossaError.writeFailed(destination.path, reason: "cannot create the file for the download") }
    handle = fileHandle
    defer { closeHandle() }
    started = Date()
    deadline = started.addingTimeInterval(policy.timeout)
    defer { reportFinished() }
    let easy: CurlEasy
    do { easy = try CurlEasy() } catch { throw failure(error) }
    configure(easy)
    var redirects = 0
    while true {
      switch try exchange(easy) {
      case .done(let response): return response
      case .redirect(let next):
        redirects += 1
        if redirects > policy.maxRedirects { throw tooManyRedirects(next) }
        if current.scheme?.lowercased() == "https", next.scheme?.lowercased() != "https" {
          throw failure(.downgrade(to: next.absoluteString))
        }
        current = next
      }
    }
  }

  /// What one exchange ended with.
  private enum Hop {
    case done(HTTPDownloadResponse)
    case redirect(URL)
  }

  /// The options every hop shares.
  private func configure(_ easy: CurlEasy) {
    easy.set(.noSignal, 1)
    // Body pieces of up to 256 KiB (libcurl's default is 16): fewer writes and hash calls.
    easy.set(.bufferSize, 256 * 1024)
    if easy.set(.protocolsString, "http,https") == CurlCode.unknownOption {
      easy.set(.protocols, 1 | 2)  // CURLPROTO_HTTP | CURLPROTO_HTTPS, before 7.85
    }
    easy.set(.followLocation, 0)
    // Identity only: no Accept-Encoding from libcurl and nothing decoded (chunked framing is
    // still undone, as it must be).
    easy.set(.httpContentDecoding, 0)
    easy.set(.suppressConnectHeaders, 1)
    easy.set(.connectTimeoutMS, max(1, Int((policy.connectTimeout * 1000).rounded())))
    // Backstops: the progress callback enforces both limits first, with the messages.
    easy.set(.timeoutMS, Int((policy.timeout * 1000).rounded()) + 1000)
    easy.set(.lowSpeedLimit, 1)
    easy.set(.lowSpeedTime, Int(policy.connectTimeout.rounded(.up)) + 1)
    // Trust: the system store, or the one SSL_CERT_FILE / SSL_CERT_DIR name (as OpenSSL and
    // curl's command line read them), so a team behind an inspecting proxy can add its CA.
    let environment = ProcessInfo.processInfo.environment
    if let file = environment["SSL_CERT_FILE"], !file.isEmpty { easy.set(.caInfo, file) }
    if let folder = environment["SSL_CERT_DIR"], !folder.isEmpty { easy.set(.caPath, folder) }
    var lines = ["User-Agent: glossa", "Accept-Encoding: identity"]
    for (name, value) in headers.sorted(by: { $0.key < $1.key })
    where !(name + value).contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
      lines.append("\(name): \(value)")
    }
    easy.setHeaders(lines)
    let me = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    easy.set(.headerFunction, function: Self.onHeader)
    easy.set(.headerData, pointer: me)
    easy.set(.writeFunction, function: Self.onBody)
    easy.set(.writeData, pointer: me)
    easy.setProgress(Self.onProgress)
    easy.set(.xferInfoData, pointer: me)
  }

  /// One request to `current`; a redirect is returned for `run` to follow.
  private func exchange(_ easy: CurlEasy) throws -> Hop {
    status = 0
    responseHeaders = [:]
    headComplete = false
    headBytes = 0
    stop = nil
    lastActivity = Date()
    easy.set(.url, current.absoluteString)
    let code = withExtendedLifetime(self) { easy.perform() }
    switch stop {
    case .failure(let error): throw error
    case .redirect(let next): return .redirect(next)
    case .deadline: throw timeoutError()
    case .silent: throw silenceError()
    case .answered, nil: break
    }
    if code != CurlCode.ok, stop == nil { throw transportError(code, easy: easy) }
    return .done(
      HTTPDownloadResponse(
        statusCode: status, headers: responseHeaders, finalURL: current, size: received,
        sha256: hasher.finalizeHex(), head: head))
  }

  /// One header line: a status line starts a new head (interim `1xx` answers and proxies send
  /// more than one); the blank line ends it, and the head is judged before any body is read.
  private func header(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    lastActivity = Date()
    headBytes += bytes.count
    if headBytes > Self.maxHeadBytes {
      stop = .failure(failure(.headTooLarge(limit: Self.maxHeadBytes)))
      return false
    }
    let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if line.hasPrefix("HTTP/") {
      let parts = line.split(separator: " ", maxSplits: 2)
      status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
      responseHeaders = [:]
      return true
    }
    if !line.isEmpty {
      if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        responseHeaders[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
      return true
    }
    if (100..<200).contains(status) { return true }
    headComplete = true
    if [301, 302, 303, 307, 308].contains(status), let location = responseHeaders["location"] {
      if let next = URL(string: location, relativeTo: current)?.absoluteURL,
        ["http", "https"].contains(next.scheme?.lowercased() ?? "")
      {
        stop = .redirect(next)
      } else {
        stop = .failure(failure(.unusableRedirect(location: location)))
      }
      return false
    }
    guard status == 200 else {
      stop = .answered
      return false
    }
    if let refusal = checkHead() {
      stop = .failure(refusal)
      return false
    }
    announced = responseHeaders["content-length"].flatMap { Int64($0) }
    return true
  }

  /// Refuses a `200` head before its body is read: a compressed encoding (which could inflate
  /// without bound; glossa asks for identity) or an announced length over the limit.
  private func checkHead() -> GlossaError? {
    if let encoding = responseHeaders["content-encoding"]?.lowercased(), !encoding.isEmpty, encoding != "identity" {
      return failure(.compressed(encoding: encoding))
    }
    if let length = responseHeaders["content-length"].flatMap({ Int64($0) }), length > policy.maxDownloadSize {
      return sizeError(length, announced: true)
    }
    return nil
  }

  /// Takes one piece of the body: counted against the limit before it is written, hashed, kept
  /// for sniffing, reported to the progress closure.
  private func body(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    lastActivity = Date()
    guard headComplete, status == 200, let handle else { return false }
    if received + Int64(bytes.count) > policy.maxDownloadSize {
      stop = .failure(sizeError(received + Int64(bytes.count), announced: false))
      return false
    }
    let data = Data(buffer: bytes)
    do {
      try handle.write(contentsOf: data)
    } catch {
      stop = .failure(.writeFailed(destination.path, reason: error.localizedDescription))
      return false
    }
    received += Int64(data.count)
    hasher.update(data)
    if head.count < 4096 { head.append(data.prefix(4096 - head.count)) }
    policy.progress?(
      RemoteProgress(
        receivedBytes: received, expectedBytes: announced.flatMap { $0 > 0 ? $0 : nil },
        elapsed: Date().timeIntervalSince(started)))
    return true
  }

  /// Called by libcurl often while bytes flow and about once a second while they do not: the
  /// deadline and the silence limit are checked here.
  private func tick() -> Bool {
    let now = Date()
    if now >= deadline {
      stop = .deadline
      return false
    }
    if now.timeIntervalSince(lastActivity) >= policy.connectTimeout {
      stop = policy.connectTimeout >= policy.timeout ? .deadline : .silent
      return false
    }
    return true
  }

  private func closeHandle() {
    try? handle?.synchronize()
    try? handle?.close()
    handle = nil
  }

  /// Sends the one `isFinished` progress report, so a progress bar can clear itself.
  private func reportFinished() {
    policy.progress?(
      RemoteProgress(
        receivedBytes: received, expectedBytes: announced.flatMap { $0 > 0 ? $0 : nil },
        elapsed: Date().timeIntervalSince(started), isFinished: true))
  }

  // MARK: libcurl's callbacks (C function pointers; the user pointer is the download)

  private static let onHeader: CurlEasy.WriteCallback = { buffer, size, count, user in
    guard let buffer, let user else { return 0 }
    let download = Unmanaged<HTTPDownload>.fromOpaque(user).takeUnretainedValue()
    let bytes = UnsafeBufferPointer(
      start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: size * count)
    return download.header(bytes) ? size * count : 0
  }

  private static let onBody: CurlEasy.WriteCallback = { buffer, size, count, user in
    guard let buffer, let user else { return 0 }
    let download = Unmanaged<HTTPDownload>.fromOpaque(user).takeUnretainedValue()
    let bytes = UnsafeBufferPointer(
      start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: size * count)
    return download.body(bytes) ? size * count : 0
  }

  private static let onProgress: CurlEasy.ProgressCallback = { user, _, _, _, _ in
    guard let user else { return 1 }
    return Unmanaged<HTTPDownload>.fromOpaque(user).takeUnretainedValue().tick() ? 0 : 1
  }
}
