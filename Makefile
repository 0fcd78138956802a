# Gridplay. `make play` serves the game, `make test` runs every test; both set up first.
HOST ?= 127.0.0.1
PORT ?= 8000
# The path the site is served under, e.g. /games/ as a host serving several sites would.
BASE ?= /
export PATH := $(HOME)/.cargo/bin:$(PATH)
# Heavy browser tests get more than wasm-bindgen-test's default 20 s.
export WASM_BINDGEN_TEST_TIMEOUT ?= 120

WASM_PACK := wasm-pack
# The crate's wasm and glue (`wasm-pack build`'s two steps; the crate is no cdylib, see the
# script): scripts/wasm-build.sh <web|nodejs> <release|dev> <out-dir> [<out-name>] [-- <cargo args>].
WASM_BUILD := scripts/wasm-build.sh
# What `make play` and the browser tests serve: www/ and the engine, minified (scripts/build-site.mjs).
SITE := target/site

.PHONY: play test setup build site package lint test-native test-browser test-node test-e2e test-engines test-package bench bench-fifteen bench-mines bench-ai bench-replay bench-judge bench-first-note perf perf-move clean

play: setup build
	HOST=$(HOST) PORT=$(PORT) node scripts/serve.mjs $(SITE) --base $(BASE)

setup:
	@scripts/setup.sh

# The engines: each game's page loads a wasm with only its own game's rules (pkg/<engine>.js,
# built with that cargo feature alone, without the helpers), which keeps a first load small;
# pkg/gridplay.js has every game's API in one module, helpers included, for the helpers' worker
# and other code. The engines are those of the list of games. A page's engine is built for size
# (opt-level "z"): it holds no helper, and the first load waits on it; the helpers' engine is
# built for speed (Cargo.toml's release profile).
PAGE_BUILD := CARGO_PROFILE_RELEASE_OPT_LEVEL=z $(WASM_BUILD)
# Every shipped or measured wasm is then optimised in place with a current binaryen (npm's):
# $(call WASM_OPT,<file.wasm>).
WASM_OPT = node_modules/.bin/wasm-opt -O3 --strip-debug --strip-producers $(1) -o $(1)
ENGINES := $(shell node -e "for (const g of require('./www/games.json')) console.log(g.route)")
build:
	$(WASM_BUILD) web release target/pkg-web
	for game in $(ENGINES); do \
	  $(PAGE_BUILD) web release target/pkg-$$game $$game -- --no-default-features --features $$game || exit 1; \
	done
	for wasm in target/pkg-web/gridplay_bg.wasm $(foreach game,$(ENGINES),target/pkg-$(game)/$(game)_bg.wasm); do \
	  $(call WASM_OPT,$$wasm) || exit 1; \
	done
	@$(MAKE) --no-print-directory site

# The site alone, from the engines as `make build` last left them in target/pkg-*: the quick
# loop after a change to www/ or scripts/, which builds no wasm (a change to src/ needs `make
# build`). It stops first if an engine was never built, since the site's build would fail
# later with a less plain message.
site:
	@for pkg in target/pkg-web $(foreach game,$(ENGINES),target/pkg-$(game)); do \
	  test -d $$pkg || { echo "make site: no $$pkg; run \`make build\` first (it builds the engines, then the site)" >&2; exit 1; }; \
	done
	node scripts/build-site.mjs www $(SITE) target/pkg-web $(foreach game,$(ENGINES),target/pkg-$(game))
	node scripts/build-sw.mjs $(SITE)

# The engine as an npm package, gridplay-engine, in target/npm/ (its README is npm/README.md):
# the all-games module as `make build` makes it, and each game's built again with its helpers
# (the AI, the solver, the judge), which a page's own engine leaves out; each with its .d.ts.
# It leaves the tarball, target/gridplay-engine-<version>.tgz, as npm publishes it (`npm pack
# ./target/npm`: the ./ matters, npm reads target/npm as a GitHub repository's name).
package: setup build
	for game in $(ENGINES); do \
	  $(WASM_BUILD) web release target/pkg-full-$$game $$game -- --no-default-features --features $$game,helpers || exit 1; \
	  $(call WASM_OPT,target/pkg-full-$$game/$${game}_bg.wasm) || exit 1; \
	done
	node scripts/build-package.mjs target/npm target/pkg-web $(foreach game,$(ENGINES),target/pkg-full-$(game))
	rm -f target/gridplay-engine-*.tgz
	npm pack ./target/npm --pack-destination target --loglevel warn

test: setup lint test-native test-browser test-node test-e2e test-engines test-package

comma := ,
empty :=
space := $(empty) $(empty)
# The second line: every file a comment or a doc names is there (scripts/check-pointers.mjs).
# The wasm line with the engines' features: the pages' engines, which leave the helpers out,
# build without a warning too. The last two lines: the rules alone, as a native user takes them
# (no default features), build and lint without the JS bindings and the terminal library, and
# pull in neither.
lint:
	node_modules/.bin/eslint .
	node scripts/check-pointers.mjs
	cargo fmt --check
	cargo clippy --all-targets --features lights -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --lib --tests -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --lib --no-default-features --features $(subst $(space),$(comma),$(ENGINES)) -- -D warnings
	cargo clippy --no-default-features --all-targets -- -D warnings
	! cargo tree --no-default-features -e normal --prefix none | grep -E '^(wasm-bindgen|js-sys|web-sys|crossterm) '

# With the test game (src/lights/, docs/design.md's "Adding a game"), which the terminal's and
# the contract's tests play beside the five.
test-native:
	cargo test --features lights

# The wasm tests in two engines' browsers: Chromium (chromedriver) and Firefox ESR (geckodriver).
# webdriver.json names Chromium's binary and gives each read of the page's output 5 minutes
# (chromedriver's own 30 s failed the suite on a loaded machine).
test-browser:
	$(WASM_PACK) test --headless --chrome --mode no-install . --test web
	$(WASM_PACK) test --headless --firefox --mode no-install . --test web

# Two files at a time: node's default on two cores is one.
test-node:
	$(WASM_BUILD) nodejs dev target/pkg-node
	GRIDPLAY_PKG=$(CURDIR)/target/pkg-node/gridplay.js node --test --test-concurrency=2 tests/node/

# The pages in Chromium's headless shell (Debian's), served by the same server as `make play`:
# two files at a time (a file's tests one after another, each file its own browser and server),
# then the race of five tabs alone, as it loads both cores itself. The test game's engine first:
# tests/e2e/sixth.test.mjs adds its page to a copy of www/ and builds a site of six.
E2E_ALONE := tests/e2e/race.test.mjs
test-e2e: build
	$(PAGE_BUILD) web release target/pkg-lights lights -- --no-default-features --features lights
	node --test --test-concurrency=2 $(filter-out $(E2E_ALONE),$(wildcard tests/e2e/*.test.mjs))
	node --test $(E2E_ALONE)

# What every engine must do alike, in Chromium, Firefox ESR and WebKitGTK (tests/e2e/engines/).
test-engines: build
	node --test --test-concurrency=1 tests/e2e/engines/

# The package as a user gets it: packed by npm (so only its "files"), unpacked where
# tests/package/ resolves it, then tests/package/consumer.ts type-checked against it (every
# `@ts-expect-error` line a wrong type the .d.ts must refuse) and its README's Node recipe run.
test-package: package
	rm -rf tests/package/node_modules && mkdir -p tests/package/node_modules/gridplay-engine
	tar -xzf target/gridplay-engine-*.tgz -C tests/package/node_modules/gridplay-engine --strip-components=1
	node_modules/.bin/tsc -p tests/package
	node_modules/.bin/tsc -p tests/package/tsconfig.browser.json
	node_modules/.bin/tsc -p tests/package/tsconfig.node.json
	node --test tests/package/

bench:
	cargo bench --bench engine

# The sliding-puzzle solver: natively, then on the shipped wasm in Node and Chromium, on the
# same deals (seeds 1…N). Figures, not a test; FIFTEEN_DEALS sets N.
FIFTEEN_DEALS ?= 200
bench-fifteen: setup build
	for size in 3 4 5; do cargo run --release --quiet --bin gridplay-bench -- fifteen --size $$size --deals $(FIFTEEN_DEALS) --seed 1 | grep -Ev '^ +[0-9]+/'; done
	for size in 3 4 5; do node scripts/bench-fifteen.mjs --size $$size --deals $(FIFTEEN_DEALS); done

# No-guess Minesweeper generation for Expert: natively, then in wasm (Minefield alone, as the
# page will load it) from Node, on the same boards (seeds 1…N, first reveal in the middle).
# Figures, not a test; MINES_BOARDS sets N.
MINES_BOARDS ?= 200
bench-mines: setup
	cargo run --release --quiet --bin gridplay-bench -- mines --width 30 --height 16 --mines 99 --boards $(MINES_BOARDS) --seed 1
	$(PAGE_BUILD) nodejs release target/pkg-mines-node -- --no-default-features --features mines
	node scripts/bench-mines.mjs --width 30 --height 16 --mines 99 --boards $(MINES_BOARDS) --seed 1

# Replays of a 15 000-move 2048 game (tests/fixtures/replay_2048_15000.txt): opening one and
# giving the game at a step, natively, on the page's wasm in Node, and in the page in Chromium.
# Figures, not a test.
bench-replay: setup build
	cargo run --release --quiet --bin gridplay-bench -- replay tests/fixtures/replay_2048_15000.txt
	node scripts/bench-replay.mjs --file tests/fixtures/replay_2048_15000.txt

# The replay viewer's judge: each move of a game judged as the viewer asks, natively, then on
# the page's engines in Node, on the same games (written to target/judge-games). Figures, not a
# test.
bench-judge: setup build
	cargo run --release --quiet --bin gridplay-bench -- judge --out target/judge-games
	node scripts/bench-judge.mjs --dir target/judge-games

# A replay link's first judged note in the page, every game, with nothing kept and after a
# visit to the game (scripts/first-note.mjs). Figures, not a test.
bench-first-note: setup build
	node scripts/first-note.mjs

# The AI: the move kernel and the search natively, then on Threes and 2048's engines
# in wasm (with the bench exports added, built with the page's profile and wasm-opt flags) in
# Node and Chromium. Figures, not a test.
bench-ai: setup
	cargo run --release --quiet --bin gridplay-bench -- kernel
	cargo run --release --quiet --bin gridplay-bench -- search --budget-ms 10
	$(WASM_BUILD) web release target/pkg-ai-bench -- --no-default-features --features threes,2048,bench
	$(call WASM_OPT,target/pkg-ai-bench/gridplay_bg.wasm)
	node scripts/bench-ai.mjs --budget-ms 10

# Page budgets (bytes, wasm size, time to interactive, Lighthouse): figures, not a test.
perf: setup build
	node scripts/perf.mjs

# A move's latency alone (also part of `make perf`): keydown → the frame that paints the move,
# #2048 against the original 2048 (a checkout at target/2048-original), the CPU slowed 4×
# (scripts/move-latency.mjs; PERF_MOVE_ROUNDS rounds). Figures, not a test.
perf-move: build
	node scripts/move-latency.mjs

clean:
	cargo clean
	rm -rf www/pkg www/sw.js
