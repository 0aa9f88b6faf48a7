# SPDX-License-Identifier: MIT
# The library's public headers (docs/library.md, issue 45): each of HEADERS (paths under SRC, such as
# core/match.h) is written to OUT/dominoes/<path> with its includes of the project's headers spelled
# <dominoes/...>, so that `#include <dominoes/core/match.h>` works with only -I PREFIX/include. A public
# header that includes one not in the list stops the build: internal headers stay internal.
# A file is rewritten only when its text changes (no needless recompiles).
# usage: cmake -DSRC=src -DOUT=dir -DHEADERS=core/tile.h,core/rules.h,... -P public_headers.cmake
cmake_minimum_required(VERSION 3.25)
string(REPLACE "," ";" HEADERS "${HEADERS}")
foreach(header IN LISTS HEADERS)
  file(READ ${SRC}/${header} text)
  string(REGEX MATCHALL "#include \"[^\"]+\"" includes "${text}")
  foreach(inc IN LISTS includes)
    string(REGEX REPLACE "#include \"([^\"]+)\"" "\\1" name "${inc}")
    if(NOT name IN_LIST HEADERS)
      message(FATAL_ERROR "${SRC}/${header}: the public header includes \"${name}\", which is not public "
                          "(add it to DOMINOES_PUBLIC_HEADERS in packaging/library.cmake, or include it elsewhere)")
    endif()
    string(REPLACE "${inc}" "#include <dominoes/${name}>" text "${text}")
  endforeach()
  set(out ${OUT}/dominoes/${header})
  set(old "")
  if(EXISTS ${out})
    file(READ ${out} old)
  endif()
  if(NOT old STREQUAL text)
    file(WRITE ${out} "${text}")
  endif()
endforeach()
