/// Why a bundle could not be read at a git revision (`GlossaError.git`): git is missing or
/// failed, the bundle is not in a work tree, or the revision is unknown. Worded once.
public enum GitProblem: Sendable, Hashable {
  /// No `git` on `PATH`.
  case notInstalled
  /// git could not be started (`reason` is the system's).
  case cannotRun(reason: String)
  /// `git command` ran past the time limit of `seconds` and was stopped.
  case timedOut(command: String, seconds: Int)
  /// `revision` is no revision git should read (empty, an option, a line break or NUL in it).
  case notARevision(String)
  /// The bundle is not inside a git work tree (`reason` is git's).
  case notInWorkTree(reason: String)
  /// git knows no commit named `revision`.
  case unknownRevision(String)
  /// `git command` failed (`reason` is git's).
  case commandFailed(command: String, reason: String)
  /// `git cat-file` stopped before answering for `object`.
  case endedEarly(object: String)
  /// `git cat-file` answered for `object` with `header`, not a blob it could read.
  case unreadableObject(object: String, header: String)

  /// The words after `name: `.
  var text: String {
    switch self {
    case .notInstalled: "git is not installed (no git on PATH); install git to compare with a revision"
    case .cannotRun(let reason): "cannot run git (\(reason))"
    case .timedOut(let command, let seconds): "git \(command) did not finish within \(seconds) seconds"
    case .notARevision(let revision): "'\(UntrustedText.shown(revision))' is not a revision"
    case .notInWorkTree(let reason): "not inside a git work tree (git: \(reason))"
    case .unknownRevision(let revision): "unknown revision '\(UntrustedText.shown(revision))'"
    case .commandFailed(let command, let reason): "git \(command) failed: \(reason)"
    case .endedEarly(let object): "git cat-file ended early reading \(object)"
    case .unreadableObject(let object, let header): "git cannot read \(object): \(header)"
    }
  }
}
