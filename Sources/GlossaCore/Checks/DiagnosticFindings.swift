/// Turns the diagnostics files were loaded with into findings of one kind.
struct DiagnosticFindings {
  /// Findings for every diagnostic of the given kinds in one language's table files.
  static func findings(
    _ kinds: Set<Diagnostic.Kind>, as kind: FindingKind, severity: Severity, in language: LanguageSubject
  ) -> [Finding] {
    var result: [Finding] = []
    for index in language.tables.values {
      for table in index.files {
        for diagnostic in table.diagnostics where kinds.contains(diagnostic.kind) {
          result.append(
            Finding(
              kind: kind, severity: severity, bundle: language.bundleName, language: table.language,
              table: table.name, key: diagnostic.key, file: table.path, line: diagnostic.line,
              column: diagnostic.column, message: diagnostic.message))
        }
      }
    }
    return result
  }

  /// Findings for every bundle diagnostic (not tied to a table file) of the given kinds.
  static func findings(
    _ kinds: Set<Diagnostic.Kind>, as kind: FindingKind, severity: Severity, in context: CheckContext
  ) -> [Finding] {
    var result: [Finding] = []
    let prefix = LocalizationBundle.join(context.bundle.name, "")
    for diagnostic in context.bundle.diagnostics where kinds.contains(diagnostic.kind) {
      let file =
        diagnostic.file.hasPrefix(prefix)
        ? String(diagnostic.file.dropFirst(prefix.count)) : diagnostic.file
      result.append(
        Finding(
          kind: kind, severity: severity, bundle: context.bundle.name, key: diagnostic.key,
          file: file.isEmpty ? nil : file, line: diagnostic.line, column: diagnostic.column,
          message: diagnostic.message))
    }
    return result
  }
}
