import Foundation
import GlossaCore

/// Renders findings as `{"issues": [...], "summary": {...}}` with the finding field names,
/// pretty-printed like `JSONValue.rendered()`, written straight into bytes and flushed in chunks
/// (a run with a million findings never holds a tree of values or one huge `String`).
enum FindingJSON {
  /// Writes the report made of `parts`, in order, to `handle` a megabyte at a time; returns the
  /// most severe finding's severity.
  @discardableResult
  static func write(_ parts: [Part], to handle: FileHandle) -> Severity? {
    var out = ByteSink(flushAt: 1 << 20) { handle.write(Data($0)) }
    let worst = write(parts, to: &out)
    out.flush()
    return worst
  }

  private static func write(_ parts: [Part], to out: inout ByteSink) -> Severity? {
    var report = Report()
    for part in parts { report.add(part, to: &out) }
    report.finish(to: &out)
    return report.worst
  }

  /// Some findings rendered ahead of writing (on the worker that found them), with their counts.
  struct Part: Sendable {
    /// The issues, one after another with `,\n` between them.
    var issues: [UInt8] = []
    var count = 0
    var bySeverity: [Severity: Int] = [:]
    var byKind: [FindingKind: Int] = [:]
  }

  /// The issues and counts of `findings`.
  static func part(_ findings: [Finding]) -> Part {
    var out = ByteSink(flushAt: .max) { _ in }
    var part = Part()
    for (index, finding) in findings.enumerated() {
      if index > 0 { out.append(",\n") }
      issue(finding, to: &out)
      part.bySeverity[finding.severity, default: 0] += 1
      part.byKind[finding.kind, default: 0] += 1
    }
    part.issues = out.buffer
    part.count = findings.count
    return part
  }

  /// The report being written part by part.
  private struct Report {
    private var count = 0
    private var bySeverity: [Severity: Int] = [:]
    private var byKind: [FindingKind: Int] = [:]

    /// The most severe finding so far.
    var worst: Severity? { [Severity.error, .warning, .info].first { (bySeverity[$0] ?? 0) > 0 } }

    mutating func add(_ part: Part, to out: inout ByteSink) {
      guard part.count > 0 else { return }
      out.append(count == 0 ? "{\n  \"issues\": [\n" : ",\n")
      out.append(bytes: part.issues)
      out.flushIfFull()
      count += part.count
      bySeverity.merge(part.bySeverity, uniquingKeysWith: +)
      byKind.merge(part.byKind, uniquingKeysWith: +)
    }

    func finish(to out: inout ByteSink) {
      out.append(count == 0 ? "{\n  \"issues\": []" : "\n  ]")
      out.append(",\n  \"summary\": ")
      FindingJSON.summary(count: count, bySeverity: bySeverity, byKind: byKind, to: &out)
      out.append("\n}\n")
    }
  }

  private static func issue(_ finding: Finding, to out: inout ByteSink) {
    out.append(literal: "    {\n")
    field("kind", finding.kind.rawValue, to: &out)
    field("severity", finding.severity.rawValue, to: &out)
    field("bundle", finding.bundle, to: &out)
    field("language", finding.language, to: &out)
    field("table", finding.table, to: &out)
    field("key", finding.key, to: &out)
    field("category", finding.category?.rawValue, to: &out)
    field("file", finding.file, to: &out)
    out.append(literal: "      \"line\": ")
    if let line = finding.line { out.append(String(line)) } else { out.append(literal: "null") }
    out.append(literal: ",\n")
    out.append(literal: "      \"message\": ")
    out.appendQuoted(finding.message)
    out.append(literal: "\n    }")
  }

  private static func field(_ name: StaticString, _ value: String?, to out: inout ByteSink) {
    out.append(literal: "      \"")
    out.append(literal: name)
    out.append(literal: "\": ")
    if let value { out.appendQuoted(value) } else { out.append(literal: "null") }
    out.append(literal: ",\n")
  }

  /// Totals by severity and by kind (every kind listed, zero included, in report order).
  private static func summary(
    count: Int, bySeverity: [Severity: Int], byKind: [FindingKind: Int], to out: inout ByteSink
  ) {
    out.append("{\n    \"total\": \(count),\n")
    for severity in [Severity.error, .warning, .info] {
      out.append("    \"\(severity.rawValue)\": \(bySeverity[severity] ?? 0),\n")
    }
    out.append("    \"byKind\": {\n")
    for (index, kind) in FindingKind.allCases.enumerated() {
      out.append("      \"\(kind.rawValue)\": \(byKind[kind] ?? 0)")
      out.append(index == FindingKind.allCases.count - 1 ? "\n" : ",\n")
    }
    out.append("    }\n  }")
  }
}

/// UTF-8 bytes collected for output and handed to `flush` once `flushAt` bytes are waiting.
struct ByteSink {
  private(set) var buffer: [UInt8] = []
  let flushAt: Int
  let sink: ([UInt8]) -> Void

  init(flushAt: Int, _ sink: @escaping ([UInt8]) -> Void) {
    self.flushAt = flushAt
    self.sink = sink
  }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { buffer.append(contentsOf: $0) }
  }

  /// A literal's bytes, copied at once (no string is made or counted per finding).
  mutating func append(literal text: StaticString) {
    text.withUTF8Buffer { buffer.append(contentsOf: $0) }
  }

  mutating func append(bytes: [UInt8]) { buffer.append(contentsOf: bytes) }

  /// `text` as a JSON string literal, escaped exactly as `JSONOutput.appendString` escapes it.
  mutating func appendQuoted(_ text: String) {
    buffer.append(UInt8(ascii: "\""))
    // Runs of bytes that need no escape are copied at once (a report is mostly such runs).
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      var start = 0
      for index in bytes.indices where Self.needsEscape(bytes[index]) {
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        appendEscaped(bytes[index])
        start = index + 1
      }
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
    if copied == nil {
      for byte in text.utf8 { appendEscaped(byte) }
    }
    buffer.append(UInt8(ascii: "\""))
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private mutating func appendEscaped(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): buffer.append(contentsOf: [0x5C, 0x22])
    case UInt8(ascii: "\\"): buffer.append(contentsOf: [0x5C, 0x5C])
    case 0x0A: buffer.append(contentsOf: [0x5C, UInt8(ascii: "n")])
    case 0x0D: buffer.append(contentsOf: [0x5C, UInt8(ascii: "r")])
    case 0x09: buffer.append(contentsOf: [0x5C, UInt8(ascii: "t")])
    case 0..<0x20:
      let hex = Array("0123456789abcdef".utf8)
      buffer.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    default: buffer.append(byte)
    }
  }

  mutating func flushIfFull() {
    if buffer.count >= flushAt { flush() }
  }

  mutating func flush() {
    guard !buffer.isEmpty else { return }
    sink(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
