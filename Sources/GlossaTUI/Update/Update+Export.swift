import GlossaCore

/// `X`: what the findings view lists, or the key list as filtered, written to a JSON, CSV or
/// Markdown file named at a prompt (prefilled in the current folder).
extension AppState {
  /// The file an export suggests.
  static func exportFileName(_ subject: ExportSubject) -> String {
    switch subject {
    case .findings: "glossa-findings.json"
    case .keys: "glossa-keys.json"
    }
  }

  /// Asks where to write the export of `subject`.
  mutating func beginExport(_ subject: ExportSubject) {
    let what: String
    switch subject {
    case .findings(let browser):
      let count = browser.items.count
      what = "\(count) finding\(count == 1 ? "" : "s")"
    case .keys:
      let count = browse.visible.count
      what = "\(count) key\(count == 1 ? "" : "s") (\(language) · \(table))"
    }
    // Short enough to show whole beside the path at 80 columns: the footer cuts a longer one.
    mode = .textPrompt(
      TextPrompt(
        purpose: .exportPath(subject), question: "Export \(what) to .json, .csv or .md:",
        editor: LineEditor(Self.exportFileName(subject))))
  }

  /// Back to where the export was asked for.
  mutating func leaveExport(_ subject: ExportSubject) {
    if case .findings(let browser) = subject { mode = .findings(browser) } else { mode = .browse }
  }

  /// Checks the typed path: the prompt stays open, with the path as typed, while it cannot be
  /// written (a folder gets the file name inside it); a missing folder is offered to be made, an
  /// existing file is written over only when the user says so.
  mutating func acceptExportPath(_ prompt: TextPrompt, subject: ExportSubject) -> [Effect] {
    var prompt = prompt
    let path = prompt.editor.text.trimmingCharacters(in: .whitespaces)
    mode = .textPrompt(prompt)
    guard !path.isEmpty else {
      message = StatusMessage("Type a file name ending in .json, .csv or .md (Esc cancels)", isError: true)
      return []
    }
    if paths.kind(path) == .directory {
      let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
      prompt.editor = LineEditor(folder + "/" + Self.exportFileName(subject))
      mode = .textPrompt(prompt)
      message = StatusMessage("\(path) is a folder: the file goes inside it; Enter writes it")
      return []
    }
    guard ExportFormat(path: path) != nil else {
      message = StatusMessage(
        "\(path): the name must end in .json, .csv or .md (the format follows it)", isError: true)
      return []
    }
    if askForMissingFolder(of: path, purpose: .createFolderForExport(path: path, subject: subject), in: prompt) {
      return []
    }
    if paths.kind(path) == .file {
      mode = .choice(
        ChoicePrompt(
          purpose: .overwriteExport(path: path, subject: subject), question: "\(path) exists. Write over it?",
          answers: [.answerYes, .answerNo]))
      return []
    }
    return export(subject, to: path, createFolder: false)
  }

  /// When the folder `path` goes in does not exist: refuses a file in its place (`prompt` stays
  /// open with the path) or asks whether to make it. True when it did either.
  mutating func askForMissingFolder(of path: String, purpose: ChoicePurpose, in prompt: TextPrompt) -> Bool {
    guard let folder = Self.folder(of: path), paths.kind(folder) != .directory else { return false }
    if paths.kind(folder) == .file {
      mode = .textPrompt(prompt)
      message = StatusMessage("\(folder) is a file, not a folder: choose another path", isError: true)
      return true
    }
    mode = .choice(
      ChoicePrompt(
        purpose: purpose, question: "There is no folder \(folder). Create it and write \(path)?",
        answers: [.answerYes, .answerNo]))
    return true
  }

  /// The folder part of `path`, or nil for a name in the current folder.
  static func folder(of path: String) -> String? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// The export itself: the loop makes the table (`exportTable`) from the state as it is now
  /// and writes it, off its thread.
  mutating func export(_ subject: ExportSubject, to path: String, createFolder: Bool) -> [Effect] {
    leaveExport(subject)
    guard let format = ExportFormat(path: path) else { return [] }
    let count: Int
    switch subject {
    case .findings(let browser): count = browser.items.count
    case .keys: count = browse.visible.count
    }
    message = StatusMessage("Writing \(count) row\(count == 1 ? "" : "s") to \(path)…")
    return [.export(path: path, subject: subject, format: format, createFolder: createFolder)]
  }

  /// The rows of an export.
  public func exportTable(_ subject: ExportSubject) -> ExportTable {
    switch subject {
    case .findings(let browser):
      let items = browser.items.indices.map { index -> (side: String?, finding: Finding) in
        let item = browser.items[index]
        return (remote == nil ? nil : item.side.rawValue, item.finding)
      }
      var measurers = [Side.local: ExportTable.Measurer(local, options: checkOptions)]
      if let remote { measurers[.remote] = ExportTable.Measurer(remote, options: checkOptions) }
      return ExportTable.findings(items) { finding, side in
        measurers[side == Side.remote.rawValue ? .remote : .local]?.measure(finding)
      }
    case .keys:
      var table = ExportTable(
        columns: ["language", "table", "key", "source", "local"] + (remote == nil ? [] : ["remote"])
          + ["comment", "line", "width", "limit", "findings"])
      for index in browse.visible {
        let row = browse.rows[index]
        let kinds = Set((row.findings + row.remoteFindings).map(\.kind.rawValue)).sorted()
        let source = sourceText(of: row)?.text
        let limit =
          budget(of: row)
          ?? source.map {
            Overlong.ratioLimit(sourceWidth: DisplayWidth.columns(of: $0), options: checkOptions).columns
          }
        var cells: [ExportTable.Cell] = [.text(language), .text(self.table), .text(row.key), .optional(source)]
        cells.append(.optional(row.local))
        if remote != nil { cells.append(.optional(row.remote)) }
        cells += [
          .optional(row.comment), .optional(row.line), .optional(row.local.map { DisplayWidth.columns(of: $0) }),
          .optional(limit), .text(kinds.joined(separator: " ")),
        ]
        table.rows.append(cells)
      }
      return table
    }
  }

  /// Reports a finished export.
  mutating func finishExport(path: String, rows: Int, error: String?) -> [Effect] {
    if let error {
      message = StatusMessage("Export failed: \(error)", isError: true)
    } else {
      message = StatusMessage("Exported \(rows) row\(rows == 1 ? "" : "s") to \(path)")
    }
    return []
  }
}
