# SPDX-License-Identifier: MIT
# libdominoes: the engine (src/core and src/ai) as static libraries and one shared library with their
# public headers, a CMake package config (find_package(Dominoes): Dominoes::core, Dominoes::ai,
# Dominoes::dominoes) and a pkg-config file (dominoes.pc), in the `dev` component (dominoes-dev) and,
# for libdominoes.so.0, the `lib` component (libdominoes0). docs/library.md describes it.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
# Debian's multiarch folder (lib/x86_64-linux-gnu) whatever the prefix, as dpkg-buildflags' builds
# and lintian expect (pkg-config-unavailable-for-cross-compilation otherwise).
if(CMAKE_LIBRARY_ARCHITECTURE)
  set(DOMINOES_LIBDIR lib/${CMAKE_LIBRARY_ARCHITECTURE})
else()
  set(DOMINOES_LIBDIR ${CMAKE_INSTALL_LIBDIR})
endif()

# The public API: these headers and no others (docs/library.md, The public API), installed as
# include/dominoes/<area>/<header>.h and included as <dominoes/core/match.h> with only -I PREFIX/include.
# The copies under BUILD/include/dominoes spell their includes of each other <dominoes/...>
# (cmake/public_headers.cmake; a public header that includes an internal one stops the build). The
# build tree's own code keeps "core/match.h"; examples/ uses the public names, against these copies.
set(DOMINOES_PUBLIC_HEADERS
    core/tile.h core/rules.h core/round.h core/reason.h core/random.h core/match.h core/movetext.h
    core/layout.h core/dgn.h ai/observation.h ai/sim.h ai/players.h ai/analysis.h ai/recorder.h ai/game.h)
set(DOMINOES_HEADERS_DIR ${CMAKE_BINARY_DIR}/include)
set(DOMINOES_HEADER_COPIES ${DOMINOES_PUBLIC_HEADERS})
list(TRANSFORM DOMINOES_HEADER_COPIES PREPEND ${DOMINOES_HEADERS_DIR}/dominoes/)
list(JOIN DOMINOES_PUBLIC_HEADERS "," DOMINOES_HEADERS_ARG)
add_custom_target(dominoes_headers ALL
  COMMAND ${CMAKE_COMMAND} -DSRC=${PROJECT_SOURCE_DIR}/src -DOUT=${DOMINOES_HEADERS_DIR}
          "-DHEADERS=${DOMINOES_HEADERS_ARG}" -P ${PROJECT_SOURCE_DIR}/cmake/public_headers.cmake
  BYPRODUCTS ${DOMINOES_HEADER_COPIES}
  COMMENT "The library's public headers (include/dominoes)" VERBATIM)
add_dependencies(dominoes_core dominoes_headers)
target_include_directories(dominoes_core PUBLIC $<BUILD_INTERFACE:${DOMINOES_HEADERS_DIR}>)
foreach(header IN LISTS DOMINOES_PUBLIC_HEADERS)
  get_filename_component(area ${header} DIRECTORY)
  install(FILES ${DOMINOES_HEADERS_DIR}/dominoes/${header} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/dominoes/${area}
          COMPONENT dev)
endforeach()

# libdominoes.so.0: the same objects as one shared library (SONAME libdominoes.so.0), for programs
# that link -ldominoes; Dominoes::dominoes in CMake. The static libraries stay beside it.
add_library(dominoes_shared SHARED $<TARGET_OBJECTS:dominoes_core> $<TARGET_OBJECTS:dominoes_ai>)
target_link_libraries(dominoes_shared PUBLIC $<BUILD_INTERFACE:dom::pcg> nlohmann_json::nlohmann_json Threads::Threads)
target_include_directories(dominoes_shared PUBLIC $<BUILD_INTERFACE:${DOMINOES_HEADERS_DIR}> $<INSTALL_INTERFACE:include>)
target_compile_features(dominoes_shared PUBLIC cxx_std_20)
add_dependencies(dominoes_shared dominoes_headers)
set_target_properties(dominoes_shared PROPERTIES OUTPUT_NAME dominoes EXPORT_NAME dominoes
                      VERSION ${PROJECT_VERSION}.0 SOVERSION 0 LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib)

install(TARGETS dominoes_core dominoes_ai EXPORT DominoesTargets
        ARCHIVE DESTINATION ${DOMINOES_LIBDIR} COMPONENT dev)
# The shared object in its own package (libdominoes0, Debian's rule for a SONAME), its link in -dev.
install(TARGETS dominoes_shared EXPORT DominoesTargets
        LIBRARY DESTINATION ${DOMINOES_LIBDIR} COMPONENT lib NAMELINK_COMPONENT dev)

set(DOMINOES_CMAKE_DIR ${DOMINOES_LIBDIR}/cmake/Dominoes)
install(EXPORT DominoesTargets NAMESPACE Dominoes:: DESTINATION ${DOMINOES_CMAKE_DIR} COMPONENT dev)
configure_package_config_file(${CMAKE_CURRENT_SOURCE_DIR}/DominoesConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/DominoesConfig.cmake INSTALL_DESTINATION ${DOMINOES_CMAKE_DIR})
# 0.x: no promise across minor versions (docs/library.md, Stability).
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/DominoesConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/DominoesConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/DominoesConfigVersion.cmake
        DESTINATION ${DOMINOES_CMAKE_DIR} COMPONENT dev)

# The .pc file names the prefix it is installed under, as a normalised absolute path (/usr in the
# package, PREFIX for `make install PREFIX=...`): it is written when installing, where
# CMAKE_INSTALL_PREFIX is the prefix of that install (DESTDIR apart).
set(DOMINOES_PC_PREFIX "@DOMINOES_PC_PREFIX@")
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/dominoes.pc.in ${CMAKE_CURRENT_BINARY_DIR}/dominoes.pc.in @ONLY)
install(CODE "cmake_path(NORMAL_PATH CMAKE_INSTALL_PREFIX OUTPUT_VARIABLE DOMINOES_PC_PREFIX)
string(REGEX REPLACE \"(.)/$\" \"\\\\1\" DOMINOES_PC_PREFIX \"\${DOMINOES_PC_PREFIX}\")
configure_file(${CMAKE_CURRENT_BINARY_DIR}/dominoes.pc.in ${CMAKE_CURRENT_BINARY_DIR}/dominoes.pc @ONLY)" COMPONENT dev)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/dominoes.pc DESTINATION ${DOMINOES_LIBDIR}/pkgconfig COMPONENT dev)
install(FILES ${PROJECT_SOURCE_DIR}/docs/library.md DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/dominoes-dev COMPONENT dev)
install(FILES ${PROJECT_SOURCE_DIR}/examples/play_round.cpp
              ${PROJECT_SOURCE_DIR}/examples/CMakeLists.txt ${PROJECT_SOURCE_DIR}/examples/Makefile
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/dominoes-dev/examples COMPONENT dev)
install(FILES ${PROJECT_SOURCE_DIR}/examples/engines/greedy_engine.cpp
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/dominoes-dev/examples/engines COMPONENT dev)
