import CCurl
import Foundation

/// One libcurl easy handle, reused across the hops of a download (redirects are followed by
/// `HTTPDownload`, not by libcurl), with the error buffer and request header list it owns.
///
/// A class because it owns C resources released in `deinit`. Used on one thread at a time: the
/// callbacks libcurl makes run on the thread that called `perform`.
final class CurlEasy {
  /// `size_t (*)(char *, size_t, size_t, void *)`: header and body callbacks.
  typealias WriteCallback = @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int
  /// `int (*)(void *, curl_off_t ×4)`: the progress callback.
  typealias ProgressCallback = @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int64, Int64) -> Int32

  private let curl: LibCurl
  private let handle: UnsafeMutableRawPointer
  private let errorBuffer: UnsafeMutablePointer<CChar>
  private var headerList: UnsafeMutableRawPointer?

  /// libcurl's `CURL_ERROR_SIZE`.
  private static let errorBufferSize = 256

  /// A handle with no option set.
  ///
  /// - Throws: the `RemoteProblem` when the system has no libcurl or it cannot make a handle.
  init() throws(RemoteProblem) {
    curl = try LibCurl.shared.get()
    guard let handle = curl.easyInit() else { throw RemoteProblem.libcurlFailed(status: nil) }
    self.handle = handle
    errorBuffer = .allocate(capacity: Self.errorBufferSize)
    errorBuffer.initialize(repeating: 0, count: Self.errorBufferSize)
    _ = set(.errorBuffer, pointer: UnsafeRawPointer(errorBuffer))
  }

  deinit {
    curl.easyCleanup(handle)
    curl.listFree(headerList)
    errorBuffer.deallocate()
  }

  /// A `long` option; the result is libcurl's code (`CurlCode.unknownOption` when it is too old).
  @discardableResult
  func set(_ option: CurlOption, _ value: Int) -> Int32 {
    glossa_curl_call_long(curl.setOption, handle, option.rawValue, value)
  }

  /// A string option; libcurl copies it.
  @discardableResult
  func set(_ option: CurlOption, _ value: String) -> Int32 {
    value.withCString { glossa_curl_call_pointer(curl.setOption, handle, option.rawValue, $0) }
  }

  @discardableResult
  func set(_ option: CurlOption, pointer value: UnsafeRawPointer?) -> Int32 {
    glossa_curl_call_pointer(curl.setOption, handle, option.rawValue, value)
  }

  func set(_ option: CurlOption, function: WriteCallback) {
    set(option, pointer: unsafeBitCast(function, to: UnsafeRawPointer.self))
  }

  func setProgress(_ function: ProgressCallback) {
    set(.xferInfoFunction, pointer: unsafeBitCast(function, to: UnsafeRawPointer.self))
    set(.noProgress, 0)
  }

  /// Replaces the extra request headers (`Name: value` lines; libcurl copies them).
  func setHeaders(_ lines: [String]) {
    var list: UnsafeMutableRawPointer?
    for line in lines { list = curl.listAppend(list, line) }
    set(.httpHeader, pointer: list.map { UnsafeRawPointer($0) })
    curl.listFree(headerList)
    headerList = list
  }

  /// Runs the transfer the options describe; every wait is a `poll` inside libcurl.
  func perform() -> Int32 {
    errorBuffer[0] = 0
    return curl.easyPerform(handle)
  }

  /// `CURLINFO_OS_ERRNO` of the last transfer: the system error behind a failed connect.
  func osErrno() -> Int {
    var value = 0
    _ = glossa_curl_call_long_out(curl.getInfo, handle, curlInfoOSErrno, &value)
    return value
  }

  /// libcurl's words for the last failure: the error buffer, else the code's general text.
  func failureText(_ code: Int32) -> String {
    let detail = String(cString: errorBuffer).trimmingCharacters(in: .whitespacesAndNewlines)
    if !detail.isEmpty { return detail }
    return curl.easyError(code).map { String(cString: $0) } ?? "libcurl error \(code)"
  }
}
