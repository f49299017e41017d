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
    removeStale(in: url.deletingLastPathComponent()) { $0.hasPrefix(stalePrefix(for: url)) }
  }

  /// Removes every stale temporary in `directory`, whatever file it was for (`unpack` does this
  /// in each folder it wrote: a killed unpack's temporaries may belong to files the next archive
  /// does not have).
  static func removeStaleTemporaries(in directory: URL) {
    removeStale(in: directory) { $0.hasPrefix(".") }
  }

  private static func removeStale(in directory: URL, matching: (String) -> Bool) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
    for name in names where name.hasSuffix(".tmp") && matching(name) {
      guard let marker = name.range(of: ".glossa-", options: .backwards) else { continue }
      let digits = name[marker.upperBound...].prefix { $0.isASCII && $0.isNumber }
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
