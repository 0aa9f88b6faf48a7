// SPDX-License-Identifier: MIT
// The doctest runner for the studio's view-model tests.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
