// swift-tools-version: 6.0
import PackageDescription

// The fuzz targets live in their own package so the main build stays lean: one libFuzzer entry
// point per format, each checking `FormatProperties` (GlossaFormatProperties, in the main package's Tests/) on every
// input.
// Build and run through the script (it passes the sanitizer flags and a separate scratch path):
//   scripts/fuzz.sh --list
//   scripts/fuzz.sh strings 60
let targets = [
  "fuzz-strings", "fuzz-stringsdict", "fuzz-json", "fuzz-xcstrings", "fuzz-localized-object",
  "fuzz-info-plist", "fuzz-zip", "fuzz-config",
]

let package = Package(
  name: "GlossaFuzz",
  platforms: [.macOS(.v13)],
  products: targets.map { .executable(name: $0, targets: [$0]) },
  dependencies: [.package(name: "Glossa", path: "..")],
  targets: [.target(name: "CFuzzerDriver")]
    + targets.map {
      .executableTarget(
        name: $0,
        dependencies: [
          "CFuzzerDriver", .product(name: "GlossaCore", package: "Glossa"),
          .product(name: "GlossaFormatProperties", package: "Glossa"),
        ])
    }
)
