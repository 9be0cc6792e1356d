# tile_embed_file(INPUT OUTPUT SYMBOL): turn INPUT into a C file defining
# `const char SYMBOL[]` (NUL-terminated), regenerated when INPUT changes.
function(tile_embed_file input output symbol)
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${input} -DOUTPUT=${output} -DSYMBOL=${symbol}
            -P ${CMAKE_SOURCE_DIR}/cmake/EmbedScript.cmake
    DEPENDS ${input} ${CMAKE_SOURCE_DIR}/cmake/EmbedScript.cmake
    COMMENT "Embedding ${input}")
endfunction()
