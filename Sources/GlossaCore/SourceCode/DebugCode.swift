/// Which tokens of a file are code a release build of the app never runs: a `#Preview { … }`
/// macro, a type or extension conforming to `PreviewProvider`, and the branches of conditional
/// compilation that only a debug build compiles.
///
/// A branch is debug code when its condition is `DEBUG`, or a conjunction holding `DEBUG`
/// (`DEBUG && targetEnvironment(simulator)`); the `#else` (and later `#elseif`) branches of a
/// `!DEBUG` condition are too. Objective-C: `#ifdef DEBUG`, `#if DEBUG`, `#if defined(DEBUG)`,
/// and the `#else` of `#ifndef DEBUG`. Any other condition (`os(iOS)`, `DEBUG || BETA`) is
/// ordinary code. Not a preprocessor: directives are read from the tokens on their line.
struct DebugCode: Sendable {
  /// One flag per token: true inside debug code.
  private let flags: [Bool]

  /// True when the token at `index` is in debug code.
  func contains(_ index: Int) -> Bool { index >= 0 && index < flags.count && flags[index] }

  /// The debug code of Swift `tokens`: previews, preview providers, `#if DEBUG`.
  static func swift(_ tokens: [SourceToken]) -> DebugCode {
    var flags = conditionalFlags(tokens, objectiveC: false)
    let matching = tokens.matchingBraces()
    for index in tokens.indices {
      let region: ClosedRange<Int>?
      if tokens[index].isPunctuation("#"), index + 1 < tokens.count, tokens[index + 1].name == "Preview" {
        region = previewMacro(tokens, at: index, matching: matching)
      } else if let name = tokens[index].name, ["struct", "class", "enum", "extension", "actor"].contains(name) {
        region = previewProvider(tokens, at: index, matching: matching)
      } else {
        region = nil
      }
      if let region { for position in region { flags[position] = true } }
    }
    return DebugCode(flags: flags)
  }

  /// The debug code of Objective-C `tokens`: `#ifdef DEBUG` and its kin.
  static func objc(_ tokens: [SourceToken]) -> DebugCode {
    DebugCode(flags: conditionalFlags(tokens, objectiveC: true))
  }

  /// What a condition says about a debug build.
  private enum Condition {
    /// Only a debug build takes the branch.
    case debug
    /// Only a release build takes it (`!DEBUG`, `#ifndef DEBUG`): the other branches are debug.
    case release
    case other

    /// `DEBUG`, `!DEBUG`, or a conjunction holding `DEBUG`, from the condition's tokens.
    init(_ tokens: ArraySlice<SourceToken>) {
      // `defined(DEBUG)` and `defined DEBUG` are `DEBUG`.
      let parts = tokens.filter { !($0.name == "defined" || $0.isPunctuation("(") || $0.isPunctuation(")")) }
      if parts.count == 1, parts.first?.name == "DEBUG" {
        self = .debug
      } else if parts.count == 2, parts.first?.isPunctuation("!") == true, parts.last?.name == "DEBUG" {
        self = .release
      } else if !parts.contains(where: { $0.isPunctuation("|") || $0.isPunctuation("!") }),
        parts.contains(where: { $0.isPunctuation("&") }), parts.contains(where: { $0.name == "DEBUG" })
      {
        self = .debug
      } else {
        self = .other
      }
    }
  }

  /// One open `#if`: whether its current branch is debug code, and whether the branches still
  /// to come are (after a `!DEBUG` condition).
  private struct Frame {
    var branchIsDebug: Bool
    var restIsDebug: Bool
  }

  /// Flags for the tokens inside debug-only conditional branches.
  private static func conditionalFlags(_ tokens: [SourceToken], objectiveC: Bool) -> [Bool] {
    var flags = [Bool](repeating: false, count: tokens.count)
    var frames: [Frame] = []
    var debugFrames = 0
    var index = 0
    while index < tokens.count {
      guard tokens[index].isPunctuation("#"), index + 1 < tokens.count,
        let directive = tokens[index + 1].name, tokens[index + 1].line == tokens[index].line
      else {
        if debugFrames > 0 { flags[index] = true }
        index += 1
        continue
      }
      var end = index + 2
      while end < tokens.count, tokens[end].line == tokens[index].line { end += 1 }
      let condition = Condition(tokens[(index + 2)..<end])
      switch directive {
      case "if",
        "ifdef" where objectiveC, "ifndef" where objectiveC:
        let read: Condition = directive == "ifndef" ? (condition == .debug ? .release : .other) : condition
        frames.append(Frame(branchIsDebug: read == .debug, restIsDebug: read == .release))
      case "elseif",
        "elif" where objectiveC:
        guard var frame = frames.popLast() else { break }
        frame.branchIsDebug = frame.restIsDebug || condition == .debug
        frame.restIsDebug = frame.restIsDebug || condition == .release
        frames.append(frame)
      case "else":
        guard var frame = frames.popLast() else { break }
        frame.branchIsDebug = frame.restIsDebug
        frames.append(frame)
      case "endif":
        _ = frames.popLast()
      default:
        // `#Preview`, `#available`, `#import`, `#pragma`: not conditional compilation.
        if debugFrames > 0 { flags[index] = true }
        index += 1
        continue
      }
      debugFrames = frames.filter(\.branchIsDebug).count
      index = end
    }
    return flags
  }

  /// `#Preview("Name", traits: …) { … }` at `index` (the `#`): up to the closing brace.
  private static func previewMacro(_ tokens: [SourceToken], at index: Int, matching: [Int]) -> ClosedRange<Int>? {
    var position = index + 2
    var depth = 0
    while position < tokens.count {
      let token = tokens[position]
      if token.isPunctuation("(") { depth += 1 }
      if token.isPunctuation(")") { depth -= 1 }
      if depth == 0, token.isPunctuation("{") { break }
      if depth < 0 || token.isPunctuation("}") { return nil }
      position += 1
    }
    guard position < tokens.count, matching[position] > position else { return nil }
    return index...matching[position]
  }

  /// `struct Name: …, PreviewProvider { … }` (or `extension`, `class`, `enum`, `actor`) at
  /// `index`: the whole declaration when `PreviewProvider` is among its conformances.
  private static func previewProvider(_ tokens: [SourceToken], at index: Int, matching: [Int])
    -> ClosedRange<Int>?
  {
    var position = index + 1
    var conforms = false
    while position < tokens.count, position - index < 64 {
      let token = tokens[position]
      if token.isPunctuation("{") { break }
      if token.isPunctuation("}") || token.isPunctuation(";") || token.isPunctuation("=") { return nil }
      if token.name == "PreviewProvider" { conforms = true }
      position += 1
    }
    guard conforms, position < tokens.count, tokens[position].isPunctuation("{"), matching[position] > position
    else { return nil }
    return index...matching[position]
  }
}
