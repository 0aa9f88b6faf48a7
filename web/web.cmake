# SPDX-License-Identifier: MIT
# The web page (make web, docs/web.md): dominoes-studio linked for the browser, with its data package
# (Debian's two font files, the scenarios, puzzles, lessons and compiled translations, at the paths
# the desktop studio finds them in), our own index.html and loader (web/index.html, web/shell.js).
set(WEB_DATA_DIR /usr/share)
set(WEB_PRELOAD
  ${PROJECT_SOURCE_DIR}/scenarios@${WEB_DATA_DIR}/dominoes-studio/scenarios
  ${PROJECT_SOURCE_DIR}/puzzles@${WEB_DATA_DIR}/dominoes-studio/puzzles
  ${PROJECT_SOURCE_DIR}/lessons@${WEB_DATA_DIR}/dominoes-studio/lessons
  ${CMAKE_BINARY_DIR}/share/locale@${WEB_DATA_DIR}/locale
  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf@/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
  /usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf@/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf)
foreach(item ${WEB_PRELOAD})
  string(REGEX REPLACE "@.*" "" file ${item})
  if(NOT EXISTS ${file} AND NOT file MATCHES "/share/locale$")
    message(FATAL_ERROR "the web page's data package needs ${file} (make deps installs it)")
  endif()
  target_link_options(dominoes-studio PRIVATE "SHELL:--preload-file ${item}")
endforeach()
target_link_options(dominoes-studio PRIVATE
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB -sTOTAL_STACK=4MB -sFORCE_FILESYSTEM=1 -lidbfs.js
  "-sEXPORTED_RUNTIME_METHODS=['FS','IDBFS','callMain','UTF8ToString','stringToUTF8','addRunDependency','removeRunDependency','ccall']"
  -sINVOKE_RUN=0 -sEXIT_RUNTIME=0 -sMODULARIZE=0 -sENVIRONMENT=web)
target_link_options(dominoes-studio PRIVATE "SHELL:--js-library ${PROJECT_SOURCE_DIR}/web/library_dominoes.js")
set_property(TARGET dominoes-studio APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/web/library_dominoes.js)
set_target_properties(dominoes-studio PROPERTIES SUFFIX ".js")
# The page and its loader next to the .js, .wasm and .data, with what makes it an installable app
# that opens offline (issue 53 #11): the manifest, the service worker and the icon (the SVG, and
# the PNGs at 192 and 512 pixels that browsers want, drawn by rsvg-convert as the desktop's are).
foreach(page index.html shell.js manifest.webmanifest sw.js)
  add_custom_command(TARGET dominoes-studio POST_BUILD
    COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/web/${page} ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/${page})
endforeach()
find_program(RSVG_CONVERT rsvg-convert)
if(NOT RSVG_CONVERT)
  message(FATAL_ERROR "rsvg-convert not found: it draws the page's icons (apt-get install librsvg2-bin, or make deps)")
endif()
add_custom_command(TARGET dominoes-studio POST_BUILD
  COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/data/dominoes-studio.svg ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/icon.svg
  COMMAND ${RSVG_CONVERT} --width 192 --height 192 --keep-aspect-ratio --output ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/icon-192.png
          ${PROJECT_SOURCE_DIR}/data/dominoes-studio.svg
  COMMAND ${RSVG_CONVERT} --width 512 --height 512 --keep-aspect-ratio --output ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/icon-512.png
          ${PROJECT_SOURCE_DIR}/data/dominoes-studio.svg)
# The worker beside the page (web/worker.cpp): the engine alone, answering the computer's moves as
# text, so that no frame waits for a search. The page loads dominoes-worker.js from its own folder.
add_executable(dominoes-worker ${PROJECT_SOURCE_DIR}/web/worker.cpp)
target_link_libraries(dominoes-worker PRIVATE dominoes_ai)
target_link_options(dominoes-worker PRIVATE -sBUILD_AS_WORKER=1 -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=4MB
  -sENVIRONMENT=worker "-sEXPORTED_FUNCTIONS=['_dom_worker_ask']")
set_target_properties(dominoes-worker PROPERTIES SUFFIX ".js")
add_dependencies(dominoes-studio dominoes-worker)
