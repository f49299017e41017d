/// Turns the diagnostics files were loaded with into findings of one kind.
struct DiagnosticFindings {
  /// Findings for every table diagnostic and bundle diagnostic of the given kinds.
  static func findings(
    _ kinds: Set<Diagnostic.Kind>, as kind: FindingKind, severity: Severity, in context: CheckContext
  ) -> [Finding] {
    var result: [Finding] = []
    for table in context.bundle.tables {
      for diagnostic in table.diagnostics where kinds.contains(diagnostic.kind) {
        result.append(
          Finding(
            kind: kind, severity: severity, bundle: context.bundle.name, language: table.language,
            table: table.name, key: diagnostic.key, file: table.path, line: diagnostic.line,
            message: diagnostic.message))
      }
    }
    let prefix = LocalizationBundle.display(context.bundle.name)
    for diagnostic in context.bundle.diagnostics where kinds.contains(diagnostic.kind) {
      let file = diagnostic.file.hasPrefix(prefix)
        ? String(diagnostic.file.dropFirst(prefix.count)) : diagnostic.file
      result.append(
        Finding(
          kind: kind, severity: severity, bundle: context.bundle.name, key: diagnostic.key,
          file: file.isEmpty ? nil : file, line: diagnostic.line,
          message: diagnostic.message))
    }
    return result
  }
}
