import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every download failure as a `RemoteProblem`, naming the URL of the hop that failed (the one
/// asked for, or where a redirect led).
extension HTTPDownload {
  /// A failure of the current hop.
  func failure(_ problem: RemoteProblem) -> GlossaError {
    .remote(current.absoluteString, problem: problem)
  }

  /// `host:port` of the current hop, with the scheme's default port when the URL has none.
  var hostAndPort: String {
    let port = current.port ?? (current.scheme?.lowercased() == "https" ? 443 : 80)
    return "\(current.host ?? current.absoluteString):\(port)"
  }

  func timeoutError() -> GlossaError {
    failure(.timedOut(seconds: policy.timeout, received: received, announced: announced))
  }

  /// Nothing arrived for the silence limit: no answer yet, or a body that stalled.
  func silenceError() -> GlossaError {
    failure(
      .silent(
        seconds: policy.connectTimeout, timeout: policy.connectTimeout < policy.timeout ? policy.timeout : nil,
        received: headComplete ? received : nil, announced: headComplete ? announced : nil))
  }

  func tooManyRedirects(_ next: URL) -> GlossaError {
    .remote(url.absoluteString, problem: .tooManyRedirects(limit: policy.maxRedirects, last: next.absoluteString))
  }

  func sizeError(_ size: Int64, announced: Bool) -> GlossaError {
    failure(.tooLarge(size: size, limit: policy.maxDownloadSize, announced: announced))
  }

  /// A failure libcurl reported (not one a callback decided), by its cause.
  func transportError(_ code: Int32, easy: CurlEasy) -> GlossaError {
    let text = easy.failureText(code)
    switch code {
    case CurlCode.operationTimedOut:
      // The backstops: the progress callback normally reports these first.
      if Date() >= deadline.addingTimeInterval(-0.5) || policy.connectTimeout >= policy.timeout {
        return timeoutError()
      }
      return silenceError()
    case CurlCode.couldNotResolveHost:
      return failure(.cannotResolveHost(current.host ?? "?"))
    case CurlCode.couldNotResolveProxy:
      return failure(.cannotResolveProxy(detail: text))
    case CurlCode.couldNotConnect:
      if easy.osErrno() == Int(ECONNREFUSED) { return failure(.connectionRefused(hostAndPort)) }
      return failure(.cannotConnect(hostAndPort, detail: text))
    case CurlCode.partialFile:
      return failure(.cutShort(received: received, announced: announced))
    case CurlCode.gotNothing:
      return failure(.closedWithoutAnswer(hostAndPort))
    case CurlCode.receiveError, CurlCode.sendError:
      if text.lowercased().contains("chunk") { return failure(.malformedChunks(detail: text)) }
      return failure(.connectionLost(hostAndPort, duringBody: headComplete, detail: text))
    case CurlCode.peerFailedVerification:
      return failure(.untrustedCertificate(hostAndPort, detail: text))
    case _ where CurlCode.tls.contains(code):
      return failure(.tls(hostAndPort, detail: text))
    case CurlCode.weirdServerReply, CurlCode.unsupportedProtocol:
      return failure(.notHTTPAnswer(hostAndPort, detail: text))
    case CurlCode.badContentEncoding:
      return failure(.unreadableEncoding(detail: text))
    default:
      return failure(.transfer(detail: text, code: code))
    }
  }
}
