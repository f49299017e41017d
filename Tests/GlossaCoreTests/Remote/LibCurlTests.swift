import Foundation
import Testing

@testable import GlossaCore

/// The numbers glossa hands libcurl are the loaded library's own: it is loaded at run time
/// without curl's headers, so these tests are what ties `CurlOption` and `CurlCode` to curl.h.
@Suite("libcurl, loaded at run time", .timeLimit(.minutes(10)))
struct LibCurlTests {
  @Test("every option number glossa sets is the one the loaded libcurl gives its name")
  func optionNumbersMatch() throws {
    let curl = try LibCurl.shared.get()
    try #require(curl.optionByName != nil, "libcurl older than 7.73 cannot name its options")
    for option in CurlOption.allCases {
      #expect(curl.optionNumber(option.name) == option.rawValue, "CURLOPT_\(option.name)")
    }
    #expect(curl.optionNumber("NO_SUCH_OPTION_EVER") == nil)
  }

  @Test("the result codes glossa words are the ones libcurl describes that way")
  func resultCodesMatch() throws {
    let curl = try LibCurl.shared.get()
    func text(_ code: Int32) -> String { curl.easyError(code).map { String(cString: $0) } ?? "" }
    #expect(text(CurlCode.ok) == "No error")
    #expect(text(CurlCode.couldNotResolveHost) == "Couldn't resolve host name")
    #expect(text(CurlCode.couldNotConnect) == "Couldn't connect to server")
    #expect(text(CurlCode.partialFile) == "Transferred a partial file")
    #expect(text(CurlCode.operationTimedOut) == "Timeout was reached")
    #expect(text(CurlCode.gotNothing) == "Server returned nothing (no headers, no data)")
    #expect(text(CurlCode.receiveError) == "Failure when receiving data from the peer")
    #expect(text(CurlCode.peerFailedVerification).contains("SSL peer certificate or SSH remote key was not OK"))
    #expect(text(CurlCode.unknownOption) == "An unknown option was passed in to libcurl")
    #expect(text(CurlCode.sslConnectError) == "SSL connect error")
  }
}
