// SPDX-License-Identifier: MIT
// Writing a lesson in the studio (issue 52 #13; docs/lessons.md, "Writing a lesson"): every task of
// the course can be written again at its position and checks there; a wrong answer of each kind is
// refused with the checker's reason; a play task at the end of a branch plays its answer; the session
// keeps the lines, takes them out again, refuses them during a lesson, and a saved lesson passes
// `dominoes check` and opens in Learn.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "studio/model/authoring.h"
#include "studio/model/course.h"
#include "studio/model/session.h"

using namespace dom;
using namespace dom::studio;

namespace {
const std::filesystem::path kSource = std::filesystem::path(STUDIO_TEST_DIR);
const std::filesystem::path kLessons = kSource / ".." / ".." / "lessons";
using TK = dgn::Task::Kind;

std::string refused(const Timeline& t, int node, const std::string& line) {
  auto r = authoring::read(t, node, line);
  return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : std::string();
}
}  // namespace

TEST_CASE("authoring: every task of the course is written again at its position and checks") {
  int seen = 0;
  bool kinds[6] = {};
  for (const auto& f : std::filesystem::directory_iterator(kLessons)) {
    if (f.path().extension() != ".dgn") continue;
    Timeline t;
    REQUIRE_MESSAGE(!t.loadFile(f.path().string()), f.path());
    for (const int node : t.branchPath())
      for (const dgn::Statement& st : t.node(node).statements) {
        if (st.kind != dgn::Statement::Kind::Task) continue;
        const std::string line = "task " + st.task->text;
        auto r = authoring::read(t, node, line);
        CHECK_MESSAGE(std::holds_alternative<authoring::Line>(r), f.path().filename(), ": ", line, ": ",
                      refused(t, node, line));
        if (auto* l = std::get_if<authoring::Line>(&r)) {
          CHECK(l->kind == authoring::Line::Kind::Task);
          CHECK(l->statement.task->kind == st.task->kind);
          CHECK_FALSE(l->then);  // the record goes on: nothing is played
        }
        // The form's suggestion is right for the end, tiles and points kinds.
        const TK k = st.task->kind;
        if (k == TK::End || k == TK::Tiles || k == TK::Points) {
          const std::string answer = authoring::suggestion(t, node, k);
          CHECK_MESSAGE(refused(t, node, authoring::taskLine(k, answer, "?", "")).empty(), f.path().filename(), ": ",
                        answer);
        }
        kinds[static_cast<int>(k)] = true;
        ++seen;
      }
  }
  CHECK(seen >= 30);
  for (bool k : kinds) CHECK(k);  // the course holds every kind, so each was written here
}

TEST_CASE("authoring: wrong answers are refused with the checker's reason") {
  Timeline t;
  REQUIRE(!t.loadFile((kSource / "author_source.dgn").string()));
  const int three = t.branchPath()[3];  // after A: 6-4 L, B to move, ends 4 and 2
  CHECK(refused(t, three, R"(task play 2-4 R "Juega")").empty());
  CHECK(refused(t, three, R"(task play 6-6 L "Juega")").find("not a legal move") != std::string::npos);
  CHECK(refused(t, three, R"(task play 4-3 L "Juega")").find("is not one the task lists") != std::string::npos);
  CHECK(refused(t, three, R"(task tiles 4-2 "Toca")").find("misses") != std::string::npos);
  CHECK(refused(t, three, R"(task points 3 "Cuenta")").find("not over") != std::string::npos);
  CHECK(refused(t, three, R"(task end L "Toca")").find("layout=free") != std::string::npos);
  CHECK(refused(t, three, R"(task draw "Roba")").find("cannot draw") != std::string::npos);
  CHECK(refused(t, three, R"(task play 2-4 R)").find("prompt") != std::string::npos);
  CHECK(refused(t, three, R"(task play 2-4 R "")").find("empty") != std::string::npos);
  CHECK(refused(t, three, R"(note)").find("quoted") != std::string::npos);
  CHECK(refused(t, three, R"(expect ends 4 4)").find("unknown line") != std::string::npos);
  CHECK(refused(t, three, "task play 2-4 R \"\xff\"").find("UTF-8") != std::string::npos);
  CHECK(refused(t, 0, R"(task tiles 6-6 "Toca")").empty());  // at the deal: A leads 6-6, the only tile
  // The form's line: commas are spaces, quotes and backslashes escaped.
  CHECK(authoring::taskLine(TK::Play, "4-2 L, 2-4 R", "Say \"x\"", "") == R"(task play 4-2 L 2-4 R "Say \"x\"")");
  CHECK(authoring::taskLine(TK::Draw, "", "Q", "Why") == R"(task draw "Q" "Why")");
  CHECK(authoring::suggestion(t, three, TK::Play) == "2-4 R");
  CHECK(authoring::suggestion(t, three, TK::Tiles) == "5-4 4-3 4-2 2-1");
}

TEST_CASE("authoring: the session keeps a written lesson, saves it checked and opens it in Learn") {
  Session s;
  s.apply(intent::Open{(kSource / "author_source.dgn").string(), true});
  REQUIRE(s.errorText().empty());
  s.apply(intentOf(intent::Cmd::Last));
  const int leaf = s.timeline().currentIndex();
  s.apply(intent::WriteLesson{R"(title "Written here")"});
  CHECK(s.writeError().empty());
  CHECK(s.timeline().title() == "Written here");
  // At the end of the branch a play task plays its answer: the record goes on with it.
  s.apply(intent::WriteLesson{R"(task play 6-5 R "Play the tile that keeps a 5 open.")"});
  // A holds 5-5 3-1 2-0 1-1 0-0 against ends 4 and 4: no tile plays, and A must draw.
  CHECK_FALSE(s.writeError().empty());
  s.apply(intent::WriteLesson{R"(task draw "What must A do?" "A has no 4.")"});
  CHECK(s.writeError().empty());
  CHECK(s.timeline().currentIndex() == leaf);
  REQUIRE(s.timeline().current().next >= 0);
  CHECK(s.timeline().node(s.timeline().current().next).move->kind == MoveKind::Draw);
  s.apply(intent::WriteLesson{R"(note "A draws until a tile plays.")"});
  CHECK(s.timeline().current().caption == "A draws until a tile plays.");
  CHECK(s.timeline().current().statements.size() == 2);
  // Taken out again, and written again.
  s.apply(intent::UnwriteLesson{leaf, 1});
  CHECK(s.timeline().current().statements.size() == 1);
  CHECK(s.timeline().current().caption.empty());
  CHECK(authoring::check(s.timeline(), "x.dgn").tasks == 1);
  CHECK_FALSE(authoring::check(s.timeline(), "x.dgn").error);
  const auto file = std::filesystem::temp_directory_path() / "dominoes_written_lesson.dgn";
  s.apply(intent::Save{file.string()});
  CHECK_FALSE(checkLesson(file.string()));
  s.apply(intent::StartLesson{file.string()});
  REQUIRE(s.course().active());
  CHECK(s.course().steps.size() == 1);
  CHECK(s.course().steps[0].task.kind == TK::Draw);
  // During a lesson nothing is written: the lesson is the learner's.
  s.apply(intent::WriteLesson{R"(note "x")"});
  CHECK(s.writeError().find("course") != std::string::npos);
  std::filesystem::remove(file);
}
