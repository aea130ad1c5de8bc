// swift-tools-version:5.9
// Skald's Swift side (issue 13): the generated bindings over the Rust core, and the
// platform-neutral view-models and scene painter that the SwiftUI app draws. Built and
// tested on Linux (ios/swift-test.sh) against the host library; on Apple platforms the
// C module comes from the XCFramework that ios/build-xcframework.sh makes.
import PackageDescription

#if os(Linux)
// The header is generated into this folder by swift-test.sh; the library is found on the
// linker's path given on the command line (-Xlinker -L...).
let ffiModule: Target = .systemLibrary(name: "skald_ffiFFI", path: "Sources/skald_ffiFFI")
#else
// The static library for device and simulator, with the header and its module map.
let ffiModule: Target = .binaryTarget(name: "skald_ffiFFI", path: "../build/SkaldFFI.xcframework")
#endif

let package = Package(
    name: "SkaldKit",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        // The app imports both: the models and painter, and the core's types they speak in.
        .library(name: "SkaldNeutral", targets: ["SkaldNeutral", "SkaldFFI"]),
    ],
    targets: [
        ffiModule,
        // uniffi's generated Swift, written by the scripts into Generated/ (git-ignored).
        .target(name: "SkaldFFI", dependencies: ["skald_ffiFFI"], path: "Sources/SkaldFFI"),
        // View-models and the painter: Foundation only, no SwiftUI or UIKit.
        .target(name: "SkaldNeutral", dependencies: ["SkaldFFI"]),
        .testTarget(name: "SkaldNeutralTests", dependencies: ["SkaldNeutral", "SkaldFFI"]),
    ],
    // Mode 5: uniffi's generated code has not been shown to compile under Swift 6's
    // strict concurrency checking.
    swiftLanguageVersions: [.v5]
)
