# Embed text files as C strings: cmake -DOUT=file.c -DNAMES="sym=path|..." -P embed.cmake
# (the pages' script and style live in cli/page/ as plain files, and the
# command carries them as the arrays this writes).
string(REPLACE "|" ";" NAMES "${NAMES}")
set(body "/* Made by cmake/embed.cmake from cli/page/: do not edit. */\n")
foreach(pair ${NAMES})
  string(REPLACE "=" ";" parts "${pair}")
  list(GET parts 0 sym)
  list(GET parts 1 path)
  file(READ "${path}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," hex "${hex}")
  string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" hex "${hex}")
  string(APPEND body "const char ${sym}[] = {\n${hex}0x00};\n")
endforeach()
file(WRITE "${OUT}.tmp" "${body}")
file(RENAME "${OUT}.tmp" "${OUT}")
