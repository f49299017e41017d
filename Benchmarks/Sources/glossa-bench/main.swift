import Foundation
import GlossaCore

// glossa-bench BUNDLE_DIR [BUNDLE_ZIP] [--runs N] [--corpus DIR]
// glossa-bench tui BUNDLE_DIR_OR_ZIP [--runs N]
// glossa-bench zip TREE ZIP [--runs N] [--glossa BIN] [--before BIN]  (set and pack vs zip -r)
// glossa-bench hostile --glossa BIN  (dump JSON scaling, clipped findings, zip bombs: ratios)
// glossa-bench shapes --glossa BIN [--runs N]  (CR/CRLF/one-line .strings, flat JSON, repeated keys: ratios)
// glossa-bench catalog CATALOG_DIR STRINGS_DIR [--runs N] [--glossa BIN] [--before BIN]  (catalog vs .strings lint, review first screen)
// glossa-bench real [--corpus DIR] [--runs N] [--glossa BIN] [--before BIN]  (lint LOCAL --against REMOTE.zip on real apps)
// glossa-bench edit FILE.strings [--runs N]  (one value edit vs reading the file again)
// glossa-bench memory ZIP… [--runs N] [--glossa BIN] [--before BIN]  (review memory per entry at several sizes)
// BUNDLE_DIR/ZIP come from ../shared/tools/gen_bundle.py (see docs/performance.md).

var arguments = Array(CommandLine.arguments.dropFirst())
// The usage is the comment above; `--help` prints it, and an error ends the run with its message
// (thrown from top-level code it would end the process as a crash).
let usage = """
  usage: glossa-bench BUNDLE_DIR [BUNDLE_ZIP] [--runs N] [--corpus DIR]
         glossa-bench tui BUNDLE_DIR_OR_ZIP [--runs N]
         glossa-bench zip TREE ZIP [--runs N] [--glossa BIN] [--before BIN]
         glossa-bench hostile --glossa BIN
         glossa-bench shapes --glossa BIN [--runs N]
         glossa-bench catalog CATALOG_DIR STRINGS_DIR [--runs N] [--glossa BIN] [--before BIN]
         glossa-bench real [--corpus DIR] [--runs N] [--glossa BIN] [--before BIN]
         glossa-bench edit FILE.strings [--runs N]
         glossa-bench memory ZIP… [--runs N] [--glossa BIN] [--before BIN]
         glossa-bench lint …
  """
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  exit(0)
}
/// Runs `body`; an error it throws is printed with the usage and ends the run with status 2.
func orExit(_ body: () throws -> Void) {
  do {
    try body()
  } catch {
    FileHandle.standardError.write(Data("glossa-bench: \(error)\n\(usage)\n".utf8))
    exit(2)
  }
}
// `glossa-bench lint …`: whole-process lint budget, scaling series and per-check costs (LintBench.swift).
if arguments.first == "lint" {
  orExit { try LintBench.main(Array(arguments.dropFirst())) }
  exit(0)
}
// glossa-bench zip TREE ZIP: budget items 2 and 3, set and pack vs zip -r (ZipBenchmarks.swift).
if arguments.first == "zip" {
  orExit { try ZipBenchmarks.run(Array(arguments.dropFirst())) }
  exit(0)
}
// glossa-bench hostile --glossa BIN: issue 17's bounded costs as ratios (HostileBench.swift).
if arguments.first == "hostile" {
  orExit { try HostileBench.main(Array(arguments.dropFirst())) }
  exit(0)
}
// glossa-bench shapes --glossa BIN: issue 14's hostile shapes at three sizes, as ratios (ShapesBench.swift).
if arguments.first == "shapes" {
  orExit { try ShapesBench.main(Array(arguments.dropFirst())) }
  exit(0)
}
// glossa-bench catalog CATALOG STRINGS: issue 16's String Catalog budget (CatalogBench.swift).
if arguments.first == "catalog" {
  orExit { try CatalogBench.main(Array(arguments.dropFirst())) }
  exit(0)
}
// glossa-bench real: issue 16's budget 4 on real apps' bundles (RealAppBench.swift).
if arguments.first == "real" {
  orExit { try RealAppBench.main(Array(arguments.dropFirst())) }
  exit(0)
}
// glossa-bench edit FILE.strings: one value edit against a full read (RealAppBench.swift).
if arguments.first == "edit" {
  orExit { try EditBench.main(Array(arguments.dropFirst())) }
  exit(0)
}
// glossa-bench memory ZIP…: issue 16's budget 5, review memory per entry (MemoryBench.swift).
if arguments.first == "memory" {
  orExit { try MemoryBench.main(Array(arguments.dropFirst())) }
  exit(0)
}
// glossa-bench tui BUNDLE: the review's frame cost (TUIFrame.swift).
if arguments.first == "tui" {
  orExit { try TUIFrameBenchmark.run(Array(arguments.dropFirst())) }
  exit(0)
}
var runs = 5
var corpus: String? = nil
if let i = arguments.firstIndex(of: "--runs"), i + 1 < arguments.count {
  runs = Int(arguments[i + 1]) ?? 5
  arguments.removeSubrange(i...(i + 1))
}
if let i = arguments.firstIndex(of: "--corpus"), i + 1 < arguments.count {
  corpus = arguments[i + 1]
  arguments.removeSubrange(i...(i + 1))
}
var isDirectory: ObjCBool = false
guard let directory = arguments.first, FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
  isDirectory.boolValue
else {
  FileHandle.standardError.write(
    Data("glossa-bench: expected a bundle directory, found \(arguments.first ?? "nothing")\n\(usage)\n".utf8))
  exit(2)
}
let zipPath = arguments.count > 1 ? arguments[1] : nil
var results: [BenchResult] = []
let fm = FileManager.default

func files(under root: String, suffix: String) -> [URL] {
  var out: [URL] = []
  let e = fm.enumerator(at: URL(fileURLWithPath: root), includingPropertiesForKeys: nil)
  while let u = e?.nextObject() as? URL {
    if u.lastPathComponent.hasSuffix(suffix) { out.append(u) }
  }
  return out.sorted { $0.path < $1.path }
}

// 1. .strings parsing: our lossless parser vs Foundation's PropertyListSerialization, same bytes in memory.
let stringsFiles = files(under: directory, suffix: ".strings").map { try! Data(contentsOf: $0) }
let stringsOurs = Measure.median(runs: runs) {
  var n = 0
  for data in stringsFiles { n += StringsDocument(data: data, file: "x").entries.count }
  precondition(n > 0)
}
let stringsFoundation = Measure.median(runs: max(1, runs / 2)) {
  for data in stringsFiles { _ = try? PropertyListSerialization.propertyList(from: data, format: nil) }
}
results.append(
  BenchResult(
    name: "parse .strings (\(stringsFiles.count) files)", seconds: stringsOurs,
    baselineName: "PropertyListSerialization", baselineSeconds: stringsFoundation, budget: 0.25))

// 2. .stringsdict parsing vs PropertyListSerialization.
let dictFiles = files(under: directory, suffix: ".stringsdict").map { try! Data(contentsOf: $0) }
if !dictFiles.isEmpty {
  let ours = Measure.median(runs: runs) {
    for data in dictFiles { _ = StringsdictDocument(data: data, file: "x").entries.count }
  }
  let theirs = Measure.median(runs: runs) {
    for data in dictFiles { _ = try? PropertyListSerialization.propertyList(from: data, format: nil) }
  }
  results.append(
    BenchResult(
      name: "parse .stringsdict (\(dictFiles.count) files)", seconds: ours,
      baselineName: "PropertyListSerialization", baselineSeconds: theirs, budget: nil))
}

// 3. JSON tables vs JSONSerialization (a generated nested table).
do {
  var json = "{\n"
  for g in 0..<400 {
    json += "  \"group\(g)\" : {\n"
    for k in 0..<50 { json += "    \"key\(k)\" : \"Value \(g).\(k) with some text \\u00e9\"\(k < 49 ? "," : "")\n" }
    json += "  }\(g < 399 ? "," : "")\n"
  }
  json += "}\n"
  let data = Data(json.utf8)
  let ours = Measure.median(runs: runs) { _ = JSONTableDocument(data: data, file: "x").entries.count }
  let theirs = Measure.median(runs: runs) { _ = try? JSONSerialization.jsonObject(with: data) }
  results.append(
    BenchResult(
      name: "parse JSON table (20,000 keys)", seconds: ours,
      baselineName: "JSONSerialization", baselineSeconds: theirs, budget: nil))
}

// 3b. String Catalogs (every .xcstrings in the corpus) and a localized-object table vs JSONSerialization.
if let corpus {
  let catalogs = files(under: corpus, suffix: ".xcstrings").map { try! Data(contentsOf: $0) }
  if !catalogs.isEmpty {
    let ours = Measure.median(runs: runs) {
      var n = 0
      for data in catalogs { n += StringCatalogDocument(data: data, file: "x").units.count }
      precondition(n > 0)
    }
    let theirs = Measure.median(runs: runs) {
      for data in catalogs { _ = try? JSONSerialization.jsonObject(with: data) }
    }
    let bytes = catalogs.reduce(0) { $0 + $1.count }
    results.append(
      BenchResult(
        name: "parse .xcstrings (\(catalogs.count) corpus files, \(bytes / 1024) KB)", seconds: ours,
        baselineName: "JSONSerialization", baselineSeconds: theirs, budget: nil))
  }
}
do {
  let languages = ["en", "en-GB", "de", "fr", "ja", "pl", "pt-BR", "ar"]
  var json = "{\n"
  for k in 0..<5000 {
    json += "  \"key\(k)\": {\n"
    json += languages.enumerated().map { "    \"\($1)\": \"Value \(k) in \($1) with some text\"" }.joined(
      separator: ",\n")
    json += "\n  }\(k < 4999 ? "," : "")\n"
  }
  json += "}\n"
  let data = Data(json.utf8)
  let ours = Measure.median(runs: runs) {
    let document = LocalizedObjectDocument(data: data, file: "x")
    precondition(document.objects.count == 5000)
  }
  let theirs = Measure.median(runs: runs) { _ = try? JSONSerialization.jsonObject(with: data) }
  results.append(
    BenchResult(
      name: "parse localized-object JSON (5,000 keys × 8 languages)", seconds: ours,
      baselineName: "JSONSerialization", baselineSeconds: theirs, budget: nil))
}

// 4. Whole-bundle load from the directory and from the zip vs `unzip -p` (decompression floor).
let dirLoad = try Measure.median(runs: runs) { _ = try LocalizationBundle.load(directory) }
if let zipPath {
  let zipLoad = try Measure.median(runs: runs) { _ = try LocalizationBundle.load(zipPath) }
  let unzip = try Measure.command(runs: runs, "/usr/bin/unzip", ["-p", zipPath])
  results.append(
    BenchResult(
      name: "load bundle from zip (read + parse all)", seconds: zipLoad,
      baselineName: "unzip -p", baselineSeconds: unzip, budget: 2.5))
  results.append(
    BenchResult(
      name: "load bundle from directory", seconds: dirLoad,
      baselineName: "unzip -p", baselineSeconds: unzip, budget: nil))

  // 5. One edit in the zip (rewrite) and a full pack vs `zip -r -q` of the tree.
  let scratch = fm.temporaryDirectory.appendingPathComponent("glossa-bench-\(getpid())")
  try? fm.createDirectory(at: scratch, withIntermediateDirectories: true)
  defer { try? fm.removeItem(at: scratch) }
  let zipCopy = scratch.appendingPathComponent("edit.zip")
  let resources = URL(fileURLWithPath: directory)
  let zipR = try Measure.command(
    runs: max(1, runs / 2), "/usr/bin/zip",
    ["-r", "-q", scratch.appendingPathComponent("baseline.zip").path, "Resources"], in: resources)
  try? fm.removeItem(at: zipCopy)
  try fm.copyItem(at: URL(fileURLWithPath: zipPath), to: zipCopy)
  var counter = 0
  let edit = try Measure.median(runs: runs) {
    // What `glossa set` does: list the zip, load only the edited table's files, rewrite.
    counter += 1
    var bundle = try LocalizationBundle.open(zipCopy.path)
    let language = bundle.languages.first { $0 != bundle.developmentLanguage } ?? bundle.developmentLanguage
    try bundle.load(table: "Localizable", languages: [language, bundle.developmentLanguage])
    let key = bundle.tables.first { $0.language == language && $0.format == .strings }!.entries.first!.key
    try bundle.setValue("Edited \(counter)", forKey: key, language: language, table: "Localizable")
    try bundle.save()
  }
  results.append(
    BenchResult(
      name: "set one value in the zip (listing + two tables + rewrite)", seconds: edit,
      baselineName: "zip -r -q of the tree", baselineSeconds: zipR, budget: 0.5))
  let pack = try Measure.median(runs: max(1, runs / 2)) {
    try BundleArchive.pack(directory: resources, to: scratch.appendingPathComponent("packed.zip"))
  }
  results.append(
    BenchResult(
      name: "pack the tree", seconds: pack,
      baselineName: "zip -r -q of the tree", baselineSeconds: zipR, budget: 1.0))
}

// 6. The real-world corpus, if given: parse every .strings file.
if let corpus {
  let corpusFiles = files(under: corpus, suffix: ".strings").map { try! Data(contentsOf: $0) }
  let ours = Measure.median(runs: runs) {
    for d in corpusFiles { _ = StringsDocument(data: d, file: "x").entries.count }
  }
  let theirs = Measure.median(runs: runs) {
    for d in corpusFiles { _ = try? PropertyListSerialization.propertyList(from: d, format: nil) }
  }
  results.append(
    BenchResult(
      name: "parse corpus .strings (\(corpusFiles.count) files)", seconds: ours,
      baselineName: "PropertyListSerialization", baselineSeconds: theirs, budget: nil))
}

print("| benchmark | median | baseline | baseline median | ratio | budget |")
print("|---|---|---|---|---|---|")
for r in results { print(r.row) }
