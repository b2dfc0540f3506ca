# animvid — build, test, demo and install. `make demo` and `make test` install what is missing.
PREFIX ?= /usr/local
SWIFT ?= swift
APT_PACKAGES := libavcodec-dev libavformat-dev libavfilter-dev libswscale-dev libswresample-dev libavutil-dev pkg-config ffmpeg \
	libfreetype-dev libharfbuzz-dev libfribidi-dev libfontconfig-dev fonts-inter fonts-noto-color-emoji fonts-liberation zlib1g-dev parallel python3-yaml binutils duktape-dev
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN := .build/release/animvid

.PHONY: all build deps demo test test-cluster browser-test test-dependent lottie-report lottie-speed lottie-gif fuzz goldens bench sheets install clean

all: build

## deps: install FFmpeg's development libraries (libavfilter for GIF palettes), pkg-config, the ffmpeg CLI, the text
## libraries (FreeType, HarfBuzz, FriBidi, fontconfig), the default font (Inter), colour emoji (Noto Color Emoji), Liberation
## (standing in for Helvetica, Arial, Times and Courier)
## GNU parallel and PyYAML (the cluster recipes' tests run through them) and binutils (objdump, nm: the check that
## code every processor runs holds no AVX) with apt-get when missing
deps:
	@if pkg-config --exists libavcodec libavformat libavfilter libswscale libswresample libavutil freetype2 harfbuzz fribidi fontconfig zlib 2>/dev/null \
		&& command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null && fc-list | grep -q "Inter" \
		&& fc-list | grep -q "Noto Color Emoji" && fc-list | grep -q "Liberation Sans" && command -v parallel >/dev/null && /usr/bin/python3 -c "import yaml" 2>/dev/null \
		&& command -v objdump >/dev/null && test -f /usr/share/duktape/duktape.c; then \
		echo "deps: FFmpeg, the text libraries, the fonts, Duktape's source, GNU parallel, PyYAML and binutils present"; \
	else \
		echo "deps: installing $(APT_PACKAGES)"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES); \
	fi

## build: release build of the animvid command, checked for AVX outside RasterCore's x86-64-v3 build
build: deps
	$(SWIFT) build -c release --product animvid
	tools/check-baseline-code.py .build/release $(RELEASE_BIN)

## demo: encode the loader scene to out.mp4 (4 s, 1920x1080, 30 fps)
demo: build
	$(RELEASE_BIN) encode --scene loader --seconds 4 --overwrite out.mp4

## test: the whole test suite, after checking that code every processor runs holds no AVX (tools/check-baseline-code.py)
test: deps
	$(SWIFT) build --build-tests
	tools/check-baseline-code.py .build/debug .build/debug/animvidPackageTests.xctest
	$(SWIFT) test --skip-build --disable-swift-testing

## browser-test: what a browser shows, in headless Chromium (Debian's chromium, driven by Playwright from PyPI,
## with Pillow and NumPy to read pixels; installed when missing): the preview page, transparent WebM, soundtracks, and
## the Lottie corpus against lottie-web (pylottie's copy) and rlottie (rlottie-python); CI runs it after make test
browser-test: deps
	@command -v chromium >/dev/null || { echo "browser-test: installing chromium"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }
	@.build/browser-venv/bin/python -c 'import playwright, PIL, numpy, pylottie, rlottie_python, thorvg_python' 2>/dev/null || \
		{ python3 -m venv .build/browser-venv && .build/browser-venv/bin/pip install -q playwright pillow numpy pylottie rlottie-python thorvg-python; }
	$(SWIFT) build --product animvid
	.build/browser-venv/bin/python browser/preview.py .build/debug/animvid
	.build/browser-venv/bin/python browser/transparent-webm.py .build/debug/animvid
	.build/browser-venv/bin/python browser/soundtrack.py .build/debug/animvid
	.build/browser-venv/bin/python browser/lottie-reference.py .build/debug/animvid Tests/LottieTests/Files

## lottie-report: CORPUS=DIR of Lottie files drawn at a quarter, a half and three quarters by animvid (release),
## lottie-web (SVG), rlottie and ThorVG at 480 px; OUT (default .build/lottie-report) gets report.md, report.json and
## side-by-side pictures of the frames animvid draws more than 1.0 from lottie-web (browser/lottie-report.py)
OUT ?= .build/lottie-report
lottie-report: deps
	@test -n "$(CORPUS)" || { echo "lottie-report: give CORPUS=DIR, a folder of Lottie files"; exit 2; }
	@command -v chromium >/dev/null || { echo "lottie-report: installing chromium"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }
	@.build/browser-venv/bin/python -c 'import playwright, PIL, numpy, pylottie, rlottie_python, thorvg_python' 2>/dev/null || \
		{ python3 -m venv .build/browser-venv && .build/browser-venv/bin/pip install -q playwright pillow numpy pylottie rlottie-python thorvg-python; }
	$(SWIFT) build -c release --product animvid
	.build/browser-venv/bin/python browser/lottie-report.py $(RELEASE_BIN) "$(CORPUS)" "$(OUT)"

## lottie-speed: CORPUS=DIR of Lottie files, 26 at even steps, drawn by animvid (release), rlottie and ThorVG, one
## thread each, long side 1080 px: ms a frame and the ratio to the faster player (bench/lottie-corpus.py)
lottie-speed: deps
	@test -n "$(CORPUS)" || { echo "lottie-speed: give CORPUS=DIR, a folder of Lottie files"; exit 2; }
	@.build/browser-venv/bin/python -c 'import rlottie_python, thorvg_python' 2>/dev/null || \
		{ python3 -m venv .build/browser-venv && .build/browser-venv/bin/pip install -q rlottie-python thorvg-python; }
	$(SWIFT) build -c release --product animvid
	.build/browser-venv/bin/python bench/lottie-corpus.py $(RELEASE_BIN) "$(CORPUS)"

## lottie-gif: CORPUS=DIR of Lottie files, 8 at even steps, made into 480 px GIFs by animvid and by ThorVG's GIF
## saver, one thread each: time, size and the mean difference from rlottie's frames (bench/lottie-gif.py)
lottie-gif: deps
	@test -n "$(CORPUS)" || { echo "lottie-gif: give CORPUS=DIR, a folder of Lottie files"; exit 2; }
	@.build/browser-venv/bin/python -c 'import rlottie_python, thorvg_python, numpy' 2>/dev/null || \
		{ python3 -m venv .build/browser-venv && .build/browser-venv/bin/pip install -q rlottie-python thorvg-python numpy; }
	$(SWIFT) build -c release --product animvid
	.build/browser-venv/bin/python bench/lottie-gif.py $(RELEASE_BIN) "$(CORPUS)"

## test-dependent: a throwaway package that depends on AnimvidKit by version (a tagged clone of HEAD) builds and
## encodes (tools/check-versioned-dependency.sh); CI runs it after make test
test-dependent: deps
	tools/check-versioned-dependency.sh

## test-cluster: the Slurm recipes on a real Slurm cluster of this one machine, started for the test and stopped after it
## (deploy/slurm/local-cluster.sh; Debian's slurm-wlm and munge installed when missing; needs root): a job array of shards,
## a requeued shard and the join, checked frame by frame, and a batch as a job array; CI runs it after make test
test-cluster: deps
	@command -v slurmctld >/dev/null && command -v munged >/dev/null || { echo "test-cluster: installing slurm-wlm munge"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq slurm-wlm munge; }
	$(SWIFT) build --product animvid
	$(SUDO) deploy/slurm/test-cluster.sh .build/debug/animvid

## fuzz: mutated scene files, presets, Lottie files, dotLottie archives, CSV tables and command-line values run by
## animvid under time and memory limits for SECONDS seconds (default 60), reporting crashes, hangs, runs over the
## memory budget and errors of more than one line (tools/fuzz.py; findings in .build/fuzz/findings). SEED=N repeats a
## run's cases; CORPUS=DIR mutates a folder of Lottie or scene files too; FUZZ_CONFIG=debug uses the debug build.
SECONDS ?= 60
FUZZ_CONFIG ?= release
fuzz: deps
	$(SWIFT) build -c $(FUZZ_CONFIG) --product animvid
	tools/fuzz.py --binary .build/$(FUZZ_CONFIG)/animvid --seconds $(SECONDS) $(if $(SEED),--seed $(SEED)) $(if $(CORPUS),--corpus $(CORPUS))

## goldens: rewrite every golden file from what the code renders now (after an intended change;
## look at the contact sheets and the golden PNGs before committing). Refused under CI.
GOLDEN_TESTS := ClipOptionTests|GoldenImageTests|SceneGoldenTests|ExampleSceneFileTests|MarketingPresetTests|TextRenderTests|LoaderEncodeTests|FormatTests|LottieFileTests
goldens: deps
	$(SWIFT) build --build-tests
	ANIMVID_UPDATE_GOLDEN=1 $(SWIFT) test --skip-build --disable-swift-testing --filter '$(GOLDEN_TESTS)'
	$(SWIFT) test --skip-build --disable-swift-testing --filter '$(GOLDEN_TESTS)'

## bench: the rasterizer beside Cairo and Skia, the encoder beside ffmpeg, sessions, 5,000 particles
## beside Skia, Blend2D and the fill floor, text and a clip-like scene beside Skia, Lottie files beside rlottie, shards and batches (installs Cairo, skia-python, uharfbuzz, rlottie-python
## and GNU time for the comparison); with CORPUS=DIR also lottie-speed and lottie-gif on that folder of Lottie files
bench: deps
	bench/raster.sh
	bench/encode.sh
	bench/session.sh
	bench/particles.sh
	bench/text.sh
	bench/shadow.sh
	bench/lottie.sh
	bench/scene.sh
	bench/video.sh
	bench/cluster.sh
	@if [ -n "$(CORPUS)" ]; then $(MAKE) lottie-speed lottie-gif CORPUS="$(CORPUS)"; fi

## sheets: contact sheets of every built-in scene, example and template, and of each shape of the promo preset,
## for the README, in docs/sheets
sheets: build
	mkdir -p docs/sheets
	for scene in $$($(RELEASE_BIN) scenes | cut -d' ' -f1); do \
		$(RELEASE_BIN) sheet --scene $$scene --size 240x135 --frames 8 --overwrite docs/sheets/$$scene.png || exit 1; \
	done
	for file in docs/scenes/*.json templates/promo.json templates/lower-third.json; do \
		$(RELEASE_BIN) sheet --scene-file $$file --size 240x135 --frames 8 --overwrite docs/sheets/$$(basename $$file .json).png || exit 1; \
	done
	for preset in presets/promo-instagram-square.json presets/promo-instagram-portrait.json presets/promo-story.json \
			presets/promo-youtube-1080p60.json presets/promo-app-store-preview.json; do \
		$(RELEASE_BIN) sheet --preset $$preset --frames 8 --columns 8 --fit 160 --overwrite docs/sheets/$$(basename $$preset .json).png || exit 1; \
	done
	$(RELEASE_BIN) still --preset presets/lower-third-transparent.json --time 3 --fit 240 --overwrite docs/sheets/lower-third-transparent.png

## install: copy the animvid command to $(PREFIX)/bin
install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/animvid

clean:
	rm -rf .build out.mp4
