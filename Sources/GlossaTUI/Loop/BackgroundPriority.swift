import Foundation

#if os(Linux)
  import Glibc
#endif

/// Keeps key presses ahead of the review's background work on a busy machine.
public enum BackgroundPriority {
  /// Lowers the scheduling priority (nice 10) of every thread of the process but the main one,
  /// which reads keys and draws. Threads started later by those threads (the dispatch workers
  /// that parse and check in parallel) inherit it. Does nothing where threads cannot be listed.
  public static func lowerAllButMain() {
    #if os(Linux)
      let process = getpid()
      guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return }
      for task in tasks {
        guard let id = Int32(task), id != process else { continue }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(id), 10)
      }
    #endif
  }
}
