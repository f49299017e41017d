import Foundation
import GlossaCore

extension AppState {
  mutating func performChoice(_ action: Action) -> [Effect] {
    guard case .choice(let prompt) = mode else { return [] }
    if action == .promptCancel {
      mode = .browse
      if case .restoreJournal = prompt.purpose { return discardJournals() }
      return []
    }
    guard prompt.answers.contains(action) else { return [] }
    mode = .browse
    switch prompt.purpose {
    case .quitUnsaved:
      if action == .answerSave {
        let effects = save()
        let sides = effects.compactMap { effect -> Side? in
          if case .save(let side) = effect { return side }
          return nil
        }
        quitAfterSaving = sides.isEmpty ? nil : Set(sides)
        return effects
      }
      let sides = Side.allCases.filter { !(journal[$0] ?? []).isEmpty }
      return sides.map { .removeJournal($0) } + [.quit]
    case .restoreJournal:
      return action == .answerYes ? restoreJournals() : discardJournals()
    case .bumpVersion(let side, let output, _, let to):
      return [.repack(side, output: output, version: action == .answerYes ? to : nil)]
    }
  }

  mutating func performTextPrompt(_ action: Action) -> [Effect] {
    guard case .textPrompt(var prompt) = mode else { return [] }
    switch action {
    case .promptCancel:
      mode = .browse
      message = StatusMessage("Repack cancelled")
    case .promptAccept:
      mode = .browse
      switch prompt.purpose {
      case .repackPath(let side):
        let output = prompt.editor.text.trimmingCharacters(in: .whitespaces)
        guard !output.isEmpty else {
          message = StatusMessage("No output path given; repack cancelled", isError: true)
          return []
        }
        guard output.lowercased().hasSuffix(".zip") else {
          message = StatusMessage("The output must be a .zip file", isError: true)
          return []
        }
        if let version = bundle(side).infoPlist?.values["CFBundleVersion"],
          let bumped = AppState.bumped(version)
        {
          mode = .choice(
            ChoicePrompt(
              purpose: .bumpVersion(side: side, output: output, from: version, to: bumped),
              question: "Raise CFBundleVersion from \(version) to \(bumped)?",
              answers: [.answerYes, .answerNo]))
          return []
        }
        return [.repack(side, output: output, version: nil)]
      }
    default:
      prompt.editor.apply(action)
      mode = .textPrompt(prompt)
    }
    return []
  }

  /// Asks where to write the zip: of the remote bundle when a remote field has the focus in the
  /// detail pane, else of the local one.
  mutating func beginRepack() {
    var side = Side.local
    if detailFocused, detailFields.indices.contains(detailField), detailFields[detailField].side == .remote {
      side = .remote
    }
    let bundle = bundle(side)
    let suggestion: String
    if AppState.isDownload(bundle) {
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
        purpose: .repackPath(side), question: "Write the \(side.rawValue) bundle as a zip to:",
        editor: LineEditor(suggestion)))
  }

  /// True for a bundle opened from a URL: its files are a cached download, not the user's.
  static func isDownload(_ bundle: LocalizationBundle) -> Bool {
    let name = bundle.name.lowercased()
    return name.hasPrefix("http://") || name.hasPrefix("https://")
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
    // A downloaded bundle lives in the cache: its edits go out with a repack, not a save.
    let sides = dirty.filter { !AppState.isDownload(bundle($0)) }
    guard !sides.isEmpty else {
      message = StatusMessage(
        "The remote bundle is a download; R in the detail pane on a remote value writes it as a zip",
        isError: true)
      return []
    }
    message = StatusMessage("Saving…")
    return sides.map { .save($0) }
  }

  mutating func finishSave(_ side: Side, error: String?) -> [Effect] {
    if let error {
      quitAfterSaving = nil
      message = StatusMessage("Could not save: \(error)", isError: true)
      return []
    }
    journal[side] = nil
    baseline = baseline.filter { $0.key.side != side }
    switch side {
    case .local: for index in local.tables.indices { local.tables[index].isModified = false }
    case .remote:
      if var bundle = remote {
        for index in bundle.tables.indices { bundle.tables[index].isModified = false }
        remote = bundle
      }
    }
    message = StatusMessage("Saved the \(side.rawValue) bundle")
    rebuildRows()
    var effects: [Effect] = [.removeJournal(side)]
    if var pending = quitAfterSaving {
      pending.remove(side)
      quitAfterSaving = pending
      if pending.isEmpty { effects.append(.quit) }
    }
    return effects
  }

  mutating func finishRepack(output: String, findings found: [Finding], error: String?) -> [Effect] {
    if let error {
      message = StatusMessage("Could not repack: \(error)", isError: true)
      return []
    }
    var bySeverity: [Severity: Int] = [:]
    var byKind: [FindingKind: Int] = [:]
    for finding in found {
      bySeverity[finding.severity, default: 0] += 1
      byKind[finding.kind, default: 0] += 1
    }
    var report = [
      "Wrote \(output)",
      "Checked the zip: \(found.count) finding\(found.count == 1 ? "" : "s") "
        + "(\(bySeverity[.error] ?? 0) errors, \(bySeverity[.warning] ?? 0) warnings, \(bySeverity[.info] ?? 0) info)",
    ]
    for (kind, count) in byKind.sorted(by: {
      $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue
    }) {
      report.append("  \(kind.rawValue): \(count)")
    }
    repackReport = report
    message = StatusMessage("Repacked to \(output)")
    return []
  }

  mutating func restoreJournals() -> [Effect] {
    var restored = 0
    var failed: [String] = []
    var effects: [Effect] = []
    for side in Side.allCases {
      guard let saved = pendingRestore[side] else { continue }
      for edit in saved.edits {
        do {
          try applyToBundle(edit, side: side)
          history.record(SidedEdit(side: side, edit: edit))
          let sided = SidedAddress(side: side, address: edit.address)
          if !baseline.keys.contains(sided) { baseline.updateValue(edit.oldValue, forKey: sided) }
          journal[side, default: []].append(edit)
          for effect in recheck(edit.address) where !effects.contains(effect) { effects.append(effect) }
          restored += 1
        } catch {
          failed.append("\(error)")
        }
      }
      effects.append(.writeJournal(side, journal[side] ?? []))
    }
    pendingRestore = [:]
    rebuildRows()
    if failed.isEmpty {
      message = StatusMessage("Restored \(restored) edit\(restored == 1 ? "" : "s"); w saves them")
    } else {
      message = StatusMessage(
        "Restored \(restored), \(failed.count) could not be applied: \(failed[0])", isError: true)
    }
    return effects
  }

  mutating func discardJournals() -> [Effect] {
    let sides = Side.allCases.filter { pendingRestore[$0] != nil }
    pendingRestore = [:]
    message = StatusMessage("Discarded the unsaved edits of the earlier session")
    return sides.map { .removeJournal($0) }
  }
}
