// SPDX-License-Identifier: MIT
// Issue 43 #11 and #15: one name a seat (a level's name first, else the menus' label, else the spec
// in words), and command palette rows that name their menu path as `--list-actions` prints it.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "studio/model/actions.h"
#include "studio/model/players.h"

using namespace dom;
using namespace dom::studio;

TEST_CASE("a seat's one name: the level's, else the menus' label, else its player and settings in words") {
  CHECK(playerLabel("random") == "Beginner");     // not the catalog's "Random"
  CHECK(playerLabel("strategist") == "Skilled");  // not "Strategist"
  CHECK(playerLabel("strategist:random=0.2") == "Club player");
  CHECK(playerLabel("expert") == "Master");
  CHECK(playerLabel("greedy") == "Greedy");
  CHECK(playerLabel("expert:ms=200") == "Expert (200 ms a move)");
  CHECK(playerLabel("expert:ms=2000") == "Expert (2000 ms a move)");  // was the raw spec
  CHECK(playerLabel("flatmc:300,random=0.1") == "Flat Monte Carlo (300 deals, 10% at random)");
  CHECK(playerLabel("flatmc:1") == "Flat Monte Carlo (1 deal)");
  CHECK(playerLabel("Ana") == "Ana");  // a record's name
  CHECK(seatLabel(Seat::Random) == "Beginner");
  // The menus offer each spec once: a level's player is not offered again under its catalog name.
  std::set<std::string> specs, labels;
  for (const SeatChoice& c : seatChoices()) {
    CHECK_MESSAGE(specs.insert(c.spec).second, c.spec << " offered twice");
    CHECK_MESSAGE(labels.insert(c.label).second, c.label << " names two choices");
  }
}

TEST_CASE("palette rows: the menu path, then the label; no two alike; no submenu named as a level") {
  ActionContext c;
  Session s;
  c.session = &s;
  std::set<std::string> rows;
  for (const Action& a : actions()) {
    const std::string row = paletteLabel(a, c);
    CHECK_MESSAGE(rows.insert(row).second, "two palette rows read " << row);
    // The path --list-actions prints (in English, as here).
    CHECK(row == (a.menu.empty() ? "" : a.menu + " > ") + a.labelText(c));
    if (a.id.starts_with("game.seat.")) {
      const std::string seat = a.id.substr(10, 1) == "a" ? "Game > Seat A > " : "Game > Seat B > ";
      CHECK_MESSAGE(row.starts_with(seat), row);
    }
    // "Advanced" is a level's name: no submenu bears it.
    CHECK(a.menu.find("Advanced") == std::string::npos);
  }
  const Action* flat = findAction("game.seat.b.other.flatmc:200");
  REQUIRE(flat);
  CHECK(paletteLabel(*flat, c) == "Game > Seat B > Other players > Flat Monte Carlo (200 deals)");
  CHECK(listActions().find(
            "game.seat.b.other.flatmc:200\t\tGame > Seat B > Other players > Flat Monte Carlo (200 deals)\n") !=
        std::string::npos);
}
