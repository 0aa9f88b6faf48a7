# Run at build time (cmake -P) after `dominoes` is built: the man pages and the shell completions,
# their option sections drawn from the command line itself (`dominoes manpage`, `dominoes completion
# bash|zsh`), so that they cannot drift from it. In: DOMINOES (the program), SRC (the source tree),
# OUT (the build's folder for them). Out: OUT/man/dominoes.1 (and .gz), OUT/man/dominoes-studio.1.gz,
# OUT/completions/dominoes (bash), OUT/completions/_dominoes (zsh) and OUT/changelog.gz.
function(run_dominoes out)
  execute_process(COMMAND "${DOMINOES}" ${ARGN} OUTPUT_VARIABLE text RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "dominoes ${ARGN} failed: ${failed}")
  endif()
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
configure_file("${SRC}/docs/man/dominoes-studio.1" "${OUT}/man/dominoes-studio.1" COPYONLY)
gzip_file("${OUT}/man/dominoes-studio.1")

# Debian's changelog of the package, gzipped into its doc folder.
configure_file("${SRC}/packaging/changelog" "${OUT}/changelog" COPYONLY)
gzip_file("${OUT}/changelog")

run_dominoes(bash completion bash)
file(WRITE "${OUT}/completions/dominoes" "${bash}")
run_dominoes(zsh completion zsh)
file(WRITE "${OUT}/completions/_dominoes" "${zsh}")
