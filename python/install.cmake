# SPDX-License-Identifier: MIT
# `make install` (cmake --install --prefix P): the package and its dist-info go to the folder that P's
# Python searches (python/sitedir.py, asked at install time, when P is known): /usr gives Debian's
# lib/python3/dist-packages (python3-dominoes), /usr/local lib/python3.X/dist-packages, ~/.local the
# user's site. -DDOMINOES_PYTHON_INSTALL_DIR=lib/... sets it.
set(DOMINOES_PYTHON_INSTALL_DIR "" CACHE STRING "The Python package's folder below the install prefix (empty: where that prefix's Python looks)")
set(DOMINOES_DIST_INFO dominoes-${PROJECT_VERSION}.dist-info)
set(dist_info ${CMAKE_BINARY_DIR}/python/${DOMINOES_DIST_INFO})
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/METADATA.in ${dist_info}/METADATA @ONLY)
file(WRITE ${dist_info}/INSTALLER "cmake\n")
file(WRITE ${dist_info}/top_level.txt "dominoes\n")
# RECORD lists the installed files with their sha256 and size (python/record.py): it is written at
# install time, from the files as installed (the module as `cmake --install --strip` leaves it).
file(REMOVE ${dist_info}/RECORD)
set(DOMINOES_RECORD_FILES "")
foreach(f ${DOMINOES_PY_SOURCES} py.typed _dominoes.pyi _dominoes${DOMINOES_PYTHON_SUFFIX})
  get_filename_component(name ${f} NAME)
  list(APPEND DOMINOES_RECORD_FILES "dominoes/${name}")
endforeach()
foreach(f METADATA INSTALLER top_level.txt)
  list(APPEND DOMINOES_RECORD_FILES "${DOMINOES_DIST_INFO}/${f}")
endforeach()

install(CODE "
  set(DOMINOES_PYDIR \"${DOMINOES_PYTHON_INSTALL_DIR}\")
  if(DOMINOES_PYDIR STREQUAL \"\")
    execute_process(COMMAND \"$<TARGET_FILE:Python3::Interpreter>\" \"${CMAKE_CURRENT_SOURCE_DIR}/sitedir.py\" \"\${CMAKE_INSTALL_PREFIX}\"
                    OUTPUT_VARIABLE DOMINOES_PYDIR OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE searched)
    if(searched EQUAL 3)
      message(STATUS \"\${CMAKE_INSTALL_PREFIX}/\${DOMINOES_PYDIR} is not on $<TARGET_FILE:Python3::Interpreter>'s path: add it to PYTHONPATH to import dominoes\")
    elseif(NOT searched EQUAL 0)
      message(FATAL_ERROR \"python/sitedir.py failed for \${CMAKE_INSTALL_PREFIX}\")
    endif()
  endif()" COMPONENT python)
install(TARGETS pydominoes LIBRARY DESTINATION "\${DOMINOES_PYDIR}/dominoes" COMPONENT python)
install(FILES ${DOMINOES_PY_SOURCES} ${CMAKE_CURRENT_SOURCE_DIR}/dominoes/py.typed ${DOMINOES_PY_PACKAGE}/_dominoes.pyi
        DESTINATION "\${DOMINOES_PYDIR}/dominoes" COMPONENT python)
install(DIRECTORY ${dist_info} DESTINATION "\${DOMINOES_PYDIR}" COMPONENT python)
install(CODE "
  if(IS_ABSOLUTE \"\${DOMINOES_PYDIR}\")
    set(DOMINOES_SITE \"\$ENV{DESTDIR}\${DOMINOES_PYDIR}\")
  else()
    set(DOMINOES_SITE \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/\${DOMINOES_PYDIR}\")
  endif()
  execute_process(COMMAND \"$<TARGET_FILE:Python3::Interpreter>\" \"${CMAKE_CURRENT_SOURCE_DIR}/record.py\" write
                          \"\${DOMINOES_SITE}\" ${DOMINOES_DIST_INFO} ${DOMINOES_RECORD_FILES} RESULT_VARIABLE written)
  if(NOT written EQUAL 0)
    message(FATAL_ERROR \"python/record.py could not write \${DOMINOES_SITE}/${DOMINOES_DIST_INFO}/RECORD\")
  endif()
  list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${DOMINOES_SITE}/${DOMINOES_DIST_INFO}/RECORD\")" COMPONENT python)
