/// The findings of an earlier state of a bundle, to tell which findings are new: what
/// `glossa lint --since REV` reports.
///
/// A finding is matched as a `baseline:` entry matches one, by what it is about rather than where
/// it is or how it is worded: its kind, language, table, key, plural category and device (and,
/// for a finding about a file rather than a key, the file). Lines shift between revisions and
/// messages quote values and widths that change, so neither takes part. Each earlier finding
/// answers for one finding now (two duplicates of a key where there was one: one is new), of at
/// most its severity (an overlong warning that became an error is new); a finding now with the
/// same message as an earlier one is matched with it first.
public struct FindingRatchet: Sendable {
  /// What a finding is about, line and message aside.
  struct Identity: Hashable, Sendable {
    var kind: FindingKind
    var language: String?
    var table: String?
    var key: String?
    var category: PluralCategory?
    var device: String?
    /// The file, for findings about a file (no key): `parse-error`, `encoding-error`, …; without
    /// the bundle's name, which some start with (`app/remote.zip:Resources/Info.plist`) and which
    /// differs between the two runs.
    var file: String?

    init(_ finding: Finding) {
      kind = finding.kind
      language = finding.language
      table = finding.table
      key = finding.key
      category = finding.category
      device = finding.device
      if finding.key == nil, let file = finding.file {
        self.file = file.hasPrefix(finding.bundle) ? String(file.dropFirst(finding.bundle.count)) : file
      }
    }
  }

  /// The earlier findings by identity: their severities and messages.
  private var earlier: [Identity: [(severity: Severity, message: String)]] = [:]

  /// The ratchet of `findings`, a bundle's findings at an earlier state (with the same options).
  public init(_ findings: [Finding]) {
    for finding in findings { earlier[Identity(finding), default: []].append((finding.severity, finding.message)) }
  }

  /// The number of earlier findings.
  public var count: Int { earlier.values.reduce(0) { $0 + $1.count } }

  /// The findings of `findings` that are new, in their order.
  ///
  /// Matching is per identity and an identity's findings belong to one language, so a run's
  /// findings can be passed language by language (each batch of `Checker.run(_:against:batch:emit:)`),
  /// on any thread: the answer for a batch does not depend on the others.
  public func newFindings(_ findings: [Finding]) -> [Finding] {
    guard !earlier.isEmpty else { return findings }
    var groups: [Identity: [Int]] = [:]
    for (index, finding) in findings.enumerated() { groups[Identity(finding), default: []].append(index) }
    var isOld = [Bool](repeating: false, count: findings.count)
    for (identity, indices) in groups {
      guard var left = earlier[identity] else { continue }
      // Same message first, then any earlier finding at least as severe.
      for index in indices {
        let finding = findings[index]
        if let match = left.firstIndex(where: { $0.message == finding.message && $0.severity >= finding.severity }) {
          left.remove(at: match)
          isOld[index] = true
        }
      }
      for index in indices where !isOld[index] {
        let severity = findings[index].severity
        // The least severe that will do, leaving the graver ones for graver findings.
        let candidates = left.indices.filter { left[$0].severity >= severity }
        if let match = candidates.min(by: { left[$0].severity < left[$1].severity }) {
          left.remove(at: match)
          isOld[index] = true
        }
      }
    }
    return findings.indices.filter { !isOld[$0] }.map { findings[$0] }
  }
}
