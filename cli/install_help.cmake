# Run by `cmake --install` (install(CODE) in the top CMakeLists.txt): writes
# share/doc/meshgate/meshgate-help.txt from the program being installed, its
# --help and that of every subcommand (depth first), so the installed text is
# what this build prints. Inputs: MESHGATE_EXE, MESHGATE_RUN (what runs it: empty,
# or wine for the Windows tree), MESHGATE_HELP_STAGING (a file in
# the build tree), MESHGATE_DOC_DIR (the destination, below the prefix).
function(meshgate_append_help)
  execute_process(COMMAND ${MESHGATE_RUN} "${MESHGATE_EXE}" ${ARGN} --help OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "meshgate ${ARGN} --help exited with ${rc}")
  endif()
  string(JOIN " " command meshgate ${ARGN})
  file(APPEND "${MESHGATE_HELP_STAGING}" "==== ${command} --help ====\n${text}\n")
  # CLI11 lists subcommands after a "Subcommands:" line, one "  name  description" per line.
  # (";" and brackets would split or join CMake list items: neutralised first.)
  string(REGEX REPLACE "[][;]" "_" listing "${text}")
  string(REGEX MATCH "\nSubcommands:\n(.*)" listing "${listing}")
  string(REPLACE "\n" ";" lines "${CMAKE_MATCH_1}")
  foreach(line IN LISTS lines)
    if(line MATCHES "^  ([a-z][a-z0-9_-]*)( |$)")
      meshgate_append_help(${ARGN} ${CMAKE_MATCH_1})
    elseif(NOT line MATCHES "^ ")
      break()
    endif()
  endforeach()
endfunction()

file(WRITE "${MESHGATE_HELP_STAGING}" "")
meshgate_append_help()
file(INSTALL "${MESHGATE_HELP_STAGING}" DESTINATION "${MESHGATE_DOC_DIR}")
