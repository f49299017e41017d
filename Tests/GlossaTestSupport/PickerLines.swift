/// What a screen's lines show of the review's language picker (for tmux captures and in-process
/// frames alike).
public enum PickerLines {
  /// The items of the open language picker in `lines` and which one is selected.
  public static func items(_ lines: [String]) -> (items: [String], selected: Int?) {
    guard let top = lines.firstIndex(where: { $0.contains("┌─ Language ") }) else { return ([], nil) }
    var items: [String] = []
    var selected: Int?
    for line in lines[(top + 1)...] {
      if line.contains("└") { break }
      // An item may be followed by its finding counts (`ar   ✖3 ▲1`).
      guard let match = line.firstMatch(of: /│([▸ ]) (\S+)/) else { continue }
      if match.1 == "▸" { selected = items.count }
      items.append(String(match.2))
    }
    return (items, selected)
  }
}
