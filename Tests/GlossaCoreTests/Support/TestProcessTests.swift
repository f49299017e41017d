import Foundation
import GlossaTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The one way tests start a process: input, environment, folder and output as given, and a time
/// limit that kills the whole process group and says so.
@Suite(.timeLimit(.minutes(10))) struct TestProcessTests {
  @Test func inputEnvironmentFolderOutputAndStatus() throws {
    let folder = TemporaryDirectory()
    let run = try TestProcess.run(
      "/bin/sh", ["-c", "cat; printf '%s|%s|' \"$GREETING\" \"$(pwd)\"; echo oops >&2; exit 3"],
      stdin: Data("piped ".utf8), environment: ["GREETING": "hello"], directory: folder.url)
    #expect(run.stdoutText == "piped hello|\(folder.url.resolvingSymlinksInPath().path)|")
    #expect(run.stderrText == "oops\n")
    #expect(run.status == 3 && run.signal == nil && !run.timedOut && !run.succeeded)
    let inherited = try TestProcess.run(
      "sh", ["-c", "printf %s \"${HOME-unset}\""], environment: TestProcess.inheritedEnvironment(["HOME": nil]))
    #expect(inherited.stdoutText == "unset")
    #expect(throws: TestProcess.StartError.self) { try TestProcess.run("/nonexistent/program") }
  }

  @Test func aProcessPastItsLimitIsKilledWithItsGroupAndAnIssueIsRecorded() throws {
    // The shell starts a sleep in the background, prints its id and waits for it.
    let process = try TestProcess.start("/bin/sh", ["-c", "sleep 100 & echo $!; wait"], timeLimit: 1)
    let start = Date()
    var output: TestProcess.Output?
    withKnownIssue("the time limit passes") { output = process.wait() }
    #expect(Date().timeIntervalSince(start) < 30)
    #expect(output?.timedOut == true)
    #expect(output?.signal == SIGKILL && output?.status == 128 + SIGKILL)
    let sleeper = try #require(pid_t(output?.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
    // The background sleep was in the group: it is gone too (or a zombie its new parent has
    // not reaped yet).
    let deadline = Date().addingTimeInterval(10)
    while Self.isRunning(sleeper) && Date() < deadline { usleep(10_000) }
    #expect(!Self.isRunning(sleeper), "the sleep the shell started still runs")
  }

  static func isRunning(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    // `pid (name) STATE …`
    guard let close = stat.lastIndex(of: ")") else { return true }
    return !stat[close...].hasPrefix(") Z")
  }

  @Test func aDaemonHoldingTheOutputDoesNotKeepTheTestWaiting() throws {
    // The subshell's sleep keeps the output file open after the shell has ended.
    let start = Date()
    let run = try TestProcess.run("/bin/sh", ["-c", "(sleep 20 &); echo started"])
    #expect(run.succeeded && run.stdoutText == "started\n")
    #expect(Date().timeIntervalSince(start) < 15)
  }

  @Test func aSignalEndsTheProcess() throws {
    let process = try TestProcess.start("/bin/sh", ["-c", "while :; do :; done"])
    usleep(300_000)
    process.signal(SIGKILL)
    let output = process.wait()
    #expect(output.signal == SIGKILL && !output.timedOut && process.hasExited)
  }

  @Test func theCPUTimeIsTheChildsOwn() throws {
    // About 0.4 s of a core for dash.
    let run = try TestProcess.run("/bin/sh", ["-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"])
    #expect(run.succeeded)
    #expect(run.cpuTime > 0.05 && run.cpuTime < 60, "\(run.cpuTime) s")
  }
}
