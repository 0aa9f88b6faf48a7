# SPDX-License-Identifier: MIT
# The web build's outside libraries (included by third_party/CMakeLists.txt under Emscripten). Nothing
# is vendored:
# - Dear ImGui 1.86 (with its GLFW and OpenGL3 backends), HarfBuzz and FreeType are compiled from
#   Debian's source packages, which web/fetch-sources.sh unpacks into the build folder;
# - the header-only packages (spdlog with fmt, nlohmann-json, pcg, stb, CLI11) are the installed -dev
#   packages' headers, seen through a folder of links (never /usr/include itself: its C library
#   headers are the host's, not Emscripten's);
# - GLFW and WebGL2 are Emscripten's own (-sUSE_GLFW=3 -sUSE_WEBGL2=1).
enable_language(C)
set(WEB_SOURCES ${CMAKE_BINARY_DIR}/sources)
execute_process(COMMAND sh ${PROJECT_SOURCE_DIR}/web/fetch-sources.sh ${WEB_SOURCES} RESULT_VARIABLE fetched)
if(NOT fetched EQUAL 0)
  message(FATAL_ERROR "web/fetch-sources.sh could not fetch Debian's sources of imgui, harfbuzz and freetype")
endif()
set(WEB_SRC ${WEB_SOURCES}/src)

set(WEB_HOST_INCLUDE ${CMAKE_BINARY_DIR}/host-include)
file(MAKE_DIRECTORY ${WEB_HOST_INCLUDE})
foreach(entry spdlog fmt nlohmann CLI pcg_random.hpp pcg_extras.hpp pcg_uint128.hpp stb)
  if(NOT EXISTS /usr/include/${entry})
    message(FATAL_ERROR "/usr/include/${entry} is missing (make deps installs it)")
  endif()
  file(CREATE_LINK /usr/include/${entry} ${WEB_HOST_INCLUDE}/${entry} SYMBOLIC)
endforeach()

add_library(dom_pcg INTERFACE)
target_include_directories(dom_pcg SYSTEM INTERFACE ${WEB_HOST_INCLUDE})
add_library(dom::pcg ALIAS dom_pcg)

add_library(web_headers INTERFACE)
target_include_directories(web_headers SYSTEM INTERFACE ${WEB_HOST_INCLUDE} ${WEB_HOST_INCLUDE}/stb)
# spdlog and fmt compiled into the program from their headers.
target_compile_definitions(web_headers INTERFACE SPDLOG_HEADER_ONLY FMT_HEADER_ONLY)
foreach(name spdlog::spdlog nlohmann_json::nlohmann_json CLI11::CLI11 dom::fontconfig Threads::Threads)
  string(REPLACE "::" "_" alias web_${name})
  add_library(${alias} INTERFACE)
  target_link_libraries(${alias} INTERFACE web_headers)
  add_library(${name} ALIAS ${alias})
endforeach()

add_library(dom_imgui STATIC ${WEB_SRC}/imgui/imgui.cpp ${WEB_SRC}/imgui/imgui_draw.cpp ${WEB_SRC}/imgui/imgui_tables.cpp
                             ${WEB_SRC}/imgui/imgui_widgets.cpp ${WEB_SRC}/imgui/backends/imgui_impl_glfw.cpp
                             ${WEB_SRC}/imgui/backends/imgui_impl_opengl3.cpp ${WEB_SRC}/imgui/misc/cpp/imgui_stdlib.cpp)
target_include_directories(dom_imgui SYSTEM PUBLIC ${WEB_SRC}/imgui ${WEB_SRC}/imgui/backends ${WEB_SRC}/imgui/misc/cpp)
target_compile_options(dom_imgui PRIVATE -w)
# ImGui's item hooks (its test engine's): the studio lists each frame's controls in its dump, so the
# page's tests check that none is under a finger's size (src/studio/ui/controls.h).
target_compile_definitions(dom_imgui PUBLIC IMGUI_ENABLE_TEST_ENGINE)
target_link_options(dom_imgui PUBLIC -sUSE_GLFW=3 -sUSE_WEBGL2=1 -sFULL_ES3=1 -sMIN_WEBGL_VERSION=2)
add_library(dom::imgui ALIAS dom_imgui)
# stb's PNG writer: Debian links libstb.so; here its header is compiled once with its implementation.
set(STB_IMPL ${CMAKE_BINARY_DIR}/generated/web_stb_image_write.c)
file(WRITE ${STB_IMPL} "#define STB_IMAGE_WRITE_IMPLEMENTATION\n#include <stb_image_write.h>\n")
add_library(web_stb STATIC ${STB_IMPL})
target_include_directories(web_stb SYSTEM PRIVATE ${WEB_HOST_INCLUDE}/stb)
target_compile_options(web_stb PRIVATE -w)
add_library(dom_stb INTERFACE)
target_link_libraries(dom_stb INTERFACE web_stb web_headers)
add_library(dom::stb ALIAS dom_stb)
add_library(dom_epoxy INTERFACE)
add_library(dom::epoxy ALIAS dom_epoxy)

# FreeType: the modules the studio's TrueType font needs, zlib and PNG support off.
set(FT ${WEB_SRC}/freetype/src)
add_library(web_freetype STATIC
  ${FT}/base/ftsystem.c ${FT}/base/ftinit.c ${FT}/base/ftdebug.c ${FT}/base/ftbase.c ${FT}/base/ftbitmap.c
  ${FT}/base/ftglyph.c ${FT}/base/ftmm.c ${FT}/truetype/truetype.c ${FT}/sfnt/sfnt.c ${FT}/smooth/smooth.c
  ${FT}/autofit/autofit.c ${FT}/psnames/psnames.c ${FT}/gzip/ftgzip.c)
# Only the modules compiled above are registered (FreeType's default list names every module).
set(FT_MODULES ${CMAKE_BINARY_DIR}/generated/web_ftmodule.h)
file(WRITE ${FT_MODULES} "FT_USE_MODULE(FT_Module_Class, autofit_module_class)
FT_USE_MODULE(FT_Driver_ClassRec, tt_driver_class)
FT_USE_MODULE(FT_Module_Class, psnames_module_class)
FT_USE_MODULE(FT_Module_Class, sfnt_module_class)
FT_USE_MODULE(FT_Renderer_Class, ft_smooth_renderer_class)
")
target_include_directories(web_freetype SYSTEM PUBLIC ${WEB_SRC}/freetype/include)
target_compile_definitions(web_freetype PRIVATE FT2_BUILD_LIBRARY "FT_CONFIG_MODULES_H=\"${FT_MODULES}\"")
target_compile_options(web_freetype PRIVATE -w)

# HarfBuzz: its one-file build, with FreeType's glyph functions and no threads.
add_library(web_harfbuzz STATIC ${WEB_SRC}/harfbuzz/src/harfbuzz.cc)
target_include_directories(web_harfbuzz SYSTEM PUBLIC ${WEB_SRC}/harfbuzz/src)
target_compile_definitions(web_harfbuzz PRIVATE HAVE_FREETYPE=1 HB_NO_MT=1)
target_compile_options(web_harfbuzz PRIVATE -w)
target_link_libraries(web_harfbuzz PUBLIC web_freetype)
add_library(dom_shaping_libs INTERFACE)
target_link_libraries(dom_shaping_libs INTERFACE web_harfbuzz web_freetype)
add_library(dom::harfbuzz_freetype ALIAS dom_shaping_libs)
