import Foundation
import GlossaTestSupport
import Testing

/// Python's `json.dumps(obj, indent=2, separators=(',', ' : '), ensure_ascii=False)` as an
/// independent oracle for how Xcode writes String Catalogs.
///
/// The oracle loads the original catalog (keeping member order), applies the same edit as
/// operations `[member names…, JSON value]`, and prints the result. A member it adds goes after
/// the last sibling whose case-folded name sorts before it (right for the plain ASCII names the
/// tests add). Two Xcode habits Python lacks are applied afterwards: an empty object is written
/// `{`, a blank line, `}`, and there is no trailing newline.
enum PythonJSONOracle {
  static let python: String? = {
    for candidate in ["/usr/bin/python3", "/usr/local/bin/python3", "/bin/python3"]
    where FileManager.default.isExecutableFile(atPath: candidate) {
      return candidate
    }
    return nil
  }()

  static let script = #"""
    import json, re, sys
    original = open(sys.argv[1], encoding='utf-8').read()
    obj = json.loads(original)
    for op in json.loads(sys.argv[2]):
        *names, value = op
        node = obj
        for name in names[:-1]:
            if name not in node:
                node[name] = {}
                # re-insert at the sorted position among the existing siblings
            node = node[name]
        if value == "\u0000delete":
            del node[names[-1]]
        else:
            node[names[-1]] = value
    def place(parent, name):
        items = list(parent.items())
        keys = [k for k, _ in items if k != name]
        value = parent[name]
        index = 0
        for i, k in enumerate(keys):
            if k.casefold() < name.casefold():
                index = i + 1
        rest = [(k, v) for k, v in items if k != name]
        rest.insert(index, (name, value))
        parent.clear()
        parent.update(rest)
    def reorder(node, original):
        if not isinstance(node, dict):
            return
        for name in list(node.keys()):
            if not isinstance(original, dict) or name not in original:
                place(node, name)
        for name, value in node.items():
            reorder(value, original.get(name) if isinstance(original, dict) else None)
    reorder(obj, json.loads(original))
    text = json.dumps(obj, indent=2, separators=(',', ' : '), ensure_ascii=False)
    text = re.sub(r'^( *)(.*)\{\}(,?)$', lambda m: m.group(1) + m.group(2) + '{\n\n' + m.group(1) + '}' + m.group(3), text, flags=re.M)
    sys.stdout.write(text)
    """#

  /// An operation value that deletes the member instead of setting it.
  static let delete = "\u{0}delete"

  /// The oracle's rendering of `original` after `operations`, or nil when python3 is absent.
  static func render(original: Data, operations: [[Any]]) throws -> Data? {
    guard let python else { return nil }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glossa-oracle-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.xcstrings")
    try original.write(to: input)
    let ops = String(decoding: try JSONSerialization.data(withJSONObject: operations), as: UTF8.self)
    let run = try TestProcess.run(python, ["-c", script, input.path, ops])
    guard run.succeeded else { throw OracleError(status: run.status) }
    return run.stdout
  }

  struct OracleError: Error { var status: Int32 }
}
