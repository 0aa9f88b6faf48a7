// SPDX-License-Identifier: MIT
// The doctest runner for every unit test file.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
