# SPDX-License-Identifier: MIT
# Run at build time (cmake -P): writes OUT, a header holding DOMINOES_VERSION_TEXT, the project's
# VERSION plus `git describe --always --dirty` of SRC when SRC is a git checkout (a tarball build
# without git shows the version alone). configure_file rewrites OUT only when the text changes, so a
# build without a new commit recompiles nothing.
set(DOMINOES_VERSION_TEXT "${VERSION}")
if(EXISTS "${SRC}/.git")
  find_program(GIT_PROGRAM git)
  if(GIT_PROGRAM)
    execute_process(COMMAND "${GIT_PROGRAM}" -C "${SRC}" describe --always --dirty
                    OUTPUT_VARIABLE described RESULT_VARIABLE failed
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT failed AND described)
      set(DOMINOES_VERSION_TEXT "${VERSION} (git ${described})")
    endif()
  endif()
endif()
configure_file("${CMAKE_CURRENT_LIST_DIR}/version.h.in" "${OUT}" @ONLY)
