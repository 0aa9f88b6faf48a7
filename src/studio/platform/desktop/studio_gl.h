// SPDX-License-Identifier: MIT
// OpenGL for the desktop studio: libepoxy loads the functions of the window's OpenGL 3.3 context.
#pragma once
#include <epoxy/gl.h>
