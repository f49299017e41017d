import CFuzzerDriver
import Foundation
import GlossaCore

// libFuzzer target for `.glossa.yml` (Yams, then `CheckConfig`): any input is read or refused
// with a `GlossaError`, never a crash, and within the value budget however its aliases and merge
// keys nest (libFuzzer's -timeout and -rss_limit_mb catch a blow-up). A file read once reads the
// same way again.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
  LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let text = String(decoding: data, as: UTF8.self)
    let first = try? CheckConfig.parse(text, file: "fuzz.yml")
    let second = try? CheckConfig.parse(text, file: "fuzz.yml")
    if first != second {
      fatalError("property failed: the same config read two ways")
    }
    return 0
  })
