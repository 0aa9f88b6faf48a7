# SPDX-License-Identifier: MIT
# Run at build time (cmake -P) after `dominoes` is built: the man pages and the shell completions,
# their option sections drawn from the command line itself (`dominoes manpage`, `dominoes completion
# bash|zsh`, `dominoes-studio --manpage`, `dominoes-studio --completion bash|zsh`), so that they
# cannot drift from it. In: DOMINOES (the program), STUDIO (the studio, or empty when it is not
# built), SRC (the source tree), OUT (the build's folder for them). Out: OUT/man/dominoes.1 and
# dominoes-studio.1 (and their .gz), OUT/completions/dominoes and dominoes-studio (bash),
# OUT/completions/_dominoes and _dominoes-studio (zsh) and OUT/changelog.gz.
function(run_program out program)
  execute_process(COMMAND "${program}" ${ARGN} OUTPUT_VARIABLE text RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "${program} ${ARGN} failed: ${failed}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(run_dominoes out)
  run_program(text "${DOMINOES}" ${ARGN})
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# gzip -9n: the man pages as Debian installs them (no name or time stamp: reproducible).
function(gzip_file file)
  execute_process(COMMAND gzip -9nc "${file}" OUTPUT_FILE "${file}.gz" RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "gzip ${file} failed")
  endif()
endfunction()

file(MAKE_DIRECTORY "${OUT}/man" "${OUT}/completions")
run_dominoes(options manpage)
file(READ "${SRC}/docs/man/dominoes.1" page)
set(marker ".\\\" @COMMANDS AND OPTIONS@\n")
string(FIND "${page}" "${marker}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "docs/man/dominoes.1 lacks the line '.\\\" @COMMANDS AND OPTIONS@'")
endif()
string(REPLACE "${marker}" "${options}" page "${page}")
file(WRITE "${OUT}/man/dominoes.1" "${page}")
gzip_file("${OUT}/man/dominoes.1")

# The studio's page: its OPTIONS from `dominoes-studio --manpage` when the studio is built (STUDIO),
# its completions from `dominoes-studio --completion bash|zsh`.
file(READ "${SRC}/docs/man/dominoes-studio.1" page)
set(marker ".\\\" @OPTIONS@\n")
string(FIND "${page}" "${marker}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "docs/man/dominoes-studio.1 lacks the line '.\\\" @OPTIONS@'")
endif()
if(STUDIO)
  run_program(studio_options "${STUDIO}" --manpage)
  run_program(studio_bash "${STUDIO}" --completion bash)
  file(WRITE "${OUT}/completions/dominoes-studio" "${studio_bash}")
  run_program(studio_zsh "${STUDIO}" --completion zsh)
  file(WRITE "${OUT}/completions/_dominoes-studio" "${studio_zsh}")
else()
  set(studio_options "")
endif()
string(REPLACE "${marker}" "${studio_options}" page "${page}")
file(WRITE "${OUT}/man/dominoes-studio.1" "${page}")
gzip_file("${OUT}/man/dominoes-studio.1")

# Debian's changelog of the package, gzipped into its doc folder.
configure_file("${SRC}/debian/changelog" "${OUT}/changelog" COPYONLY)
gzip_file("${OUT}/changelog")

run_dominoes(bash completion bash)
file(WRITE "${OUT}/completions/dominoes" "${bash}")
run_dominoes(zsh completion zsh)
file(WRITE "${OUT}/completions/_dominoes" "${zsh}")
