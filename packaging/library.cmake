# libdominoes: the engine (src/core and src/ai) as static libraries with their headers, a CMake
# package config (find_package(Dominoes): Dominoes::core, Dominoes::ai) and a pkg-config file
# (dominoes.pc), all in the `dev` component: the dominoes-dev package. docs/library.md describes it.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
# Debian's multiarch folder (lib/x86_64-linux-gnu) whatever the prefix, as dpkg-buildflags' builds
# and lintian expect (pkg-config-unavailable-for-cross-compilation otherwise).
if(CMAKE_LIBRARY_ARCHITECTURE)
  set(DOMINOES_LIBDIR lib/${CMAKE_LIBRARY_ARCHITECTURE})
else()
  set(DOMINOES_LIBDIR ${CMAKE_INSTALL_LIBDIR})
endif()

install(TARGETS dominoes_core dominoes_ai EXPORT DominoesTargets
        ARCHIVE DESTINATION ${DOMINOES_LIBDIR} COMPONENT dev)
# Headers keep their in-tree names under include/dominoes/ ("core/match.h", "ai/players.h"); the
# fast playout paths (fast.h, playout_impl.h, bit_ops.h, and the Python module's lock-step Batch:
# batch.h, batch_step.h, in dominoes_ai_fast) and the DGN reader's words (dgn_lex.h) are not part of the
# library.
foreach(dir core ai)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/src/${dir}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/dominoes/${dir}
          COMPONENT dev FILES_MATCHING PATTERN "*.h" PATTERN "fast.h" EXCLUDE PATTERN "playout_impl.h" EXCLUDE
                                           PATTERN "bit_ops.h" EXCLUDE PATTERN "dgn_lex.h" EXCLUDE
                                           PATTERN "batch.h" EXCLUDE PATTERN "batch_step.h" EXCLUDE)
endforeach()

set(DOMINOES_CMAKE_DIR ${DOMINOES_LIBDIR}/cmake/Dominoes)
install(EXPORT DominoesTargets NAMESPACE Dominoes:: DESTINATION ${DOMINOES_CMAKE_DIR} COMPONENT dev)
configure_package_config_file(${CMAKE_CURRENT_SOURCE_DIR}/DominoesConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/DominoesConfig.cmake INSTALL_DESTINATION ${DOMINOES_CMAKE_DIR})
# 0.x: no promise across minor versions (docs/library.md, Stability).
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/DominoesConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/DominoesConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/DominoesConfigVersion.cmake
        DESTINATION ${DOMINOES_CMAKE_DIR} COMPONENT dev)

# The .pc file finds its prefix from where it lies (${pcfiledir}), so the same file serves any
# --prefix and the package's /usr.
file(RELATIVE_PATH DOMINOES_PC_TO_PREFIX /${DOMINOES_LIBDIR}/pkgconfig /)
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/dominoes.pc.in ${CMAKE_CURRENT_BINARY_DIR}/dominoes.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/dominoes.pc DESTINATION ${DOMINOES_LIBDIR}/pkgconfig COMPONENT dev)
install(FILES ${PROJECT_SOURCE_DIR}/docs/library.md DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/dominoes-dev COMPONENT dev)
install(FILES ${PROJECT_SOURCE_DIR}/examples/play_round.cpp
              ${PROJECT_SOURCE_DIR}/examples/CMakeLists.txt ${PROJECT_SOURCE_DIR}/examples/Makefile
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/dominoes-dev/examples COMPONENT dev)
