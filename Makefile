# SPDX-License-Identifier: MIT
# The README's commands. `make run` starts the studio; `make test` builds and runs every test.
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
DEB_PACKAGES := cmake g++ clang libclang-rt-14-dev pkg-config make \
  libimgui-dev libglfw3-dev libepoxy-dev libspdlog-dev doctest-dev libcli11-dev \
  nlohmann-json3-dev libpcg-cpp-dev libstb-dev fonts-dejavu-core \
  xvfb xauth libgl1-mesa-dri libglx-mesa0 libfontconfig-dev fontconfig \
  python3 binutils dpkg-dev debhelper file clang-format clang-tidy \
  gettext libharfbuzz-dev libfreetype-dev fonts-noto-core ccache optipng libcairo2-dev poppler-utils \
  pybind11-dev python3-dev python3-pytest python3-hypothesis python3-numpy zsh lintian devscripts librsvg2-bin appstream \
  shared-mime-info desktop-file-utils gnuplot-nox \
  emscripten node-acorn chromium

.PHONY: web serve-web test-web ladder deps build test run asan test-asan fuzz fuzz-long bench bench-players screenshots clean install package test-clang format format-check lint

deps:
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -z "$$missing" ]; then echo "deps: all Debian packages are installed"; \
	elif [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	else echo "deps: run as root:"; echo "  apt-get install -y $$missing"; exit 1; fi

# Build folders come from CMakePresets.json: release (build/), debug, asan, fuzz, clang.
$(BUILD)/CMakeCache.txt:
	cmake --preset release -B $(BUILD) $(CMAKE_FLAGS)

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j$(JOBS)

# The fast tier first (unit, records, CLI: under a minute), then the studio and slow tests.
test: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS) -L fast
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS) -LE fast

run: build
	@if [ -x $(BUILD)/bin/dominoes-studio ]; then $(BUILD)/bin/dominoes-studio $(ARGS); \
	else $(BUILD)/bin/dominoes play --rules en-linea --a greedy --b random --seed $$(date +%s); fi

asan:
	cmake --preset asan $(CMAKE_FLAGS)
	cmake --build build-asan -j$(JOBS)

test-asan: asan
	cd build-asan && ctest --output-on-failure -j$(JOBS) -LE slow

fuzz:
	cmake --preset fuzz
	cmake --build build-fuzz -j$(JOBS) --target fuzz_dgn fuzz_studio_save fuzz_script
	mkdir -p build-fuzz/corpus && cp tests/records/*.dgn scenarios/*.dgn build-fuzz/corpus/ 2>/dev/null; true
	cp tests/fuzz/corpus/* build-fuzz/corpus/
	bash tests/fuzz/big_corpus.sh build-fuzz/corpus
	cd build-fuzz && bin/fuzz_dgn -max_total_time=$${FUZZ_SECONDS:-60} -max_len=1048576 -rss_limit_mb=4096 -print_final_stats=1 corpus
	mkdir -p build-fuzz/corpus-save && cp build-fuzz/corpus/* build-fuzz/corpus-save/
	cd build-fuzz && bin/fuzz_studio_save -max_total_time=$${FUZZ_SECONDS:-60} -max_len=1048576 -rss_limit_mb=4096 -print_final_stats=1 corpus-save
	mkdir -p build-fuzz/corpus-script && cp tests/studio/scripts/*.txt tests/studio/*.script build-fuzz/corpus-script/
	bash tests/fuzz/big_script_corpus.sh build-fuzz/corpus-script
	cd build-fuzz && bin/fuzz_script -max_total_time=$${FUZZ_SECONDS:-60} -max_len=1048576 -rss_limit_mb=4096 -print_final_stats=1 corpus-script

# Each fuzz target (the DGN reader, the studio's open-and-save, the script reader) for 10 minutes.
fuzz-long:
	$(MAKE) fuzz FUZZ_SECONDS=600

bench: build
	$(BUILD)/bin/dominoes bench --rules en-linea --games 2000000
	$(BUILD)/bin/dominoes bench --rules en-linea --games 2000000 --path generic
	$(BUILD)/bin/dominoes bench --rules dominoes2 --games 500000
	$(BUILD)/bin/dominoes bench --what free-layout --games 500000
	# The reader: time and peak memory must grow linearly with the record.
	$(BUILD)/bin/dominoes bench-read --what legal --size 100K
	$(BUILD)/bin/dominoes bench-read --what legal --size 1M
	$(BUILD)/bin/dominoes bench-read --what notes --size 1M
	$(BUILD)/bin/dominoes bench-read --what notes --size 10M
	$(BUILD)/bin/dominoes bench-read --what other --size 10M

# Issue 11's targets: the players against each other on single rounds, one thread (decision times
# are wall-clock). Hours on this machine; not part of CI. BENCH_GAMES=1000 for a shorter run.
BENCH_GAMES ?= 10000
BENCH_PAIRS = flatmc:1000,greedy strategist,greedy expert,greedy expert,flatmc:1000
bench-players: build
	@for r in en-linea dominoes2; do for p in $(BENCH_PAIRS); do \
	  echo "== $$r: $${p%,*} vs $${p#*,}, $(BENCH_GAMES) rounds"; \
	  $(BUILD)/bin/dominoes match --rules $$r --a $${p%,*} --b $${p#*,} --games $(BENCH_GAMES) --seed 1 --threads 1 || exit 1; \
	done; done
	$(BUILD)/bin/dominoes bench --rules en-linea --games 2000000
	$(BUILD)/bin/dominoes bench --rules dominoes2 --games 500000
	$(BUILD)/bin/dominoes bench --what free-layout --games 500000

# The Clang build and its fast tests (CI runs it too).
test-clang:
	cmake --preset clang $(CMAKE_FLAGS)
	cmake --build build-clang -j$(JOBS)
	cd build-clang && ctest --output-on-failure -j$(JOBS) -L fast

# House style: clang-format (the whole tree follows .clang-format) and clang-tidy (.clang-tidy).
SOURCES = $(shell git ls-files '*.cpp' '*.h')
format:
	clang-format -i $(SOURCES)

format-check:
	clang-format --dry-run --Werror $(SOURCES)

# clang-tidy over src/ with .clang-tidy's checks (function size included), one file a job; a file that
# passed before, unchanged with everything it includes, is not checked again (tools/lint.py). The web
# platform's file is built only by emcc (make web), so the desktop's compile commands cannot check it.
lint: build
	python3 tools/lint.py $(BUILD) $(JOBS) $(filter-out src/studio/platform/web.cpp,$(filter src/%.cpp,$(SOURCES)))

# The ladder of levels (docs/ladder.md and its plots): minutes of CPU, the expert's games most.
ladder: build
	bash tools/ladder.sh $(BUILD)

PREFIX ?= /usr/local
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

# The Debian packages (debian/: debhelper, dpkg-buildflags' flags with hardening=+all, no tests
# compiled), built by dpkg-buildpackage -us -uc -b from a copy of the tree's files (git ls-files:
# committed and new, not ignored) in $(DEB_BUILD)/dominoes-studio-VERSION, where the packages land;
# the source package (dpkg-source -b) beside them. lintian --pedantic must find no error or warning
# in either, hardening-check no missing feature (but control-flow protection, which Debian 12's
# dpkg-buildflags does not use).
DEB_BUILD ?= build-deb
DEB_VERSION = $(shell dpkg-parsechangelog -l debian/changelog -S Version)
DEB_TREE = $(DEB_BUILD)/dominoes-studio-$(DEB_VERSION)
package:
	rm -rf $(DEB_BUILD) && mkdir -p $(DEB_TREE)
	git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf - | tar -xf - -C $(DEB_TREE)
	cd $(DEB_BUILD) && dpkg-source -b dominoes-studio-$(DEB_VERSION)
	cd $(DEB_TREE) && DEB_BUILD_OPTIONS=parallel=$(JOBS) dpkg-buildpackage -us -uc -b
	lintian --pedantic --fail-on error,warning $(DEB_BUILD)/*.dsc $(DEB_BUILD)/*.changes
	rm -rf $(DEB_BUILD)/check && for d in $(DEB_BUILD)/dominoes-studio_*.deb; do dpkg-deb -x $$d $(DEB_BUILD)/check; done
	for b in $(DEB_BUILD)/check/usr/bin/*; do hardening-check --nocfprotection $$b || exit 1; done

# Removes what `make install` installed (cmake --install's install_manifest.txt).
uninstall:
	bash tools/uninstall.sh $(BUILD)/install_manifest.txt

screenshots: build
	bash tools/screenshots.sh $(BUILD)

# The studio as a web page (docs/web.md): Emscripten's build in build-web/, served from build-web/bin.
# Debian's emcc finds acorn through NODE_PATH (node-acorn); its compiles go through ccache.
WEB_BUILD ?= build-web
WEB_PORT ?= 8765
export NODE_PATH := /usr/share/nodejs
$(WEB_BUILD)/CMakeCache.txt:
	emcmake cmake -S . -B $(WEB_BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

web: $(WEB_BUILD)/CMakeCache.txt
	cmake --build $(WEB_BUILD) -j$(JOBS) --target dominoes-studio
	@echo "web: the page is in $(WEB_BUILD)/bin (index.html); make serve-web serves it"

serve-web: web
	@echo "serving http://127.0.0.1:$(WEB_PORT)/ (Ctrl-C stops)"
	cd $(WEB_BUILD)/bin && python3 -m http.server $(WEB_PORT) --bind 127.0.0.1

# Debian's chromium, headless, driven by puppeteer-core from web/test/package-lock.json (no browser
# is downloaded); the desktop studio's dumps are the reference, so the native build comes first.
test-web: web build
	cd web/test && npm ci --no-audit --no-fund --loglevel=error
	node web/test/run.js --web $(WEB_BUILD)/bin --studio $(BUILD)/bin/dominoes-studio --out $(WEB_BUILD)/test-web

clean:
	rm -rf build build-asan build-fuzz build-clang build-debug build-deb build-web
