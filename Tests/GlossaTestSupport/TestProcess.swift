import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A program a test runs. Every subprocess the tests start goes through here, with a time limit
/// from the moment it starts.
///
/// The child is spawned with `posix_spawn` in a process group of its own, with the signal mask
/// and dispositions reset (the test runner's threads block signals: a tmux server must see
/// SIGCHLD, a server SIGTERM). Standard input is the given bytes or `/dev/null`; standard output
/// and error go to temporary files, not pipes, so a daemon the child leaves behind (the tmux
/// server `new-session` forks) cannot keep a test waiting for the end of a pipe, and output of
/// any size cannot block the child. When the limit passes, the whole group is killed with SIGKILL
/// whether or not anyone waits, and `wait` records an issue at the test's call site.
public final class TestProcess: @unchecked Sendable {
  /// How a run ended and what it printed.
  public struct Output: Sendable {
    /// The exit status, or 128 + the signal that ended it (as a shell reports it).
    public var status: Int32
    /// The signal that ended the process, if one did.
    public var signal: Int32?
    public var stdout: Data
    public var stderr: Data
    /// True when the time limit passed and the process was killed.
    public var timedOut: Bool
    /// The process's own CPU time, user and system, in seconds.
    public var cpuTime: Double

    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    /// True for exit status 0 within the time limit.
    public var succeeded: Bool { status == 0 && !timedOut }
  }

  /// A process that could not be started.
  public struct StartError: Error, CustomStringConvertible {
    public var description: String
  }

  /// The child's process id (also its process group's).
  public let pid: pid_t
  /// The command as given, for messages.
  public let command: String
  /// Seconds from the start after which the process group is killed.
  public let timeLimit: TimeInterval

  private let folder: URL
  private let lock = NSLock()
  private var exitStatus: Int32?
  private var cpuTime = 0.0
  private var killedAtLimit = false
  private let exited = DispatchSemaphore(value: 0)

  /// Runs `executable` (a path, or a name looked up on `PATH`) with `arguments` to its end.
  /// `environment` replaces the inherited one when given (`inheritedEnvironment` adds to it);
  /// `directory` is the working directory.
  /// - Throws: `StartError` when the program cannot be started.
  public static func run(
    _ executable: String, _ arguments: [String] = [], stdin: Data? = nil, environment: [String: String]? = nil,
    directory: URL? = nil, timeLimit: TimeInterval = 60, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Output {
    try start(
      executable, arguments, stdin: stdin, environment: environment, directory: directory, timeLimit: timeLimit
    ).wait(sourceLocation: sourceLocation)
  }

  /// Starts `executable` and returns at once; `wait`, `signal` and `stop` follow.
  /// - Throws: `StartError` when the program cannot be started.
  public static func start(
    _ executable: String, _ arguments: [String] = [], stdin: Data? = nil, environment: [String: String]? = nil,
    directory: URL? = nil, timeLimit: TimeInterval = 60
  ) throws -> TestProcess {
    try TestProcess(
      executable, arguments, stdin: stdin, environment: environment, directory: directory, timeLimit: timeLimit)
  }

  /// The test process's environment with `changes` applied (a nil value removes the variable).
  public static func inheritedEnvironment(_ changes: [String: String?] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for (name, value) in changes { environment[name] = value }
    return environment
  }

  private init(
    _ executable: String, _ arguments: [String], stdin: Data?, environment: [String: String]?, directory: URL?,
    timeLimit: TimeInterval
  ) throws {
    command = ([executable] + arguments).joined(separator: " ")
    self.timeLimit = timeLimit
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-process-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let input = folder.appendingPathComponent("stdin")
    if let stdin { try stdin.write(to: input) }
    do {
      pid = try Self.spawn(
        [executable] + arguments, stdin: stdin == nil ? "/dev/null" : input.path,
        stdout: folder.appendingPathComponent("stdout").path, stderr: folder.appendingPathComponent("stderr").path,
        environment: environment, directory: directory?.path)
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
    let reaper = Thread { [self] in reap() }
    reaper.name = "TestProcess \(pid)"
    reaper.start()
    DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { [weak self] in self?.killAtLimit() }
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// True once the process has ended.
  public var hasExited: Bool { lock.withLock { exitStatus != nil } }

  /// Waits for the end (at most the time limit from the start, when the group is killed) and
  /// returns what the process printed. A process killed at its limit records an issue.
  public func wait(sourceLocation: SourceLocation = #_sourceLocation) -> Output {
    // SIGKILL ends any process but one stuck in the kernel; do not wait for such a one forever.
    if exited.wait(timeout: .now() + timeLimit + 30) == .timedOut {
      Issue.record("“\(command)” did not end even after SIGKILL", sourceLocation: sourceLocation)
    } else {
      exited.signal()
    }
    let (raw, timedOut, cpu) = lock.withLock { (exitStatus ?? -1, killedAtLimit, cpuTime) }
    if timedOut {
      Issue.record(
        "“\(command)” did not finish within \(Int(timeLimit)) s and was killed", sourceLocation: sourceLocation)
    }
    let signal: Int32? = raw >= 0 && raw & 0x7F != 0 ? raw & 0x7F : nil
    let status = raw < 0 ? -1 : signal.map { 128 + $0 } ?? (raw >> 8) & 0xFF
    func read(_ name: String) -> Data { (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data() }
    return Output(
      status: status, signal: signal, stdout: read("stdout"), stderr: read("stderr"), timedOut: timedOut,
      cpuTime: cpu)
  }

  /// What the process has written to its standard output so far.
  public var stdoutSoFar: Data {
    (try? Data(contentsOf: folder.appendingPathComponent("stdout"))) ?? Data()
  }

  /// Sends `signal` to the process (not its group) while it runs.
  public func signal(_ signal: Int32) {
    lock.withLock {
      if exitStatus == nil { _ = kill(pid, signal) }
    }
  }

  /// Kills the process group with SIGKILL and waits for the process to end.
  public func stop() {
    lock.withLock {
      if exitStatus == nil { _ = kill(-pid, SIGKILL) }
    }
    exited.wait()
    exited.signal()
  }

  /// Waits for the child without reaping it, marks it ended, then reaps it: a kill can never
  /// reach another process that reused the id.
  private func reap() {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
    lock.withLock {
      var status: Int32 = 0
      var usage = rusage()
      var result: pid_t
      repeat { result = wait4(pid, &status, 0, &usage) } while result < 0 && errno == EINTR
      exitStatus = result == pid ? status : -1
      cpuTime =
        Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6
    }
    exited.signal()
  }

  private func killAtLimit() {
    lock.withLock {
      guard exitStatus == nil else { return }
      killedAtLimit = true
      _ = kill(-pid, SIGKILL)
    }
  }

  /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29), looked up by name: Swift's Glibc
  /// module does not declare it.
  private typealias AddChdir =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
  private static let addChdir: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map {
    unsafeBitCast($0, to: AddChdir.self)
  }

  private static func spawn(
    _ argv: [String], stdin: String, stdout: String, stderr: String, environment: [String: String]?,
    directory: String?
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if let directory {
      guard let addChdir else {
        throw StartError(description: "this C library cannot start a process in another directory")
      }
      _ = addChdir(&actions, directory)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    let environmentPointers = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { for pointer in environmentPointers ?? [] { free(pointer) } }
    var pid: pid_t = 0
    let status: Int32 =
      if var cEnvironment = environmentPointers {
        argv[0].contains("/")
          ? posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment)
          : posix_spawnp(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment)
      } else {
        argv[0].contains("/")
          ? posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, environ)
          : posix_spawnp(&pid, argv[0], &actions, &attributes, &cArguments, environ)
      }
    guard status == 0 else {
      throw StartError(description: "cannot start \(argv[0]): \(String(cString: strerror(status)))")
    }
    return pid
  }
}
