// SPDX-License-Identifier: MIT
// The action registry (actions.h): every user action once, in menu order.
#include "studio/model/actions.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "studio/model/disclosure.h"
#include "studio/model/i18n.h"
#include "studio/model/players.h"

namespace dom::studio {

namespace {
using intent::Cmd;
using intent::WindowCmd;

// The submenus' words, for the translations (the menus translate each part of a menu path).
[[maybe_unused]] constexpr const char* kSubmenus[] = {N_("Tiles"), N_("Language"), N_("Mistakes of"),
                                                      N_("Puzzle theme"), N_("Open recent")};

Shortcut key(int k, bool ctrl = false, bool shift = false) { return Shortcut{k, ctrl, shift}; }

// The human seat to move may act on the table (not in edit mode, not for a computer seat).
bool humanMover(const Session& s) { return !s.editing() && s.humanToMove(); }

std::string notYourTurn(const ActionContext& c) {
  const Session& s = c.s();
  if (s.editing()) return _("leave edit mode first (Edit > Edit the position)");
  const auto who = s.match().toMove();
  if (!who) return _("no round is on");
  return i18n::format(_("{0} is the computer's seat: it plays its own tiles"), {std::string(1, letter(*who))});
}

bool legal(const Session& s, MoveKind k) {
  const auto who = s.match().toMove();
  return who && s.match().illegal(moveOf(k), *who).empty();
}

std::size_t placementCount(const Session& s) {
  return s.selected() == kNoTile ? 0 : movesOfTile(s.match(), s.selected()).size();
}

// The builder: actions are added in menu order; `menu` and `separator` apply to the next ones.
struct Builder {
  std::vector<Action> list;
  std::string menu;
  bool separator = false;
  // The action added (a reference into the list: good until the next add).
  Action& add(std::string id, std::string label, std::vector<Shortcut> keys,
              std::function<bool(const ActionContext&)> en, std::function<void(const ActionContext&, Intents&)> run) {
    Action a;
    a.id = std::move(id);
    a.label = std::move(label);
    a.menu = menu;
    a.separatorBefore = separator;
    separator = false;
    a.keys = std::move(keys);
    if (en)
      a.enabled = std::move(en);
    else
      a.enabled = [](const ActionContext&) { return true; };
    a.run = std::move(run);
    list.push_back(std::move(a));
    return list.back();
  }
  // An action that always does the same intent.
  Action& simple(std::string id, std::string label, std::vector<Shortcut> keys, Intent in,
                 std::function<bool(const ActionContext&)> en = {}) {
    return add(std::move(id), std::move(label), std::move(keys), std::move(en),
               [in = std::move(in)](const ActionContext&, Intents& out) { out.push_back(in); });
  }
  Action& simple(std::string id, std::string label, std::vector<Shortcut> keys, Cmd c,
                 std::function<bool(const ActionContext&)> en = {}) {
    return simple(std::move(id), std::move(label), std::move(keys), intentOf(c), std::move(en));
  }
  Action& simple(std::string id, std::string label, std::vector<Shortcut> keys, WindowCmd c,
                 std::function<bool(const ActionContext&)> en = {}) {
    return simple(std::move(id), std::move(label), std::move(keys), intentOf(c), std::move(en));
  }
};

// File > Open recent: one action a recent file (the newest first), listed while there is one.
void recentActions(Builder& b) {
  b.menu = "File > Open recent";
  for (int i = 0; i < kRecentActions; ++i) {
    const auto at = static_cast<std::size_t>(i);
    auto has = [at](const ActionContext& c) { return at < c.s().settings().recent.size(); };
    Action& a =
        b.add("file.recent." + std::to_string(i + 1), std::to_string(i + 1), {}, has,
              [at](const ActionContext& c, Intents& out) { out.push_back(openIntent(c.s().settings().recent[at])); });
    a.literal = true;
    a.listed = has;
    a.shownLabel = [at, n = a.label](const ActionContext& c) {
      const auto& recent = c.s().settings().recent;
      return at < recent.size() ? recent[at] : n;
    };
  }
}

void fileActions(Builder& b) {
  b.menu = "File";
  b.simple("file.new", N_("New game..."), {key('N', true)}, WindowCmd::NewGameDialog);
  b.simple("file.open", N_("Open..."), {key('O', true)}, WindowCmd::OpenDialog);
  recentActions(b);
  b.menu = "File";
  b.add(
       "file.save", N_("Save"), {}, [](const ActionContext& c) { return !c.s().filePath().empty(); },
       [](const ActionContext& c, Intents& out) { out.push_back(intent::Save{c.s().filePath()}); })
      .why = [](const ActionContext&) { return std::string(_("the game has no file yet: File > Save as...")); };
  b.simple("file.save_as", N_("Save as..."), {key('S', true)}, WindowCmd::SaveAsDialog);
  b.simple("file.export_window", N_("Export PNG of the window..."), {}, WindowCmd::ExportDialog);
  b.simple("file.share_link", N_("Share link"), {}, WindowCmd::ShareLink);
  b.simple("file.export_progress", N_("Export progress..."), {}, WindowCmd::ProgressDialog);
  b.simple("file.worksheet", N_("Worksheet of the lesson (PDF)..."), {}, WindowCmd::WorksheetDialog,
           [](const ActionContext& c) { return c.s().course().active(); })
      .why = [](const ActionContext&) { return std::string(_("no lesson is on: Help > Learn")); };
  b.simple("file.export_table", N_("Export PNG of the table..."), {}, WindowCmd::ExportTableDialog,
           [](const ActionContext& c) { return c.s().settings().isOpen(Pane::Table); })
      .why = [](const ActionContext&) {
    return std::string(_("cannot export the table: its pane is closed (open it from the View menu)"));
  };
  b.separator = true;
  b.simple("file.quit", N_("Quit"), {key('Q', true)}, WindowCmd::Quit);
}

void editActions(Builder& b) {
  b.menu = "Edit";
  Action& undo = b.simple("edit.undo", N_("Undo move"), {key('Z', true)}, Cmd::Undo, [](const ActionContext& c) {
    const Session& s = c.s();
    return s.editing() ? s.editor().canUndo() : s.timeline().current().parent >= 0;
  });
  undo.shownLabel = [](const ActionContext& c) { return c.s().editing() ? _("Undo edit") : _("Undo move"); };
  undo.tooltip = [](const ActionContext& c) {
    return std::string(c.s().editing() ? _("Undo the editor's last edit") : _("Undo a move"));
  };
  undo.why = [](const ActionContext& c) {
    return std::string(c.s().editing() ? _("nothing to undo in the editor")
                                       : _("nothing to undo: this is the first position"));
  };
  undo.button = [](const ActionContext&) { return std::string(_("Undo")); };  // the Position editor's
  Action& redo = b.simple("edit.redo", N_("Redo move"), {key('Y', true)}, Cmd::Redo, [](const ActionContext& c) {
    const Session& s = c.s();
    if (s.editing()) return s.editor().canRedo();
    return s.timeline().pathPos() + 1 < static_cast<int>(s.timeline().branchPath().size()) || s.canRedo();
  });
  redo.shownLabel = [](const ActionContext& c) { return c.s().editing() ? _("Redo edit") : _("Redo move"); };
  redo.why = [](const ActionContext& c) {
    return std::string(c.s().editing() ? _("nothing to redo in the editor") : _("no later position on this branch"));
  };
  redo.button = [](const ActionContext&) { return std::string(_("Redo")); };
  b.separator = true;
  Action& edit = b.add("edit.position", N_("Edit the position"), {}, {}, [](const ActionContext& c, Intents& out) {
    out.push_back(paneIntent(Pane::Editor, !c.s().editing()));
  });
  edit.checked = [](const ActionContext& c) { return c.s().editing(); };
  // The Position editor's button that leaves edit mode.
  edit.button = [](const ActionContext& c) {
    return std::string(c.s().editing() ? _("Done") : _("Edit the position"));
  };
  edit.tooltip = [](const ActionContext& c) {
    return std::string(c.s().editing() ? _("Leave edit mode; the edit stays for next time") : "");
  };
  // The position on the table into the editor, which opens if it is closed.
  b.add("edit.load", N_("Load the current position"), {}, {}, [](const ActionContext& c, Intents& out) {
    if (!c.s().editing()) out.push_back(paneIntent(Pane::Editor, true));
    out.push_back(intentOf(Cmd::EditLoad));
  });
  b.simple("edit.play_from_here", N_("Play from here"), {}, Cmd::EditorStart, [](const ActionContext& c) {
     return c.s().editing() && c.s().editor().error().empty();
   }).why = [](const ActionContext& c) { return c.s().editing() ? c.s().editor().error() : std::string(); };
}

void viewActions(Builder& b) {
  b.menu = "View";
  for (int i = 0; i < kPanes; ++i) {
    const Pane p = static_cast<Pane>(i);
    b.add(std::string("view.pane.") + name(p), titleWord(p), {}, {}, [p](const ActionContext& c, Intents& out) {
       out.push_back(paneIntent(p, !c.s().settings().isOpen(p)));
     }).checked = [p](const ActionContext& c) { return c.s().settings().isOpen(p); };
  }
  b.simple("view.reset_layout", N_("Reset the layout"), {}, WindowCmd::ResetLayout);
  b.menu = "View > Language";
  for (const i18n::Language& l : i18n::languages()) {
    const std::string code = l.code;
    Action& a = b.add("view.language." + code, l.native, {}, {},
                      [code](const ActionContext&, Intents& out) { out.push_back(intent::SetLanguage{code}); });
    a.literal = true;
    a.checked = [code](const ActionContext&) { return i18n::language() == code; };
  }
  // A projector's sizes: kept in the settings (TextSize=), every pane's text scaled.
  b.menu = "View > Text size";
  for (const int size : kTextSizes) {
    Action& a = b.add("view.text_size." + std::to_string(size), std::to_string(size) + "%", {}, {},
                      [size](const ActionContext&, Intents& out) {
                        out.push_back(intent::SetSetting{"TextSize=" + std::to_string(size)});
                      });
    a.literal = true;
    a.checked = [size](const ActionContext& c) { return c.s().settings().textSize == size; };
  }
  b.menu = "View";
  b.separator = true;
  auto toggle = [&](const char* id, const char* label, intent::Toggle t, bool Settings::*field) {
    b.add(id, label, {}, {}, [t, field](const ActionContext& c, Intents& out) {
       out.push_back(intent::SetToggle{t, !(c.s().settings().*field)});
     }).checked = [field](const ActionContext& c) { return c.s().settings().*field; };
  };
  toggle("view.animate", N_("Animate moves"), intent::Toggle::Animate, &Settings::animate);
  toggle("view.ghosts", N_("Ghost placements"), intent::Toggle::Ghosts, &Settings::ghosts);
  toggle("view.teaching", N_("Teaching mode (reveal the stock)"), intent::Toggle::Teaching, &Settings::teaching);
  b.list.back().button = [](const ActionContext&) { return std::string(_("Reveal")); };  // the Stock pane's box
  b.list.back().tooltip = [](const ActionContext&) {
    return std::string(_("Teaching mode: the stock face up, in draw order"));
  };
  b.separator = true;
  b.add("view.fit", N_("Fit the line"), {key('F')}, {}, [](const ActionContext&, Intents& out) {
     out.push_back(intent::SetView{false});
   }).checked = [](const ActionContext& c) { return !c.wholeTable; };
  b.add("view.whole", N_("Whole table"), {key('W')}, {}, [](const ActionContext&, Intents& out) {
     out.push_back(intent::SetView{true});
   }).checked = [](const ActionContext& c) { return c.wholeTable; };
  // A note longer than the table's caption shows (kCaptionShown characters) in a window of its own.
  b.add(
       "view.whole_note", N_("Show the whole note"), {},
       [](const ActionContext& c) { return longerThan(c.s().timeline().current().caption, kCaptionShown); },
       [](const ActionContext&, Intents& out) { out.push_back(intentOf(WindowCmd::ShowWholeNote)); })
      .why = [](const ActionContext&) { return std::string(_("the note is shown whole under the table")); };
  b.separator = true;
  const std::pair<const char*, Visibility> views[] = {
      {N_("Show all hands"), Visibility::All}, {N_("Show as A"), Visibility::AsA}, {N_("Show as B"), Visibility::AsB}};
  const char* const viewIds[] = {"view.show_all", "view.as_a", "view.as_b"};
  for (int i = 0; i < 3; ++i) {
    const Visibility v = views[i].second;
    b.add(viewIds[i], views[i].first, {}, {}, [v](const ActionContext&, Intents& out) {
       out.push_back(visibilityIntent(v));
     }).checked = [v](const ActionContext& c) { return c.s().settings().visibility == v; };
  }
  b.separator = true;
  b.simple("view.palette", N_("Command palette..."), {key('P', true, true)}, WindowCmd::Palette);
}

void stepActions(Builder& b) {
  b.menu = "Game";
  auto atStart = [](const ActionContext& c) { return c.s().timeline().pathPos() > 0; };
  auto beforeEnd = [](const ActionContext& c) { return c.s().canStepForward(); };
  auto first = [](const ActionContext&) { return std::string(_("this is the first position")); };
  auto last = [](const ActionContext& c) {
    // In a lesson the position after a waiting task does not exist yet: the task comes first.
    if (const LessonStep* t = c.s().course().pending(); t && c.s().lessonWaits())
      return i18n::format(_("First the task: {0}"), {i18n::trScenarioLines(t->task.prompt)});
    return std::string(_("this is the last position of the branch"));
  };
  // The Timeline's playback buttons are signs: their tooltips say the label and the key.
  auto sign = [](const char* text) { return [text](const ActionContext&) { return std::string(text); }; };
  Action& firstPos = b.simple("game.first", N_("First position"), {key(keycode::Home)}, Cmd::First, atStart);
  firstPos.why = first;
  firstPos.button = sign("|<");
  Action& prev = b.simple("game.prev", N_("Previous"), {key(keycode::Left)}, Cmd::Prev, atStart);
  prev.why = first;
  prev.repeat = true;
  prev.button = sign("<");
  Action& next = b.simple("game.next", N_("Next"), {key(keycode::Right)}, Cmd::Next, beforeEnd);
  next.why = last;
  next.repeat = true;
  next.button = sign(">");
  Action& lastPos = b.simple("game.last", N_("Last position"), {key(keycode::End)}, Cmd::Last, beforeEnd);
  lastPos.why = last;
  lastPos.button = sign(">|");
  Action& autoplay = b.simple("game.autoplay", N_("Autoplay"), {key('A')}, Cmd::Autoplay);
  autoplay.shownLabel = [](const ActionContext& c) { return c.s().autoplay() ? _("Pause autoplay") : _("Autoplay"); };
  autoplay.button = [](const ActionContext& c) { return std::string(c.s().autoplay() ? _("Pause") : _("Play")); };
}

void tileActions(Builder& b) {
  b.menu = "Game > Tiles";
  b.separator = true;
  auto canSelect = [](const ActionContext& c) { return !selectableTiles(c.s()).empty(); };
  auto whyNone = [](const ActionContext& c) {
    if (!humanMover(c.s())) return notYourTurn(c);
    return legal(c.s(), MoveKind::Draw)
               ? i18n::format(_("none of your tiles can be placed: draw ({0})"), {keyOf("game.draw")})
               : i18n::format(_("none of your tiles can be placed: pass ({0})"), {keyOf("game.pass")});
  };
  auto cycle = [](int dir) {
    return [dir](const ActionContext& c, Intents& out) {
      const auto tiles = selectableTiles(c.s());
      const auto it = std::find(tiles.begin(), tiles.end(), c.s().selected());
      const int n = static_cast<int>(tiles.size());
      int i = it == tiles.end() ? (dir > 0 ? -1 : n) : static_cast<int>(it - tiles.begin());
      i = ((i + dir) % n + n) % n;
      out.push_back(selectIntent(tiles[static_cast<std::size_t>(i)]));
    };
  };
  Action& selNext = b.add("game.select_next", N_("Select the next tile"), {key(keycode::Tab), key(keycode::Down)},
                          canSelect, cycle(1));
  selNext.why = whyNone;
  selNext.repeat = true;
  Action& selPrev = b.add("game.select_prev", N_("Select the previous tile"),
                          {key(keycode::Tab, false, true), key(keycode::Up)}, canSelect, cycle(-1));
  selPrev.why = whyNone;
  selPrev.repeat = true;
  auto choosing = [](const ActionContext& c) { return humanMover(c.s()) && placementCount(c.s()) > 1; };
  auto choose = [](int dir) {
    return [dir](const ActionContext& c, Intents& out) {
      out.push_back(
          intent::ChooseGhost{std::clamp(c.s().chosenGhost() + dir, 0, static_cast<int>(placementCount(c.s())) - 1)});
    };
  };
  // With a tile of several placements, Left and Right choose among them (before game.prev / game.next).
  b.add("game.placement_prev", N_("Previous placement of the tile"), {key(keycode::Left)}, choosing, choose(-1))
      .keyFirst = true;
  b.add("game.placement_next", N_("Next placement of the tile"), {key(keycode::Right)}, choosing, choose(1)).keyFirst =
      true;
}

// Playing the selected tile, deselecting it, drawing and passing (the same menu, after tileActions).
void playActions(Builder& b) {
  b.menu = "Game > Tiles";
  Action& play = b.add(
      "game.play", N_("Play the selected tile or the hint"),
      {key(keycode::Enter), key(keycode::Space), key(keycode::KeypadEnter)},
      [](const ActionContext& c) {
        return humanMover(c.s()) && (placementCount(c.s()) > 0 || c.hint.has_value() ||
                                     (c.s().lessonWaits() && c.s().selected() != kNoTile));
      },
      [](const ActionContext& c, Intents& out) {
        if (placementCount(c.s()) > 0 || (c.s().lessonWaits() && c.s().selected() != kNoTile))
          out.push_back(intentOf(Cmd::PlaySelected));
        else
          out.push_back(playIntent(*c.hint));
      });
  play.why = [](const ActionContext& c) {
    const Session& s = c.s();
    if (!humanMover(s)) return notYourTurn(c);
    if (s.selected() == kNoTile) return i18n::format(_("select a tile first ({0})"), {keyOf("game.select_next")});
    Move probe;
    probe.tile = s.selected();
    probe.end = s.match().state().beforeLead() ? End::None : End::L;
    return s.match().illegal(probe, *s.match().toMove());
  };
  b.add(
      "game.deselect", N_("Deselect"), {key(keycode::Escape)},
      [](const ActionContext& c) { return c.s().selected() != kNoTile; },
      [](const ActionContext&, Intents& out) { out.push_back(selectIntent(kNoTile)); });
  for (const auto& [id, label, k, kind] : {std::tuple{"game.draw", N_("Draw"), 'D', MoveKind::Draw},
                                           std::tuple{"game.pass", N_("Pass"), 'P', MoveKind::Pass}}) {
    const MoveKind mk = kind;
    b.add(
         id, label, {key(k)},
         [mk](const ActionContext& c) {
           // A lesson's waiting task judges an illegal draw or pass too: it is a wrong try, with its reason;
           // and while a task waits anywhere in the lesson, Draw and Pass are both offered (disclosure.h).
           return humanMover(c.s()) && (legal(c.s(), mk) || c.s().lessonWaits() || !disclosure(c.s()).legality);
         },
         [mk](const ActionContext&, Intents& out) { out.push_back(playIntent(moveOf(mk))); })
        .why = [mk](const ActionContext& c) {
      if (!humanMover(c.s())) return notYourTurn(c);
      return c.s().match().illegal(moveOf(mk), *c.s().match().toMove());
    };
  }
}

void coachActions(Builder& b) {
  b.menu = "Game";
  b.separator = true;
  b.add(
       "game.computer_move", N_("Computer move (greedy)"), {}, [](const ActionContext& c) { return humanMover(c.s()); },
       [](const ActionContext& c, Intents& out) { out.push_back(playIntent(greedyMove(c.s().match()))); })
      .why = notYourTurn;
  Action& hint = b.simple("game.hint", N_("Hint"), {key('H')}, Cmd::Hint,
                          [](const ActionContext& c) { return humanMover(c.s()); });
  hint.why = notYourTurn;
  hint.tooltip = [](const ActionContext&) {
    return std::string(_("The best move for the player to move, from what that player knows; again: the next best"));
  };
  b.simple("game.deal_next", N_("Deal the next round"), {}, Cmd::DealNext, [](const ActionContext& c) {
     return !c.s().editing() && c.s().match().canStartRound().empty();
   }).why = [](const ActionContext& c) {
    return c.s().editing() ? std::string(_("leave edit mode first (Edit > Edit the position)"))
                           : c.s().match().canStartRound();
  };
  b.separator = true;
  Action& analyse =
      b.simple("game.analyse", N_("Analyse the record"), {}, Cmd::AnalyseRecord,
               [](const ActionContext& c) { return !c.s().editing() && !c.recordAnalysing && !c.recordAnalysed; });
  analyse.tooltip = [](const ActionContext&) {
    return std::string(_("Every move of this branch from its mover's knowledge, as dominoes analyse does"));
  };
  analyse.why = [](const ActionContext& c) {
    return std::string(c.s().editing()     ? _("leave edit mode to analyse the record")
                       : c.recordAnalysing ? _("the record is being analysed")
                                           : _("this branch is analysed"));
  };
  b.simple("game.stop_analysis", N_("Stop the analysis of the record"), {}, Cmd::StopRecordAnalysis,
           [](const ActionContext& c) { return c.recordAnalysing; })
      .button = [](const ActionContext&) { return std::string(_("Stop")); };
  auto analysed = [](const ActionContext& c) { return c.recordAnalysed; };
  auto notYet = [](const ActionContext&) {
    return std::string(_("no analysis of the record yet: Game > Analyse the record"));
  };
  Action& nextMistake = b.simple("game.next_mistake", N_("Next mistake"), {key('N')}, Cmd::NextMistake, analysed);
  nextMistake.why = notYet;
  nextMistake.button = [](const ActionContext&) { return std::string("? >"); };
  Action& prevMistake =
      b.simple("game.prev_mistake", N_("Previous mistake"), {key('N', false, true)}, Cmd::PrevMistake, analysed);
  prevMistake.why = notYet;
  prevMistake.button = [](const ActionContext&) { return std::string("< ?"); };
  b.menu = "Game > Mistakes of";
  for (const auto& [id, side] :
       {std::pair{"game.mistakes_of.a", MistakeSide::A}, std::pair{"game.mistakes_of.b", MistakeSide::B},
        std::pair{"game.mistakes_of.both", MistakeSide::Both}}) {
    const MistakeSide sd = side;
    Action& a =
        b.add(id, "", {}, {}, [sd](const ActionContext&, Intents& out) { out.push_back(intent::SetMistakeSide{sd}); });
    a.label = sd == MistakeSide::A ? "A" : sd == MistakeSide::B ? "B" : "both";
    a.shownLabel = [sd](const ActionContext&) { return sideWord(sd); };
    a.checked = [sd](const ActionContext& c) { return c.mistakeSide == sd; };
  }
  b.menu = "Game";
  Action& notes = b.simple("game.analysis_notes", N_("Write the analysis as notes"), {}, Cmd::AnalysisNotes, analysed);
  notes.why = notYet;
  notes.tooltip = [](const ActionContext&) {
    return std::string(_("A note after each marked move; save the record to keep them"));
  };
}

void seatActions(Builder& b) {
  for (int p = 0; p < 2; ++p) {
    const Player pl = static_cast<Player>(p);
    const std::string seat = std::string("Game > Seat ") + letter(pl);
    b.separator = p == 0;
    for (const SeatChoice& choice : seatChoices()) {
      // The levels by name in the seat's menu (ids game.seat.a.SPEC), the other players by spec in
      // its submenu "Other players" (ids game.seat.a.other.SPEC): not "Advanced", a level's name.
      b.menu = choice.advanced ? seat + " > " + N_("Other players") : seat;
      const std::string spec = choice.spec, id = std::string("game.seat.") +
                                                 static_cast<char>(std::tolower(letter(pl))) + "." +
                                                 (choice.advanced ? "other." : "") + spec;
      const bool advanced = choice.advanced;
      Action& a = b.add(id, choice.label, {}, {},
                        [pl, spec](const ActionContext&, Intents& out) { out.push_back(seatIntent(pl, Seat{spec})); });
      a.literal = true;
      auto find = [spec, advanced]() -> const SeatChoice* {
        for (const SeatChoice& sc : seatChoices())
          if (sc.spec == spec && sc.advanced == advanced) return &sc;
        return nullptr;
      };
      a.shownLabel = [find](const ActionContext& c) {  // in today's language, with the game's ladder rating
        const SeatChoice* sc = find();
        return sc ? choiceLabel(*sc, c.s().game().rules) : std::string();
      };
      a.tooltip = [find](const ActionContext&) {
        const SeatChoice* sc = find();
        return sc ? sc->about : std::string();
      };
      a.checked = [p, spec](const ActionContext& c) {
        return c.s().game().seats[static_cast<std::size_t>(p)].spec == spec;
      };
    }
  }
}

void learnActions(Builder& b) {
  b.menu = "Help";
  b.add("learn.course", N_("Learn"), {}, {},
        [](const ActionContext&, Intents& out) { out.push_back(paneIntent(Pane::Learn, true)); });
  b.add(
       "learn.lesson_restart", N_("Start the lesson again"), {},
       [](const ActionContext& c) { return c.s().course().active(); },
       [](const ActionContext& c, Intents& out) {
         out.push_back(intent::StartLesson{c.s().course().file, c.s().course().locked});
       })
      .why = [](const ActionContext&) { return std::string(_("no lesson is on: Help > Learn")); };
  b.add("learn.puzzles", N_("Puzzles"), {}, {}, [](const ActionContext& c, Intents& out) {
     out.push_back(paneIntent(Pane::Puzzles, true));
     if (!c.s().trainer().active()) out.push_back(intent::NextPuzzle{});
   }).button = [](const ActionContext&) { return std::string(_("Start the puzzles")); };
  auto active = [](const ActionContext& c) { return c.s().trainer().active(); };
  auto noPuzzle = [](const ActionContext&) { return std::string(_("no puzzle is open: Help > Puzzles")); };
  b.simple("learn.puzzle_next", N_("Next puzzle"), {}, intent::NextPuzzle{}, active).why = noPuzzle;
  Action& retry = b.simple("learn.puzzle_retry", N_("Try this puzzle again"), {}, intent::RetryPuzzle{}, active);
  retry.why = noPuzzle;
  retry.button = [](const ActionContext&) { return std::string(_("Try again")); };
  b.menu = "Help > Puzzle theme";
  for (std::string_view t : puzzleThemeChoices()) {
    const std::string theme(t);
    Action& a = b.add("learn.theme." + (theme.empty() ? std::string("any") : theme), puzzleThemeLabel(theme), {}, {},
                      [theme](const ActionContext&, Intents& out) { out.push_back(intent::SetPuzzleTheme{theme}); });
    a.checked = [theme](const ActionContext& c) { return c.s().settings().learner.theme == theme; };
  }
}

void helpActions(Builder& b) {
  learnActions(b);
  b.menu = "Help";
  b.separator = true;
  b.simple("help.about", N_("Keys and about..."), {}, WindowCmd::AboutDialog);
}

std::string lower(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}
}  // namespace

std::string keyName(int code) {
  for (const KeyName& k : kKeyNames)
    if (k.code == code) return k.name;
  if ((code >= 'A' && code <= 'Z') || (code >= '0' && code <= '9')) return std::string(1, static_cast<char>(code));
  return {};
}

int keyCodeOfWord(std::string_view word) {
  for (const KeyName& k : kKeyNames)
    if (word == k.word) return k.code;
  if (word.size() == 1 && std::isalnum(static_cast<unsigned char>(word[0])))
    return std::toupper(static_cast<unsigned char>(word[0]));
  return -1;
}

std::string keyWords() {
  std::string out = "a letter or digit";
  for (const KeyName& k : kKeyNames) out += std::string(", ") + k.word;
  return out;
}

std::string Shortcut::text() const {
  std::string s = ctrl ? "Ctrl+" : "";
  if (shift) s += "Shift+";
  return s + keyName(key);
}

std::optional<Shortcut> parseShortcut(std::string_view text) {
  Shortcut out;
  for (;;) {
    if (text.starts_with("Ctrl+")) {
      out.ctrl = true;
      text.remove_prefix(5);
    } else if (text.starts_with("Shift+")) {
      out.shift = true;
      text.remove_prefix(6);
    } else {
      break;
    }
  }
  for (const KeyName& k : kKeyNames)
    if (text == k.name) {
      out.key = k.code;
      return out;
    }
  if (text.size() == 1 && ((text[0] >= 'A' && text[0] <= 'Z') || (text[0] >= '0' && text[0] <= '9'))) {
    out.key = text[0];
    return out;
  }
  return std::nullopt;
}

std::string Action::labelText(const ActionContext& c) const {
  if (shownLabel) return shownLabel(c);
  return literal ? std::string(i18n::shown(label.c_str())) : std::string(_(label.c_str()));
}

std::string buttonText(const Action& a, const ActionContext& c) { return a.button ? a.button(c) : a.labelText(c); }

std::string buttonTip(const Action& a, const ActionContext& c) {
  std::string tip = a.labelText(c);
  if (!a.keys.empty()) tip += " (" + a.shortcutText() + ")";
  if (a.tooltip)
    if (const std::string more = a.tooltip(c); !more.empty()) tip += "\n" + more;
  return tip;
}

bool isListed(const Action& a, const ActionContext& c) { return !a.listed || a.listed(c); }

namespace {
// The actions a locked lesson (course.h, Course::locked) disables until it is done: the session
// refuses their intents too (Session::lockBlocks); greyed here, their menus and buttons say why.
bool lockedOut(std::string_view id) {
  static constexpr auto kIds = std::to_array<std::string_view>(
      {"file.new",          "file.open",           "edit.position",     "edit.load",           "edit.play_from_here",
       "view.pane.editor",  "view.pane.scenarios", "view.pane.tracker", "view.pane.analysis",  "view.pane.puzzles",
       "view.teaching",     "view.show_all",       "view.as_a",         "view.as_b",           "game.hint",
       "game.analyse",      "game.next_mistake",   "game.prev_mistake", "game.analysis_notes", "learn.puzzles",
       "learn.puzzle_next", "learn.puzzle_retry"});
  return id.starts_with("file.recent.") || std::find(kIds.begin(), kIds.end(), id) != kIds.end();
}

void lockActions(std::vector<Action>& list) {
  for (Action& a : list) {
    if (!lockedOut(a.id)) continue;
    a.enabled = [was = a.enabled](const ActionContext& c) { return !c.s().course().lockedNow() && (!was || was(c)); };
    a.why = [was = a.why](const ActionContext& c) {
      if (c.s().course().lockedNow()) return std::string(_("the lesson is locked until it is done"));
      return was ? was(c) : std::string();
    };
  }
}
}  // namespace

const std::vector<Action>& actions() {
  static const std::vector<Action> list = [] {
    Builder b;
    fileActions(b);
    editActions(b);
    viewActions(b);
    stepActions(b);
    tileActions(b);
    playActions(b);
    coachActions(b);
    seatActions(b);
    helpActions(b);
    lockActions(b.list);
    return std::move(b.list);
  }();
  return list;
}

std::string keyOf(std::string_view id) {
  const Action* a = findAction(id);
  return a ? a->shortcutText() : std::string();
}

const Action* findAction(std::string_view id) {
  for (const Action& a : actions())
    if (a.id == id) return &a;
  return nullptr;
}

bool runAction(const Action& a, const ActionContext& c, Intents& out) {
  if (!a.enabled(c)) {
    std::string why = a.why ? a.why(c) : std::string();
    if (why.empty()) why = i18n::format(_("{0}: not available now"), {a.labelText(c)});
    out.push_back(statusIntent(std::move(why)));
    return false;
  }
  a.run(c, out);
  return true;
}

const Action* actionForKey(const Shortcut& k, const ActionContext& c) {
  auto has = [&](const Action& a) { return std::find(a.keys.begin(), a.keys.end(), k) != a.keys.end(); };
  for (const Action& a : actions())
    if (a.keyFirst && has(a) && a.enabled(c)) return &a;
  const Action* disabled = nullptr;
  for (const Action& a : actions()) {
    if (a.keyFirst || !has(a)) continue;
    if (a.enabled(c)) return &a;
    if (!disabled) disabled = &a;
  }
  return disabled;
}

std::string listActions() {
  std::string out;
  for (const Action& a : actions())
    out += a.id + "\t" + a.shortcutText() + "\t" + (a.menu.empty() ? "" : a.menu + " > ") + a.label + "\n";
  return out;
}

std::string keyTable() {
  std::string out = "| key | does | menu |\n|---|---|---|\n";
  for (const Action& a : actions()) {
    if (a.keys.empty()) continue;
    std::string keys;
    for (const Shortcut& k : a.keys) keys += (keys.empty() ? "" : ", ") + k.text();
    out += "| " + keys + " | " + a.label + " | " + a.menu + " |\n";
  }
  return out;
}

std::vector<Tile> selectableTiles(const Session& s) {
  std::vector<Tile> out;
  if (!humanMover(s)) return out;
  const Match& m = s.match();
  // While a lesson's task waits, Tab goes through every tile: skipping those that cannot be played
  // would answer the task (disclosure.h).
  const bool legality = disclosure(s).legality;
  forEachHeaviestFirst(m.state().hand[static_cast<std::size_t>(idx(*m.toMove()))], [&](Tile t) {
    if (!legality || !movesOfTile(m, t).empty()) out.push_back(t);
  });
  return out;
}

std::string menuWord(const std::string& segment) {
  if (segment.size() == 6 && segment.starts_with("Seat ")) return i18n::format(_("Seat {0}"), {segment.substr(5)});
  return _(segment.c_str());
}

std::string paletteLabel(const Action& a, const ActionContext& c) {
  std::string out;
  for (std::size_t at = 0; at < a.menu.size();) {
    const std::size_t next = std::min(a.menu.find(" > ", at), a.menu.size());
    out += menuWord(a.menu.substr(at, next - at)) + " > ";
    at = next + 3;
  }
  return out + a.labelText(c);
}

bool paletteMatches(const Action& a, const std::string& label, std::string_view filter) {
  const std::string hay = lower(label) + " " + lower(a.id) + " " + lower(a.menu);
  std::size_t i = 0;
  const std::string f = lower(std::string(filter));
  while (i < f.size()) {
    const std::size_t j = std::min(f.find(' ', i), f.size());
    if (j > i && hay.find(f.substr(i, j - i)) == std::string::npos) return false;
    i = j + 1;
  }
  return true;
}

}  // namespace dom::studio
