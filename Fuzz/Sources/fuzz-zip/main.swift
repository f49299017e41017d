import CFuzzerDriver
import Foundation
import GlossaCore
import GlossaFormatProperties

// libFuzzer target for `FormatProperties.Target.zip`: every input is checked for every
// property; one that does not hold traps, and libFuzzer keeps the input (scripts/fuzz.sh).
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
  LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    if let failure = FormatProperties.check(data, as: .zip).first { fatalError("property failed: \(failure)") }
    return 0
  })
