import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

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

/// One GET request streamed to a file, with a whole-request deadline, an idle/connect timeout,
/// a redirect limit and a size limit enforced as bytes arrive.
///
/// A class because it owns a live `URLSession` task and an open file handle; all mutable state is
/// guarded by `lock`.
final class HTTPDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let url: URL
  private let headers: [String: String]
  private let destination: URL
  private let policy: RemoteFetchPolicy

  private let lock = NSLock()
  private let finished = DispatchSemaphore(value: 0)
  private var handle: FileHandle?
  private var response: HTTPURLResponse?
  private var received: Int64 = 0
  private var hasher = SHA256()
  private var head = Data()
  private var redirects = 0
  private var failure: GlossaError?
  private var transportError: Error?
  private var started = Date()
  private var announced: Int64?

  /// Prepares a GET of `url` with extra `headers`, streaming a `200` body into `destination`.
  init(url: URL, headers: [String: String], destination: URL, policy: RemoteFetchPolicy) {
    self.url = url
    self.headers = headers
    self.destination = destination
    self.policy = policy
  }

  /// Performs the request, blocking the calling thread until it ends.
  ///
  /// `http://` URLs are fetched on a socket of our own (`PlainHTTPExchange`): every wait is a
  /// `poll` bounded by the silence limit and the deadline, so a silent server costs no CPU, and
  /// limits apply before the body is read. `https://` goes through `URLSession` (TLS), with the
  /// same identity encoding, header checks and messages.
  ///
  /// - Throws: `GlossaError` for transport failures (timeout, stall, DNS, TLS, refused), too many
  ///   redirects, a compressed, oversized or truncated body. HTTP error statuses are returned,
  ///   not thrown.
  func run() throws -> HTTPDownloadResponse {
    guard FileManager.default.createFile(atPath: destination.path, contents: nil),
      let fileHandle = try? FileHandle(forWritingTo: destination)
    else { throw GlossaError("cannot create \(destination.path) for the download") }
    lock.withLock { handle = fileHandle }
    defer { closeHandle() }
    started = Date()
    defer { reportFinished() }
    let deadline = started.addingTimeInterval(policy.timeout)
    var current = url
    while current.scheme?.lowercased() == "http" {
      switch try plainExchange(current, deadline: deadline) {
      case .done(let response): return response
      case .redirect(let next):
        redirects += 1
        if redirects > policy.maxRedirects { throw tooManyRedirects(next) }
        current = next
      }
    }
    return try sessionRun(current, deadline: deadline)
  }

  /// What one plain exchange ended with.
  private enum PlainOutcome {
    case done(HTTPDownloadResponse)
    case redirect(URL)
  }

  /// One `http://` request on our own socket; redirects are returned for `run` to follow.
  private func plainExchange(_ current: URL, deadline: Date) throws -> PlainOutcome {
    var headReceived = false
    do {
      var exchange = try PlainHTTPExchange(
        url: current, headers: headers, silence: policy.connectTimeout, deadline: deadline)
      let answer = try exchange.readHead()
      headReceived = true
      if [301, 302, 303, 307, 308].contains(answer.status), let location = answer.headers["location"] {
        guard let next = URL(string: location, relativeTo: current)?.absoluteURL,
          ["http", "https"].contains(next.scheme?.lowercased() ?? "")
        else {
          throw GlossaError("\(url.absoluteString): redirect to an unusable location “\(location.prefix(200))”")
        }
        return .redirect(next)
      }
      if answer.status == 200 {
        try checkHead(answer.headers)
        let expected = answer.headers["content-length"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        lock.withLock { announced = expected }
        try exchange.readBody(answer) { piece in try self.accept(Data(piece)) }
      }
      return .done(
        HTTPDownloadResponse(
          statusCode: answer.status, headers: answer.headers, finalURL: current, size: lock.withLock { received },
          sha256: lock.withLock { hasher.finalizeHex() }, head: lock.withLock { head }))
    } catch let wait as PlainHTTPConnection.Wait {
      switch wait {
      case .deadline: throw timeoutError()
      case .silent: throw silenceError(afterHead: headReceived)
      }
    } catch let failure as PlainHTTPFailure {
      guard case .message(let text) = failure else { throw failure }
      throw GlossaError("\(url.absoluteString): \(text)")
    } catch let end as PlainHTTPExchange.BodyEnd {
      switch end {
      case .cutShort(let got, let total):
        if let total { throw GlossaError("\(url.absoluteString): body cut short: received \(got) of \(total) bytes") }
        throw GlossaError("\(url.absoluteString): body cut short: the connection closed after \(got) bytes")
      case .badChunk(let what):
        throw GlossaError("\(url.absoluteString): the server's chunked body is malformed (\(what))")
      }
    }
  }

  /// Refuses a `200` head before its body is read: a compressed encoding (which could inflate
  /// without bound; glossa asks for identity) or an announced length over the limit.
  private func checkHead(_ names: [String: String]) throws {
    if let encoding = names["content-encoding"]?.trimmingCharacters(in: .whitespaces).lowercased(),
      !encoding.isEmpty, encoding != "identity"
    {
      throw GlossaError(
        "\(url.absoluteString): the server sent the body with Content-Encoding “\(encoding.prefix(40))”; "
          + "glossa asks for identity and refuses compressed bodies (they can inflate without bound)")
    }
    if let length = names["content-length"].flatMap({ Int64($0.trimmingCharacters(in: .whitespaces)) }),
      length > policy.maxDownloadSize
    {
      throw sizeError(length, announced: true)
    }
  }

  /// Takes one piece of the body: counted against the limit before it is written, hashed, kept
  /// for sniffing, reported to the progress closure.
  private func accept(_ data: Data) throws {
    let (total, expected) = try lock.withLock { () throws -> (Int64, Int64?) in
      guard let handle else { throw GlossaError("cannot write \(destination.path): closed") }
      if received + Int64(data.count) > policy.maxDownloadSize {
        throw sizeError(received + Int64(data.count), announced: false)
      }
      do {
        try handle.write(contentsOf: data)
      } catch {
        throw GlossaError("cannot write \(destination.path): \(error.localizedDescription)")
      }
      received += Int64(data.count)
      hasher.update(data)
      if head.count < 4096 { head.append(data.prefix(4096 - head.count)) }
      return (received, announced)
    }
    if let progress = policy.progress {
      progress(
        RemoteProgress(
          receivedBytes: total, expectedBytes: expected.flatMap { $0 > 0 ? $0 : nil },
          elapsed: Date().timeIntervalSince(started)))
    }
  }

  /// One `https://` request through `URLSession`, which follows its own redirects.
  private func sessionRun(_ current: URL, deadline: Date) throws -> HTTPDownloadResponse {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = policy.connectTimeout
    configuration.timeoutIntervalForResource = policy.timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    defer { session.invalidateAndCancel() }

    var request = URLRequest(
      url: current, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: policy.connectTimeout)
    request.httpMethod = "GET"
    request.setValue("glossa", forHTTPHeaderField: "User-Agent")
    request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let task = session.dataTask(with: request)
    task.resume()
    if finished.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .timedOut {
      let error = timeoutError()
      lock.withLock {
        if failure == nil { failure = error }
      }
      task.cancel()
      _ = finished.wait(timeout: .now() + 2)
    }
    return try outcome()
  }

  private func outcome() throws -> HTTPDownloadResponse {
    // Worded outside the lock: the messages read the byte counts under it.
    if let transportError = lock.withLock({ failure == nil ? transportError : nil }) {
      throw describe(transportError)
    }
    return try lock.withLock {
      if let failure { throw failure }
      var names: [String: String] = [:]
      for (key, value) in response?.allHeaderFields ?? [:] {
        if let key = key as? String, let value = value as? String { names[key.lowercased()] = value }
      }
      if response?.statusCode == 200 {
        let encoding = names["content-encoding"]?.lowercased() ?? "identity"
        if encoding == "identity", let expected = names["content-length"].flatMap({ Int64($0) }),
          expected != received
        {
          throw GlossaError(
            "\(url.absoluteString): body cut short: received \(received) of \(expected) bytes")
        }
      }
      guard let response else { throw GlossaError("\(url.absoluteString): the server sent no response") }
      return HTTPDownloadResponse(
        statusCode: response.statusCode, headers: names, finalURL: response.url ?? url,
        size: received, sha256: hasher.finalizeHex(), head: head)
    }
  }

  private func closeHandle() {
    lock.withLock {
      try? handle?.synchronize()
      try? handle?.close()
      handle = nil
    }
  }

  /// Sends the one `isFinished` progress report, so a progress bar can clear itself.
  private func reportFinished() {
    guard let progress = policy.progress else { return }
    let (bytes, expected) = lock.withLock { (received, announced ?? -1) }
    progress(
      RemoteProgress(
        receivedBytes: bytes, expectedBytes: expected > 0 ? expected : nil,
        elapsed: Date().timeIntervalSince(started), isFinished: true))
  }

  private func timeoutError() -> GlossaError {
    let (got, total) = lock.withLock { (received, announced) }
    let progress = got > 0 ? " with \(got)\(total.map { " of \($0)" } ?? "") bytes received" : ""
    return GlossaError(
      "\(url.absoluteString): timed out after \(Self.seconds(policy.timeout)) s\(progress) "
        + "(use --timeout to allow longer)")
  }

  /// Nothing arrived for the silence limit: no answer yet, or a body that stalled.
  private func silenceError(afterHead: Bool) -> GlossaError {
    let (got, total) = lock.withLock { (received, announced) }
    let limit = Self.seconds(policy.connectTimeout)
    let why =
      policy.connectTimeout < policy.timeout
      ? "the limit for silence under a \(Self.seconds(policy.timeout)) s timeout; use --timeout to allow longer"
      : "use --timeout to allow longer"
    if afterHead {
      let of = total.map { " of \($0)" } ?? ""
      return GlossaError(
        "\(url.absoluteString): the server stalled: no data for \(limit) s after \(got)\(of) bytes (\(why))")
    }
    return GlossaError("\(url.absoluteString): timed out: the server sent nothing for \(limit) s (\(why))")
  }

  private func tooManyRedirects(_ next: URL?) -> GlossaError {
    GlossaError(
      "\(url.absoluteString): too many redirects (more than \(policy.maxRedirects)); "
        + "last one went to \(next?.absoluteString ?? "?")")
  }

  private static func seconds(_ value: TimeInterval) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }

  // MARK: URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let allow: Bool = lock.withLock {
      guard let http = response as? HTTPURLResponse else {
        failure = GlossaError("\(url.absoluteString): not an HTTP response")
        return false
      }
      self.response = http
      guard http.statusCode == 200 else { return false }
      var names: [String: String] = [:]
      for (key, value) in http.allHeaderFields {
        if let key = key as? String, let value = value as? String { names[key.lowercased()] = value }
      }
      do {
        try checkHead(names)
      } catch {
        failure = error as? GlossaError
        return false
      }
      if http.expectedContentLength > 0 { announced = http.expectedContentLength }
      return true
    }
    if !allow {
      // Refused before the body: stop waiting now rather than when the transport gives up.
      dataTask.cancel()
      if lock.withLock({ failure != nil }) { finished.signal() }
    }
    completionHandler(allow ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard lock.withLock({ failure == nil }) else { return }
    do {
      try accept(data)
    } catch {
      lock.withLock { failure = error as? GlossaError ?? GlossaError("\(error)") }
      dataTask.cancel()
      finished.signal()
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let follow: Bool = lock.withLock {
      redirects += 1
      if redirects > policy.maxRedirects {
        failure = tooManyRedirects(request.url)
        return false
      }
      return true
    }
    if follow {
      completionHandler(request)
    } else {
      completionHandler(nil)
      task.cancel()
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    lock.withLock {
      if let error, failure == nil {
        let cancelledByUs = (error as? URLError)?.code == .cancelled && response != nil
        if !cancelledByUs { transportError = error }
      }
    }
    finished.signal()
  }

  private func sizeError(_ size: Int64, announced: Bool) -> GlossaError {
    let limit = policy.maxDownloadSize
    let what =
      announced
      ? "body announces \(size) bytes, over the limit of \(limit) bytes"
      : "body is larger than the limit of \(limit) bytes; download stopped there"
    return GlossaError("\(url.absoluteString): \(what) (use --max-download-size to allow more)")
  }

  /// Turns a URLSession error into a message that names the cause.
  private func describe(_ error: Error) -> GlossaError {
    let host = url.host ?? url.absoluteString
    let port = url.port.map { ":\($0)" } ?? ""
    let prefix = url.absoluteString + ": "
    guard let urlError = error as? URLError else {
      return GlossaError(prefix + "download failed: \(error.localizedDescription)")
    }
    switch urlError.code {
    case .timedOut:
      if policy.connectTimeout >= policy.timeout { return timeoutError() }
      return silenceError(afterHead: lock.withLock { response != nil })
    case .cannotFindHost, .dnsLookupFailed:
      return GlossaError(prefix + "cannot resolve host \(host) (DNS lookup failed)")
    case .cannotConnectToHost:
      return GlossaError(prefix + "connection refused by \(host)\(port)")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot,
      .clientCertificateRejected, .clientCertificateRequired:
      return GlossaError(
        prefix + "TLS connection to \(host)\(port) failed (\(urlError.localizedDescription))")
    case .networkConnectionLost:
      return GlossaError(prefix + "connection to \(host)\(port) lost before the body was complete")
    case .notConnectedToInternet:
      return GlossaError(prefix + "no network connection")
    case .httpTooManyRedirects, .redirectToNonExistentLocation:
      return GlossaError(prefix + "redirects could not be followed (\(urlError.localizedDescription))")
    default:
      let text = urlError.localizedDescription
      if ["SSL", "TLS", "certificate"].contains(where: { text.contains($0) }) {
        // libcurl's TLS failures often arrive as URLError.unknown with OpenSSL's text.
        return GlossaError(prefix + "TLS connection to \(host)\(port) failed (\(text))")
      }
      return GlossaError(
        prefix + "download failed: \(urlError.localizedDescription) (URLError \(urlError.code.rawValue))")
    }
  }
}
