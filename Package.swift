// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Glossa",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "glossa", targets: ["glossa"]),
    .library(name: "GlossaCore", targets: ["GlossaCore"]),
    .library(name: "GlossaTUI", targets: ["GlossaTUI"]),
    // The properties every reader and writer keeps: the fuzz targets (Fuzz/, a package of its
    // own) check them, as the tests do. Not part of the product.
    .library(name: "GlossaFormatProperties", targets: ["GlossaFormatProperties"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
  ],
  targets: [
    .systemLibrary(
      name: "CNcursesw",
      providers: [.apt(["libncursesw5-dev"])]
    ),
    .systemLibrary(
      name: "CZlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    // Header only: trampolines for libcurl's variadic calls; the library is loaded at run time.
    .systemLibrary(name: "CCurl"),
    .target(name: "GlossaCore", dependencies: ["CZlib", "CCurl", .product(name: "Yams", package: "Yams")]),
    .target(name: "GlossaTUI", dependencies: ["GlossaCore"]),
    .executableTarget(
      name: "glossa",
      dependencies: [
        "GlossaCore", "GlossaTUI", "CNcursesw",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(name: "GlossaTestSupport", path: "Tests/GlossaTestSupport"),
    // A test oracle, beside the test support: it reads GlossaCore's `package` declarations.
    .target(name: "GlossaFormatProperties", dependencies: ["GlossaCore"], path: "Tests/GlossaFormatProperties"),
    .testTarget(name: "GlossaCoreTests", dependencies: ["GlossaCore", "GlossaTestSupport", "GlossaFormatProperties"]),
    .testTarget(name: "GlossaTUITests", dependencies: ["GlossaTUI", "GlossaCore", "GlossaTestSupport"]),
    .testTarget(name: "GlossaCLITests", dependencies: ["GlossaCore", "GlossaTestSupport"]),
  ]
)
