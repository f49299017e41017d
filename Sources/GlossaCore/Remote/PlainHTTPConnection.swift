import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One `http://` connection on a POSIX socket: connect, send a request, read with `poll`.
///
/// Every wait is a `poll` bounded by the silence limit and the request's deadline, so a server
/// that accepts and never answers leaves the process asleep, and a stall is reported as one.
/// A class because it owns the socket; used by one thread at a time.
final class PlainHTTPConnection {
  /// Why a read ended without data.
  enum Wait: Error {
    /// Nothing arrived for the silence limit.
    case silent
    /// The whole-request deadline passed.
    case deadline
  }

  private let fd: Int32
  private let silence: TimeInterval
  private let deadline: Date

  private init(fd: Int32, silence: TimeInterval, deadline: Date) {
    self.fd = fd
    self.silence = silence
    self.deadline = deadline
  }

  deinit { close(fd) }

  /// Connects to `host:port`, trying each address in turn, waiting at most `silence` for each.
  /// - Throws: `PlainHTTPConnection.Wait` on a time-out, or a message (DNS, refused).
  static func open(host: String, port: Int, silence: TimeInterval, deadline: Date) throws -> PlainHTTPConnection {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
      throw PlainHTTPFailure.message("cannot resolve host \(host) (DNS lookup failed)")
    }
    defer { freeaddrinfo(first) }
    var lastError = ECONNREFUSED
    var timedOut = false
    var current: UnsafeMutablePointer<addrinfo>? = first
    while let info = current {
      current = info.pointee.ai_next
      let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
      guard fd >= 0 else { continue }
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      var one: Int32 = 1
      _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
      SystemCall.noSignalOnClosedPeer(fd)
      if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
        let connection = PlainHTTPConnection(fd: fd, silence: silence, deadline: deadline)
        do {
          try connection.wait(for: Int16(POLLOUT))
          var error: Int32 = 0
          var length = socklen_t(MemoryLayout<Int32>.size)
          _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
          if error == 0 { return connection }
          lastError = error
        } catch let wait as Wait {
          if wait == .deadline { throw wait }
          timedOut = true
        }
      } else {
        lastError = errno
        close(fd)
      }
    }
    if timedOut { throw Wait.silent }
    if lastError == ECONNREFUSED { throw PlainHTTPFailure.message("connection refused by \(host):\(port)") }
    throw PlainHTTPFailure.message("cannot connect to \(host):\(port) (\(String(cString: strerror(lastError))))")
  }

  /// Sends all of `bytes`.
  func send(_ bytes: [UInt8]) throws {
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { buffer in
        SystemCall.send(fd, buffer.baseAddress! + done, bytes.count - done)
      }
      if n > 0 {
        done += n
      } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
        try wait(for: Int16(POLLOUT))
      } else {
        let reason = String(cString: strerror(errno))
        throw PlainHTTPFailure.message("connection lost while sending the request (\(reason))")
      }
    }
  }

  /// Reads up to `maximum` bytes; an empty result means the server closed the connection.
  /// - Throws: `Wait` when nothing arrives within the silence limit or before the deadline.
  func receive(maximum: Int = 64 * 1024) throws -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: maximum)
    while true {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, maximum, 0) }
      if n >= 0 { return Array(buffer.prefix(n)) }
      if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
        try wait(for: Int16(POLLIN))
      } else {
        throw PlainHTTPFailure.message("connection lost (\(String(cString: strerror(errno))))")
      }
    }
  }

  /// Sleeps in `poll` until the socket is ready for `events`, at most the silence limit and never
  /// past the deadline.
  private func wait(for events: Int16) throws {
    while true {
      let left = deadline.timeIntervalSinceNow
      if left <= 0 { throw Wait.deadline }
      let slice = min(silence, left)
      var entry = pollfd(fd: fd, events: events, revents: 0)
      let ready = poll(&entry, 1, Int32(max(1, (slice * 1000).rounded(.up))))
      if ready > 0 { return }
      if ready < 0 && errno == EINTR { continue }
      if ready < 0 { throw PlainHTTPFailure.message("poll failed (\(String(cString: strerror(errno))))") }
      throw slice < silence ? Wait.deadline : Wait.silent
    }
  }
}

/// A failure of the plain HTTP exchange, worded for the user (the URL is prefixed by the caller).
enum PlainHTTPFailure: Error {
  case message(String)
}
