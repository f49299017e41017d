import ArgumentParser
import Foundation
import GlossaCore

struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Show what changed between two bundles: keys, values, plural categories, formats.",
    discussion: "Exit status: 0 when the bundles hold the same strings, 1 when they differ, 2 on errors."
  )

  @Argument(help: "The old bundle (directory, .zip or table file).")
  var old: String

  @Argument(help: "The new bundle.")
  var new: String

  @Option(help: "text or json.")
  var format: OutputFormat = .text

  @Option(name: .customLong("lang"), help: "Language of a lone table file outside any .lproj folder.")
  var language: String?

  @OptionGroup var options: BundleOptions

  func run() throws {
    let a = try LocalizationBundle.load(old, options: options.loadOptions(language: language))
    let b = try LocalizationBundle.load(new, options: options.loadOptions(language: language))
    let diff = BundleDiff(from: a, to: b)
    switch format {
    case .text: CLI.out(DiffText.render(diff, colour: FindingText.wantsColour()))
    case .json: JSONWriter.write(to: .standardOutput) { DiffText.json(diff, to: &$0) }
    }
    if !diff.isEmpty { throw ExitCode(1) }
  }
}

/// Renders a `BundleDiff`.
enum DiffText {
  static func render(_ diff: BundleDiff, colour: Bool) -> String {
    var out = ""
    var group: (String, String)?
    for change in diff.changes {
      if group == nil || group! != (change.language, change.table) {
        group = (change.language, change.table)
        out +=
          (out.isEmpty ? "" : "\n") + paint("\(change.language) · \(change.table) (\(change.file))", "1", colour) + "\n"
      }
      let name =
        change.key + (change.device.map { " {\($0)}" } ?? "") + (change.category.map { " [\($0.rawValue)]" } ?? "")
      let flag = change.formatChanged ? "  ⚠ format changed" : ""
      switch change.kind {
      case .added, .pluralAdded, .deviceAdded:
        out += paint("  + \(name) = \(quote(change.new))", "32", colour) + "\n"
      case .removed, .pluralRemoved, .deviceRemoved:
        out += paint("  - \(name) = \(quote(change.old))", "31", colour) + "\n"
      case .changed:
        out +=
          UntrustedText.escaped("  ~ \(name): \(quote(change.old)) → \(quote(change.new))")
          + paint(flag, "33", colour) + "\n"
      }
    }
    let counts = diff.counts
    let parts = BundleDiff.Change.Kind.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }
    let formats = diff.changes.filter(\.formatChanged).count
    if !out.isEmpty { out += "\n" }
    out += diff.isEmpty ? "No differences.\n" : parts.joined(separator: ", ") + ", \(formats) format changed\n"
    return out
  }

  static func json(_ diff: BundleDiff, to out: inout JSONWriter) {
    out.beginObject()
    out.field("old", diff.old)
    out.field("new", diff.new)
    out.beginArray("changes")
    for change in diff.changes {
      out.beginObject()
      out.field("change", change.kind.rawValue)
      out.field("language", change.language)
      out.field("table", change.table)
      out.field("key", change.key)
      out.field("category", change.category?.rawValue)
      out.field("device", change.device)
      out.field("old", change.old)
      out.field("new", change.new)
      out.field("formatChanged", change.formatChanged)
      out.field("file", change.file)
      out.endObject()
    }
    out.endArray()
    out.beginObject("summary")
    let counts = diff.counts
    for kind in BundleDiff.Change.Kind.allCases { out.field(kind.rawValue, counts[kind] ?? 0) }
    out.field("format-changed", diff.changes.filter(\.formatChanged).count)
    out.endObject()
    out.endObject()
  }

  private static func quote(_ value: String?) -> String {
    guard let value else { return "" }
    return "\""
      + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n") + "\""
  }

  /// `text` (from the bundles: control characters escaped) in colour `code` when wanted.
  private static func paint(_ text: String, _ code: String, _ colour: Bool) -> String {
    let text = UntrustedText.escaped(text)
    return colour && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
