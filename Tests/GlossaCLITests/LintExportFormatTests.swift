import Foundation
import Testing

/// `glossa lint --format csv|markdown`: the review's export (`X`) from the command line, one
/// row per finding with the JSON report's facts, and for length findings the value, its width
/// and the limit it went over.
@Suite("lint --format csv and markdown")
struct LintExportFormatTests {
  static let sample = LintCLI.packageRoot.appendingPathComponent("SampleBundles/local").path
  static let header =
    "\"kind\",\"severity\",\"side\",\"language\",\"table\",\"key\",\"category\",\"file\",\"line\",\"column\",\"message\",\"value\",\"width\",\"limit\""

  /// RFC 4180 fields of one CSV text (quoted fields may hold commas, quotes and line breaks).
  static func records(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var fields: [String] = []
    var field = ""
    var quoted = false
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
      if quoted {
        if character == "\"" {
          if characters.first == "\"" {
            field.append("\"")
            characters.removeFirst()
          } else {
            quoted = false
          }
        } else {
          field.append(character)
        }
      } else if character == "\"" {
        quoted = true
      } else if character == "," {
        fields.append(field)
        field = ""
      } else if character == "\r\n" || character == "\n" {
        fields.append(field)
        records.append(fields)
        fields = []
        field = ""
      } else {
        field.append(character)
      }
    }
    return records
  }

  @Test func csvHasOneRowPerFindingOfTheJSONReport() throws {
    try #require(LintCLI.built, "run swift build first")
    let csv = try LintCLI.glossa(["lint", Self.sample, "--format", "csv"])
    #expect(csv.status == 1, "\(csv.stderr)")
    #expect(csv.stdout.hasPrefix(Self.header + "\r\n"))
    let rows = Self.records(csv.stdout).dropFirst()
    let json = try LintCLI.glossa(["lint", Self.sample, "--format", "json"])
    let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let issues = try #require(report["issues"] as? [[String: Any]])
    #expect(rows.count == issues.count)
    #expect(Set(rows.map { $0[0] }) == Set(issues.compactMap { $0["kind"] as? String }))
    #expect(rows.allSatisfy { $0.count == 14 })
  }

  @Test func lengthRowsCarryValueWidthAndLimit() throws {
    try #require(LintCLI.built, "run swift build first")
    let csv = try LintCLI.glossa(["lint", Self.sample, "--format", "csv", "--kind", "overlong"])
    let rows = Self.records(csv.stdout).dropFirst()
    #expect(!rows.isEmpty)
    for row in rows {
      let width = try #require(Int(row[12]), "no width in \(row)")
      let limit = try #require(Int(row[13]), "no limit in \(row)")
      #expect(width > limit, "\(row)")
      #expect(!row[11].isEmpty)
      #expect(row[10].contains("\(width) columns wide"))
    }
  }

  @Test func markdownIsATableWithTheSameRows() throws {
    try #require(LintCLI.built, "run swift build first")
    let markdown = try LintCLI.glossa(["lint", Self.sample, "--format", "markdown", "--kind", "overlong"])
    let lines = markdown.stdout.split(separator: "\n")
    #expect(
      lines.first
        == "| kind | severity | side | language | table | key | category | file | line | column | message | value | width | limit |"
    )
    #expect(lines.dropFirst().first?.hasPrefix("| --- |") == true)
    let csv = try LintCLI.glossa(["lint", Self.sample, "--format", "csv", "--kind", "overlong"])
    #expect(lines.count - 2 == Self.records(csv.stdout).count - 1)
    #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("| overlong | ") })
  }

  @Test func aFormulaOrAnEscapeInAValueCannotActWhereTheFileIsOpened() throws {
    try #require(LintCLI.built, "run swift build first")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-export-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (language, value) in [("en", "Open"), ("de", "=HYPERLINK(\\\"http://x\\\") \\u001B[31m")] {
      let lproj = folder.appendingPathComponent("\(language).lproj")
      try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
      try Data("\"open\" = \"\(value)\";\n".utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
    }
    let csv = try LintCLI.glossa(["lint", folder.path, "--format", "csv", "--kind", "overlong"])
    #expect(!csv.stdout.contains("\u{1B}"))
    let rows = Self.records(csv.stdout).dropFirst()
    let value = try #require(rows.first?[11])
    #expect(value == "'=HYPERLINK(\"http://x\") \\u{1B}[31m")
  }
}
