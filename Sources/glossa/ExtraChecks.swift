import Foundation
import GlossaCore

/// The checks that need more than the bundle: the app's source code (`sources:`, `--sources`)
/// and its App Store listing (`metadata:`, `--metadata`). Read once, before the run.
enum ExtraChecks {
  /// The checks `options` asks for, with their inputs read.
  /// - Throws: `GlossaError` when a named folder does not exist or a source file cannot be read.
  static func make(_ options: CheckOptions) throws -> [any Check] {
    var checks: [any Check] = []
    var passedOver: [PassedOverFile] = []
    if let path = options.metadataPath {
      let metadata = try StoreMetadata.read(directory: path)
      passedOver += metadata.passedOver
      checks.append(StoreMetadataLength(metadata: metadata))
    }
    if !options.sourcePaths.isEmpty {
      let uses = try SourceScan.scan(options.sourcePaths, options: options.sourceScan)
      passedOver += uses.passedOver
      checks.append(MissingInBundle(uses: uses, checksDebugCode: options.checksDebugCode))
      checks.append(UnusedKey(uses: uses, runtimeTables: options.runtimeTables))
    }
    // Files of those folders that were not read (links out of them, FIFOs): reported, not read.
    if !passedOver.isEmpty { checks.append(UnreadableFile(outside: passedOver)) }
    return checks
  }
}
