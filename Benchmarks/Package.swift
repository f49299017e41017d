// swift-tools-version: 6.0
import PackageDescription

// The benchmark suite lives in its own package so the main build stays lean.
// Run: swift run -c release --package-path Benchmarks glossa-bench --help
let package = Package(
  name: "GlossaBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "Glossa", path: "..")],
  targets: [
    .executableTarget(
      name: "glossa-bench",
      dependencies: [.product(name: "GlossaCore", package: "Glossa"), .product(name: "GlossaTUI", package: "Glossa")],
      swiftSettings: [.unsafeFlags(["-Ounchecked"])]
    )
  ]
)
