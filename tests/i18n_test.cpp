// SPDX-License-Identifier: MIT
// The studio's languages: catalogs, plurals, the pseudo-locale, core's reasons in each language on
// fixed positions, and Devanagari shaping (the glyphs drawn are HarfBuzz's).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <map>
#include <string>

#include "ai/players.h"
#include "core/dgn.h"
#include "core/files.h"
#include "core/reason.h"
#include "studio/model/coach.h"
#include "studio/model/i18n.h"
#include "studio/model/players.h"
#include "studio/model/timeline.h"
#include "studio/model/viewmodel.h"
#include "studio/platform/platform.h"
#include "studio/ui/shaping.h"
#include "test_util.h"

using namespace dom;
using dom::test::T;

namespace {

struct Lang {
  explicit Lang(const char* code) {
    i18n::setLocaleDir(I18N_LOCALE_DIR);
    REQUIRE(i18n::setLanguage(code).empty());
  }
  ~Lang() { (void)i18n::setLanguage("en"); }
};

Move play(Tile t) {
  Move m;
  m.kind = MoveKind::Play;
  m.tile = t;
  return m;
}

Move pass() {
  Move m;
  m.kind = MoveKind::Pass;
  return m;
}

// A fixed position: the deal of seed 1 under en-linea (A holds the highest double and must lead it).
Match dealOne() { return studio::newMatch(*preset("en-linea"), 1); }

}  // namespace

TEST_CASE("format puts the arguments where the translation wants them") {
  CHECK(i18n::format("{1} de {0}", {"A", "3-1"}) == "3-1 de A");
  CHECK(i18n::format("{0} and {0}", {"x"}) == "x and x");
  CHECK(fill("no {2}", {"a", "b"}) == "no ");
}

TEST_CASE("every language loads its catalog and English is the msgid") {
  i18n::setLocaleDir(I18N_LOCALE_DIR);
  REQUIRE(i18n::setLanguage("en").empty());
  CHECK(std::string(_("Table")) == "Table");
  const std::map<std::string, std::string> table{{"es", "Mesa"}, {"fr", "Table"}, {"pl", "Stół"}, {"hi", "मेज"}};
  for (const auto& [code, word] : table) {
    Lang l(code.c_str());
    CHECK(std::string(_("Table")) == word);
    CHECK(std::string(_("File")) != "File");
    // A text no catalog holds stays as it is.
    CHECK(std::string(_("no such text in any catalog")) == "no such text in any catalog");
  }
  CHECK_FALSE(i18n::setLanguage("xx").empty());
  CHECK(i18n::language() == "en");
}

TEST_CASE("plural forms follow each language's rule") {
  auto tiles = [](long n) { return i18n::format(P_("{0} tile", "{0} tiles", n), {std::to_string(n)}); };
  CHECK(tiles(1) == "1 tile");
  CHECK(tiles(2) == "2 tiles");
  {
    Lang l("pl");
    CHECK(tiles(1) == "1 płytka");
    CHECK(tiles(3) == "3 płytki");
    CHECK(tiles(5) == "5 płytek");
    CHECK(tiles(22) == "22 płytki");
    CHECK(tiles(12) == "12 płytek");
  }
  {
    Lang l("fr");
    CHECK(tiles(0) == "0 tuile");
    CHECK(tiles(1) == "1 tuile");
    CHECK(tiles(2) == "2 tuiles");
  }
  {
    Lang l("es");
    CHECK(tiles(1) == "1 ficha");
    CHECK(tiles(7) == "7 fichas");
  }
}

TEST_CASE("the pseudo-locale is accented, about 40% longer and keeps placeholders") {
  const std::string en = "Click a tile, then a ghost to play {0} (%d).";
  const std::string p = i18n::pseudo(en);
  CHECK(p.find("{0}") != std::string::npos);
  CHECK(p.find("%d") != std::string::npos);
  CHECK(p.find("é") != std::string::npos);
  CHECK(p.front() == '[');
  CHECK(p.size() >= en.size() * 13 / 10);
  Lang l("pseudo");
  CHECK(std::string(_("Table")) == i18n::pseudo("Table"));
}

TEST_CASE("the environment chooses the language") {
  // setenv is process-wide: restore what was there.
  const char* vars[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};
  std::map<std::string, std::string> saved;
  for (const char* v : vars)
    if (const char* x = std::getenv(v)) saved[v] = x;
  for (const char* v : vars) unsetenv(v);
  CHECK(i18n::fromEnvironment() == "en");
  setenv("LANG", "pl_PL.UTF-8", 1);
  CHECK(i18n::fromEnvironment() == "pl");
  setenv("LC_ALL", "fr_FR.UTF-8", 1);
  CHECK(i18n::fromEnvironment() == "fr");
  setenv("LANGUAGE", "de:hi", 1);
  CHECK(i18n::fromEnvironment() == "hi");
  setenv("LANGUAGE", "", 1);
  setenv("LC_ALL", "C.UTF-8", 1);
  CHECK(i18n::fromEnvironment() == "en");
  for (const char* v : vars) unsetenv(v);
  for (const auto& [k, v] : saved) setenv(k.c_str(), v.c_str(), 1);
}

TEST_CASE("core's reasons in each language on fixed positions") {
  const Match m = dealOne();
  const Player p = m.state().turn;
  const Player o = other(p);
  const Tile lead = m.state().forcedLead;
  REQUIRE(lead != kNoTile);
  Tile notLead = kNoTile;
  forEachHeaviestFirst(m.state().hand[static_cast<std::size_t>(idx(p))], [&](Tile t) {
    if (t != lead && notLead == kNoTile) notLead = t;
  });
  REQUIRE(notLead != kNoTile);
  const std::string P(1, letter(p)), O(1, letter(o)), L = tileText(lead);
  // English (the CLI's words): nothing set.
  CHECK(m.illegal(play(lead), o) == "not " + O + "'s turn: it is " + P + "'s turn");
  CHECK(m.illegal(play(notLead), p) == "the lead must be " + L + " (the highest double)");
  Reason r;
  r.why = Why::StockEmpty;
  r.player = Player::B;
  CHECK(text(r) == "B cannot draw: the stock is empty");

  struct Expect {
    const char* code;
    std::string turn, lead, empty, explain;
  };
  const Expect expects[] = {
      {"es", "no es el turno de " + O + ": es el turno de " + P,
       "la salida debe ser " + L + " (la ficha doble más alta)", "B no puede robar: el pozo está vacío",
       P + " sale: " + P + " tiene la ficha doble más alta, " + L + ", y debe salir con ella."},
      {"fr", "ce n'est pas le tour de " + O + " : c'est le tour de " + P,
       "l'ouverture doit être " + L + " (le plus haut double)", "B ne peut pas piocher : la pioche est vide",
       P + " ouvre : " + P + " a le plus haut double, " + L + ", et doit le poser."},
      {"pl", "to nie tura " + O + ": teraz tura " + P, "pierwszą płytką musi być " + L + " (najwyższa podwójna)",
       "B nie może dobrać: zapas jest pusty",
       P + " zaczyna: " + P + " ma najwyższą podwójną, " + L + ", i musi ją wyłożyć."},
      {"hi", O + " की बारी नहीं: " + P + " की बारी है", "पहली टाइल " + L + " होनी चाहिए (सबसे बड़ा डबल)",
       "B टाइल नहीं ले सकता: भंडार खाली है",
       P + " शुरू करता है: " + P + " के पास सबसे बड़ा डबल " + L + " है, और उसे वही रखना होगा।"},
  };
  const std::string passEnglish = m.illegal(pass(), p);
  REQUIRE(!passEnglish.empty());
  for (const Expect& e : expects) {
    CAPTURE(e.code);
    Lang l(e.code);
    CHECK(m.illegal(play(lead), o) == e.turn);
    CHECK(m.illegal(play(notLead), p) == e.lead);
    CHECK(text(r) == e.empty);
    CHECK(studio::explainPosition(m) == e.explain);
    // The pass refused before the lead has words of the language too.
    CHECK(m.illegal(pass(), p) != passEnglish);
  }
  // Back in English, the CLI's words again.
  CHECK(text(r) == "B cannot draw: the stock is empty");
}

TEST_CASE("a record's expected errors are English in every language") {
  // end_blocked_by_edge.dgn expects an error containing "has no room at end R": the reader checks it
  // against the engine's English words whatever the studio's language.
  const auto file = files::readText(I18N_SCENARIOS "/end_blocked_by_edge.dgn");
  REQUIRE(std::holds_alternative<std::string>(file));
  for (const char* code : {"en", "es", "hi", "pseudo"}) {
    CAPTURE(code);
    Lang l(code);
    const auto read = dgn::read(std::get<std::string>(file), "end_blocked_by_edge.dgn");
    if (const auto* e = std::get_if<dgn::Error>(&read)) FAIL(e->text());
    Reason r;
    r.why = Why::StockEmpty;
    r.player = Player::A;
    // Outside the reader the words are the language's again.
    CHECK((std::string(code) == "en") == (text(r) == "A cannot draw: the stock is empty"));
  }
}

TEST_CASE("Devanagari is drawn as HarfBuzz shapes it") {
  const std::string font = studio::platform::devanagariFont();
  REQUIRE_MESSAGE(!font.empty(), "Noto Sans Devanagari (fonts-noto-core) is needed");
  REQUIRE(studio::shaping::init(font, 16.0f));
  const std::string words[] = {"खिलाड़ी", "डोमिनो"};
  for (const auto& w : words) studio::shaping::prepare(w);
  studio::shaping::prepare("ख");
  studio::shaping::prepare("म");

  // The atlas: a context, the default font, our glyphs as custom rects.
  ImGui::CreateContext();
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  ImFont* ui = atlas->AddFontDefault();
  studio::shaping::addToAtlas(atlas, ui);
  REQUIRE(atlas->Build());
  studio::shaping::fillAtlas(atlas, ui);

  for (const auto& w : words) {
    CAPTURE(w);
    const auto reference = studio::shaping::shapeRun(w);
    const std::string shaped = studio::shaping::shape(w);
    REQUIRE(shaped != w);
    // What ImGui draws: one atlas glyph per code point of the shaped text, at HarfBuzz's advance.
    CHECK(studio::shaping::glyphsOf(shaped) == reference);
    std::size_t n = 0;
    float width = 0;
    for (const char* s = shaped.c_str(); *s;) {
      unsigned int c = 0;
      s += ImTextCharFromUtf8(&c, s, nullptr);
      const ImFontGlyph* g = ui->FindGlyphNoFallback(static_cast<ImWchar>(c));
      REQUIRE(g != nullptr);
      REQUIRE(n < reference.size());
      CHECK(g->AdvanceX == doctest::Approx(reference[n].advance64 / 64.0));
      width += g->AdvanceX;
      ++n;
    }
    CHECK(n == reference.size());
    CHECK(ui->CalcTextSizeA(ui->FontSize, 1e9f, 0, shaped.c_str()).x == doctest::Approx(width));
  }
  // खिलाड़ी: the i-matra is drawn first, before the KHA it follows in the text.
  const auto khi = studio::shaping::shapeRun("खिलाड़ी");
  const auto kha = studio::shaping::shapeRun("ख");
  REQUIRE(!khi.empty());
  REQUIRE(kha.size() == 1);
  CHECK(khi[0].glyph != kha[0].glyph);
  CHECK(khi[1].glyph == kha[0].glyph);
  // डोमिनो: the i-matra of मि is drawn before MA too (code points ड ो म ि न ो).
  const auto domino = studio::shaping::shapeRun("डोमिनो");
  const auto ma = studio::shaping::shapeRun("म");
  REQUIRE(domino.size() == 6);
  REQUIRE(ma.size() == 1);
  CHECK(domino[2].glyph != ma[0].glyph);
  CHECK(domino[3].glyph == ma[0].glyph);
  // Latin text is left alone.
  CHECK(studio::shaping::shape("A 6-6 B") == "A 6-6 B");
  // The state's dump reads text: a shaped text, runs between Latin words included, maps back whole.
  const std::string mixed = "A खिलाड़ी 6-6, डोमिनो!";
  const std::string shapedMixed = studio::shaping::shape(mixed);
  REQUIRE(shapedMixed != mixed);
  CHECK(studio::shaping::unshape(shapedMixed) == mixed);
  CHECK(studio::shaping::unshape("A 6-6 B") == "A 6-6 B");
  // Private code points that no run was shaped into stay as they are.
  CHECK(studio::shaping::unshape("\xEE\xBF\xBF") == "\xEE\xBF\xBF");
  ImGui::DestroyContext();
}

TEST_CASE("the coach's words in each language: seats, the tracker's revelations, the hint") {
  studio::Timeline t;
  REQUIRE_FALSE(t.loadFile(I18N_STUDIO_TESTS "/game.dgn"));
  t.jump(t.branchPath()[10]);  // B drew at 6 on move 2 and at 6 and 0 on move 9
  const auto english = studio::trackerView(t, studio::Visibility::AsA).revealed;
  REQUIRE(english.size() == 3);
  // Each line names the tiles it rules out (the same in every language).
  const std::string tiles = " \u2014 6-2, 6-1, 6-0, 5-0, 4-0, 3-0";
  CHECK(english[2] == "B drew at 6 and 0 on move 9: B had no 6 and no 0" + tiles);
  struct Expect {
    const char* code;
    std::string human, drew;
  };
  const Expect expects[] = {
      {"es", "Humano", "B robó frente a 6 y 0 en la jugada 9: B no tenía ni 6 ni 0"},
      {"fr", "Humain", "B a pioché face à 6 et 0 au coup 9 : B n'avait ni 6 ni 0"},
      {"pl", "Człowiek", "B dobrał przy 6 i 0 w ruchu 9: B nie miał płytki z 6 ani z 0"},
      {"hi", "मनुष्य", "चाल 9 में B ने 6 और 0 पर टाइल ली: B के पास न 6 था, न 0"},
  };
  for (const Expect& e : expects) {
    CAPTURE(e.code);
    Lang l(e.code);
    // Every label and about of src/ai's catalog is in the studio's catalog (players.cpp marks them; a
    // text changed in src/ai without it fails here). Spanish differs from English in all of them.
    for (const ai::PlayerInfo& p : std::string(e.code) == "es" ? ai::playerCatalog() : std::vector<ai::PlayerInfo>{}) {
      CHECK_MESSAGE(std::string(_(p.label.c_str())) != p.label, p.label);
      CHECK_MESSAGE(std::string(_(p.about.c_str())) != p.about, p.about);
    }
    const auto& seats = studio::seatChoices();
    REQUIRE(!seats.empty());
    CHECK(seats.front().label == i18n::shown(e.human.c_str()));
    const auto revealed = studio::trackerView(t, studio::Visibility::AsA).revealed;
    REQUIRE(revealed.size() == 3);
    CHECK(revealed[2] == i18n::shown((e.drew + tiles).c_str()));
  }
  CHECK(studio::seatChoices().front().label == "Human");
  CHECK(studio::trackerView(t, studio::Visibility::AsA).revealed == english);
}

TEST_CASE("the computer players' reasons in each language on a fixed position") {
  // A leads nothing: 6-1 is on the line, A holds 6-6, 1-0 and 3-2, B four tiles, the rest in the stock.
  Match m(*preset("en-linea"));
  Setup s;
  s.line = {{T("6-1"), 6, 1, Heading::Straight}};
  s.hand[0] = bit(T("6-6")) | bit(T("1-0")) | bit(T("3-2"));
  s.hand[1] = bit(T("5-5")) | bit(T("4-0")) | bit(T("2-0")) | bit(T("3-0"));
  for (Tile t = 0; t < kTiles; ++t)
    if (!((s.hand[0] | s.hand[1] | bit(T("6-1"))) & bit(t))) s.stock.push_back(t);
  s.turn = Player::A;
  REQUIRE(m.startSetup(s).empty());
  ai::RoundLog log;
  const ai::Observation o = ai::observe(m, Player::A, log);
  auto reason = [&](const char* spec) { return ai::makePlayer(spec, 7)->decide(o).reason; };
  // No hook (English, the CLI's words).
  REQUIRE(i18n::setLanguage("en").empty());
  const std::string strategist = reason("strategist"), expert = reason("expert:ms=2"), flat = reason("flatmc:20");
  CHECK(strategist.find("6-6 at L: a heavy double, played early") == 0);
  CHECK(expert.find("6-6 at L: a heavy double gone early. ") == 0);
  CHECK(expert.find("% of rounds won, ") != std::string::npos);
  CHECK(expert.find(" sampled deals of the hidden tiles, played out with ") != std::string::npos);
  CHECK(expert.find("% of mine first blocking B where I know B cannot follow") != std::string::npos);
  CHECK(expert.find("% of B's placements heaviest-first and 100% of mine by the tips' policy") != std::string::npos);
  CHECK(reason("expert:ms=2,policy=0").find(" played out with 50% of the placements heaviest-first, ") !=
        std::string::npos);
  CHECK(flat.find(" points a round on average, ") != std::string::npos);
  CHECK(flat.find(" over 20 sampled deals of the hidden tiles, played out at random; next best ") != std::string::npos);
  struct Expect {
    const char* code;
    std::string strategist, expert;
  };
  const Expect expects[] = {
      {"es", "6-6 en L: una ficha doble pesada, jugada pronto", "6-6 en L: una ficha doble pesada jugada pronto"},
      {"hi", "6-6 L पर: एक भारी डबल, जल्दी चल दिया", "6-6 L पर: एक भारी डबल जल्दी चल दिया"},
  };
  for (const Expect& e : expects) {
    CAPTURE(e.code);
    Lang l(e.code);
    for (const std::string& r : {reason("strategist"), reason("expert:ms=2"), reason("flatmc:20")}) {
      CAPTURE(r);
      for (const char* english :
           {"leaves", "heavy", "deals", "double", "rounds", "points", "average", "next best", "sampled", "played",
            "keeps", "hidden", "tiles", " at ", "blocking", "follow", "policy", "mine"})
        CHECK(r.find(english) == std::string::npos);
    }
    CHECK(reason("strategist").find(e.strategist) == 0);
    CHECK(reason("expert:ms=2").find(e.expert) == 0);
  }
  // Back to no hook: the English text again, byte for byte.
  CHECK(reason("strategist") == strategist);
  CHECK(reason("expert:ms=2") == expert);
  CHECK(reason("flatmc:20") == flat);
}
