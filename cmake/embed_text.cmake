# Text files compiled in, so what users read is what runs (the JSON Schemas
# the pipeline's checker knows, the report and viewer page templates):
# meshgate_embed_text(SOURCE SYMBOL HEADER) writes HEADER under
# ${CMAKE_BINARY_DIR}/generated, defining SYMBOL as SOURCE's text, and
# reconfigures when SOURCE changes.
function(meshgate_embed_text source symbol header)
  set(EMBEDDED_FILE ${source})
  set(EMBEDDED_SYMBOL ${symbol})
  file(READ ${CMAKE_CURRENT_SOURCE_DIR}/${source} EMBEDDED_TEXT)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${source})
  configure_file(${CMAKE_CURRENT_FUNCTION_LIST_DIR}/embedded_text.hpp.in ${CMAKE_CURRENT_BINARY_DIR}/generated/${header} @ONLY)
endfunction()
