import Foundation
import Testing

@testable import GlossaCore

@Suite("JSONCursor: the pull reader under the tree and the catalog reader", .timeLimit(.minutes(10)))
struct JSONCursorTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test("members and items come one at a time with their byte ranges; nothing is decoded unless asked")
  func walk() {
    let text = #"{"a" : [1, "x\n", true], "b\u00e9" : {"c" : null}}"#
    var cursor = JSONCursor(bytes: bytes(text), start: 0)
    #expect(cursor.valueKind() == .object)
    var root = cursor.open()
    let a = cursor.nextMember(&root)
    #expect(a?.text == "a" && a?.start == 1 && a?.end == 4)
    #expect(cursor.valueKind() == .array)
    var items = cursor.open()
    var kinds: [JSONNode.Kind] = []
    while cursor.nextItem(&items) {
      guard let item = cursor.skipValue() else { break }
      kinds.append(item.kind)
    }
    #expect(kinds == [.number, .string, .literal])
    #expect(items.end == Array(text.utf8).firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 })
    let b = cursor.nextMember(&root)
    #expect(b?.text == "bé")
    let skipped = cursor.skipValue()
    #expect(skipped?.kind == .object)
    #expect(cursor.nextMember(&root) == nil)
    #expect(root.end == text.utf8.count)
    cursor.expectEnd()
    #expect(cursor.errors.isEmpty)
  }

  @Test("a missing comma is reported and assumed; other errors stop every later step")
  func recovery() {
    var cursor = JSONCursor(bytes: bytes(#"{"a" : 1 "b" : 2, "c" : }"#), start: 0)
    _ = cursor.valueKind()
    var root = cursor.open()
    var keys: [String] = []
    while let key = cursor.nextMember(&root) {
      keys.append(key.text)
      guard cursor.skipValue() != nil else { break }
    }
    #expect(keys == ["a", "b", "c"])
    #expect(
      cursor.errors.map(\.message) == [
        "expected ',' or '}', found '\"'",
        "expected a value (string, number, object, array, true, false or null), found '}'",
      ])
    #expect(cursor.stopped)
    #expect(cursor.nextMember(&root) == nil)
    #expect(root.end == nil)
  }

  @Test("nesting deeper than the limit is refused at the bracket that passes it")
  func depth() {
    let deep =
      String(repeating: "[", count: JSONCursor.maxDepth + 1) + String(repeating: "]", count: JSONCursor.maxDepth + 1)
    let (_, errors) = JSONReader.parse(bytes(deep), start: 0)
    #expect(errors.count == 1)
    #expect(errors.first?.offset == JSONCursor.maxDepth)
    #expect(errors.first?.message == "nesting deeper than \(JSONCursor.maxDepth) levels is not supported")
    let fits = String(repeating: "[", count: JSONCursor.maxDepth) + String(repeating: "]", count: JSONCursor.maxDepth)
    #expect(JSONReader.parse(bytes(fits), start: 0).errors.isEmpty)
  }

  @Test("a shallow object has every member's range but no nested members or text")
  func shallow() {
    let text = #"{"x" : {"y" : "z"}, "w" : "long text"}"#
    let full = JSONReader.parse(bytes(text), start: 0).root
    let shallow = JSONReader.shallowObject(bytes(text), at: 0)
    #expect(shallow?.members.map(\.key) == ["x", "w"])
    #expect(shallow?.members.map(\.value.start) == full?.members.map(\.value.start))
    #expect(shallow?.members.map(\.value.end) == full?.members.map(\.value.end))
    #expect(shallow?.members.allSatisfy { $0.value.members.isEmpty && $0.value.text.isEmpty } == true)
    #expect(JSONReader.shallowObject(bytes(text), at: 0, members: 1)?.members.map(\.key) == ["x"])
    #expect(JSONReader.shallowObject(bytes(#"["a"]"#), at: 0) == nil)
  }
}
