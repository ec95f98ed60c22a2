#!/usr/bin/env bash
# Builds Fairy-Stockfish's UCI binary, the speed peer of `kibitz-bench fairy-perft`
# (issue 19), from the C++ sources in PyPI's pyffish source distribution: the very
# code the test oracle (the pyffish wheel) runs. Nothing of its source is committed;
# it is downloaded with pip into target/ and compiled there.
#
#   scripts/build_fairy_stockfish.sh        # -> target/fairy-stockfish/fairy-stockfish
#   JOBS=1 PYFFISH_VERSION=0.0.90 scripts/build_fairy_stockfish.sh
#
# The sdist has no Makefile, so the compile is done by hand with the defines its
# setup.py uses (-DLARGEBOARDS -DALLVARS -DPRECOMPUTED_MAGICS -DNNUE_EMBEDDING_OFF)
# and the flags of Fairy-Stockfish's `make build ARCH=x86-64-modern` (popcnt,
# SSE 4.1), -O3 and link-time optimisation. Everything except the Python and
# JavaScript bindings (pyffish.cpp, ffishjs.cpp) goes into the binary.
#
# Fairy-Stockfish is GPL-3.0: a benchmark peer only, never linked into kibitz.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
version="${PYFFISH_VERSION:-0.0.90}"
jobs="${JOBS:-2}"
out="$root/target/fairy-stockfish"
cxx="${CXX:-g++}"
python="${PYTHON:-python3}"

mkdir -p "$out"
sdist="$out/pyffish-$version.tar.gz"
if [ ! -f "$sdist" ]; then
    echo "== fairy-stockfish: pip download pyffish==$version (sdist)"
    "$python" -m pip download --quiet --no-binary :all: --no-deps --dest "$out" "pyffish==$version"
fi
src="$out/pyffish-$version/src"
if [ ! -d "$src" ]; then
    tar -xzf "$sdist" -C "$out"
fi

flags=(-std=c++17 -O3 -DNDEBUG -flto=auto -fno-exceptions -Wno-date-time
    -DLARGEBOARDS -DALLVARS -DPRECOMPUTED_MAGICS -DNNUE_EMBEDDING_OFF
    -DIS_64BIT -DUSE_PTHREADS
    -DUSE_POPCNT -mpopcnt -DUSE_SSE2 -msse2 -DUSE_SSSE3 -mssse3 -DUSE_SSE41 -msse4.1)

objdir="$out/obj-$version"
mkdir -p "$objdir"
mapfile -t sources < <(cd "$src" && ls ./*.cpp syzygy/*.cpp nnue/*.cpp nnue/features/*.cpp |
    grep -v -e '^\./pyffish\.cpp$' -e '^\./ffishjs\.cpp$')
echo "== fairy-stockfish: compiling ${#sources[@]} files with $cxx (JOBS=$jobs)"
printf '%s\n' "${sources[@]}" | xargs -P "$jobs" -I{} sh -c '
    obj="$1/$(echo "$2" | sed -e "s|^\./||" -e "s|/|_|g" -e "s|\.cpp$|.o|")"
    if [ ! -f "$obj" ] || [ "$3/$2" -nt "$obj" ]; then
        shift 0
        exec '"$cxx"' '"${flags[*]}"' -c "$3/$2" -o "$obj"
    fi' _ "$objdir" {} "$src"
"$cxx" "${flags[@]}" -o "$out/fairy-stockfish" "$objdir"/*.o -lpthread
echo "== fairy-stockfish: built $out/fairy-stockfish"
printf 'uci\nquit\n' | "$out/fairy-stockfish" | grep -m1 '^id name' || true
