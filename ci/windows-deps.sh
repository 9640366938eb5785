#!/usr/bin/env bash
# Builds, for the Windows cross build (the `windows` preset), the libraries
# Debian ships for Linux only, into a cached prefix, and prints the prefix.
#   prefix=$(bash ci/windows-deps.sh)
# Sources are Debian's own source packages (apt-get source, through a private
# deb-src list: the machine's apt configuration is not touched), built with
# Debian's mingw-w64 (posix threads) as static libraries:
#   libpng1.6, libzip (with bzip2 and xz, as Debian's), libdeflate, libsquish,
#   libimagequant (2.17, C), xxhash                  (from source packages)
#   GoogleTest                                       (/usr/src/googletest)
#   tinygltf, nlohmann-json, CLI11                   (the Linux -dev headers;
#     tinygltf's one implementation unit is compiled here)
# zlib comes as Debian's libz-mingw-w64-dev. The prefix is keyed by this
# script's digest: editing it builds the prefix again, an unchanged script
# reuses the cached one (~3 min cold on 2 cores, instant warm). The prefix's
# path stays the same, so that ccache still finds the objects of a build
# against an earlier prefix.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
triplet=x86_64-w64-mingw32
cc=$triplet-gcc-posix
cxx=$triplet-g++-posix
key=$(sha256sum "$here/windows-deps.sh" | cut -c1-16)
cache=${MESHGATE_WINDOWS_DEPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/meshgate/windows-deps}
prefix=$cache/prefix
if [ "$(cat "$prefix/.complete" 2>/dev/null)" = "$key" ]; then
  echo "$prefix"
  exit 0
fi
say() { echo "ci/windows-deps.sh: $*" >&2; }
rm -rf "$prefix"
mkdir -p "$prefix/include" "$prefix/lib/pkgconfig" "$prefix/lib/cmake"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jobs=$(nproc)

# --- sources: a private deb-src list, so that apt's own configuration stays as it is
apt_dir=$work/apt
mkdir -p "$apt_dir/etc" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$work/src"
for suite in "bookworm bookworm-updates|http://deb.debian.org/debian" "bookworm-security|http://deb.debian.org/debian-security"; do
  printf 'Types: deb-src\nURIs: %s\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\n' \
    "${suite#*|}" "${suite%%|*}"
done >"$apt_dir/etc/meshgate-src.sources"
apt_opts=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$apt_dir/etc" -o "Dir::State::Lists=$apt_dir/lists"
  -o "Dir::Cache=$apt_dir/cache" -o APT::Sandbox::User=root -qq)
say "fetching source package lists"
apt-get "${apt_opts[@]}" update >&2
# A mirror's index can name a version its pool no longer holds (a security
# update replaced it): every listed version is tried, newest first.
fetch_source() {
  local package=$1 version dir=$work/src/$1
  for version in $(apt-cache "${apt_opts[@]}" showsrc "$package" | sed -n 's/^Version: //p' | sort -rV); do
    rm -rf "$dir" && mkdir -p "$dir"
    if (cd "$dir" && apt-get "${apt_opts[@]}" source "$package=$version" >/dev/null 2>&1); then
      say "source $package $version"
      find "$dir" -maxdepth 1 -mindepth 1 -type d | head -1
      return 0
    fi
  done
  say "no version of source package $package could be fetched"
  return 1
}

cmake_cross=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_SYSTEM_NAME=Windows -DCMAKE_SYSTEM_PROCESSOR=x86_64
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_RC_COMPILER=$triplet-windres
  -DCMAKE_FIND_ROOT_PATH="/usr/$triplet;$prefix" -DCMAKE_FIND_ROOT_PATH_MODE_PROGRAM=NEVER
  -DCMAKE_FIND_ROOT_PATH_MODE_LIBRARY=ONLY -DCMAKE_FIND_ROOT_PATH_MODE_INCLUDE=ONLY
  -DCMAKE_INSTALL_PREFIX="$prefix" -DBUILD_SHARED_LIBS=OFF
  -DZLIB_LIBRARY="/usr/$triplet/lib/libz.a" -DZLIB_INCLUDE_DIR="/usr/$triplet/include")
cmake_build() {  # source dir, build dir, options...
  local src=$1 build=$2
  shift 2
  cmake -S "$src" -B "$build" "${cmake_cross[@]}" "$@" >/dev/null
  cmake --build "$build" --parallel "$jobs" >/dev/null
  cmake --install "$build" >/dev/null
}

say "xxhash"
src=$(fetch_source xxhash)
# With its x86 dispatch, as Debian builds it: XXH3 on the widest vector unit
# the CPU has (same values).
"$cc" -O2 -c "$src/xxhash.c" -o "$work/xxhash.o"
"$cc" -O2 -I"$src" -c "$src/xxh_x86dispatch.c" -o "$work/xxh_x86dispatch.o"
$triplet-ar rcs "$prefix/lib/libxxhash.a" "$work/xxhash.o" "$work/xxh_x86dispatch.o"
cp "$src/xxhash.h" "$src/xxh3.h" "$src/xxh_x86dispatch.h" "$prefix/include/"
printf 'prefix=%s\nName: libxxhash\nDescription: xxHash\nVersion: 0.8.1\nLibs: -L${prefix}/lib -lxxhash\nCflags: -I${prefix}/include\n' \
  "$prefix" >"$prefix/lib/pkgconfig/libxxhash.pc"

say "libdeflate"
src=$(fetch_source libdeflate)
(cd "$work" && mkdir deflate && cd deflate && for c in "$src"/lib/*.c "$src"/lib/*/*.c; do
  "$cc" -O2 -I"$src" -c "$c" -o "$(basename "$(dirname "$c")")_$(basename "$c" .c).o"
done && $triplet-ar rcs "$prefix/lib/libdeflate.a" ./*.o)
cp "$src/libdeflate.h" "$prefix/include/"
printf 'prefix=%s\nName: libdeflate\nDescription: libdeflate\nVersion: 1.14\nLibs: -L${prefix}/lib -ldeflate\nCflags: -I${prefix}/include\n' \
  "$prefix" >"$prefix/lib/pkgconfig/libdeflate.pc"

say "libsquish"
src=$(fetch_source libsquish)
cmake_build "$src" "$work/squish" -DBUILD_SQUISH_WITH_OPENMP=OFF -DBUILD_SQUISH_EXTRA=OFF

# libimagequant 2.17 is C (the Rust rewrite came later): its seven units, with
# SSE as Debian builds it on amd64 (--enable-sse: USE_SSE).
say "libimagequant"
src=$(fetch_source libimagequant)
(cd "$work" && mkdir liq && cd liq && for c in libimagequant blur kmeans mediancut mempool nearest pam; do
  "$cc" -O2 -std=c99 -DNDEBUG -DUSE_SSE=1 -msse2 -Wno-attributes -c "$src/$c.c" -o "$c.o" || exit 1
done && $triplet-ar rcs "$prefix/lib/libimagequant.a" ./*.o)
cp "$src/libimagequant.h" "$prefix/include/"
printf 'prefix=%s\nName: imagequant\nDescription: libimagequant\nVersion: 2.17.0\nLibs: -L${prefix}/lib -limagequant\nCflags: -I${prefix}/include\n' \
  "$prefix" >"$prefix/lib/pkgconfig/imagequant.pc"

say "libpng"
src=$(fetch_source libpng1.6)
cmake_build "$src" "$work/png" -DPNG_SHARED=OFF -DPNG_STATIC=ON -DPNG_TESTS=OFF -DPNG_EXECUTABLES=OFF

say "bzip2"
src=$(fetch_source bzip2)
(cd "$work" && mkdir bz2 && cd bz2 && for c in blocksort huffman crctable randtable compress decompress bzlib; do
  "$cc" -O2 -D_FILE_OFFSET_BITS=64 -c "$src/$c.c" -o "$c.o"
done && $triplet-ar rcs "$prefix/lib/libbz2.a" ./*.o)
cp "$src/bzlib.h" "$prefix/include/"

say "xz (liblzma)"
src=$(fetch_source xz-utils)
cmake_build "$src" "$work/xz" -DCMAKE_C_FLAGS=-DLZMA_API_STATIC

# libzip reads bzip2 and xz members as Debian's does (libzip4 links libbz2 and
# liblzma); a static liblzma's users say so (LZMA_API_STATIC).
say "libzip"
src=$(fetch_source libzip)
cmake_build "$src" "$work/zip" -DENABLE_BZIP2=ON -DENABLE_LZMA=ON -DCMAKE_C_FLAGS=-DLZMA_API_STATIC \
  -DENABLE_ZSTD=OFF -DENABLE_COMMONCRYPTO=OFF \
  -DENABLE_GNUTLS=OFF -DENABLE_MBEDTLS=OFF -DENABLE_OPENSSL=OFF -DENABLE_WINDOWS_CRYPTO=OFF -DBUILD_TOOLS=OFF \
  -DBUILD_REGRESS=OFF -DBUILD_EXAMPLES=OFF -DBUILD_DOC=OFF
# A static libzip's users must say so (zip.h otherwise declares dllimport).
# Its static dependencies go on its link line (pkg-config without --static).
sed -i -e 's/^Cflags: \(.*\)$/Cflags: \1 -DZIP_STATIC/' -e 's/^Libs: \(.*\)$/Libs: \1 -lbz2 -llzma -lz/' \
  "$prefix/lib/pkgconfig/libzip.pc"

say "googletest"
cmake_build /usr/src/googletest "$work/gtest" -DBUILD_GMOCK=ON -DINSTALL_GTEST=ON

say "header-only: nlohmann-json, CLI11, tinygltf"
cp -r /usr/include/nlohmann /usr/include/CLI /usr/include/tiny_gltf.h "$prefix/include/"
mkdir -p "$prefix/share/cmake"
cp -r /usr/share/cmake/nlohmann_json /usr/share/cmake/CLI11 "$prefix/share/cmake/"
# tinygltf's implementation, without stb: meshgate installs its own image
# loader (no decoding) and writes its images itself.
printf '#define TINYGLTF_IMPLEMENTATION\n#define TINYGLTF_NO_STB_IMAGE\n#define TINYGLTF_NO_STB_IMAGE_WRITE\n#include <tiny_gltf.h>\n' \
  >"$work/tiny_gltf.cpp"
"$cxx" -std=c++20 -O2 -I"$prefix/include" -c "$work/tiny_gltf.cpp" -o "$work/tiny_gltf.o"
$triplet-ar rcs "$prefix/lib/libtinygltf.a" "$work/tiny_gltf.o"
mkdir -p "$prefix/lib/cmake/TinyGLTF"
cat >"$prefix/lib/cmake/TinyGLTF/TinyGLTFConfig.cmake" <<EOF
if(NOT TARGET TinyGLTF::TinyGLTF)
  add_library(TinyGLTF::TinyGLTF STATIC IMPORTED)
  set_target_properties(TinyGLTF::TinyGLTF PROPERTIES IMPORTED_LOCATION "$prefix/lib/libtinygltf.a"
    INTERFACE_INCLUDE_DIRECTORIES "$prefix/include" INTERFACE_COMPILE_DEFINITIONS "TINYGLTF_NO_STB_IMAGE;TINYGLTF_NO_STB_IMAGE_WRITE")
endif()
EOF
echo "$key" >"$prefix/.complete"
say "done: $prefix"
echo "$prefix"
