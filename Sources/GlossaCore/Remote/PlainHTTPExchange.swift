import Foundation

/// One `GET` over `http://` on a `PlainHTTPConnection`: the request asks for identity encoding
/// and no keep-alive; the head is read (bounded), then the body is framed by `Content-Length`,
/// chunked transfer coding or the connection's close, and handed to `body` piece by piece.
///
/// Limits come first: a head that refuses the body (a status other than 200, a compressed
/// `Content-Encoding`, an announced length over the limit) is answered before any body byte is read.
struct PlainHTTPExchange {
  /// A response head: status, lowercased header names (repeated ones joined with `, `).
  struct Head {
    var status: Int
    var headers: [String: String]
  }

  /// How a body ended badly, for the caller's message.
  enum BodyEnd: Error {
    /// The connection closed after `received` of the announced `expected` bytes.
    case cutShort(received: Int64, expected: Int64?)
    /// The chunked coding was malformed.
    case badChunk(String)
  }

  /// Largest response head accepted.
  static let maxHeadBytes = 64 * 1024

  let connection: PlainHTTPConnection
  private var pending: [UInt8] = []

  /// Connects and sends `GET` for `url` with `headers`.
  init(url: URL, headers: [String: String], silence: TimeInterval, deadline: Date) throws {
    guard let host = url.host, !host.isEmpty else { throw PlainHTTPFailure.message("the URL names no host") }
    let port = url.port ?? 80
    connection = try PlainHTTPConnection.open(
      host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: port,
      silence: silence, deadline: deadline)
    // The path as it stands in the URL, percent-escapes kept (`url.path` would decode them).
    let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    var target = components?.percentEncodedPath ?? ""
    if target.isEmpty { target = "/" }
    if let query = components?.percentEncodedQuery { target += "?" + query }
    let hostField = url.port.map { "\(host):\($0)" } ?? host
    var request = "GET \(target) HTTP/1.1\r\nHost: \(hostField)\r\nUser-Agent: glossa\r\nAccept: */*\r\n"
    request += "Accept-Encoding: identity\r\nConnection: close\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key })
    where !name.contains(where: { $0 == "\r" || $0 == "\n" }) && !value.contains(where: { $0 == "\r" || $0 == "\n" }) {
      request += "\(name): \(value)\r\n"
    }
    request += "\r\n"
    try connection.send(Array(request.utf8))
  }

  /// Reads the status line and headers (skipping `1xx` interim answers).
  mutating func readHead() throws -> Head {
    while true {
      var end: Int?
      while end == nil {
        end = Self.headEnd(in: pending)
        if end != nil { break }
        if pending.count > Self.maxHeadBytes {
          throw PlainHTTPFailure.message("the response head is longer than \(Self.maxHeadBytes) bytes")
        }
        let more = try connection.receive()
        if more.isEmpty {
          throw PlainHTTPFailure.message(
            pending.isEmpty ? "the server closed the connection without answering" : "the response head was cut short")
        }
        pending += more
      }
      let text = String(decoding: pending[..<end!], as: UTF8.self)
      pending.removeFirst(end! + 4)
      let head = try Self.parseHead(text)
      if (100..<200).contains(head.status) { continue }
      return head
    }
  }

  /// Streams the body of a `200` to `sink`, framed as `head` says.
  /// - Throws: `BodyEnd` when it ends early or is malformed, `PlainHTTPConnection.Wait` on a
  ///   stall, and whatever `sink` throws (the size limit).
  mutating func readBody(_ head: Head, sink: ([UInt8]) throws -> Void) throws {
    if let coding = head.headers["transfer-encoding"]?.lowercased(), coding.contains("chunked") {
      try readChunked(sink: sink)
      return
    }
    if let length = head.headers["content-length"].flatMap({ Int64($0.trimmingCharacters(in: .whitespaces)) }) {
      var received: Int64 = 0
      while received < length {
        let piece = try next(upTo: Int(min(length - received, 64 * 1024)))
        if piece.isEmpty { throw BodyEnd.cutShort(received: received, expected: length) }
        received += Int64(piece.count)
        try sink(piece)
      }
      return
    }
    while true {
      let piece = try next(upTo: 64 * 1024)
      if piece.isEmpty { return }
      try sink(piece)
    }
  }

  private mutating func readChunked(sink: ([UInt8]) throws -> Void) throws {
    var received: Int64 = 0
    while true {
      let line = try readLine(received: received)
      let sizeField = line.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
      let sizeText = sizeField.trimmingCharacters(in: .whitespaces)
      guard let size = Int64(sizeText, radix: 16), size >= 0 else {
        throw BodyEnd.badChunk("invalid chunk size “\(sizeText.prefix(40))”")
      }
      if size == 0 {
        // Trailers up to the empty line; a server that closes instead is forgiven.
        while true {
          guard let trailer = try? readLine(received: received), !trailer.isEmpty else { return }
        }
      }
      var left = size
      while left > 0 {
        let piece = try next(upTo: Int(min(left, 64 * 1024)))
        if piece.isEmpty { throw BodyEnd.cutShort(received: received, expected: nil) }
        left -= Int64(piece.count)
        received += Int64(piece.count)
        try sink(piece)
      }
      guard try readLine(received: received).isEmpty else { throw BodyEnd.badChunk("chunk data not followed by CRLF") }
    }
  }

  /// One CRLF-terminated line of the chunked coding (at most 4 KiB).
  private mutating func readLine(received: Int64) throws -> String {
    while true {
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        var line = pending[..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        let text = String(decoding: line, as: UTF8.self)
        pending.removeFirst(newline + 1)
        return text
      }
      if pending.count > 4096 { throw BodyEnd.badChunk("a chunk-size line is longer than 4096 bytes") }
      let more = try connection.receive()
      if more.isEmpty { throw BodyEnd.cutShort(received: received, expected: nil) }
      pending += more
    }
  }

  /// Buffered bytes first, then the socket; empty at the end of the connection.
  private mutating func next(upTo count: Int) throws -> [UInt8] {
    if !pending.isEmpty {
      let piece = Array(pending.prefix(count))
      pending.removeFirst(piece.count)
      return piece
    }
    let piece = try connection.receive(maximum: max(1, count))
    return piece
  }

  private static func headEnd(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
      return index
    }
    return nil
  }

  private static func parseHead(_ text: String) throws -> Head {
    var lines = text.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst()
    let parts = statusLine.split(separator: " ", maxSplits: 2)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]), (100...999).contains(status)
    else {
      throw PlainHTTPFailure.message("the server did not answer HTTP (status line “\(statusLine.prefix(60))”)")
    }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }
    return Head(status: status, headers: headers)
  }
}
