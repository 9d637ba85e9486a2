// swift-tools-version:6.0
// An HTTP-shaped handler that checks a JSON body with FastCop before decoding it, and answers
// 422 with the report. It depends on FastCop by path, as an app beside a FastCop checkout would;
// with a release, use `.package(url: …, from: …)` instead. The main package builds the same
// sources as its `ServerExample` target (`swift run ServerExample` from the repository's root).
import PackageDescription

let package = Package(
    name: "ServerExample",
    dependencies: [.package(name: "FastCop", path: "../..")],
    targets: [
        .executableTarget(
            name: "ServerExample",
            dependencies: [
                .product(name: "FastCop", package: "FastCop"),
                .product(name: "FastCopRecords", package: "FastCop"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
