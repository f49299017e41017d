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
    case .json: CLI.out(DiffText.json(diff))
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

  static func json(_ diff: BundleDiff) -> String {
    let counts = diff.counts
    return JSONValue.object([
      ("old", .string(diff.old)),
      ("new", .string(diff.new)),
      (
        "changes",
        .array(
          diff.changes.map { change in
            .object([
              ("change", .string(change.kind.rawValue)),
              ("language", .string(change.language)),
              ("table", .string(change.table)),
              ("key", .string(change.key)),
              ("category", .optional(change.category?.rawValue)),
              ("device", .optional(change.device)),
              ("old", .optional(change.old)),
              ("new", .optional(change.new)),
              ("formatChanged", .bool(change.formatChanged)),
              ("file", .string(change.file)),
            ])
          })
      ),
      (
        "summary",
        .object(
          BundleDiff.Change.Kind.allCases.map { ($0.rawValue, JSONValue.int(counts[$0] ?? 0)) }
            + [("format-changed", .int(diff.changes.filter(\.formatChanged).count))])
      ),
    ]).rendered()
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
