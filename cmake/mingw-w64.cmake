# Cross build of meshgate.exe for 64-bit Windows on Debian: the `windows`
# preset. Compilers from Debian's mingw-w64 (posix threads: std::thread and
# std::mutex are pthreads over Win32), the libraries Debian ships only as
# source from ci/windows-deps.sh's prefix (MESHGATE_WINDOWS_DEPS, from the
# cache or the environment), and wine (ci/wine-run.sh) to run what is built:
# the tests, and the --help that `cmake --install` records.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(triplet x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${triplet}-gcc-posix)
set(CMAKE_CXX_COMPILER ${triplet}-g++-posix)
set(CMAKE_RC_COMPILER ${triplet}-windres)
if(NOT MESHGATE_WINDOWS_DEPS)
  set(MESHGATE_WINDOWS_DEPS "$ENV{MESHGATE_WINDOWS_DEPS}")
endif()
if(NOT MESHGATE_WINDOWS_DEPS)
  message(FATAL_ERROR "The windows preset needs MESHGATE_WINDOWS_DEPS, the prefix `bash ci/windows-deps.sh` prints")
endif()
set(MESHGATE_WINDOWS_DEPS "${MESHGATE_WINDOWS_DEPS}" CACHE PATH "Prefix of the Windows libraries (ci/windows-deps.sh)")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES MESHGATE_WINDOWS_DEPS)
set(CMAKE_FIND_ROOT_PATH /usr/${triplet} ${MESHGATE_WINDOWS_DEPS})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# pkg-config reads the prefix's .pc files only, never the build machine's.
set(ENV{PKG_CONFIG_LIBDIR} "${MESHGATE_WINDOWS_DEPS}/lib/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(ZLIB_LIBRARY /usr/${triplet}/lib/libz.a CACHE FILEPATH "static zlib")
set(ZLIB_INCLUDE_DIR /usr/${triplet}/include CACHE PATH "")
# One static exe: no libstdc++, libgcc or winpthread DLL beside it.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../ci/wine-run.sh)
