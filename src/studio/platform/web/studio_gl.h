// SPDX-License-Identifier: MIT
// OpenGL for the web page: WebGL2 through Emscripten's OpenGL ES 3.0 functions.
#pragma once
#include <GLES3/gl3.h>
