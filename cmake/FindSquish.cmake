# libsquish (Debian libsquish-dev): the DXT1/DXT5 block decoder of PTX
# textures. Debian ships neither a CMake config nor a pkg-config file for it,
# so its header and library are found by name: Squish::Squish.
find_path(SQUISH_INCLUDE_DIR squish.h)
find_library(SQUISH_LIBRARY NAMES squish)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Squish REQUIRED_VARS SQUISH_LIBRARY SQUISH_INCLUDE_DIR)
if(Squish_FOUND AND NOT TARGET Squish::Squish)
  add_library(Squish::Squish UNKNOWN IMPORTED)
  set_target_properties(Squish::Squish PROPERTIES IMPORTED_LOCATION "${SQUISH_LIBRARY}"
                                                  INTERFACE_INCLUDE_DIRECTORIES "${SQUISH_INCLUDE_DIR}")
endif()
mark_as_advanced(SQUISH_INCLUDE_DIR SQUISH_LIBRARY)
