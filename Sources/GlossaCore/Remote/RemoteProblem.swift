import Foundation

/// Everything that can go wrong fetching a remote bundle (`GlossaError.remote`), worded once so
/// both schemes and every hop say it the same way. Hosts are `host:port`; `detail` is libcurl's
/// own explanation.
public enum RemoteProblem: Error, Sendable, Hashable {
  // MARK: Before any request

  /// The URL is not `http://` or `https://` with a host.
  case notHTTP
  /// Nothing is cached in `cacheDirectory` and the fetch was not allowed to download.
  case notCached(cacheDirectory: String)
  /// The system has no libcurl: none of the `lookedFor` names could be loaded.
  case noLibcurl(lookedFor: [String])
  /// The system's libcurl lacks functions Glossa calls.
  case libcurlIncomplete
  /// libcurl could not set itself up (`curl_global_init` returned `status`), or could not
  /// make a transfer handle (`status` nil).
  case libcurlFailed(status: Int32?)

  // MARK: Limits

  /// The whole request took longer than `seconds`; `received` bytes of `announced` arrived.
  case timedOut(seconds: Double, received: Int64, announced: Int64?)
  /// Nothing arrived for `seconds`, the silence limit (`timeout` the request's limit, when it is
  /// longer): no answer yet when `received` is nil, else a body that stalled after `received`
  /// bytes of `announced`.
  case silent(seconds: Double, timeout: Double?, received: Int64?, announced: Int64?)
  /// The body is larger than `limit` bytes: `announced` by the server, or counted as it came.
  case tooLarge(size: Int64, limit: Int64, announced: Bool)
  /// The response head is larger than `limit` bytes.
  case headTooLarge(limit: Int)
  /// More than `limit` redirects; the last went to `last`.
  case tooManyRedirects(limit: Int, last: String)

  // MARK: The server's answer

  /// A redirect from https to plain http, refused.
  case downgrade(to: String)
  /// A redirect whose `Location` is no http(s) URL.
  case unusableRedirect(location: String)
  /// The body came with a `Content-Encoding` other than identity, refused.
  case compressed(encoding: String)
  /// `304 Not Modified` to a request that had no cached copy to be modified.
  case notModifiedWithoutCopy
  /// An HTTP status other than 200, 304 or a redirect.
  case status(Int)
  /// The body is empty.
  case emptyBody
  /// The body is no zip, table or property list; `start` quotes its beginning.
  case notABundle(start: String)
  /// The body is a zip the bundle rules refuse.
  case archive(ArchiveProblem)

  // MARK: The connection

  /// DNS found no address for the host.
  case cannotResolveHost(String)
  /// DNS found no address for the proxy.
  case cannotResolveProxy(detail: String)
  /// The host refused the connection.
  case connectionRefused(String)
  /// The connection could not be made for another reason.
  case cannotConnect(String, detail: String)
  /// The connection closed before `announced` (or an unknown number of) bytes arrived.
  case cutShort(received: Int64, announced: Int64?)
  /// The server closed the connection without answering.
  case closedWithoutAnswer(String)
  /// A chunked body whose framing is broken.
  case malformedChunks(detail: String)
  /// The connection broke, before the answer or during the body.
  case connectionLost(String, duringBody: Bool, detail: String)
  /// The server's certificate is not trusted.
  case untrustedCertificate(String, detail: String)
  /// Another TLS failure.
  case tls(String, detail: String)
  /// The server did not answer in HTTP.
  case notHTTPAnswer(String, detail: String)
  /// libcurl could not read the body's transfer encoding.
  case unreadableEncoding(detail: String)
  /// Any other libcurl failure, with its code.
  case transfer(detail: String, code: Int32)

  /// The sentence after `url: `.
  public var text: String {
    switch self {
    case .notHTTP: "not an http:// or https:// URL"
    case .notCached(let directory): "no cached copy in \(directory), and downloading was turned off"
    case .noLibcurl(let names):
      "downloading needs libcurl, which this system lacks (looked for \(names.joined(separator: ", "))); "
        + "install it (Debian and Ubuntu: apt-get install libcurl4)"
    case .libcurlIncomplete: "the system's libcurl lacks the functions glossa calls (curl_easy_*)"
    case .libcurlFailed(let status):
      status.map { "libcurl could not start (curl_global_init: \($0))" } ?? "libcurl could not start a transfer"
    case .timedOut(let seconds, let received, let announced):
      "timed out after \(Self.seconds(seconds)) s"
        + (received > 0 ? " with \(received)\(announced.map { " of \($0)" } ?? "") bytes received" : "")
    case .silent(let seconds, let timeout, let received, let announced):
      (received.map {
        "the server stalled: no data for \(Self.seconds(seconds)) s after \($0)\(announced.map { " of \($0)" } ?? "") bytes"
      }
        ?? "timed out: the server sent nothing for \(Self.seconds(seconds)) s")
        + (timeout.map { ", the limit for silence under a \(Self.seconds($0)) s timeout" } ?? "")
    case .tooLarge(let size, let limit, let announced):
      announced
        ? "body announces \(size) bytes, over the limit of \(limit) bytes"
        : "body is larger than the limit of \(limit) bytes; download stopped there"
    case .headTooLarge(let limit): "the server's response head is larger than \(limit) bytes"
    case .tooManyRedirects(let limit, let last): "too many redirects (more than \(limit)); last one went to \(last)"
    case .downgrade(let next): "refusing the redirect to \(next.prefix(300)): it leaves https for plain http"
    case .unusableRedirect(let location): "redirect to an unusable location “\(location.prefix(200))”"
    case .compressed(let encoding):
      "the server sent the body with Content-Encoding “\(encoding.prefix(40))”; "
        + "glossa asks for identity and refuses compressed bodies (they can inflate without bound)"
    case .notModifiedWithoutCopy: "server answered 304 Not Modified to a request without a cached copy"
    case .status(let code): "server answered HTTP \(code) \(HTTPURLResponseText.reason(for: code))"
    case .emptyBody: "server sent an empty body, not a bundle"
    case .notABundle(let start): "server sent HTML/text, not a bundle (body starts with \(start))"
    case .archive(let problem): problem.text
    case .cannotResolveHost(let host): "cannot resolve host \(host) (DNS lookup failed)"
    case .cannotResolveProxy(let detail): "cannot resolve the proxy (\(detail))"
    case .connectionRefused(let host): "connection refused by \(host)"
    case .cannotConnect(let host, let detail): "cannot connect to \(host) (\(detail))"
    case .cutShort(let received, let announced):
      announced.map { "body cut short: received \(received) of \($0) bytes" }
        ?? "body cut short: the connection closed after \(received) bytes"
    case .closedWithoutAnswer(let host): "the server at \(host) closed the connection without answering"
    case .malformedChunks(let detail): "the server's chunked body is malformed (\(detail))"
    case .connectionLost(let host, let duringBody, let detail):
      "connection to \(host) lost before \(duringBody ? "the body was complete" : "an answer") (\(detail))"
    case .untrustedCertificate(let host, let detail):
      "TLS connection to \(host) failed (\(detail)); to trust another certificate authority, "
        + "name its certificate file in SSL_CERT_FILE"
    case .tls(let host, let detail): "TLS connection to \(host) failed (\(detail))"
    case .notHTTPAnswer(let host, let detail): "the server at \(host) did not answer in HTTP (\(detail))"
    case .unreadableEncoding(let detail): "the server's body encoding could not be read (\(detail))"
    case .transfer(let detail, let code): "download failed: \(detail) (libcurl error \(code))"
    }
  }

  /// Whole seconds without a fraction, else one decimal.
  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }
}
