import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The words of every download failure: one set for both schemes, each naming the URL of the hop
/// that failed (the one asked for, or where a redirect led).
extension HTTPDownload {
  /// A failure of the current hop, worded by `problem`.
  func failure(_ problem: String) -> GlossaError {
    .remote(current.absoluteString, problem: problem)
  }

  /// `host:port` of the current hop, with the scheme's default port when the URL has none.
  var hostAndPort: String {
    let port = current.port ?? (current.scheme?.lowercased() == "https" ? 443 : 80)
    return "\(current.host ?? current.absoluteString):\(port)"
  }

  func timeoutError() -> GlossaError {
    let progress = received > 0 ? " with \(received)\(announced.map { " of \($0)" } ?? "") bytes received" : ""
    return failure("timed out after \(Self.seconds(policy.timeout)) s\(progress) (use --timeout to allow longer)")
  }

  /// Nothing arrived for the silence limit: no answer yet, or a body that stalled.
  func silenceError() -> GlossaError {
    let limit = Self.seconds(policy.connectTimeout)
    let why =
      policy.connectTimeout < policy.timeout
      ? "the limit for silence under a \(Self.seconds(policy.timeout)) s timeout; use --timeout to allow longer"
      : "use --timeout to allow longer"
    if headComplete {
      let of = announced.map { " of \($0)" } ?? ""
      return failure("the server stalled: no data for \(limit) s after \(received)\(of) bytes (\(why))")
    }
    return failure("timed out: the server sent nothing for \(limit) s (\(why))")
  }

  func tooManyRedirects(_ next: URL) -> GlossaError {
    .remote(
      url.absoluteString,
      problem: "too many redirects (more than \(policy.maxRedirects)); last one went to \(next.absoluteString)")
  }

  func sizeError(_ size: Int64, announced: Bool) -> GlossaError {
    let limit = policy.maxDownloadSize
    let what =
      announced
      ? "body announces \(size) bytes, over the limit of \(limit) bytes"
      : "body is larger than the limit of \(limit) bytes; download stopped there"
    return failure("\(what) (use --max-download-size to allow more)")
  }

  /// A failure libcurl reported (not one a callback decided), worded by its cause.
  func transportError(_ code: Int32, easy: CurlEasy) -> GlossaError {
    let text = easy.failureText(code)
    switch code {
    case CurlCode.operationTimedOut:
      // The backstops: the progress callback normally words these first.
      if Date() >= deadline.addingTimeInterval(-0.5) || policy.connectTimeout >= policy.timeout {
        return timeoutError()
      }
      return silenceError()
    case CurlCode.couldNotResolveHost:
      return failure("cannot resolve host \(current.host ?? "?") (DNS lookup failed)")
    case CurlCode.couldNotResolveProxy:
      return failure("cannot resolve the proxy (\(text))")
    case CurlCode.couldNotConnect:
      if easy.osErrno() == Int(ECONNREFUSED) { return failure("connection refused by \(hostAndPort)") }
      return failure("cannot connect to \(hostAndPort) (\(text))")
    case CurlCode.partialFile:
      if let announced { return failure("body cut short: received \(received) of \(announced) bytes") }
      return failure("body cut short: the connection closed after \(received) bytes")
    case CurlCode.gotNothing:
      return failure("the server at \(hostAndPort) closed the connection without answering")
    case CurlCode.receiveError, CurlCode.sendError:
      if text.lowercased().contains("chunk") { return failure("the server's chunked body is malformed (\(text))") }
      if headComplete { return failure("connection to \(hostAndPort) lost before the body was complete (\(text))") }
      return failure("connection to \(hostAndPort) lost before an answer (\(text))")
    case CurlCode.peerFailedVerification:
      return failure(
        "TLS connection to \(hostAndPort) failed (\(text)); to trust another certificate authority, "
          + "name its certificate file in SSL_CERT_FILE")
    case _ where CurlCode.tls.contains(code):
      return failure("TLS connection to \(hostAndPort) failed (\(text))")
    case CurlCode.weirdServerReply, CurlCode.unsupportedProtocol:
      return failure("the server at \(hostAndPort) did not answer in HTTP (\(text))")
    case CurlCode.badContentEncoding:
      return failure("the server's body encoding could not be read (\(text))")
    default:
      return failure("download failed: \(text) (libcurl error \(code))")
    }
  }

  static func seconds(_ value: TimeInterval) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }
}
