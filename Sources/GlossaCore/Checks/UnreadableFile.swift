/// `unreadable-file`: a file Glossa would have read was passed over: a symbolic link that leaves
/// the folder it is in (a table linked to `/proc/self/environ` or a `.env` file is never read,
/// so its text can never be printed as a source text), a link to nothing, or something that is
/// not a regular file (a FIFO, a device). Error: the bundle, the listing or the code is not what
/// was checked. The bundle's own entries come from its listing; the app's code and its store
/// listing, read beside the bundle, hand theirs in as `outside`.
public struct UnreadableFile: Check {
  public var kind: FindingKind { .unreadableFile }
  public var inspectsKeys: Bool { false }
  /// Entries passed over in folders read beside the bundle (`--sources`, `--metadata`): the
  /// path as the user named it, and why.
  public var outside: [PassedOverFile]
  /// False for the instance that reports only `outside` (the bundle's own are reported once).
  public var includesBundle: Bool

  public init() {
    outside = []
    includesBundle = true
  }

  public init(outside: [PassedOverFile]) {
    self.outside = outside
    includesBundle = false
  }

  public func check(_ context: CheckContext, emit: (Finding) -> Void) {
    if includesBundle {
      DiagnosticFindings.findings([.unreadableFile], as: .unreadableFile, severity: .error, in: context)
        .forEach(emit)
    }
    for item in outside {
      emit(
        Finding(
          kind: .unreadableFile, severity: .error, bundle: context.bundle.name, file: item.path, line: item.line,
          column: item.column, message: "The entry \(item.reason)."))
    }
  }
}
