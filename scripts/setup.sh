#!/usr/bin/env bash
# Idempotent set-up for a fresh Debian machine: installs only what is missing and says so.
# Called by `make play` and `make test`; safe to run again and again.
set -euo pipefail
cd "$(dirname "$0")/.."

# The wasm-bindgen CLI must equal the wasm-bindgen crate in Cargo.lock exactly, or wasm-pack
# tries to download one (which fails here). Read the version from the lock file.
WB_VERSION=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
WASM_PACK_VERSION=0.15.0

say() { printf 'setup: %s\n' "$*"; }

# `cargo install --locked` first (reproducible); when the registry no longer serves a locked
# dependency version (seen here for wasm-bindgen-cli), fall back to fresh resolution.
cargo() {
  if [ "$1" = install_tool ]; then
    command cargo install --locked --force "$2" --version "$3" ||
      { say "locked install of $2 failed; retrying with current dependencies";
        command cargo install --force "$2" --version "$3"; }
  else
    command cargo "$@"
  fi
}
export PATH="$HOME/.cargo/bin:$PATH"

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "installing Rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

if ! command -v wasm-pack >/dev/null 2>&1; then
  say "installing wasm-pack $WASM_PACK_VERSION with cargo (takes ~6 min once)"
  cargo install_tool wasm-pack "$WASM_PACK_VERSION"
fi

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WB_VERSION" ]; then
  say "installing wasm-bindgen-cli $WB_VERSION with cargo (takes ~5 min once)"
  cargo install_tool wasm-bindgen-cli "$WB_VERSION"
fi

# geckodriver drives Firefox for the wasm tests and the three-engine end-to-end set.
GECKODRIVER_VERSION=0.37.1
if ! command -v geckodriver >/dev/null 2>&1; then
  say "installing geckodriver $GECKODRIVER_VERSION with cargo (takes ~4 min once)"
  cargo install_tool geckodriver "$GECKODRIVER_VERSION"
fi

need_apt=()
command -v node >/dev/null 2>&1 || need_apt+=(nodejs npm)
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
[ -x /usr/bin/chromedriver ] || need_apt+=(chromium-driver)
# The same Chromium without its desktop browser, lighter: what the end-to-end tests drive.
[ -x /usr/bin/chromium-headless-shell ] || need_apt+=(chromium-headless-shell)
# The other two engines the end-to-end set runs in: Firefox ESR, and WebKitGTK's WebDriver with
# its MiniBrowser, which needs a display even headless (Xvfb).
[ -x /usr/bin/firefox-esr ] || need_apt+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || need_apt+=(webkit2gtk-driver)
[ -x /usr/bin/Xvfb ] || need_apt+=(xvfb)
# The terminal front end's test runs the real binary in a tmux pane.
command -v tmux >/dev/null 2>&1 || need_apt+=(tmux)
if [ ${#need_apt[@]} -gt 0 ]; then
  say "installing Debian packages: ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}"
fi

# npm packages (package-lock.json): binaryen (a current wasm-opt; Debian's breaks the wasm, see
# Cargo.toml), esbuild (minifies the site), eslint (make lint), typescript (the npm package's
# type test), playwright-core (drives Debian's Chromium), axe-core and lighthouse.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages from package-lock.json (npm ci)"
  # Playwright must never download its own browser: we drive Debian's Chromium.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
fi
