# Sourced by the scripts in this folder: installs what FastCop needs when it is missing.
#
# FastCop needs the Swift toolchain (not installed here), PCRE2's headers (Debian's
# libpcre2-dev) and zlib's (zlib1g-dev, for .gz input), found through pkg-config. As root on a Debian machine this installs them;
# otherwise it prints the command to run.

fastcop_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
apt_updated=""

# fastcop_apt_install PACKAGE... : installs Debian packages, running `apt-get update` once first.
fastcop_apt_install() {
    if [ "$(id -u)" != "0" ]; then
        echo "FastCop needs: $*" >&2
        echo "Run:  sudo apt-get update && sudo apt-get install -y $*" >&2
        exit 2
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "FastCop needs $* (Debian package names) and this machine has no apt-get." >&2
        echo "Install PCRE2 10.x and zlib with their headers and pkg-config files (libpcre2-8, zlib) by other means." >&2
        exit 2
    fi
    if [ -z "$apt_updated" ]; then
        echo "==> apt-get update" >&2
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 || { echo "apt-get update failed" >&2; exit 2; }
        apt_updated=1
    fi
    echo "==> apt-get install $*" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2 || { echo "apt-get install $* failed" >&2; exit 2; }
}

# fastcop_require_build_deps : the Swift toolchain, pkg-config, PCRE2 (libpcre2-8) and zlib.
fastcop_require_build_deps() {
    if ! command -v swift >/dev/null 2>&1; then
        echo "FastCop needs the Swift toolchain (6.0 or later) on PATH; see https://swift.org/install" >&2
        exit 2
    fi
    local missing=()
    command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
    if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libpcre2-8; } \
        && [ ! -f /usr/include/pcre2.h ]; then
        missing+=(libpcre2-dev)
    fi
    if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists zlib; } \
        && [ ! -f /usr/include/zlib.h ]; then
        missing+=(zlib1g-dev)
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        # libpcre2-dev and zlib1g-dev bring the headers and libpcre2-8.pc, zlib.pc; pkg-config
        # reads them.
        fastcop_apt_install pkg-config libpcre2-dev zlib1g-dev
    fi
}

# fastcop_build_tool : builds the `fastcop` tool in release mode with the Swift runtime and
# Foundation linked in statically (into .build/static-stdlib, so that it never rebuilds a plain
# `swift build -c release`); prints the binary's path. A dynamic fastcop spends about 5 ms of
# CPU resolving symbols across 20 shared libraries before main; this one starts in about 2.5 ms
# (perf stat -r 60, `fastcop match -c hello` on a one-line file; rg 2.2 ms). It stays a
# position-independent executable: linking it without PIE measured 0.2-0.4 ms faster still, but
# a tool that reads hostile input keeps its code at a random address.
#
# The C++ runtime the Swift runtime needs is linked in statically too when the toolchain's
# clang finds libstdc++.a (a folder holding only that archive comes first in the search, so
# the link's -lstdc++ picks it): loading libstdc++.so and binding the executable's C++ type
# info to it cost 1,700 symbol lookups before main (LD_DEBUG=statistics: 1,796 -> 124, loader
# 646k -> 375k cycles); the 1-line `fastcop match -c` start-up measured 3.8 -> 3.3 ms (rg 3.2
# ms; interleaved runs at real-time priority on a busy machine).
fastcop_build_tool() {
    local scratch="$fastcop_root/.build/static-stdlib" log status=0 cxx static_cxx=()
    cxx="$(clang -print-file-name=libstdc++.a 2>/dev/null || true)"
    if [ -f "$cxx" ]; then
        mkdir -p "$scratch/static-cxx"
        ln -sf "$cxx" "$scratch/static-cxx/libstdc++.a"
        static_cxx=(-Xlinker "-L$scratch/static-cxx")
    fi
    log="$(mktemp)"
    swift build -c release --product fastcop --static-swift-stdlib --package-path "$fastcop_root" \
        --scratch-path "$scratch" "${static_cxx[@]}" >"$log" 2>&1 || status=$?
    # (Foundation's static archive makes the linker warn about mktemp; that line is dropped.)
    grep -v -E "the use of .mktemp. is dangerous" "$log" >&2 || true
    rm -f "$log"
    [ "$status" = 0 ] || { echo "swift build failed (exit $status)" >&2; exit "$status"; }
    echo "$scratch/release/fastcop"
}
