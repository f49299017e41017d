import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension AtomicFile {
  /// The temporary file a write of `url` by this process goes through:
  /// `.NAME.glossa-PID-RANDOM.tmp` beside it, so a rename is atomic on the same file system.
  static func temporary(for url: URL) -> URL {
    url.deletingLastPathComponent().appendingPathComponent(
      "\(stalePrefix(for: url))\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
  }

  /// Removes the temporaries of `url` left by writers that were killed (`kill -9`, power loss):
  /// those whose process id names no running process. A live writer's file is never touched;
  /// a process id reused since only keeps an orphan until that process ends.
  static func removeStaleTemporaries(for url: URL) {
    let prefix = stalePrefix(for: url)
    let directory = url.deletingLastPathComponent()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      let digits = name.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
      guard let pid = pid_t(digits), pid > 0, pid != getpid() else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH {
        unlink(directory.appendingPathComponent(name).path)
      }
    }
  }

  private static func stalePrefix(for url: URL) -> String {
    ".\(url.lastPathComponent).glossa-"
  }
}
