#!/usr/bin/env bash
# Installs what igo's build and tests need on a fresh Debian machine, and nothing that is there
# already: GNU Go (the peer the tests compare against), cmake and libclang (to build the HiGHS MIP
# solver that igo-msp vendors), sgfmill (an independent SGF reader used by the SGF tests), and node
# with Sabaki's GTP library (the live-analysis test). Running it again installs nothing.
set -euo pipefail

missing=()
[ -x /usr/games/gnugo ] || missing+=(gnugo)
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
dpkg -s libclang-dev >/dev/null 2>&1 || missing+=(libclang-dev)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Sabaki's GTP library (npm, one package with no dependencies of its own, pinned with its hash in
# package-lock.json) drives `igo gtp` in the live-analysis test (crates/igo/tests/sabaki).
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "setup: installing nodejs and npm" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
        nodejs npm >/dev/null
fi
sabaki="$(dirname "$0")/../crates/igo/tests/sabaki"
if [ ! -f "$sabaki/node_modules/@sabaki/gtp/package.json" ]; then
    echo "setup: installing @sabaki/gtp (npm ci)" >&2
    (cd "$sabaki" && npm ci --no-audit --no-fund --silent)
fi

if ! python3 -c "import sgfmill" >/dev/null 2>&1; then
    echo "setup: installing sgfmill (PyPI)" >&2
    python3 -m pip install --quiet sgfmill
fi

if [ ! -d "$(dirname "$0")/../../shared/data/tsumego" ]; then
    echo "setup: warning: ../shared/data/tsumego is missing beside the repository;" \
        "the tests that read the tsumego data will fail" >&2
fi
