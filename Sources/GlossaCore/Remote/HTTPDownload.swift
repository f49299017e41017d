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

  /// Prepares a GET of `url` with extra `headers`, streaming a `200` body into `destination`.
  init(url: URL, headers: [String: String], destination: URL, policy: RemoteFetchPolicy) {
    self.url = url
    self.headers = headers
    self.destination = destination
    self.policy = policy
  }

  /// Performs the request, blocking the calling thread until it ends.
  ///
  /// - Throws: `GlossaError` for transport failures (timeout, DNS, TLS, refused), too many
  ///   redirects, an oversized or truncated body. HTTP error statuses are returned, not thrown.
  func run() throws -> HTTPDownloadResponse {
    guard FileManager.default.createFile(atPath: destination.path, contents: nil),
      let fileHandle = try? FileHandle(forWritingTo: destination)
    else { throw GlossaError("cannot create \(destination.path) for the download") }
    lock.withLock { handle = fileHandle }
    defer { closeHandle() }

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
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: policy.connectTimeout)
    request.httpMethod = "GET"
    request.setValue("glossa", forHTTPHeaderField: "User-Agent")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    started = Date()
    defer { reportFinished() }
    let task = session.dataTask(with: request)
    task.resume()
    if finished.wait(timeout: .now() + policy.timeout) == .timedOut {
      lock.withLock {
        if failure == nil { failure = timeoutError() }
      }
      task.cancel()
      _ = finished.wait(timeout: .now() + 2)
    }
    return try outcome()
  }

  private func outcome() throws -> HTTPDownloadResponse {
    try lock.withLock {
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
      if let transportError { throw describe(transportError) }
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
    let (bytes, expected) = lock.withLock { (received, response?.expectedContentLength ?? -1) }
    progress(
      RemoteProgress(
        receivedBytes: bytes, expectedBytes: expected > 0 ? expected : nil,
        elapsed: Date().timeIntervalSince(started), isFinished: true))
  }

  private func timeoutError() -> GlossaError {
    GlossaError(
      "\(url.absoluteString): timed out after \(Self.seconds(policy.timeout)) s "
        + "(use --timeout to allow longer)")
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
      if http.statusCode == 200, http.expectedContentLength > policy.maxDownloadSize {
        failure = sizeError(http.expectedContentLength, announced: true)
        return false
      }
      return http.statusCode == 200
    }
    completionHandler(allow ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let cancel: Bool = lock.withLock {
      guard failure == nil, let handle else { return true }
      if received + Int64(data.count) > policy.maxDownloadSize {
        failure = sizeError(received + Int64(data.count), announced: false)
        return true
      }
      do {
        try handle.write(contentsOf: data)
      } catch {
        failure = GlossaError("cannot write \(destination.path): \(error.localizedDescription)")
        return true
      }
      received += Int64(data.count)
      hasher.update(data)
      if head.count < 4096 { head.append(data.prefix(4096 - head.count)) }
      return false
    }
    if cancel {
      dataTask.cancel()
      return
    }
    if let progress = policy.progress {
      let expected = dataTask.countOfBytesExpectedToReceive
      progress(
        RemoteProgress(
          receivedBytes: lock.withLock { received }, expectedBytes: expected > 0 ? expected : nil,
          elapsed: Date().timeIntervalSince(started)))
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
        failure = GlossaError(
          "\(url.absoluteString): too many redirects (more than \(policy.maxRedirects)); "
            + "last one went to \(request.url?.absoluteString ?? "?")")
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
      return GlossaError(
        prefix + "timed out: no answer for \(Self.seconds(policy.connectTimeout)) s "
          + "(use --timeout to allow longer)")
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
