#!/usr/bin/env bash
# Builds and runs a throwaway Swift package that depends on AnimvidKit by version, as another
# project would (`.package(url:, from:)`): a clone of this repository's HEAD, tagged 0.1.0 in a
# temporary folder, is the dependency. SwiftPM refuses a versioned dependency whose products
# carry unsafe compiler flags; this fails if AnimvidKit ever does again. The program encodes half
# a second of the loader scene through EncodeRequest and ffprobe counts its frames.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/animvid"
git -C "$work/animvid" tag -f 0.1.0 >/dev/null
mkdir -p "$work/app/Sources/app"
cat > "$work/app/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "app",
    dependencies: [.package(url: "file://$work/animvid", from: "0.1.0")],
    targets: [.executableTarget(name: "app", dependencies: [.product(name: "AnimvidKit", package: "animvid")])]
)
SWIFT
cat > "$work/app/Sources/app/main.swift" <<'SWIFT'
import AnimvidKit
import Foundation

var choices = EncodeChoices()
choices.clip.scene = .named("loader")
choices.clip.size = PixelSize(width: 160, height: 90)
choices.clip.seconds = 0.5
do {
    for outcome in try EncodeRequest(choices, file: "loader.mp4").execute(warn: { print("warning: \($0)") }) {
        if case .written(let written) = outcome { print(written) }
    }
} catch {
    print("app: \(error)")
    exit(1)
}
SWIFT
cd "$work/app"
swift build -q
.build/debug/app
frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 loader.mp4)
[ "$frames" = 15 ] || { echo "check-versioned-dependency: expected 15 frames, got $frames"; exit 1; }
echo "check-versioned-dependency: a package depending on AnimvidKit from: 0.1.0 builds and encodes"
