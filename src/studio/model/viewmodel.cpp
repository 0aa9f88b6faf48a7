// SPDX-License-Identifier: MIT
// View-models of the panes: hands, stock, timeline, branches, rules explanations, score.
#include "studio/model/viewmodel.h"

#include "studio/model/i18n.h"

#include <algorithm>
#include <tuple>

namespace dom::studio {

namespace {
std::string who(Player p) { return std::string(1, letter(p)); }
std::string winnerText(std::uint8_t w) { return w == 0 ? "A" : w == 1 ? "B" : _("nobody"); }
std::string num(long n) { return std::to_string(n); }
}  // namespace

std::array<HandView, 2> handsView(const Match& m, Visibility v) {
  std::array<HandView, 2> out;
  const RoundState& s = m.state();
  const auto turn = m.toMove();
  const Mask playable = turn ? s.playable(*turn, m.fits()) : 0;
  for (int p = 0; p < 2; ++p) {
    HandView& h = out[static_cast<std::size_t>(p)];
    h.player = static_cast<Player>(p);
    forEachHeaviestFirst(s.hand[static_cast<std::size_t>(p)], [&](Tile t) { h.tiles.push_back(t); });
    h.faceDown = (v == Visibility::AsA && p == 1) || (v == Visibility::AsB && p == 0);
    h.pips = h.faceDown ? -1 : pips(s.hand[static_cast<std::size_t>(p)]);
    h.toMove = turn && idx(*turn) == p;
    h.playable = h.toMove && !h.faceDown ? playable : 0;
  }
  return out;
}

StockView stockView(const Match& m, bool reveal) {
  StockView v;
  const RoundState& s = m.state();
  v.count = s.stockCount();
  v.reserve = m.rules().reserve;
  v.drawable = m.rules().draw == DrawRule::Until ? std::max(0, v.count - v.reserve) : 0;
  if (reveal)
    for (int i = s.stockTop; i < s.stockEnd; ++i) v.tiles.push_back(s.stock[static_cast<std::size_t>(i)]);
  return v;
}

bool hidden(Visibility v, Player p) {
  return (v == Visibility::AsA && p == Player::B) || (v == Visibility::AsB && p == Player::A);
}

std::string shownMove(std::string_view dgnText) {
  // The record's words (DGN is English, as chess notation is) in the UI's language where they are
  // words: draw, pass and a tile's heading; tiles and ends (6-2 L) read the same everywhere.
  std::string out;
  for (std::size_t at = 0; at <= dgnText.size();) {
    const std::size_t end = std::min(dgnText.find(' ', at), dgnText.size());
    const std::string_view w = dgnText.substr(at, end - at);
    if (!out.empty()) out += ' ';
    if (w == "draw" || w == "pass" || w == "left" || w == "right" || w == "straight")
      out += _(std::string(w).c_str());
    else
      out += w;
    at = end + 1;
  }
  return out;
}

std::pair<std::string, std::string> moveWords(const Node& n, Visibility v) {
  if (n.move && n.move->kind == MoveKind::Draw && hidden(v, n.by)) {
    // The same words from the move with its tile unknown. causedText tells a round's end by the
    // count of results before and after; a move node whose position is over ended its round.
    Move unseen = *n.move;
    unseen.tile = kNoTile;
    const Match before = n.match.state().over() ? Match(n.match.rules()) : n.match;
    return {_("draw"), causedText(before, n.match, unseen, n.by)};
  }
  // What the move caused, said in the current language (the node keeps the words of the language
  // it was made in). causedText tells a round's end by the count of results, as above.
  if (n.move && n.resultHidden) return {shownMove(n.moveText), ""};  // a lesson's points task waits
  if (n.move) {
    const Match before = n.match.state().over() ? Match(n.match.rules()) : n.match;
    return {shownMove(n.moveText), causedText(before, n.match, *n.move, n.by)};
  }
  return {n.moveText, n.caused};
}

std::vector<TimelineRow> timelineRows(const Timeline& t, Visibility v) {
  std::vector<TimelineRow> rows;
  int number = 0;
  int draws = 0;  // consecutive draws by the player who is drawing
  for (int id : t.branchPath()) {
    const Node& n = t.node(id);
    TimelineRow r;
    r.node = id;
    r.current = id == t.currentIndex();
    r.branchPoint = n.children.size() > 1;
    if (n.roundStart) {
      r.number = 0;
      r.move = n.roundStart->setup ? _("setup") : _("deal");
      r.caused = n.match.toMove() ? i18n::format(_("{0} to move"), {who(*n.match.toMove())}) : "";
    } else {
      r.number = ++number;
      r.player = who(n.by);
      std::tie(r.move, r.caused) = moveWords(n, v);
      r.comment = n.comment;
      if (n.move && n.move->kind == MoveKind::Draw) {
        ++draws;
      } else {
        if (draws > 1) r.caused += i18n::format(_(" (after drawing {0})"), {num(draws)});
        draws = 0;
      }
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

std::vector<BranchRow> branchRows(const Timeline& t) {
  std::vector<BranchRow> rows;
  const auto leaves = t.leaves();
  const int currentLeaf = t.branchPath().back();
  for (std::size_t k = 0; k < leaves.size(); ++k) {
    BranchRow r;
    r.leaf = leaves[k];
    r.number = static_cast<int>(k) + 1;
    r.length = t.node(r.leaf).depth;
    r.current = r.leaf == currentLeaf;
    // The fork: walk up while the parent has a single child.
    int i = r.leaf;
    while (t.node(i).parent >= 0 && t.node(t.node(i).parent).children.size() == 1) i = t.node(i).parent;
    r.forkDepth = t.node(i).parent >= 0 ? t.node(t.node(i).parent).depth : 0;
    r.lastMove =
        t.node(r.leaf).move ? who(t.node(r.leaf).by) + ": " + t.node(r.leaf).moveText : std::string(_("(start)"));
    rows.push_back(std::move(r));
  }
  return rows;
}

std::vector<std::pair<std::string, std::string>> ruleKnobs(const Rules& r) {
  return {{"preset", r.preset},
          {"hand", std::to_string(r.hand)},
          {"reserve", std::to_string(r.reserve)},
          {"draw", std::string(name(r.draw))},
          {"lead", std::string(name(r.lead))},
          {"blocked", std::string(name(r.blocked))},
          {"target", std::to_string(r.target)},
          {"layout", std::string(name(r.layout))},
          {"table", std::to_string(r.tableW) + "x" + std::to_string(r.tableH)}};
}

std::vector<RuleRow> ruleRows(const Rules& r) {
  const auto value = [&r](const std::string& k, const std::string& v) -> std::string {
    if (k == "draw") return v == "until" ? _("until a tile plays") : _("never: a player who cannot play passes");
    if (k == "lead")
      return v == "double"      ? _("the highest double, else the heaviest tile")
             : v == "alternate" ? _("the players in turn")
                                : _("the last round's winner");
    if (k == "blocked")
      return v == "difference" ? _("the lower pip total scores the difference")
             : v == "loser"    ? _("the lower pip total scores the other's pips")
                               : _("every pip left in the hands");
    if (k == "target")
      return r.target == 0 ? std::string(_("a single round"))
                           : i18n::format(P_("{0} point", "{0} points", r.target), {v});
    if (k == "layout") return v == "snake" ? _("one line that bends at the table's edge") : _("placed freely");
    return v;
  };
  const auto label = [](const std::string& k) -> const char* {
    if (k == "preset") return _("game");
    if (k == "hand") return _("tiles a hand");
    if (k == "reserve") return _("never drawn");
    if (k == "draw") return _("drawing");
    if (k == "lead") return _("first lead");
    if (k == "blocked") return _("blocked round");
    if (k == "target") return _("match to");
    if (k == "layout") return _("layout");
    return _("table");
  };
  std::vector<RuleRow> out;
  for (const auto& [k, v] : ruleKnobs(r)) {
    std::string knob = k;
    knob += '=';
    knob += v;
    out.push_back({label(k), value(k, v), std::move(knob)});
  }
  return out;
}

namespace {
// Why p cannot play, when the reason is not (only) the pips: tiles that match an end with no room
// there. "A holds 3-1 and 3-0 for end R (3), but neither has room there (the table's edge)".
// `pipsOnly`: the words when the pips are the whole story.
std::string lacksText(const Match& m, Player p, Visibility v, const std::string& pipsOnly) {
  const RoundState& s = m.state();
  const std::array<Mask, 2> roomless{m.withoutRoom(p, End::L), m.withoutRoom(p, End::R)};
  const Mask all = roomless[0] | roomless[1];
  if (!all) return pipsOnly;
  std::string held, why;
  std::array<Obstacle, 2> obstacle{};
  for (int e = 0; e < 2; ++e) {
    if (!roomless[static_cast<std::size_t>(e)]) continue;
    const End end = static_cast<End>(e);
    obstacle[static_cast<std::size_t>(e)] = m.obstacle(end, roomless[static_cast<std::size_t>(e)]);
    const std::string where =
        i18n::format(_("end {0} ({1})"), {std::string(1, letter(end)), num(s.ends[static_cast<std::size_t>(e)])});
    held += (held.empty() ? "" : _(" and ")) +
            (hidden(v, p) ? i18n::format(_("for {0}"), {where})
                          : i18n::format(_("{0} for {1}"), {tilesText(roomless[static_cast<std::size_t>(e)]), where}));
  }
  if (roomless[0] && roomless[1] && obstacle[0] != obstacle[1])
    why = i18n::format(_("{0} at L, {1} at R"), {obstacleText(obstacle[0]), obstacleText(obstacle[1])});
  else
    why = obstacleText(roomless[0] ? obstacle[0] : obstacle[1]);
  // A hidden hand is not shown: say only that its tiles for those ends lack room.
  if (hidden(v, p)) return i18n::format(_("{0}'s tiles {1} have no room there ({2})"), {who(p), held, why});
  const int n = count(all);
  const char* pattern = n == 1   ? _("{0} holds {1}, but it has no room there ({2})")
                        : n == 2 ? _("{0} holds {1}, but neither has room there ({2})")
                                 : _("{0} holds {1}, but none has room there ({2})");
  return i18n::format(pattern, {who(p), held, why});
}
}  // namespace

std::string explainPosition(const Match& m, Visibility v, bool tellMoves) {
  const RoundState& s = m.state();
  if (m.round() == 0) return _("No round has started.");
  if (s.over() && !tellMoves) return _("the round is over");  // its pips and points are a task's to count
  if (s.over()) {
    const RoundResult r = *m.lastResult();
    std::string text;
    if (r.how == RoundStatus::Domino) {
      const Player w = static_cast<Player>(r.winner);
      const int left = pips(s.hand[static_cast<std::size_t>(idx(other(w)))]);
      text = i18n::format(P_("{0} played the last tile: domino. {1} holds {2} pip, so {0} scores {3}.",
                             "{0} played the last tile: domino. {1} holds {2} pips, so {0} scores {3}.", left),
                          {who(w), who(other(w)), num(left), num(r.points)});
    } else {
      const int a = pips(s.hand[0]), b = pips(s.hand[1]);
      text = i18n::format(_("blocked: A {0} pips, B {1}"), {num(a), num(b)});
      // Under layout=free, tiles that matched an end but had no room are part of why.
      if (const std::string roomless = m.matchedWithoutRoomText(); !roomless.empty()) {
        text += "; " + roomless + ". ";
        if (r.winner == 2)
          text += _("Equal totals: the round is tied and nobody scores.");
        else
          text += i18n::format(_("{0} scores {1}."), {winnerText(r.winner), num(r.points)});
      } else if (r.winner == 2) {
        text += _(": equal totals, the round is tied and nobody scores.");
      } else {
        text += ", " + i18n::format(_("{0} scores {1}."), {winnerText(r.winner), num(r.points)});
      }
    }
    if (m.matchOver())
      text += " " + (m.matchWinner() < 2 ? i18n::format(_("{0} wins the match."), {winnerText(m.matchWinner())})
                                         : std::string(_("The match is tied.")));
    else
      text += std::string(" ") + _("The next round can be dealt.");
    return text;
  }
  const Player p = s.turn;
  const Fits fits = m.fits();
  if (!tellMoves && s.beforeLead()) return i18n::format(_("{0} opens the round."), {who(p)});
  if (!tellMoves)
    return i18n::format(_("{0} to move: the ends are {1} and {2}."), {who(p), num(s.ends[0]), num(s.ends[1])});
  if (s.beforeLead()) {
    if (s.forcedLead != kNoTile) {
      const Tile t = s.forcedLead;
      return i18n::format(isDouble(t) ? _("{0} opens: {0} holds the highest double, {1}, and must lead it.")
                                      : _("{0} opens: {0} holds the heaviest tile, {1}, and must lead it."),
                          {who(p), tileText(t)});
    }
    return i18n::format(_("{0} opens the round and may lead any tile."), {who(p)});
  }
  const int l = s.ends[0], r = s.ends[1];
  const Mask playable = s.playable(p, fits);
  if (playable && hidden(v, p))
    return i18n::format(_("{0} to move: the ends are {1} and {2}."), {who(p), num(l), num(r)});
  if (playable) {
    const int n = count(playable);
    return i18n::format(P_("{0} to move: the ends are {1} and {2}; {0} can play {3} tile.",
                           "{0} to move: the ends are {1} and {2}; {0} can play {3} tiles.", n),
                        {who(p), num(l), num(r), num(n)});
  }
  const std::string lacks = lacksText(m, p, v,
                                      l == r ? i18n::format(_("{0} has no {1}"), {who(p), num(l)})
                                             : i18n::format(_("{0} has no {1} and no {2}"), {who(p), num(l), num(r)}));
  if (s.canDraw(m.rules())) return i18n::format(_("{0}: {1} must draw."), {lacks, who(p)});
  if (m.rules().draw == DrawRule::None)
    return i18n::format(_("{0} and this game never draws: {1} passes."), {lacks, who(p)});
  if (m.rules().reserve > 0)
    return i18n::format(_("{0}, and the stock is down to its reserve of {1}: {2} passes."),
                        {lacks, num(m.rules().reserve), who(p)});
  return i18n::format(_("{0}, and the stock is empty: {1} passes."), {lacks, who(p)});
}

std::vector<Move> movesOfTile(const Match& m, Tile t) {
  std::vector<Move> out;
  for (const Move& mv : m.legalMoves())
    if (mv.kind == MoveKind::Play && mv.tile == t) out.push_back(mv);
  return out;
}

std::string explainTile(const Match& m, Player owner, Tile t) {
  const RoundState& s = m.state();
  const std::string name = tileText(t);
  if (!(s.hand[static_cast<std::size_t>(idx(owner))] & bit(t)))
    return i18n::format(_("{0} is not in {1}'s hand."), {name, who(owner)});
  if (!m.inRound()) return _("The round is over: no tile can be played.");
  const auto moves = movesOfTile(m, t);
  if (owner != s.turn)
    return i18n::format(_("It is {0}'s turn: {1} cannot play {2} now."), {who(s.turn), who(owner), name});
  if (!moves.empty()) {
    if (moves.front().isLead()) return i18n::format(_("{0} can be led."), {name});
    bool l = false, r = false;
    for (const Move& mv : moves) (mv.end == End::L ? l : r) = true;
    if (l && r)
      return i18n::format(_("{0} can be played on either end ({1} or {2})."), {name, num(s.ends[0]), num(s.ends[1])});
    return i18n::format(_("{0} can be played on end {1} ({2})."),
                        {name, l ? "L" : "R", num(s.ends[static_cast<std::size_t>(l ? 0 : 1)])});
  }
  Move probe;
  probe.tile = t;
  probe.end = End::None;
  if (const Reason any = m.reason(probe, owner); any.why == Why::NoRoomAnyEnd) {
    // It matches an end that has no room. Matching one end only, the reason for the other end
    // names both ("does not match end L (6); it matches end R (3) but has no room there").
    if (any.otherEnd == End::None) probe.end = any.end == End::L ? End::R : End::L;
    return i18n::format(_("{0} cannot be played: {1}."), {name, m.illegal(probe, owner)});
  }
  probe.end = s.beforeLead() ? End::None : End::L;
  std::string why = m.illegal(probe, owner);
  if (why.empty() && !s.beforeLead()) {
    probe.end = End::R;
    why = m.illegal(probe, owner);
  }
  return i18n::format(_("{0} cannot be played: {1}."), {name, why.empty() ? std::string(_("no placement fits")) : why});
}

ScoreView scoreView(const Match& m) {
  ScoreView v;
  v.scores = m.scores();
  v.target = m.rules().target;
  v.round = m.round();
  for (const RoundResult& r : m.results()) {
    const std::string round = num(r.round);
    if (r.winner == 2)
      v.rounds.push_back(i18n::format(_("Round {0}: tied (blocked)"), {round}));
    else
      v.rounds.push_back(i18n::format(r.how == RoundStatus::Domino ? _("Round {0}: {1} by domino +{2}")
                                                                   : _("Round {0}: {1} on pips (blocked) +{2}"),
                                      {round, winnerText(r.winner), num(r.points)}));
  }
  if (m.matchOver())
    v.match = m.matchWinner() < 2 ? i18n::format(_("{0} wins the match"), {winnerText(m.matchWinner())})
                                  : std::string(_("the match is tied"));
  return v;
}

ScoreView scoreView(const Timeline& t) {
  const Node& n = t.current();
  return scoreView(n.resultHidden && n.parent >= 0 ? t.node(n.parent).match : n.match);
}

std::array<HandView, 2> handsView(const Timeline& t, Visibility v, bool pips, bool legality) {
  auto out = handsView(t.current().match, v);
  for (HandView& h : out) {
    if (t.current().resultHidden || !pips) h.pips = -1;
    if (!legality) h.playable = 0;
  }
  return out;
}

std::string explainPosition(const Timeline& t, Visibility v, bool tellMoves) {
  if (t.current().resultHidden) return _("the round is over");
  if (t.current().explainHidden) return {};
  return explainPosition(t.current().match, v, tellMoves);
}

namespace {
// The byte length of the UTF-8 sequence that starts with c (a stray continuation byte: 1).
std::size_t seqLength(unsigned char c) { return c < 0xC0 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4; }

// The byte offset after `chars` characters of text (its size when it has fewer).
std::size_t offsetOf(std::string_view text, std::size_t chars) {
  std::size_t i = 0;
  for (std::size_t n = 0; n < chars && i < text.size(); ++n) i += seqLength(static_cast<unsigned char>(text[i]));
  return std::min(i, text.size());
}
}  // namespace

bool longerThan(std::string_view text, std::size_t max) { return offsetOf(text, max) < text.size(); }

std::string shownText(std::string_view text, std::size_t max) {
  const std::size_t end = offsetOf(text, max);
  if (end >= text.size()) return std::string(text);
  std::size_t rest = 0;
  for (std::size_t i = end; i < text.size(); i += seqLength(static_cast<unsigned char>(text[i]))) ++rest;
  return std::string(text.substr(0, end)) + "\u2026 " +
         i18n::format(P_("({0} more character)", "({0} more characters)", rest), {std::to_string(rest)});
}

std::vector<std::string_view> textLines(std::string_view text, std::size_t width) {
  std::vector<std::string_view> out;
  width = std::max<std::size_t>(width, 1);
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, nl - start);
    do {
      const std::size_t cut = offsetOf(line, width);
      out.push_back(line.substr(0, cut));
      line.remove_prefix(cut);
    } while (!line.empty());
    start = nl + 1;
  }
  return out;
}

}  // namespace dom::studio
