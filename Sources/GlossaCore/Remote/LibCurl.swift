import CCurl
import Foundation

/// The system's libcurl, loaded at run time (`libcurl.so.4`, Debian's `libcurl4`, which every
/// desktop and server install has): building Glossa needs no curl development files, and a
/// machine without libcurl still reviews and lints local bundles; only a URL fails, saying why.
///
/// Only the stable C interface is used: `curl_easy_*`, `curl_slist_*`, and option, info and
/// error numbers, which libcurl never renumbers (`CurlOption`, `CurlCode`; checked against the
/// loaded library by `curl_easy_option_by_name` in the tests).
///
/// `@unchecked Sendable`: every property is an immutable C function pointer (the variadic ones
/// import as `OpaquePointer`), and libcurl's easy functions are safe on separate handles.
final class LibCurl: @unchecked Sendable {
  /// The library and its one-time global set-up, or why there is none.
  static let shared: Result<LibCurl, RemoteProblem> = LibCurl.load()

  typealias GlobalInit = @convention(c) (Int) -> Int32
  typealias EasyInit = @convention(c) () -> UnsafeMutableRawPointer?
  typealias EasyPerform = @convention(c) (UnsafeMutableRawPointer?) -> Int32
  typealias EasyCleanup = @convention(c) (UnsafeMutableRawPointer?) -> Void
  typealias EasyError = @convention(c) (Int32) -> UnsafePointer<CChar>?
  typealias ListAppend = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?
  typealias ListFree = @convention(c) (UnsafeMutableRawPointer?) -> Void
  typealias OptionByName = @convention(c) (UnsafePointer<CChar>?) -> UnsafeRawPointer?

  let easyInit: EasyInit
  let easyPerform: EasyPerform
  let easyCleanup: EasyCleanup
  let easyError: EasyError
  let listAppend: ListAppend
  let listFree: ListFree
  /// `curl_easy_option_by_name` (7.73 and later), for checking option numbers.
  let optionByName: OptionByName?
  let setOption: glossa_curl_variadic
  let getInfo: glossa_curl_variadic

  /// The names tried, in order: the file `GLOSSA_LIBCURL` names when it is set (a libcurl
  /// outside the loader's path), else the system's.
  static var libraryNames: [String] {
    if let path = ProcessInfo.processInfo.environment["GLOSSA_LIBCURL"], !path.isEmpty { return [path] }
    return ["libcurl.so.4", "libcurl.so", "libcurl.4.dylib", "libcurl.dylib"]
  }

  private init(
    easyInit: EasyInit, easyPerform: EasyPerform, easyCleanup: EasyCleanup, easyError: EasyError,
    listAppend: ListAppend, listFree: ListFree, optionByName: OptionByName?, setOption: glossa_curl_variadic,
    getInfo: glossa_curl_variadic
  ) {
    self.easyInit = easyInit
    self.easyPerform = easyPerform
    self.easyCleanup = easyCleanup
    self.easyError = easyError
    self.listAppend = listAppend
    self.listFree = listFree
    self.optionByName = optionByName
    self.setOption = setOption
    self.getInfo = getInfo
  }

  private static func load() -> Result<LibCurl, RemoteProblem> {
    let names = libraryNames
    guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
      return .failure(.noLibcurl(lookedFor: names))
    }
    func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlsym(handle, name) }
    guard let globalInit = symbol("curl_global_init"), let easyInit = symbol("curl_easy_init"),
      let easyPerform = symbol("curl_easy_perform"), let easyCleanup = symbol("curl_easy_cleanup"),
      let easyError = symbol("curl_easy_strerror"), let listAppend = symbol("curl_slist_append"),
      let listFree = symbol("curl_slist_free_all"), let setOption = symbol("curl_easy_setopt"),
      let getInfo = symbol("curl_easy_getinfo")
    else {
      return .failure(.libcurlIncomplete)
    }
    // The handle stays open for the process. CURL_GLOBAL_DEFAULT is 3 (SSL and Win32 set-up).
    let status = unsafeBitCast(globalInit, to: GlobalInit.self)(3)
    guard status == 0 else { return .failure(.libcurlFailed(status: status)) }
    return .success(
      LibCurl(
        easyInit: unsafeBitCast(easyInit, to: EasyInit.self),
        easyPerform: unsafeBitCast(easyPerform, to: EasyPerform.self),
        easyCleanup: unsafeBitCast(easyCleanup, to: EasyCleanup.self),
        easyError: unsafeBitCast(easyError, to: EasyError.self),
        listAppend: unsafeBitCast(listAppend, to: ListAppend.self),
        listFree: unsafeBitCast(listFree, to: ListFree.self),
        optionByName: symbol("curl_easy_option_by_name").map { unsafeBitCast($0, to: OptionByName.self) },
        setOption: unsafeBitCast(setOption, to: glossa_curl_variadic.self),
        getInfo: unsafeBitCast(getInfo, to: glossa_curl_variadic.self)))
  }

  /// The number the loaded library gives an option's name, or nil when it does not know the
  /// name or cannot say (before 7.73).
  func optionNumber(_ name: String) -> Int32? {
    guard let optionByName, let option = optionByName(name) else { return nil }
    // struct curl_easyoption { const char *name; CURLoption id; … }
    return option.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: Int32.self)
  }
}

/// The `CURLOPT_*` numbers glossa sets (type base + number, as curl.h defines them: long 0,
/// pointer 10000, function 20000, off_t 30000).
enum CurlOption: Int32, CaseIterable {
  case writeData = 10001
  case url = 10002
  case errorBuffer = 10010
  case writeFunction = 20011
  case lowSpeedLimit = 19
  case lowSpeedTime = 20
  case httpHeader = 10023
  case headerData = 10029
  case noProgress = 43
  case followLocation = 52
  case xferInfoData = 10057
  case caInfo = 10065
  case headerFunction = 20079
  case caPath = 10097
  case bufferSize = 98
  case noSignal = 99
  case timeoutMS = 155
  case connectTimeoutMS = 156
  case httpContentDecoding = 158
  case protocols = 181
  case xferInfoFunction = 20219
  case suppressConnectHeaders = 265
  case protocolsString = 10318

  /// The name curl.h gives it.
  var name: String {
    switch self {
    case .writeData: "WRITEDATA"
    case .url: "URL"
    case .errorBuffer: "ERRORBUFFER"
    case .writeFunction: "WRITEFUNCTION"
    case .lowSpeedLimit: "LOW_SPEED_LIMIT"
    case .lowSpeedTime: "LOW_SPEED_TIME"
    case .httpHeader: "HTTPHEADER"
    case .headerData: "HEADERDATA"
    case .noProgress: "NOPROGRESS"
    case .followLocation: "FOLLOWLOCATION"
    case .xferInfoData: "XFERINFODATA"
    case .caInfo: "CAINFO"
    case .headerFunction: "HEADERFUNCTION"
    case .caPath: "CAPATH"
    case .bufferSize: "BUFFERSIZE"
    case .noSignal: "NOSIGNAL"
    case .timeoutMS: "TIMEOUT_MS"
    case .connectTimeoutMS: "CONNECTTIMEOUT_MS"
    case .httpContentDecoding: "HTTP_CONTENT_DECODING"
    case .protocols: "PROTOCOLS"
    case .xferInfoFunction: "XFERINFOFUNCTION"
    case .suppressConnectHeaders: "SUPPRESS_CONNECT_HEADERS"
    case .protocolsString: "PROTOCOLS_STR"
    }
  }
}

/// The `CURLE_*` results glossa words (see `HTTPDownload.transportError`).
enum CurlCode {
  static let ok: Int32 = 0
  static let unsupportedProtocol: Int32 = 1
  static let couldNotResolveProxy: Int32 = 5
  static let couldNotResolveHost: Int32 = 6
  static let couldNotConnect: Int32 = 7
  static let weirdServerReply: Int32 = 8
  static let partialFile: Int32 = 18
  static let operationTimedOut: Int32 = 28
  static let sslConnectError: Int32 = 35
  static let unknownOption: Int32 = 48
  static let gotNothing: Int32 = 52
  static let sendError: Int32 = 55
  static let receiveError: Int32 = 56
  static let sslCertificateProblem: Int32 = 58
  static let sslCipher: Int32 = 59
  static let peerFailedVerification: Int32 = 60
  static let badContentEncoding: Int32 = 61
  static let sslCACertificateBadFile: Int32 = 77
  static let sslShutdownFailed: Int32 = 80
  static let sslCRLBadFile: Int32 = 82
  static let sslIssuerError: Int32 = 83
  static let sslPinnedKeyMismatch: Int32 = 90
  static let sslInvalidCertificateStatus: Int32 = 91
  static let sslClientCertificate: Int32 = 98
  /// The TLS failures, worded as one.
  static let tls: Set<Int32> = [
    sslConnectError, sslCertificateProblem, sslCipher, sslCACertificateBadFile, sslShutdownFailed, sslCRLBadFile,
    sslIssuerError, sslPinnedKeyMismatch, sslInvalidCertificateStatus, sslClientCertificate,
  ]
}

/// `CURLINFO_OS_ERRNO`: a long (0x200000) numbered 25.
let curlInfoOSErrno: Int32 = 0x20_0000 + 25
