extension Action {
  /// The action table as a Markdown table per group, as `docs/tui.md` shows it.
  public static func markdownKeyTable(keymap: Keymap = Keymap()) -> String {
    let groups: [(String, Set<Scope>)] = [
      ("Browsing (key list and detail pane)", Scope.browsing),
      ("Editing a value", [.editing]),
      ("Findings view", [.findings, .findingsFilter]),
      ("Search, questions and prompts", [.search, .textPrompt, .choicePrompt]),
      ("Help overlay and pickers", [.help, .picker]),
    ]
    var shown = Set<Action>()
    var out = ""
    for (title, scopes) in groups {
      out += "### \(title)\n\n| Keys | Action | Footer |\n|---|---|---|\n"
      for info in table where !info.scopes.isDisjoint(with: scopes) && !shown.contains(info.action) {
        shown.insert(info.action)
        let keys = (keymap.keys[info.action] ?? []).map { "`\($0.label == "|" ? "\\|" : $0.label)`" }
          .joined(separator: " ")
        out += "| \(keys) | \(info.help) | \(info.label ?? "") |\n"
      }
      out += "\n"
    }
    return out
  }
}
