import Foundation
import GlossaCore

extension AppState {
  mutating func performChoice(_ action: Action) -> [Effect] {
    guard case .choice(let prompt) = mode else { return [] }
    if action == .promptCancel {
      mode = .browse
      switch prompt.purpose {
      case .restoreJournal: return discardJournals()
      case .overwriteExport(_, let subject), .createFolderForExport(_, let subject): leaveExport(subject)
      case .overwriteZip, .bumpVersion, .repackSide, .createFolderForRepack:
        saves.cancelQuit()
      default: break
      }
      return []
    }
    guard prompt.answers.contains(action) else { return [] }
    mode = .browse
    switch prompt.purpose {
    case .quitUnsaved:
      if action == .answerSave || action == .answerYes {
        // Local files are saved; a downloaded remote's edits go to a zip (save() asks where).
        // The review quits when both are done, and stays open if either fails or is cancelled.
        let downloads = dirtySides.contains { bundle($0).isDownload }
        let effects = save()
        let sides = effects.compactMap { effect -> Side? in
          if case .save(let side, _) = effect { return side }
          return nil
        }
        saves.quitAfterSaving = sides.isEmpty ? nil : Set(sides)
        saves.quitAfterRepack = downloads
        return effects
      }
      let sides = Side.allCases.filter { !(editing.journal[$0] ?? []).isEmpty }
      return sides.map { .removeJournal($0) } + [.quit]
    case .repackSide:
      beginRepack(side: action == .answerRemote ? .remote : .local)
      return []
    case .restoreJournal:
      return action == .answerYes ? restoreJournals() : discardJournals()
    case .changedOnDisk(let side):
      if action == .answerOverwrite { return startSave([side], overwriting: true) }
      message = StatusMessage("Reading the \(side.rawValue) bundle again…")
      return [.reload(side)]
    case .overwriteZip(let side, let output):
      guard action == .answerYes else {
        message = StatusMessage("Repack cancelled: \(output) is left as it was")
        saves.cancelQuit()
        return []
      }
      return confirmRepack(side: side, output: output)
    case .bumpVersion(let side, let output, _, let to, let createFolder):
      return startRepack(side, output: output, version: action == .answerYes ? to : nil, createFolder: createFolder)
    case .createFolderForRepack(let side, let output):
      guard action == .answerYes else {
        // Back to the prompt with the path as typed, to change it.
        beginRepack(side: side)
        if case .textPrompt(var typed) = mode {
          typed.editor = LineEditor(output)
          mode = .textPrompt(typed)
        }
        message = StatusMessage("Not written: choose another path, or Esc to cancel")
        return []
      }
      return confirmRepack(side: side, output: output, createFolder: true)
    case .overwriteExport(let path, let subject), .createFolderForExport(let path, let subject):
      guard action == .answerYes else {
        // Back to the prompt with the path as typed, to change it.
        mode = .textPrompt(
          TextPrompt(
            purpose: .exportPath(subject), question: "Export to (.json, .csv or .md):", editor: LineEditor(path)))
        message = StatusMessage("Not written: choose another path, or Esc to cancel")
        return []
      }
      if case .createFolderForExport = prompt.purpose { return export(subject, to: path, createFolder: true) }
      return export(subject, to: path, createFolder: false)
    }
  }

  mutating func performTextPrompt(_ action: Action) -> [Effect] {
    guard case .textPrompt(var prompt) = mode else { return [] }
    switch action {
    case .promptCancel:
      switch prompt.purpose {
      case .repackPath:
        mode = .browse
        message = StatusMessage(saves.quitAfterRepack ? "Repack cancelled; the review stays open" : "Repack cancelled")
        saves.cancelQuit()
      case .exportPath(let subject):
        leaveExport(subject)
        message = StatusMessage("Export cancelled")
      }
    case .promptAccept:
      mode = .browse
      switch prompt.purpose {
      case .repackPath(let side):
        return acceptRepackPath(prompt, side: side)
      case .exportPath(let subject):
        return acceptExportPath(prompt, subject: subject)
      }
    default:
      prompt.editor.apply(action)
      mode = .textPrompt(prompt)
    }
    return []
  }

  /// Checks the typed path: a folder gets a file name inside it, a path that is not a zip
  /// keeps the prompt open, an existing file is written over only when the user says so.
  mutating func acceptRepackPath(_ prompt: TextPrompt, side: Side) -> [Effect] {
    var prompt = prompt
    let output = prompt.editor.text.trimmingCharacters(in: .whitespaces)
    guard !output.isEmpty else {
      message = StatusMessage("No output path given; repack cancelled", isError: true)
      return []
    }
    if paths.kind(output) == .directory {
      let folder = output.hasSuffix("/") ? String(output.dropLast()) : output
      prompt.editor = LineEditor(folder + "/" + repackFileName(side))
      mode = .textPrompt(prompt)
      message = StatusMessage("\(output) is a folder: the zip goes inside it; Enter writes it")
      return []
    }
    guard output.lowercased().hasSuffix(".zip") else {
      mode = .textPrompt(prompt)
      message = StatusMessage("The output must be a .zip file", isError: true)
      return []
    }
    if askForMissingFolder(of: output, purpose: .createFolderForRepack(side: side, output: output), in: prompt) {
      return []
    }
    if paths.kind(output) == .file {
      mode = .choice(
        ChoicePrompt(
          purpose: .overwriteZip(side: side, output: output), question: "\(output) exists. Write over it?",
          answers: [.answerYes, .answerNo]))
      return []
    }
    return confirmRepack(side: side, output: output)
  }

  /// Asks whether to raise the bundle version, or repacks at once when it has none.
  mutating func confirmRepack(side: Side, output: String, createFolder: Bool = false) -> [Effect] {
    if let version = bundle(side).infoPlist?.values["CFBundleVersion"], let bumped = AppState.bumped(version) {
      mode = .choice(
        ChoicePrompt(
          purpose: .bumpVersion(side: side, output: output, from: version, to: bumped, createFolder: createFolder),
          question: "Raise CFBundleVersion from \(version) to \(bumped)?",
          answers: [.answerYes, .answerNo]))
      return []
    }
    return startRepack(side, output: output, version: nil, createFolder: createFolder)
  }

  /// Asks the loop to write `side` as a zip, noting the revisions it writes.
  mutating func startRepack(_ side: Side, output: String, version: String?, createFolder: Bool) -> [Effect] {
    saves.repacking = true
    saves.repackedRevisions = (side, bundle(side).revisions)
    return [.repack(side, output: output, version: version, createFolder: createFolder)]
  }

  /// The file name a repack of `side` suggests (`local.zip`, `remote-edited.zip`).
  func repackFileName(_ side: Side) -> String {
    let bundle = bundle(side)
    var base = bundle.name.split(separator: "/").last.map(String.init) ?? side.rawValue
    if base.lowercased().hasSuffix(".zip") { base = String(base.dropLast(4)) + "-edited" }
    if base == "Resources" || base.isEmpty || base == "." { base = side.rawValue }
    return base + ".zip"
  }

  /// Asks where to write the zip: of the remote bundle when a remote field has the focus in the
  /// detail pane, else of the local one.
  /// `R`: the side is the one a remote field in focus names, else the only side with edits,
  /// else the only side there is; with two bundles and nothing to tell them apart, it asks.
  mutating func beginRepack() {
    if browse.detailFocused, detailFields.indices.contains(browse.detailField),
      detailFields[browse.detailField].side == .remote
    {
      return beginRepack(side: .remote)
    }
    guard remote != nil else { return beginRepack(side: .local) }
    let dirty = dirtySides
    if dirty.count == 1 { return beginRepack(side: dirty[0]) }
    mode = .choice(
      ChoicePrompt(
        purpose: .repackSide, question: "Repack which bundle as a zip?", answers: [.answerLocal, .answerRemote]))
  }

  /// Asks where to write `side` as a zip (`question` overrides the usual one).
  mutating func beginRepack(side: Side, question: String? = nil) {
    let bundle = bundle(side)
    let suggestion: String
    if bundle.isDownload {
      let base = bundle.name.split(separator: "/").last.map(String.init) ?? "remote"
      suggestion = (base.lowercased().hasSuffix(".zip") ? String(base.dropLast(4)) : base) + "-edited.zip"
    } else {
      switch bundle.storage {
      case .directory(let url): suggestion = url.standardizedFileURL.path + ".zip"
      case .zip(let url):
        suggestion = url.deletingPathExtension().standardizedFileURL.path + "-edited.zip"
      case .file:
        message = StatusMessage("Repacking needs a bundle directory or zip, not one file", isError: true)
        return
      }
    }
    mode = .textPrompt(
      TextPrompt(
        purpose: .repackPath(side), question: question ?? "Zip \(side.rawValue) to:",
        editor: LineEditor(suggestion)))
  }

  /// A version with its last number raised by one (`12` → `13`, `1.4.9` → `1.4.10`).
  public static func bumped(_ version: String) -> String? {
    var parts = version.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard let last = parts.last, let number = Int(last), number < Int.max else { return nil }
    parts[parts.count - 1] = String(number + 1)
    return parts.joined(separator: ".")
  }

  mutating func save() -> [Effect] {
    if let reason = incompleteReason {
      message = StatusMessage("Cannot save yet: \(reason)", isError: true)
      return []
    }
    let dirty = dirtySides
    guard !dirty.isEmpty else {
      message = StatusMessage("Nothing to save")
      return []
    }
    // A downloaded bundle lives in the cache: its edits go out as a zip, whose path is asked.
    let sides = dirty.filter { !bundle($0).isDownload }
    let effects = sides.isEmpty ? [] : startSave(sides, overwriting: false)
    if let download = dirty.first(where: { bundle($0).isDownload }) {
      beginRepack(
        side: download, question: "The \(download.rawValue) bundle is a download: write its edits as a zip to:")
      if !sides.isEmpty { message = StatusMessage("Saving the local bundle…") }
    }
    return effects
  }

  /// Asks the loop to save `sides` off the input loop; keys keep working meanwhile.
  mutating func startSave(_ sides: [Side], overwriting: Bool) -> [Effect] {
    let sides = sides.filter { saves.saving[$0] == nil }
    guard !sides.isEmpty else {
      message = StatusMessage("Already saving…")
      return []
    }
    for side in sides { saves.saving[side] = editing.journal[side]?.count ?? 0 }
    if saves.saving.count == sides.count { saves.savedReports = [:] }
    message = StatusMessage("Saving…")
    return sides.map { .save($0, overwriting: overwriting) }
  }

  /// A save finished: the bundle marks what it wrote saved (edits made meanwhile stay unsaved,
  /// and stay in the journal); a file changed on disk asks whether to reload or overwrite.
  mutating func finishSave(_ side: Side, _ result: Result<SaveReport, GlossaError>) -> [Effect] {
    let covered = saves.saving.removeValue(forKey: side) ?? 0
    let report: SaveReport
    switch result {
    case .failure(.changedOnDisk(let file)):
      saves.quitAfterSaving = nil
      mode = .choice(
        ChoicePrompt(
          purpose: .changedOnDisk(side),
          question:
            "\(file.split(separator: "/").suffix(2).joined(separator: "/")) changed on disk: reload (keeps your edits) or overwrite?",
          answers: [.answerReload, .answerOverwrite]))
      return []
    case .failure(let error):
      saves.quitAfterSaving = nil
      message = StatusMessage("Could not save: \(error)", isError: true)
      return []
    case .success(let saved):
      report = saved
    }
    switch side {
    case .local: local.markSaved(report)
    case .remote:
      if var bundle = remote {
        bundle.markSaved(report)
        remote = bundle
      }
    }
    let rest = editing.dropJournal(side, first: covered)
    editing.touched = editing.touched.filter { bundle($0.side).isEdited($0.address) }
    let count = report.written.count
    let download = dirtySides.contains { bundle($0).isDownload }
    // Every file written, named (a zip's entries as the zip's), so a reviewer sees what changed.
    let shown = report.written.prefix(6).joined(separator: ", ")
    let more = count > 6 ? " and \(count - 6) more (all listed below)" : ""
    var into = ""
    if case .zip(let url) = bundle(side).storage { into = " in \(url.lastPathComponent)" }
    if count > 6 {
      // More than a status line holds: every file in the detail pane, both sides' of one `w`.
      let earlier = saves.savedReports.keys.contains { $0 != side } ? saves.repackReport ?? [] : []
      saves.repackReport =
        earlier + ["Wrote \(count) files of the \(side.rawValue) bundle\(into):"] + report.written.map { "  \($0)" }
    }
    // One save of both sides reports both: each side's files, in order, and the one still saving.
    saves.savedReports[side] =
      count == 0
      ? "saved the \(side.rawValue) bundle (no file needed writing)"
      : "saved the \(side.rawValue) bundle: wrote \(shown)\(more)\(into)"
    let parts =
      Side.allCases.compactMap { saves.savedReports[$0] }
      + Side.allCases.filter { saves.saving[$0] != nil }.map { "saving the \($0.rawValue)…" }
    let text = parts.joined(separator: "; ")
    message = StatusMessage(
      text.prefix(1).uppercased() + text.dropFirst()
        + (download ? "; the remote download's edits are not saved: w or R writes them as a zip" : ""))
    rebuildRows()
    var effects: [Effect] = [rest.isEmpty ? .removeJournal(side) : .writeJournal(side, rest)]
    if saves.finishedSaving(side) { effects.append(.quit) }
    return effects
  }

  /// A side was read again after its files changed on disk: the unsaved edits are applied on
  /// top of the new files; those whose value changed underneath are reported and dropped.
  mutating func finishReload(_ side: Side, _ result: Result<LocalizationBundle, GlossaError>) -> [Effect] {
    let fresh: LocalizationBundle
    switch result {
    case .failure(let error):
      message = StatusMessage("Could not read the \(side.rawValue) bundle again: \(error)", isError: true)
      return []
    case .success(let bundle): fresh = bundle
    }
    let edits = editing.forget(side)
    if side == .local { local = fresh } else { remote = fresh }
    var applied: [Edit] = []
    var failed: [String] = []
    var effects: [Effect] = []
    for edit in edits {
      do {
        try applyToBundle(edit, side: side)
        editing.touched.insert(SidedAddress(side: side, address: edit.address))
        editing.history.record(SidedEdit(replaying: edit, side: side))
        applied.append(edit)
        for effect in recheck(edit.address) where !effects.contains(effect) { effects.append(effect) }
      } catch {
        failed.append("\(error)")
      }
    }
    editing.journal[side] = applied.isEmpty ? nil : applied
    rebuildRows()
    message =
      failed.isEmpty
      ? StatusMessage(
        "Read the \(side.rawValue) bundle again and applied \(applied.count) edit\(applied.count == 1 ? "" : "s"); w saves"
      )
      : StatusMessage(
        "Read again; \(failed.count) edit\(failed.count == 1 ? "" : "s") no longer applied: \(failed[0])", isError: true
      )
    effects.insert(applied.isEmpty ? .removeJournal(side) : .writeJournal(side, applied), at: 0)
    return effects + startChecks()
  }

  mutating func finishRepack(output: String, findings found: [Finding], error: String?) -> [Effect] {
    saves.repacking = false
    if let error {
      saves.repackedRevisions = nil
      saves.cancelQuit()
      message = StatusMessage("Could not repack: \(error)", isError: true)
      return []
    }
    // Counted as `glossa lint` counts: the review always shows `missing-comment`, lint reports
    // opt-in kinds only when the config enables them, so they are left out here likewise.
    let counted = found.filter { !$0.kind.isOptIn || checkOptions.enabled.contains($0.kind) }
    let leftOut = found.count - counted.count
    var bySeverity: [Severity: Int] = [:]
    var byKind: [FindingKind: Int] = [:]
    for finding in counted {
      bySeverity[finding.severity, default: 0] += 1
      byKind[finding.kind, default: 0] += 1
    }
    var report = [
      "Wrote \(output)",
      "Checked the zip as glossa lint does: \(counted.count) finding\(counted.count == 1 ? "" : "s") "
        + "(\(bySeverity[.error] ?? 0) errors, \(bySeverity[.warning] ?? 0) warnings, \(bySeverity[.info] ?? 0) info)",
      "Same counts: glossa lint \(output)" + (configPath.map { " --config \($0)" } ?? ""),
    ]
    if leftOut > 0 {
      report.append("  (\(leftOut) opt-in finding\(leftOut == 1 ? "" : "s") such as missing-comment not counted)")
    }
    for (kind, count) in byKind.sorted(by: {
      $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue
    }) {
      report.append("  \(kind.rawValue): \(count)")
    }
    saves.repackReport = report
    message = StatusMessage("Repacked to \(output)")
    var effects: [Effect] = []
    if let written = saves.repackedRevisions, bundle(written.side).isDownload {
      // A download cannot be saved in place: the zip is where its edits are saved. The journal
      // file goes; the journal itself stays whole, so an edit after this one writes every edit
      // of the session again.
      saves.downloadWritten[written.side] = written.revisions
      if !dirtySides.contains(written.side) {
        effects.append(.removeJournal(written.side))
        message = StatusMessage("Wrote the \(written.side.rawValue) download's edits to \(output)")
      }
    }
    saves.repackedRevisions = nil
    if saves.quitAfterRepack {
      // Quitting waited for this zip: the download's edits are in it, so its journal goes.
      saves.quitAfterRepack = false
      if saves.quitAfterSaving?.isEmpty ?? true {
        let downloads = Side.allCases.filter { bundle($0).isDownload && !(editing.journal[$0] ?? []).isEmpty }
        return effects + downloads.map { .removeJournal($0) } + [.quit]
      }
    }
    return effects
  }

  mutating func restoreJournals() -> [Effect] {
    var restored = 0
    var failed: [String] = []
    var effects: [Effect] = []
    for side in Side.allCases {
      guard let saved = saves.pendingRestore[side] else { continue }
      for edit in saved.edits {
        do {
          try applyToBundle(edit, side: side)
          editing.history.record(SidedEdit(replaying: edit, side: side))
          editing.noteChange(edit, side: side)
          for effect in recheck(edit.address) where !effects.contains(effect) { effects.append(effect) }
          restored += 1
        } catch {
          failed.append("\(error)")
        }
      }
      effects.append(.writeJournal(side, editing.journal[side] ?? []))
    }
    saves.pendingRestore = [:]
    rebuildRows()
    let download = dirtySides.contains { bundle($0).isDownload }
    if failed.isEmpty {
      message = StatusMessage(
        "Restored \(restored) edit\(restored == 1 ? "" : "s"); "
          + (download ? "w saves the local ones and writes the download's as a zip" : "w saves them"))
    } else {
      message = StatusMessage(
        "Restored \(restored), \(failed.count) could not be applied: \(failed[0])", isError: true)
    }
    return effects
  }

  mutating func discardJournals() -> [Effect] {
    let sides = Side.allCases.filter { saves.pendingRestore[$0] != nil }
    saves.pendingRestore = [:]
    message = StatusMessage("Discarded the unsaved edits of the earlier session")
    return sides.map { .removeJournal($0) }
  }
}
