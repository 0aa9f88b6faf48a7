// SPDX-License-Identifier: MIT
// DGN reading: the statements of a record replayed as they are read, with their expects; collections.
#include "core/dgn.h"
#include "core/dgn_lex.h"

#include "core/files.h"
#include "core/movetext.h"
#include "core/reason.h"

#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <utility>
namespace dom::dgn {

namespace {
using namespace lex;  // NOLINT(google-build-using-namespace): the reader is made of the lexer's words

// The reader: one pass over the statements, replaying as it goes.
class Reader {
 public:
  Reader(std::string_view file, const Visit& visit, LineNo firstLine)
      : file_(file), visit_(visit), firstLine_(firstLine) {}

  [[nodiscard]] LineNo line() const { return line_; }
  [[nodiscard]] std::optional<Match> takeMatch() { return std::move(match_); }

  std::variant<Record, Error> run(std::string_view text) {
    LineNo lineNo = firstLine_ - 1;
    std::size_t pos = 0;
    while (pos <= text.size()) {
      const std::size_t nl = text.find('\n', pos);
      std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
      // A byte-order mark opens a file; after `cat a.dgn b.dgn` it opens a line (issue 42 #19).
      if (line.starts_with(kBom)) line.remove_prefix(3);
      ++lineNo;
      line_ = lineNo;
      if (auto e = checkText(line); !e.empty()) return error(e);
      std::vector<Token> toks;
      std::optional<std::string> comment;
      rest_ = {};
      restHasComma_ = false;
      if (isExpectLegal(line)) {
        // Two tokens, then the rest is checked here (a string left open, the comment) and read as
        // a stream by expect().
        std::size_t at = 0;
        if (auto e = tokenize(line, toks, comment, 2, &at); !e.empty()) return error(e);
        rest_ = line.substr(at);
        std::size_t i = 0;
        std::string e;
        for (Token t; nextToken(rest_, i, t, comment, e);)
          restHasComma_ = restHasComma_ || t.text.find(',') != std::string::npos;
        if (!e.empty()) return error(e);
      } else if (auto e = tokenize(line, toks, comment, kMaxWords + 1); !e.empty()) {
        return error(e);
      }
      tooManyWords_ = toks.size() > kMaxWords;
      lineComment_ = std::move(comment);  // push() gives it to the statement this line makes, if any
      if (!toks.empty()) {
        if (auto e = statement(toks); !e.empty()) return error(e, errorLine_);
      }
      if (lineComment_) keepComment(std::exchange(lineComment_, std::nullopt).value());
      if (nl == std::string_view::npos) break;
      pos = nl + 1;
    }
    // Problems found at the end of the text name its last line (not the empty rest after a final newline).
    if (lineNo > firstLine_ && !text.empty() && text.back() == '\n') --lineNo;
    line_ = std::max<LineNo>(lineNo, firstLine_);
    if (!sawDgn_) return error("empty record: the first statement must be 'dgn 1'");
    if (!match_) return error("the record has no 'rules' statement (required after 'dgn 1')");
    if (auto e = finishDeal(); !e.empty()) return error(e, errorLine_);
    if (pendingError_)
      return error("expect error \"" + pendingError_->text + "\" is not followed by a move", pendingErrorLine_);
    if (auto e = closeHeader(); !e.empty()) return error(e, errorLine_);
    if (auto e = finishPuzzle(); !e.empty()) return error(e, errorLine_);
    return std::move(rec_);
  }

 private:
  // Words echoed in the message are cut to 60 characters: an offending word may be megabytes long.
  Error error(const std::string& m, LineNo line = 0) const {
    return Error{std::string(file_), line ? line : line_, files::cutWords(m)};
  }

  // Keeps a comment that no statement of its line took where it stands: before `dgn 1`, in the
  // header, in a round's deal, or among the round's statements.
  void keepComment(std::string text) {
    if (!sawDgn_)
      rec_.leadingComments.push_back(std::move(text));
    else if (rec_.rounds.empty())
      rec_.headerComments.push_back(std::move(text));
    else if (dealOpen_)
      rec_.rounds.back().dealComments.push_back(std::move(text));
    else {
      Statement s;
      s.kind = Statement::Kind::Comment;
      s.line = line_;
      s.comment = std::move(text);
      (void)push(std::move(s));
    }
  }

  std::string statement(std::vector<Token>& toks) {
    const std::string& head = toks[0].text;
    if (!sawDgn_) {
      if (head != "dgn" || toks[0].quoted) return "the first statement must be 'dgn 1', found '" + head + "'";
      if (toks.size() != 2) return "dgn takes one version number: 'dgn 1'";
      if (toks[1].text != "1") return "unsupported DGN version '" + toks[1].text + "': this reader knows version 1";
      sawDgn_ = true;
      return {};
    }
    const bool dealWord = !toks[0].quoted && (head == "hand" || head == "stock" || head == "seed" || head == "line" ||
                                              head == "turn" || head == "score");
    // Any other known statement closes the deal first: a problem in the deal comes before this
    // line's own. (An unknown word, maybe a misspelt deal line, is reported on its own line.)
    const bool known =
        !toks[0].quoted && (head == "dgn" || head == "rules" || head == "players" || head == "title" ||
                            head == "about" || head == "round" || head == "note" || head == "expect" || head == "A" ||
                            head == "B" || head.starts_with("A:") || head.starts_with("B:") || head == "puzzle" ||
                            head == "theme" || head == "rating" || head == "solution" || head == "task");
    if (known)
      if (auto e = finishDeal(); !e.empty()) return e;
    if (toks[0].quoted) return "a statement cannot start with a quoted string";
    if (tooManyWords_ && (known || dealWord))
      return "too many words for '" + head + "': no statement takes more than " + std::to_string(kMaxWords);
    std::vector<std::string> args, written;  // written: as a negative example is written back
    // Notes, expects and deal lines read their tokens directly: no copy of a megabyte-long line.
    const bool readsTokens = dealWord || head == "note" || head == "expect" || head == "players" || head == "title" ||
                             head == "about" || head == "puzzle" || head == "task";
    for (std::size_t i = 1; i < toks.size() && !readsTokens; ++i) {
      args.push_back(toks[i].text);
      written.push_back(writtenWord(toks[i]));
    }
    if (head == "dgn") return "'dgn 1' may appear only once, as the first statement";
    if (head == "rules") return rules(args);
    if (head == "players" || head == "title" || head == "about") return header(head, toks);
    if (head == "round") return round(args, written);
    if (head == "puzzle") return puzzle(toks);
    if (head == "theme") return theme(args);
    if (head == "rating") return rating(args);
    if (head == "solution") return solution(args);
    if (dealWord) return deal(head, toks);
    if (head == "note") return note(toks);
    if (head == "task") return task(toks);
    if (head == "expect") return expect(toks);
    if (head == "A:" || head == "B:") return move(parsePlayer(head.substr(0, 1)).value(), args, written);
    if (head.size() > 2 && (head[0] == 'A' || head[0] == 'B') && head[1] == ':') {
      std::vector<std::string> rest{head.substr(2)}, restWritten{writtenWord(Token{head.substr(2), false})};
      rest.insert(rest.end(), args.begin(), args.end());
      restWritten.insert(restWritten.end(), written.begin(), written.end());
      return move(parsePlayer(head.substr(0, 1)).value(), rest, restWritten);
    }
    if (head == "A" || head == "B") return "a move is written '" + head + ": ...' with a colon";
    return "unknown statement '" + head + "'";
  }

  std::string rules(const std::vector<std::string>& args) {
    if (match_) return "rules may be given only once, before round 1";
    auto r = parseRules(args);
    if (auto* e = std::get_if<std::string>(&r)) return *e;
    rec_.rules = std::get<Rules>(r);
    std::string joined;
    for (const auto& a : args) joined += (joined.empty() ? "" : " ") + a;
    rec_.rulesText = joined;
    match_.emplace(rec_.rules);
    return {};
  }

  std::string header(const std::string& head, const std::vector<Token>& toks) {
    if (!rec_.rounds.empty()) return head + " belongs in the header, before round 1";
    if (head == "players") {
      if (toks.size() != 3 || !toks[1].quoted || !toks[2].quoted)
        return "players takes two quoted names: players \"A's name\" \"B's name\"";
      if (rec_.players) return "players given twice";
      rec_.players = std::array<std::string, 2>{toks[1].text, toks[2].text};
      return {};
    }
    if (toks.size() != 2 || !toks[1].quoted) return head + " takes one quoted string: " + head + " \"...\"";
    std::string& field = head == "title" ? rec_.title : rec_.about;
    if (!field.empty()) return head + " given twice";
    field = toks[1].text;
    return {};
  }

  std::string round(const std::vector<std::string>& args, const std::vector<std::string>& written) {
    if (!match_) return "missing 'rules' before round 1";
    if (auto e = finishDeal(); !e.empty()) return e;
    if (auto e = closeHeader(); !e.empty()) return e;
    if (rec_.puzzle && !rec_.rounds.empty())
      return "a puzzle has one round: '" + files::cut(rec_.puzzle->title) + "' cannot take round " +
             std::to_string(rec_.rounds.size() + 1);
    const int expected = static_cast<int>(rec_.rounds.size()) + 1;
    // Why this round line cannot start a round (empty if it can): its form, then the match, then its number.
    std::string why;
    if (args.size() != 1)
      why = "round takes its number: round " + std::to_string(expected);
    else if (args[0].empty() ||
             !std::all_of(args[0].begin(), args[0].end(), [](char c) { return c >= '0' && c <= '9'; }))
      why = "round number '" + args[0] + "' is not a number";
    else if (args[0].size() > 1 && args[0][0] == '0')
      why = "round number '" + args[0] + "' has a leading zero: round " + std::to_string(expected);
    else if (why = match_->canStartRound(); !why.empty()) {
    } else if (const auto n = parseNumber(args[0]); !n || *n != expected)
      why = "expected round " + std::to_string(expected) + ", found round " + args[0];
    if (pendingError_) {
      const std::string text = pendingError_->text;
      pendingError_.reset();
      if (why.empty()) return "expected an error containing \"" + text + "\", but round " + args[0] + " can start";
      if (!contains(why, text)) return "expected an error containing \"" + text + "\", found: " + why;
      if (rec_.rounds.empty()) return why;  // a negative example needs a round to be kept in
      Statement s;                          // kept so that the record is written back whole
      s.kind = Statement::Kind::Move;
      s.line = line_;
      s.rejected = true;
      s.moveText = "round";
      for (const auto& a : written) s.moveText += ' ' + a;
      return push(std::move(s));
    }
    if (!why.empty()) return why;
    RoundRecord r;
    r.sourceLine = line_;
    r.number = expected;
    rec_.rounds.push_back(std::move(r));
    dealOpen_ = true;
    dealLines_ = {};
    return {};
  }

  std::string parseTiles(const std::vector<Token>& toks, std::size_t from, std::vector<Tile>& out) {
    for (std::size_t i = from; i < toks.size(); ++i) {
      auto t = parseTile(toks[i].text);
      if (!t) return malformedTile(toks[i].text);
      out.push_back(t->tile());
    }
    return {};
  }

  std::string deal(const std::string& head, const std::vector<Token>& toks) {
    if (rec_.rounds.empty()) return head + " must follow a 'round' line";
    if (!dealOpen_) return head + " belongs to the deal, before the round's first move";
    RoundRecord& r = rec_.rounds.back();
    if (head == "hand") return dealHand(r, toks);
    if (head == "stock") return dealStock(r, toks);
    if (head == "seed") return dealSeed(r, toks);
    if (head == "line") return dealLine(r, toks);
    if (head == "turn") return dealTurn(r, toks);
    return dealScore(r, toks);
  }

  // Marks a deal line as seen in round r, or says it was given twice.
  std::string once(const RoundRecord& r, LineNo& seenLine, const std::string& what) const {
    if (seenLine) return what + " given twice in round " + std::to_string(r.number);
    seenLine = line_;
    return {};
  }

  // hand A 6-6 ...: one player's tiles.
  std::string dealHand(RoundRecord& r, const std::vector<Token>& toks) {
    if (toks.size() < 2) return "hand needs a player: hand A 6-6 ...";
    auto p = parsePlayer(toks[1].text);
    if (!p) return "hand needs a player A or B, found '" + toks[1].text + "'";
    if (auto e = once(r, dealLines_.hand[idx(*p)], "hand " + toks[1].text); !e.empty()) return e;
    std::vector<Tile> tiles;
    if (auto e = parseTiles(toks, 2, tiles); !e.empty()) return e;
    for (Tile t : tiles) {
      if (auto e = claim(t); !e.empty()) return e;
      r.hand[idx(*p)] |= bit(t);
    }
    handCount_[idx(*p)] = static_cast<int>(tiles.size());
    return {};
  }

  // stock 6-6 ...: the stock's tiles in drawing order.
  std::string dealStock(RoundRecord& r, const std::vector<Token>& toks) {
    if (auto e = once(r, dealLines_.stock, "stock"); !e.empty()) return e;
    std::vector<Tile> tiles;
    if (auto e = parseTiles(toks, 1, tiles); !e.empty()) return e;
    for (Tile t : tiles)
      if (auto e = claim(t); !e.empty()) return e;
    r.stock = tiles;
    return {};
  }

  // seed n: the round's shuffle seed.
  std::string dealSeed(RoundRecord& r, const std::vector<Token>& toks) {
    if (auto e = once(r, dealLines_.seed, "seed"); !e.empty()) return e;
    if (toks.size() != 2) return "seed takes one number: seed 42";
    std::uint64_t n = 0;
    const std::string& w = toks[1].text;
    const auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), n);
    if (w.empty() || ec != std::errc{} || p != w.data() + w.size())
      return "seed '" + w + "' is not a number 0.." + std::to_string(UINT64_MAX);
    r.seed = n;
    return {};
  }

  // line 6-6* 6-5> ...: a position's line of play, the lead marked with *.
  std::string dealLine(RoundRecord& r, const std::vector<Token>& toks) {
    if (auto e = once(r, dealLines_.line, "line"); !e.empty()) return e;
    r.setup = true;
    int lead = -1;
    for (std::size_t i = 1; i < toks.size(); ++i)
      if (auto e = lineTile(r, toks[i].text, lead); !e.empty()) return e;
    r.leadIndex = lead >= 0 ? lead : 0;
    return {};
  }

  // One tile w of a line statement, appended to r.line; lead becomes its index if it carries *.
  std::string lineTile(RoundRecord& r, const std::string& w, int& lead) {
    auto t = w.size() >= 3 ? parseTile(std::string_view(w).substr(0, 3)) : std::nullopt;
    if (!t) return malformedTile(w);
    LaidTile lt{t->tile(), static_cast<std::uint8_t>(t->first), static_cast<std::uint8_t>(t->second),
                Heading::Straight};
    bool isLead = false, hasHeading = false;
    for (char c : std::string_view(w).substr(3)) {
      if (c == '*' && !isLead)
        isLead = true;
      else if ((c == '^' || c == '<' || c == '>') && !hasHeading) {
        hasHeading = true;
        lt.heading = c == '^' ? Heading::Straight : c == '<' ? Heading::Left : Heading::Right;
      } else
        return "malformed line tile '" + w + "': a tile may carry * (the lead) and one of ^ < > (its heading)";
    }
    if (hasHeading && rec_.rules.layout != LayoutRule::Free)
      return "line tile '" + w + "' has a heading, which needs layout=free";
    if (isLead) {
      if (lead >= 0) return "the line marks two leads with *";
      if (hasHeading) return "the lead '" + w + "' cannot carry a heading";
      lead = static_cast<int>(r.line.size());
    }
    if (auto e = claim(lt.tile); !e.empty()) return e;
    r.line.push_back(lt);
    return {};
  }

  // turn A: whose turn a position starts with.
  std::string dealTurn(RoundRecord& r, const std::vector<Token>& toks) {
    if (auto e = once(r, dealLines_.turn, "turn"); !e.empty()) return e;
    if (toks.size() != 2 || !parsePlayer(toks[1].text)) return "turn takes a player: turn A or turn B";
    r.setup = true;
    r.turn = parsePlayer(toks[1].text);
    return {};
  }

  // score A n B n: the match score before the round.
  std::string dealScore(RoundRecord& r, const std::vector<Token>& toks) {
    if (auto e = once(r, dealLines_.score, "score"); !e.empty()) return e;
    auto sc = parseScore(toks, 1);
    if (auto* e = std::get_if<std::string>(&sc)) return *e;
    r.score = std::get<std::array<int, 2>>(sc);
    return {};
  }

  static std::variant<std::array<int, 2>, std::string> parseScore(const std::vector<Token>& toks, std::size_t from) {
    if (toks.size() != from + 4) return std::string("score takes both players: score A 40 B 12");
    std::array<int, 2> s{};
    bool seen[2] = {false, false};
    for (std::size_t i = from; i < toks.size(); i += 2) {
      auto p = parsePlayer(toks[i].text);
      auto n = parseNumber(toks[i + 1].text);
      if (!p || seen[idx(*p)]) return std::string("score takes both players: score A 40 B 12");
      if (!n || *n < 0 || *n > 100000) return "score '" + toks[i + 1].text + "' is not a score";
      seen[idx(*p)] = true;
      s[idx(*p)] = static_cast<int>(*n);
    }
    return s;
  }

  std::string claim(Tile t) {
    if (dealt_ & bit(t)) return "the deal repeats " + tileText(t);
    dealt_ |= bit(t);
    return {};
  }

  // Closes the deal section of the current round and starts the round on the match.
  std::string finishDeal() {
    if (!dealOpen_) return {};
    dealOpen_ = false;
    RoundRecord& r = rec_.rounds.back();
    const LineNo roundLine = r.sourceLine;
    auto fail = [&](const std::string& m, LineNo line) {
      errorLine_ = line ? line : roundLine;
      return m;
    };
    const Mask dealt = dealt_;
    dealt_ = 0;
    if (r.seed) {
      if (dealLines_.hand[0] || dealLines_.hand[1] || dealLines_.stock || dealLines_.line)
        return fail("a round dealt by seed cannot also give hands, stock or line", dealLines_.seed);
      const Deal d = dealFromSeed(*r.seed, rec_.rules.hand);
      r.hand = d.hand;
      r.stock.assign(d.stock.begin(), d.stock.begin() + d.stockSize);
    } else {
      for (int p = 0; p < 2; ++p)
        if (!dealLines_.hand[p])
          return fail(
              std::string("round ") + std::to_string(r.number) + " has no hand " + letter(static_cast<Player>(p)), 0);
      // A missing `stock` line is an empty stock (all 28 tiles in the hands and the line).
      // The first problem wins: a hand of the wrong size shows on its own line, before the last
      // deal line where a missing tile shows.
      if (!r.setup) {
        int wrong = -1;  // the wrong-sized hand written first
        for (int p = 0; p < 2; ++p)
          if (handCount_[p] != rec_.rules.hand && (wrong < 0 || dealLines_.hand[p] < dealLines_.hand[wrong])) wrong = p;
        if (wrong >= 0)
          return fail(std::string("hand ") + letter(static_cast<Player>(wrong)) + " has " +
                          std::to_string(handCount_[wrong]) + " tiles, but the rules deal " +
                          std::to_string(rec_.rules.hand),
                      dealLines_.hand[wrong]);
      }
      if (dealt != kAllTiles) {
        const LineNo last = std::max({dealLines_.hand[0], dealLines_.hand[1], dealLines_.stock, dealLines_.line});
        return fail("the deal misses " + tileText(static_cast<Tile>(std::countr_zero(~dealt & kAllTiles))), last);
      }
    }
    if (r.setup)
      for (int p = 0; p < 2; ++p)
        if (!r.hand[p])
          return fail(std::string("hand ") + letter(static_cast<Player>(p)) + " is empty: the round would be over",
                      dealLines_.hand[p]);
    if (r.setup && !dealLines_.turn && !r.line.empty())
      return fail("a setup with a line needs 'turn A' or 'turn B'", dealLines_.line);
    if (auto why = startRound(*match_, r); !why.empty())
      return fail(why, dealLines_.line ? dealLines_.line : dealLines_.turn ? dealLines_.turn : roundLine);
    if (auto why = puzzleRound(r); !why.empty()) return fail(why, roundLine);
    if (visit_) visit_(r, nullptr, *match_);
    return {};
  }

  // puzzle "title": marks the record as a puzzle.
  std::string puzzle(const std::vector<Token>& toks) {
    if (!rec_.rounds.empty()) return "puzzle belongs in the header, before round 1";
    if (toks.size() != 2 || !toks[1].quoted || toks[1].text.empty())
      return "puzzle takes its title, one quoted string: puzzle \"Only one move wins\"";
    if (rec_.puzzle) return "puzzle given twice";
    rec_.puzzle.emplace();
    rec_.puzzle->line = line_;
    rec_.puzzle->title = toks[1].text;
    return {};
  }

  // theme WORD...: the puzzle's themes.
  std::string theme(const std::vector<std::string>& args) {
    if (!rec_.rounds.empty()) return "theme belongs in the header, before round 1";
    if (themeLine_) return "theme given twice";
    if (args.empty()) return "theme takes one or more of: heavy doubles variety strongest read count block";
    for (const auto& w : args) {
      if (std::find(kPuzzleThemes.begin(), kPuzzleThemes.end(), w) == kPuzzleThemes.end())
        return "unknown theme '" + w + "': the themes are heavy doubles variety strongest read count block";
      if (std::find(themes_.begin(), themes_.end(), w) != themes_.end()) return "theme '" + w + "' given twice";
      themes_.push_back(w);
    }
    themeLine_ = line_;
    return {};
  }

  // rating N: the puzzle's estimated difficulty, a whole number 0..kMaxRating.
  std::string rating(const std::vector<std::string>& args) {
    if (!rec_.rounds.empty()) return "rating belongs in the header, before round 1";
    if (ratingLine_) return "rating given twice";
    std::string bad = "rating takes a whole number 0.." + std::to_string(kMaxRating) + ": rating 1500";
    if (args.size() != 1 || args[0].empty() || args[0].size() > 5 ||
        !std::all_of(args[0].begin(), args[0].end(), [](char c) { return c >= '0' && c <= '9'; }) ||
        (args[0].size() > 1 && args[0][0] == '0'))
      return bad;
    const auto n = parseNumber(args[0]);
    if (!n || *n > kMaxRating) return bad;
    rating_ = static_cast<int>(*n);
    ratingLine_ = line_;
    return {};
  }

  // At the header's end (round 1, or the record's end): theme and rating need a puzzle.
  std::string closeHeader() {
    if (headerClosed_) return {};
    headerClosed_ = true;
    if (!rec_.puzzle) {
      errorLine_ = themeLine_ ? themeLine_ : ratingLine_;
      if (themeLine_) return "theme belongs to a puzzle: the record has no 'puzzle' line";
      if (ratingLine_) return "rating belongs to a puzzle: the record has no 'puzzle' line";
      return {};
    }
    rec_.puzzle->themes = std::move(themes_);
    rec_.puzzle->rating = rating_;
    return {};
  }

  // A puzzle's round starts from a setup and is closed to chance.
  std::string puzzleRound(const RoundRecord& r) const {
    if (!rec_.puzzle) return {};
    if (!r.setup) return "a puzzle's round starts from a setup ('line' and 'turn'), not from a deal";
    const Rules& rules = rec_.rules;
    if (rules.draw != DrawRule::None && static_cast<int>(r.stock.size()) > rules.reserve)
      return "a puzzle is closed to chance: the stock holds " + std::to_string(r.stock.size()) +
             " tiles and reserve is " + std::to_string(rules.reserve) + ", so a tile could be drawn (draw=none, or " +
             "no more stock than reserve)";
    return {};
  }

  // solution MOVE: a move of the player to move in the setup that wins by force; not played.
  std::string solution(const std::vector<std::string>& args) {
    if (!rec_.puzzle) return "solution belongs to a puzzle: the record has no 'puzzle' line";
    if (auto e = ensureRound("a solution"); !e.empty()) return e;
    if (args.empty()) return "solution takes a move: solution 1-1 L";
    const auto who = match_->toMove();
    if (!who) return "the puzzle's round is over: no move to find";
    const FoundMove found = findMove(*match_, *who, args);
    std::string words;
    for (const auto& a : args) words += (words.empty() ? "" : " ") + a;
    if (!found.error.empty()) return "solution '" + words + "' is not a legal move: " + found.error;
    Solution sol;
    sol.line = line_;
    sol.move = *found.move;
    sol.text = sol.move.kind == MoveKind::Play ? match_->moveText(sol.move) : legalText(*match_, sol.move);
    for (const Solution& o : rec_.puzzle->solutions)
      if (o.move.same(sol.move)) return "solution " + sol.text + " repeats line " + std::to_string(o.line);
    if (lineComment_) sol.comment = std::exchange(lineComment_, std::nullopt).value();
    rec_.puzzle->solutions.push_back(std::move(sol));
    return {};
  }

  // At the record's end: a puzzle has its round and its solutions.
  std::string finishPuzzle() {
    if (!rec_.puzzle) return {};
    if (rec_.rounds.empty()) {
      errorLine_ = rec_.puzzle->line;
      return "a puzzle needs one round from a setup";
    }
    if (rec_.puzzle->solutions.empty()) {
      errorLine_ = rec_.rounds.back().sourceLine;
      return "a puzzle lists its solutions: it has no 'solution' line";
    }
    return {};
  }

  std::string ensureRound(const char* what) {
    if (!match_) return std::string("missing 'rules' before ") + what;
    if (rec_.rounds.empty()) return std::string(what) + " before round 1";
    return finishDeal();
  }

  std::string note(std::vector<Token>& toks) {
    if (toks.size() != 2 || !toks[1].quoted) return "note takes one quoted string: note \"...\"";
    if (auto e = ensureRound("a note"); !e.empty()) return e;
    Statement s;
    s.kind = Statement::Kind::Note;
    s.line = line_;
    s.note = std::move(toks[1].text);  // a note may be megabytes long: moved, not copied
    return push(std::move(s));
  }

  // task KIND ... "prompt" ["explanation"]: a step of a lesson. Its form is checked here (readTask);
  // a play's moves are resolved against the position when they are legal there, and kept as
  // written otherwise (lesson::validate, run by `dominoes check`, says why they are wrong).
  std::string task(const std::vector<Token>& toks) {
    if (auto e = ensureRound("a task"); !e.empty()) return e;
    auto read = readTask(toks);
    if (auto* e = std::get_if<std::string>(&read)) return *e;
    auto& [t, moveWords] = std::get<ReadTask>(read);
    const auto who = match_->toMove();
    for (std::size_t i = 0; i < moveWords.size() && who; ++i)
      if (const FoundMove found = findMove(*match_, *who, moveWords[i]); found.move) t.moves[i] = *found.move;
    t.line = line_;
    Statement s;
    s.kind = Statement::Kind::Task;
    s.line = line_;
    s.task = std::move(t);
    return push(std::move(s));
  }

  std::string push(Statement s) {
    if (lineComment_ && s.line == line_) s.comment = std::exchange(lineComment_, std::nullopt).value();
    rec_.rounds.back().statements.push_back(s);
    if (visit_) visit_(rec_.rounds.back(), &s, *match_);
    return {};
  }

  static bool contains(const std::string& hay, const std::string& needle) {
    if (hay.find(needle) != std::string::npos) return true;
    auto lower = [](std::string s) {
      for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return s;
    };
    return lower(hay).find(lower(needle)) != std::string::npos;
  }

  std::string move(Player who, const std::vector<std::string>& args, const std::vector<std::string>& written) {
    if (auto e = ensureRound("a move"); !e.empty()) return e;
    const FoundMove found = findMove(*match_, who, args);
    const std::string& why = found.error;
    if (pendingError_) {
      const std::string expected = pendingError_->text;
      pendingError_.reset();
      if (why.empty()) return "expected an error containing \"" + expected + "\", but the move is legal";
      if (!contains(why, expected)) return "expected an error containing \"" + expected + "\", found: " + why;
      Statement s;
      s.kind = Statement::Kind::Move;
      s.line = line_;
      s.player = who;
      s.rejected = true;
      s.moveText = std::string(1, letter(who)) + ":";
      for (const auto& a : written) s.moveText += " " + a;  // quoted words stay quoted
      if (found.written) s.move = found.written->move;
      return push(std::move(s));
    }
    if (!why.empty()) return why;
    // (A negative example above is checked, not played: a puzzle may teach with one.)
    if (rec_.puzzle) return "a puzzle plays no moves: its position stays the setup (write 'solution MOVE')";
    Statement s;
    s.kind = Statement::Kind::Move;
    s.line = line_;
    s.player = who;
    s.move = *found.move;
    if (s.move.kind == MoveKind::Play) s.moveText = match_->moveText(s.move);
    s.move = match_->apply(s.move);
    if (s.move.kind != MoveKind::Play) s.moveText = match_->moveText(s.move);
    return push(std::move(s));
  }

  // `expect WHAT ...`: checked against the match as it stands, by one function per kind. Each returns
  // the message for words it cannot read, and sets `failure` when the match differs from them.
  using ExpectCheck = std::string (Reader::*)(const std::vector<Token>& toks, const std::vector<std::string>& w,
                                              std::string& failure) const;

  std::string expect(const std::vector<Token>& toks) {
    if (toks.size() < 2)
      return "expect needs what to check: turn, ends, legal, hand, stock, result, score, match or error";
    const std::string& what = toks[1].text;
    std::vector<std::string> w;  // the words after WHAT (legal reads its own, its list may be long)
    for (std::size_t i = 2; i < toks.size() && what != "legal"; ++i) w.push_back(toks[i].text);
    if (!match_) return "missing 'rules' before an expect";
    if (!rec_.rounds.empty())
      if (auto err = finishDeal(); !err.empty()) return err;
    if (what == "error") return expectError(toks);
    static constexpr std::array<std::pair<std::string_view, ExpectCheck>, 8> kChecks{{
        {"turn", &Reader::expectTurn},
        {"ends", &Reader::expectEnds},
        {"legal", &Reader::expectLegal},
        {"hand", &Reader::expectHand},
        {"stock", &Reader::expectStock},
        {"result", &Reader::expectResult},
        {"score", &Reader::expectScore},
        {"match", &Reader::expectMatch},
    }};
    const auto check = std::find_if(kChecks.begin(), kChecks.end(), [&](const auto& c) { return c.first == what; });
    if (check == kChecks.end())
      return "unknown expect '" + what + "': expect turn, ends, legal, hand, stock, result, score, match or error";
    std::string failure;
    if (auto e = (this->*check->second)(toks, w, failure); !e.empty()) return e;
    if (!failure.empty()) return "expect " + what + " failed: " + failure;
    return keepExpect(toks);
  }

  // Keeps an expect among the round's statements (one before round 1 is checked, not kept), with
  // its words after "expect" as written: made only now, so that a refused list of a million entries
  // is never copied.
  std::string keepExpect(const std::vector<Token>& toks) {
    if (rec_.rounds.empty()) return {};
    Statement s;
    s.kind = Statement::Kind::Expect;
    s.line = line_;
    s.expectText = toks[1].text;
    for (std::size_t i = 2; i < toks.size(); ++i) s.expectText += ' ' + writtenWord(toks[i]);
    forRest([&](const Token& tok) { s.expectText += ' ' + writtenWord(tok); });
    return push(std::move(s));
  }

  // `expect error "text"`: the next move (or round line) must be refused with a message holding text.
  std::string expectError(const std::vector<Token>& toks) {
    if (toks.size() != 3 || toks[2].text.empty() || !toks[2].quoted)
      return "expect error takes one quoted message: expect error \"not B's turn\"";
    if (pendingError_) return "two 'expect error' lines in a row: each needs its own move";
    Expect e;
    e.kind = ExpectKind::Error;
    e.text = toks[2].text;
    pendingError_ = e;
    pendingErrorLine_ = line_;
    return keepExpect(toks);
  }

  std::string expectTurn(const std::vector<Token>&, const std::vector<std::string>& w, std::string& failure) const {
    if (w.size() != 1 || (w[0] != "none" && !parsePlayer(w[0]))) return "expect turn takes A, B or none";
    const auto found = match_->toMove();
    if (found != parsePlayer(w[0]))
      failure = "expected turn " + w[0] + ", found " + (found ? std::string(1, letter(*found)) : std::string("none"));
    return {};
  }

  std::string expectEnds(const std::vector<Token>&, const std::vector<std::string>& w, std::string& failure) const {
    std::vector<int> ends;
    if (!(w.size() == 1 && w[0] == "none")) {
      if (w.size() != 2) return "expect ends takes two pips (L then R), or none";
      for (const auto& x : w) {
        auto n = parseNumber(x);
        if (!n || *n < 0 || *n > 6) return "expect ends: '" + x + "' is not a pip 0-6";
        ends.push_back(static_cast<int>(*n));
      }
    }
    const Match& m = *match_;
    std::vector<int> found;
    if (m.round() > 0 && !m.state().beforeLead()) found = {m.state().ends[0], m.state().ends[1]};
    if (found != ends) failure = "expected ends " + endsText(ends) + ", found " + endsText(found);
    return {};
  }

  // One pass over the words and commas, each entry checked as its comma is met: linear in the line's
  // length, and nothing kept per entry (a refused list may hold a million of them).
  std::string expectLegal(const std::vector<Token>& toks, const std::vector<std::string>&, std::string& failure) const {
    const Match& m = *match_;
    bool single = true;  // no comma at all: "none" or nothing is a single entry
    for (std::size_t i = 2; i < toks.size(); ++i) single = single && toks[i].text.find(',') == std::string::npos;
    single = single && !restHasComma_;
    const MoveList found = m.legalMoves();
    std::uint64_t covered = 0;  // the found moves some entry names
    std::size_t entries = 0;
    bool allFound = true;
    std::vector<std::string> entry;  // at most 5 words: readMove's verdict never looks further
    std::string why;
    auto finishEntry = [&]() -> std::string {
      if (single && (entry.empty() || (entry.size() == 1 && entry[0] == "none"))) return {};
      if (entry.empty()) return "expect legal: an empty entry between commas";
      auto mv = readMove(entry);
      if (auto* f = std::get_if<std::string>(&mv)) return "expect legal: " + *f;
      const Move x = std::get<WrittenMove>(mv).move;
      bool in = false;
      for (int j = 0; j < found.size; ++j)
        if (x.same(found.moves[static_cast<std::size_t>(j)])) {
          in = true;
          covered |= std::uint64_t{1} << j;
        }
      allFound = allFound && in;
      ++entries;
      entry.clear();
      return {};
    };
    std::string x;  // the list as written, echoed cut when the check fails
    auto take = [&](const Token& tok) {
      if (!why.empty()) return;
      if (x.size() <= 480) x += (x.empty() ? "" : " ") + tok.text.substr(0, 481);  // a word may be megabytes
      const std::string& t = tok.text;
      for (std::size_t i = 0; i < t.size() && why.empty();) {
        const char c = t[i];
        if (c == ',') {
          why = finishEntry();
          ++i;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f') {
          ++i;
        } else {
          const std::size_t end = t.find_first_of(", \t\r\n\v\f", i);
          const std::size_t stop = end == std::string::npos ? t.size() : end;
          if (entry.size() < 5) entry.push_back(t.substr(i, stop - i));
          i = stop;
        }
      }
    };
    for (std::size_t i = 2; i < toks.size(); ++i) take(toks[i]);
    forRest(take);
    if (why.empty()) why = finishEntry();
    if (!why.empty()) return why;
    const std::uint64_t all = found.size >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << found.size) - 1;
    if (entries != static_cast<std::size_t>(found.size) || !allFound || covered != all) {
      std::string f;
      for (const Move& y : found) f += (f.empty() ? "" : ", ") + legalText(m, y);
      // The list as written may be megabytes long: it is echoed cut, as a word is.
      failure = "expected legal " + (x.empty() ? std::string("none") : files::cut(x, 120)) + ", found " +
                (f.empty() ? "none" : f);
    }
    return {};
  }

  std::string expectHand(const std::vector<Token>&, const std::vector<std::string>& w, std::string& failure) const {
    if (w.empty() || !parsePlayer(w[0])) return "expect hand takes a player and tiles: expect hand A 5-5 3-2";
    const Player p = *parsePlayer(w[0]);
    Mask hand = 0;
    for (std::size_t i = 1; i < w.size(); ++i) {
      if (w[i] == "none" && w.size() == 2) break;
      auto t = parseTile(w[i]);
      if (!t) return malformedTile(w[i]);
      hand |= bit(t->tile());
    }
    const Mask found = match_->round() > 0 ? match_->state().hand[idx(p)] : 0;
    if (found != hand)
      failure = "expected hand " + w[0] + " " + tilesText(hand, TilesForm::Dgn) + ", found " +
                tilesText(found, TilesForm::Dgn);
    return {};
  }

  std::string expectStock(const std::vector<Token>&, const std::vector<std::string>& w, std::string& failure) const {
    auto n = w.size() == 1 ? parseNumber(w[0]) : std::nullopt;
    if (!n || *n < 0 || *n > kTiles) return "expect stock takes a tile count: expect stock 3";
    const int found = match_->round() > 0 ? match_->state().stockCount() : 0;
    if (found != static_cast<int>(*n)) failure = "expected stock " + w[0] + ", found " + std::to_string(found);
    return {};
  }

  std::string expectResult(const std::vector<Token>&, const std::vector<std::string>& w, std::string& failure) const {
    const auto& r = match_->lastResult();
    if (w.size() == 1 && (w[0] == "tie" || w[0] == "none")) {
      const bool none = w[0] == "none";
      if (none && r) failure = "expected no result, found " + resultText(*r);
      if (!none && (!r || r->winner != 2)) failure = "expected result tie, found " + (r ? resultText(*r) : "none");
      return {};
    }
    const auto points = w.size() == 3 ? parseNumber(w[2]) : std::nullopt;
    if (w.size() != 3 || !parsePlayer(w[0]) || (w[1] != "domino" && w[1] != "blocked") || !points || *points < 0 ||
        *points > 1000)
      return "expect result takes a winner, how and points 0..1000 (expect result A domino 23), or tie";
    const RoundStatus how = w[1] == "domino" ? RoundStatus::Domino : RoundStatus::Blocked;
    if (!r || r->winner != idx(*parsePlayer(w[0])) || r->how != how || r->points != static_cast<int>(*points))
      failure = "expected result " + w[0] + " " + w[1] + " " + w[2] + ", found " + (r ? resultText(*r) : "none");
    return {};
  }

  std::string expectScore(const std::vector<Token>& toks, const std::vector<std::string>&, std::string& failure) const {
    auto sc = parseScore(toks, 2);
    if (auto* err = std::get_if<std::string>(&sc)) return "expect " + *err;
    const auto score = std::get<std::array<int, 2>>(sc);
    const auto& found = match_->scores();
    if (found != score)
      failure = "expected score A " + std::to_string(score[0]) + " B " + std::to_string(score[1]) + ", found A " +
                std::to_string(found[0]) + " B " + std::to_string(found[1]);
    return {};
  }

  std::string expectMatch(const std::vector<Token>&, const std::vector<std::string>& w, std::string& failure) const {
    if (w.size() != 1 || (w[0] != "tie" && w[0] != "none" && !parsePlayer(w[0])))
      return "expect match takes A, B, tie or none";
    const Match& m = *match_;
    std::string found = !m.matchOver() ? "none" : m.matchWinner() == 2 ? "tie" : std::string(1, "AB"[m.matchWinner()]);
    if (found != w[0])
      failure = "expected match " + w[0] + ", found " + (found == "none" ? "the match still on" : found);
    return {};
  }

  static std::string endsText(const std::vector<int>& e) {
    if (e.empty()) return "none";
    std::string s;
    for (int x : e) s += (s.empty() ? "" : " ") + std::to_string(x);
    return s;
  }
  static std::string resultText(const RoundResult& r) {
    if (r.winner == 2) return "tie";
    return std::string(1, "AB"[r.winner]) + (r.how == RoundStatus::Domino ? " domino " : " blocked ") +
           std::to_string(r.points);
  }

  std::string_view file_;
  const Visit& visit_;
  LineNo firstLine_ = 1;
  Record rec_;
  std::optional<Match> match_;
  bool sawDgn_ = false;
  LineNo line_ = 0;
  bool dealOpen_ = false;
  struct DealLines {
    LineNo hand[2] = {0, 0};
    LineNo stock = 0, seed = 0, line = 0, turn = 0, score = 0;
  } dealLines_;
  int handCount_[2] = {0, 0};
  Mask dealt_ = 0;
  LineNo errorLine_ = 0;  // where an error belongs when it is not the current line (a deal's)
  std::optional<Expect> pendingError_;
  LineNo pendingErrorLine_ = 0;
  std::optional<std::string> lineComment_;  // the current line's `#` comment, until a statement takes it
  bool tooManyWords_ = false;               // the line goes on past kMaxWords words (only those were read)
  std::string_view rest_;                   // an `expect legal` line after its first two words
  std::vector<std::string> themes_;         // a puzzle's header, until the header closes
  std::optional<int> rating_;
  LineNo themeLine_ = 0, ratingLine_ = 0;
  bool headerClosed_ = false;
  bool restHasComma_ = false;

  // Calls f with each token of rest_ in turn (the line was checked: no error, the comment skipped).
  template <class F>
  void forRest(F&& f) const {
    std::size_t i = 0;
    std::string error;
    std::optional<std::string> comment;
    for (Token t; nextToken(rest_, i, t, comment, error);) f(t);
  }
};

}  // namespace

std::string startRound(Match& match, const RoundRecord& r) {
  if (auto why = match.canStartRound(); !why.empty()) return why;
  if (r.setup) return match.startSetup(r);  // the round's position is a Setup
  Deal d;
  d.hand = r.hand;
  if (r.stock.size() > kMaxStock) return "the stock holds more than " + std::to_string(kMaxStock) + " tiles";
  for (Tile t : r.stock) d.stock[d.stockSize++] = t;
  if (r.score) match.setScores(*r.score);
  match.startRound(d);
  return {};
}

namespace {
using namespace lex;  // NOLINT(google-build-using-namespace)
// A text of several records where one is read: "the file holds N records ..." on the second's `dgn` line.
std::optional<Error> collectionError(std::string_view text, std::string_view file, LineNo firstLine);

// Runs the reader; `last`, when given, receives the match as the record leaves it. An allocation
// failure is reported on the line being read, once the reader's memory is given back.
std::variant<Record, Error> readRecord(std::string_view text, std::string_view file, const Visit& visit,
                                       std::optional<Match>* last, LineNo firstLine = 1) {
  // The file's expected errors are English: so are the engine's reasons they are compared with.
  const EnglishWords english;
  auto reader = std::make_unique<Reader>(file, visit, firstLine);
  try {
    auto r = reader->run(text);
    if (last && std::holds_alternative<Record>(r)) *last = reader->takeMatch();
    return r;
  } catch (const std::bad_alloc&) {
    const auto line = reader->line();
    reader.reset();
    return Error{std::string(file), line, "out of memory"};
  }
}
}  // namespace

std::variant<Record, Error> read(std::string_view text, std::string_view file, const Visit& visit, LineNo firstLine) {
  if (auto e = collectionError(text, file, firstLine)) return *e;
  return readRecord(text, file, visit, nullptr, firstLine);
}

namespace {
// Whether a line holds a statement (not only blanks and a comment), and whether its first word is
// an unquoted `dgn`.
struct LineKind {
  bool statement = false, dgn = false;
};
LineKind lineKind(std::string_view line) {
  if (line.starts_with(kBom)) line.remove_prefix(3);  // a file's start, or one concatenated after another
  std::size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
  if (i == line.size() || line[i] == '#') return {};
  const std::string_view w = line.substr(i, 3);
  const char after = i + 3 < line.size() ? line[i + 3] : ' ';
  const bool dgn = w == "dgn" && (after == ' ' || after == '\t' || after == '\r' || after == '#' || after == '"');
  return {true, dgn};
}

// The final match is the reader's own: copying the match after every statement, as a visit would,
// costs time in proportion to the rounds already played (their results) on every statement.
std::variant<Loaded, Error> loadOne(std::string_view text, std::string_view file, LineNo firstLine) {
  std::optional<Match> last;
  auto r = readRecord(text, file, {}, &last, firstLine);
  if (auto* e = std::get_if<Error>(&r)) return *e;
  Record rec = std::move(std::get<Record>(r));
  if (!last) last.emplace(rec.rules);
  return Loaded{std::move(rec), std::move(*last)};
}
}  // namespace

void forEachRecord(std::string_view text, const std::function<void(const Part&)>& f) {
  std::size_t start = 0, pos = 0, afterStatement = 0;  // afterStatement: where the line after the last statement starts
  LineNo lineNo = 0, startLine = 1, statementLine = 0, dgnLine = 0;
  bool hasStatement = false;
  while (pos <= text.size()) {
    const std::size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    ++lineNo;
    const LineKind k = lineKind(line);
    const std::size_t next = nl == std::string_view::npos ? text.size() : nl + 1;
    if (k.dgn && hasStatement) {
      f({text.substr(start, afterStatement - start), startLine, dgnLine});
      start = afterStatement;
      startLine = statementLine + 1;
      hasStatement = false;
    }
    if (k.statement) {
      if (!hasStatement) dgnLine = k.dgn ? lineNo : 0;
      hasStatement = true;
      afterStatement = next;
      statementLine = lineNo;
    }
    if (nl == std::string_view::npos) break;
    pos = next;
  }
  f({text.substr(start), startLine, hasStatement ? dgnLine : 0});
}

namespace {
std::optional<Error> collectionError(std::string_view text, std::string_view file, LineNo firstLine) {
  std::uint64_t count = 0;
  LineNo second = 0;
  forEachRecord(text, [&](const Part& p) {
    if (++count == 2) second = p.dgnLine;
  });
  if (count < 2) return std::nullopt;
  return Error{std::string(file), second + firstLine - 1,
               "the file holds " + std::to_string(count) + " records (a collection): name the one to read (1 to " +
                   std::to_string(count) + ")"};
}
}  // namespace

std::vector<Part> splitRecords(std::string_view text) {
  std::vector<Part> parts;
  forEachRecord(text, [&](const Part& p) { parts.push_back(p); });
  return parts;
}

std::variant<Loaded, Error> load(std::string_view text, std::string_view file, LineNo firstLine) {
  if (auto e = collectionError(text, file, firstLine)) return *e;
  return loadOne(text, file, firstLine);
}

std::variant<Loaded, Error> loadPart(const Part& part, std::string_view file) {
  return loadOne(part.text, file, part.firstLine);
}

std::variant<std::string, Error> readFile(const std::string& path, std::uint64_t maxSize) {
  std::variant<std::string, files::ReadError> text;
  try {
    // `-` is standard input (a pipe), read to its end within the same limit.
    text = path == "-" ? files::readStream(0, maxSize, "standard input") : files::readText(path, maxSize);
  } catch (const std::bad_alloc&) {
    return Error{path, 0, "out of memory"};
  }
  if (auto* e = std::get_if<files::ReadError>(&text)) return Error{path, 0, e->message};
  return std::move(std::get<std::string>(text));
}

std::variant<Loaded, Error> loadFile(const std::string& path, std::uint64_t maxSize, std::uint64_t record) {
  auto text = readFile(path, maxSize);
  if (auto* e = std::get_if<Error>(&text)) return *e;
  if (!record) return load(std::get<std::string>(text), path);
  std::optional<Part> chosen;
  std::uint64_t count = 0;
  forEachRecord(std::get<std::string>(text), [&](const Part& p) {
    if (++count == record) chosen = p;
  });
  if (!chosen)
    return Error{path, 0,
                 "the file holds " + std::to_string(count) + (count == 1 ? " record" : " records") +
                     ": there is no record " + std::to_string(record)};
  return loadPart(*chosen, path);
}

}  // namespace dom::dgn
