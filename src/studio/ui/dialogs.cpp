// SPDX-License-Identifier: MIT
// Dialogs: New Game, Open / Save As (a path field and a folder listing), Export PNG, errors, About.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include "ai/engine.h"
#include "ai/players.h"
#include "core/files.h"
#include "studio/model/i18n.h"
#include "studio/model/worker.h"
#include "studio/platform/platform.h"
#include "studio/ui/app.h"
#include "studio/ui/dialogs.h"
#include "studio/ui/print.h"

namespace dom::studio {

namespace {
namespace fs = std::filesystem;

// A translated label with a fixed ImGui id: a popup keeps its identity in every language.
std::string idLabel(const char* text, const char* id) { return std::string(text) + "###" + id; }

// The intent is the window's command `c` (a dialog asked for).
bool isWindow(const Intent& in, intent::WindowCmd c) {
  const auto* w = std::get_if<intent::WindowCommand>(&in);
  return w && w->cmd == c;
}

// Esc pressed while this dialog, not a combo's list opened over it, has the focus: Cancel.
bool escapeCloses() {
  return ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) &&
         ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
}

// A path field and the listing of its folder; returns true when the user confirms.
bool fileDialog(const std::string& titleText, bool& openFlag, std::string& path, const char* action, bool mustExist) {
  const char* title = titleText.c_str();
  if (openFlag) {
    ImGui::OpenPopup(title);
    openFlag = false;
  }
  bool done = false;
  ImGui::SetNextWindowSize(ImVec2(560, 420), ImGuiCond_Appearing);
  if (ImGui::BeginPopupModal(title, nullptr)) {
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##path", &path);
    std::error_code ec;
    fs::path dir = fs::is_directory(path, ec) ? fs::path(path) : fs::path(path).parent_path();
    if (dir.empty()) dir = fs::current_path(ec);
    ImGui::TextDisabled("%s", dir.string().c_str());
    ImGui::BeginChild("list", ImVec2(0, -ImGui::GetFrameHeightWithSpacing() * 1.3f), true);
    if (ImGui::Selectable("..", false, 0, ImVec2(0, tapRow()))) path = (dir.parent_path() / "").string();
    std::vector<fs::directory_entry> items;
    for (const auto& de : fs::directory_iterator(dir, ec))
      // Folders and regular .dgn files (stat only: a FIFO named .dgn is neither listed nor opened).
      if (de.is_directory(ec) || (de.path().extension() == ".dgn" && de.is_regular_file(ec))) items.push_back(de);
    ec.clear();
    std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) {
      std::error_code e1, e2;
      const bool da = a.is_directory(e1), db = b.is_directory(e2);
      if (da != db) return da;
      return a.path().filename() < b.path().filename();
    });
    for (const auto& de : items) {
      const bool isDir = de.is_directory(ec);
      const std::string label = de.path().filename().string() + (isDir ? "/" : "");
      if (ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_AllowDoubleClick, ImVec2(0, tapRow()))) {
        path = isDir ? (de.path() / "").string() : de.path().string();
        if (!isDir && ImGui::IsMouseDoubleClicked(0)) done = true;
      }
    }
    ImGui::EndChild();
    const bool valid = !path.empty() && (!mustExist || fs::is_regular_file(path, ec));
    ImGui::BeginDisabled(!valid);
    if (ImGui::Button(action)) done = true;
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(_("Cancel")) || escapeCloses()) ImGui::CloseCurrentPopup();
    if (done) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  return done;
}

// Open, Save As, Export PNG and the lesson's worksheet: a path field and its folder's listing each.
class FileDialog final : public Dialog {
 public:
  enum class Kind { Open, SaveAs, Export, Worksheet };
  explicit FileDialog(Kind k) : kind_(k) {}
  bool opens(const Intent& in, const DialogContext& c) override {
    using intent::WindowCmd;
    const auto* w = std::get_if<intent::WindowCommand>(&in);
    if (!w) return false;
    const std::string& file = c.session.filePath();
    switch (kind_) {
      case Kind::Open:
        if (w->cmd != WindowCmd::OpenDialog) return false;
        path_ = file.empty() ? c.scenariosDir + "/" : file;
        break;
      case Kind::SaveAs:
        if (w->cmd != WindowCmd::SaveAsDialog) return false;
        path_ = file.empty() ? "game.dgn" : file;
        break;
      case Kind::Export:
        if (w->cmd != WindowCmd::ExportDialog && w->cmd != WindowCmd::ExportTableDialog) return false;
        table_ = w->cmd == WindowCmd::ExportTableDialog;
        path_ = table_ ? "table.png" : "dominoes.png";
        break;
      case Kind::Worksheet:
        if (w->cmd != WindowCmd::WorksheetDialog) return false;
        path_ = std::filesystem::path(c.session.course().name).stem().string() + ".pdf";
        break;
    }
    request_ = true;
    return true;
  }
  void draw(const DialogContext& c, Intents& out) override {
    switch (kind_) {
      case Kind::Open:
        if (fileDialog(idLabel(_("Open a record"), "open"), request_, path_, _("Open"), true))
          out.push_back(openIntent(path_));
        break;
      case Kind::SaveAs:
        if (fileDialog(idLabel(_("Save the record as"), "save"), request_, path_, _("Save"), false))
          out.push_back(intent::Save{path_});
        break;
      case Kind::Export:
        if (fileDialog(idLabel(_("Export a PNG"), "export"), request_, path_, _("Export"), false))
          out.push_back(intent::ExportPng{path_, table_});
        break;
      case Kind::Worksheet:
        if (fileDialog(idLabel(_("The lesson's worksheet (PDF)"), "worksheet"), request_, path_, _("Write"), false))
          out.push_back(statusIntent(printWorksheet(c.session.course().file, path_)));
        break;
    }
  }

 private:
  Kind kind_;
  bool request_ = false;  // open the popup this frame
  bool table_ = false;    // Export: the table's rectangle only
  std::string path_;      // the path field
};

// File > Export progress (issue 52 #17): the learner types a name, the CSV (progressCsv) is written to
// the path (a download in the page: platform::fileSaved).
class ProgressDialog final : public Dialog {
 public:
  bool opens(const Intent& in, const DialogContext&) override {
    const auto* w = std::get_if<intent::WindowCommand>(&in);
    if (!w || w->cmd != intent::WindowCmd::ProgressDialog) return false;
    request_ = true;
    return true;
  }
  void draw(const DialogContext& c, Intents& out) override {
    const std::string title = idLabel(_("Export progress"), "progress");
    if (request_) {
      ImGui::OpenPopup(title.c_str());
      request_ = false;
      focus_ = true;
    }
    ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 30, 0), ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::TextWrapped("%s", _("Your stars, puzzle tries and rating as a CSV file, for your teacher."));
    if (focus_) ImGui::SetKeyboardFocusHere();
    focus_ = false;
    bool go = ImGui::InputText(_("Your name"), &name_, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::InputText(_("File"), &path_);
    const bool valid = !name_.empty() && !path_.empty();
    ImGui::BeginDisabled(!valid);
    go = (ImGui::Button(_("Export")) || go) && valid;
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(_("Cancel"))) ImGui::CloseCurrentPopup();
    if (go) {
      const std::string err = files::writeAtomic(path_, progressCsv(c.session.settings(), name_));
      if (err.empty()) platform::fileSaved(path_);  // the page downloads it
      out.push_back(statusIntent(err.empty() ? i18n::format(_("progress written to {0}"), {path_})
                                             : i18n::format(_("cannot write the progress: {0}"), {err})));
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  void dump(nlohmann::json& state) const override { state["progressDialog"] = {{"name", name_}, {"path", path_}}; }

 private:
  bool request_ = false, focus_ = false;
  std::string name_;
  std::string path_ = "progress.csv";
};

// An outside engine's seat (docs/engine-protocol.md): its command line under the combo, checked as
// it is typed. `remembered`: the command last started, offered when the seat becomes an engine.
constexpr std::string_view kEngine = "engine";
bool engineSeat(const Seat& s) { return s.spec.starts_with(kEngine); }
// The spec's part after "engine": "[ms=500]:CMD" as it is, ":CMD" without its colon.
std::string engineText(const Seat& s) {
  std::string text = s.spec.substr(kEngine.size());
  if (text.starts_with(':')) text.erase(0, 1);
  return text;
}
Seat engineSeatOf(const std::string& text) {
  return Seat{std::string(kEngine) + (text.starts_with('[') ? "" : ":") + text};
}

// The spec's settings ("engine[ms=500,Depth=4]:CMD") as KEY=VALUE parts, in their order, and the
// rest from the colon on; false when the brackets are not closed.
bool engineParts(const std::string& spec, std::vector<std::string>& parts, std::string& rest) {
  parts.clear();
  rest = spec.substr(kEngine.size());
  if (!rest.starts_with('[')) return true;
  const std::size_t close = rest.find(']');
  if (close == std::string::npos) return false;
  const std::string set = rest.substr(1, close - 1);
  rest.erase(0, close + 1);
  for (std::size_t at = 0; at <= set.size();) {
    const std::size_t comma = std::min(set.find(',', at), set.size());
    if (comma > at) parts.push_back(set.substr(at, comma - at));
    at = comma + 1;
  }
  return true;
}
std::string partKey(const std::string& part) {
  const std::size_t b = part.find_first_not_of(' '), e = part.find('=');
  if (b == std::string::npos) return {};
  std::string key = part.substr(b, e == std::string::npos ? std::string::npos : e - b);
  while (!key.empty() && key.back() == ' ') key.pop_back();
  return key;
}
// The value the spec gives option `name`, if it gives one.
std::optional<std::string> engineSetting(const std::string& spec, const std::string& name) {
  std::vector<std::string> parts;
  std::string rest;
  if (!engineParts(spec, parts, rest)) return std::nullopt;
  for (const std::string& p : parts)
    if (partKey(p) == name && p.find('=') != std::string::npos) {
      std::string v = p.substr(p.find('=') + 1);
      v.erase(0, v.find_first_not_of(' '));
      while (!v.empty() && v.back() == ' ') v.pop_back();
      return v;
    }
  return std::nullopt;
}
// The spec with option `name` set to `value` (where it was, or last), or left out when `value` is
// nullopt; the host's settings (ms, grace, start) and the other options stay as and where they are.
std::string withEngineSetting(const std::string& spec, const std::string& name,
                              const std::optional<std::string>& value) {
  std::vector<std::string> parts;
  std::string rest;
  if (!engineParts(spec, parts, rest)) return spec;
  bool found = false;
  for (auto it = parts.begin(); it != parts.end();) {
    if (partKey(*it) != name) {
      ++it;
      continue;
    }
    if (value && !found)
      *it++ = name + "=" + *value;
    else
      it = parts.erase(it);
    found = true;
  }
  if (value && !found) parts.push_back(name + "=" + *value);
  std::string set;
  for (const std::string& p : parts) set += (set.empty() ? "" : ",") + p;
  return std::string(kEngine) + (set.empty() ? "" : "[" + set + "]") + rest;
}

// Asking an engine for its name and options (its handshake, run once in the background) and what
// it said; one a seat. The options drawn are kept with their rects for the dump.
struct EngineAsked {
  ai::EngineId id;
  std::string error;  // why the handshake failed, "" when it did not
};
struct DrawnOption {
  std::string name, type, value;
  std::array<float, 4> rect{};
};
struct EngineAsk {
  Background<EngineAsked> job{false};  // a hung engine is given up by its own start timeout
  std::uint64_t key = 0;
  bool asking = false;
  std::string command;  // the command asked: the options shown are its while the field names it
  std::optional<ai::EngineId> id;
  std::string error;
  std::array<float, 4> fieldRect{}, askRect{};  // the command line's field and the button, as drawn
  std::vector<DrawnOption> drawn;
  void reset() {
    job.cancel();
    asking = false;
    command.clear();
    id.reset();
    error.clear();
    drawn.clear();
  }
};

std::array<float, 4> itemRect() {
  const ImVec2 a = ImGui::GetItemRectMin(), s = ImGui::GetItemRectSize();
  return {a.x, a.y, s.x, s.y};
}
const ImVec4 kErrorColour(1, 0.4f, 0.35f, 1);

// Starts the handshake of the seat's command (its settings but the engine's options, which it has
// not declared yet) in the background.
void askEngine(EngineAsk& ask, const ai::EngineSettings& parsed) {
  ai::EngineSettings s = parsed;
  s.options.clear();
  ask.reset();
  ask.asking = true;
  ask.command = s.command;
  ask.job.start(++ask.key, [s](JobControl&) {
    EngineAsked r;
    try {
      ai::EnginePlayer player(s, 0);
      r.id = player.handshake();
    } catch (const std::exception& e) {
      r.error = e.what();
    }
    return r;
  });
}

// A number as an option's value: "4", "0.25".
std::string numberText(double v) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%.10g", v);
  return buf.data();
}
// Text options: a ',' or ']' would end the value in the spec, so they cannot be typed.
int specCharFilter(ImGuiInputTextCallbackData* d) { return d->EventChar == ',' || d->EventChar == ']' ? 1 : 0; }

// One option's editor, at the value the spec gives it or else its default; a change is written
// into the spec (left out again when it is the default). Returns the drawn option for the dump.
DrawnOption optionEditor(const ai::EngineOption& o, Seat& seat) {
  using T = ai::EngineOption::Type;
  const std::optional<std::string> given = engineSetting(seat.spec, o.name);
  std::string value = given.value_or(o.value), next = value;
  bool changed = false;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
  switch (o.type) {
    case T::Int: {
      int v = std::atoi(value.c_str());
      changed = ImGui::InputInt(o.name.c_str(), &v);
      next = numberText(std::clamp(static_cast<double>(v), o.min, o.max));
      break;
    }
    case T::Real: {
      double v = std::atof(value.c_str());
      changed = ImGui::InputDouble(o.name.c_str(), &v, 0, 0, "%g");
      next = numberText(std::clamp(v, o.min, o.max));
      break;
    }
    case T::Bool: {
      bool v = value == "true";
      changed = ImGui::Checkbox(o.name.c_str(), &v);
      next = v ? "true" : "false";
      break;
    }
    case T::Choice:
      if (ImGui::BeginCombo(o.name.c_str(), value.c_str())) {
        for (const std::string& c : o.values)
          if (ImGui::Selectable(c.c_str(), c == value, 0, ImVec2(0, tapRow()))) {
            next = c;
            changed = true;
          }
        ImGui::EndCombo();
      }
      break;
    case T::Text:
      changed = ImGui::InputText(o.name.c_str(), &next, ImGuiInputTextFlags_CallbackCharFilter, specCharFilter);
      break;
  }
  DrawnOption drawn{o.name, "", value, itemRect()};
  static constexpr std::array<const char*, 5> kTypes = {"int", "real", "bool", "choice", "text"};
  drawn.type = kTypes[static_cast<std::size_t>(o.type)];
  if (o.type == T::Int || o.type == T::Real) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", i18n::format(_("{0} to {1}"), {numberText(o.min), numberText(o.max)}).c_str());
  }
  if (const std::string err = ai::engineOptionError(o, value); given && !err.empty())
    ImGui::TextColored(kErrorColour, "%s", err.c_str());
  if (changed && next != value) {
    seat = Seat{withEngineSetting(seat.spec, o.name, next == o.value ? std::nullopt : std::optional(next))};
    drawn.value = next;
  }
  return drawn;
}

// What the engine said of itself: its name and author, then its options' editors, and in red the
// options the spec sets that it did not declare.
void engineOptions(EngineAsk& ask, Seat& seat, const ai::EngineSettings& parsed) {
  const ai::EngineId& id = *ask.id;
  const std::string who = id.author.empty() ? id.name : i18n::format(_("{0}, by {1}"), {id.name, id.author});
  ImGui::TextUnformatted(who.c_str());
  if (id.options.empty()) ImGui::TextDisabled("%s", _("It declares no options."));
  ImGui::PushID("options");
  for (const ai::EngineOption& o : id.options) ask.drawn.push_back(optionEditor(o, seat));
  ImGui::PopID();
  for (const auto& option : parsed.options) {
    const std::string& name = option.first;  // no structured binding: clang 14 (emcc) cannot capture one
    const bool known =
        std::any_of(id.options.begin(), id.options.end(), [&](const ai::EngineOption& o) { return o.name == name; });
    if (!known)
      ImGui::TextColored(kErrorColour, "%s", i18n::format(_("The engine has no option {0}."), {name}).c_str());
  }
}

// The Ask the engine button under the command line and what the answer showed; the web page, which
// cannot start processes, has neither.
void engineAskUi(EngineAsk& ask, Seat& seat) {
  ask.drawn.clear();
  if (!ai::enginesSupported()) return;
  if (ask.asking)
    if (std::optional<EngineAsked> r = ask.job.take(ask.key)) {
      ask.asking = false;
      if (r->error.empty())
        ask.id = std::move(r->id);
      else
        ask.error = r->error;
    }
  ai::EngineSettings parsed;
  const bool valid = ai::parseEngineSpec(seat.spec, parsed).empty();
  ImGui::BeginDisabled(!valid || ask.asking);
  if (ImGui::Button(_("Ask the engine"))) askEngine(ask, parsed);
  ImGui::EndDisabled();
  ask.askRect = itemRect();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    tooltip(_("Starts the command once to read its name and options."));
  if (ask.asking) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", _("Asking..."));
  }
  if (!valid || ask.command != parsed.command) return;  // the answer was another command's
  if (!ask.error.empty()) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetFontSize() * 34);
    ImGui::TextColored(kErrorColour, "%s", shownText(ask.error, 400).c_str());
    ImGui::PopTextWrapPos();
  }
  if (ask.id) {
    ImGui::Indent();
    engineOptions(ask, seat, parsed);
    ImGui::Unindent();
  }
}

// The New game dialog's width for its texts: 30 ems, or the window's width less the dialog's
// padding on a phone, so that they wrap instead of being cut at its edge (issue 53 #8: "you (or a
// friend) c...", the rules' summary at 390 pixels).
float formWidth() {
  const ImGuiStyle& style = ImGui::GetStyle();
  return std::min(ImGui::GetFontSize() * 30,
                  ImGui::GetMainViewport()->Size.x - 2 * (style.WindowPadding.x + style.DisplaySafeAreaPadding.x));
}

// A note (disabled, or in `colour`): beside the last item when `beside` and it fits there whole
// within the form's width, else under it, wrapped to that width.
void formNote(const std::string& text, float left, bool beside,
              ImVec4 colour = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)) {
  const float right = left + formWidth();
  const float after = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x;
  if (beside && after + ImGui::CalcTextSize(text.c_str()).x <= right) ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::PushTextWrapPos(right - ImGui::GetWindowPos().x);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

void engineField(Seat& seat, EngineAsk& ask) {
  // The spec's part after "engine" ("[ms=500]:CMD" or ":CMD") is the field; the rest is fixed.
  std::string text = engineText(seat);
  ImGui::SetNextItemWidth(std::min(ImGui::GetFontSize() * 24, formWidth()));
  if (ImGui::InputTextWithHint("##engine", _("the engine's command line"), &text)) seat = engineSeatOf(text);
  ask.fieldRect = itemRect();
  if (const std::string err = ai::playerSpecError(seat.spec); !err.empty())
    ImGui::TextColored(kErrorColour, "%s", err.c_str());
  engineAskUi(ask, seat);
}

// A seat's combo: a human, the ladder's levels with their rating on the rules chosen, then the
// other players by spec under "Other players", and an outside engine where processes can run; with
// one line on how the chosen one plays.
void seatCombo(int p, Seat& seat, const std::string& rules, const std::string& remembered, EngineAsk& ask) {
  ImGui::PushID(p);
  const float left = ImGui::GetCursorScreenPos().x;
  const std::string label = std::string(1, letter(static_cast<Player>(p)));
  const SeatChoice* chosen = nullptr;
  for (const SeatChoice& c : seatChoices())
    if (c.spec == seat.spec && (!chosen || chosen->advanced)) chosen = &c;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
  if (ImGui::BeginCombo(label.c_str(), chosen ? choiceLabel(*chosen, rules).c_str() : seatLabel(seat).c_str())) {
    bool advanced = false;
    for (const SeatChoice& c : seatChoices()) {
      if (c.advanced && !advanced) {
        ImGui::Separator();
        ImGui::TextDisabled("%s", _("Other players"));
        advanced = true;
      }
      ImGui::PushID(c.advanced ? 1 : 0);
      if (ImGui::Selectable(choiceLabel(c, rules).c_str(), &c == chosen, 0, ImVec2(0, tapRow()))) seat = Seat{c.spec};
      ImGui::PopID();
      if (!c.about.empty() && ImGui::IsItemHovered()) tooltip(c.about);
    }
    // The web page cannot start a process: there the engine is not offered (playerSpecError says why).
    if (ai::playerSpecError("engine:true").empty() &&
        ImGui::Selectable(_("Outside engine..."), engineSeat(seat), 0, ImVec2(0, tapRow())) && !engineSeat(seat))
      seat = engineSeatOf(remembered);
    ImGui::EndCombo();
  }
  if (engineSeat(seat)) engineField(seat, ask);
  if (chosen && !chosen->about.empty()) formNote(chosen->about, left, true);
  ImGui::PopID();
}

// The state of one seat's engine as the dialog shows it (the dump's form/engines/A).
nlohmann::json askDump(const EngineAsk& ask) {
  nlohmann::json j = {{"field", ask.fieldRect}, {"ask", ask.askRect}, {"asking", ask.asking}, {"error", ask.error}};
  if (ask.id) {
    j["name"] = ask.id->name;
    j["author"] = ask.id->author;
  }
  nlohmann::json options = nlohmann::json::array();
  for (const DrawnOption& o : ask.drawn)
    options.push_back({{"name", o.name}, {"type", o.type}, {"value", o.value}, {"rect", o.rect}});
  j["options"] = options;
  return j;
}

// New game: the rules (a preset and its text), the seed and the two seats.
class NewGameDialog final : public Dialog {
 public:
  void waitForWork() override {
    for (EngineAsk& a : asks_)
      if (a.asking) a.job.wait();
  }
  bool opens(const Intent& in, const DialogContext& c) override {
    if (!isWindow(in, intent::WindowCmd::NewGameDialog)) return false;
    opts_ = c.session.newGameOffer();
    engineCommand_ = c.session.settings().engineCommand;
    opts_.seed = static_cast<std::uint64_t>(std::random_device{}());
    seedText_ = std::to_string(opts_.seed);
    for (EngineAsk& a : asks_) a.reset();
    request_ = true;
    return true;
  }
  void draw(const DialogContext&, Intents& out) override;
  // The form, as its fields show it: the rules and the two seats' specs, what each engine seat's
  // engine said (its options as drawn, with their rects) and the Start button's rect.
  void dumpPopup(const std::string& popupName, nlohmann::json& popup) const override {
    if (!popupName.ends_with("###new")) return;
    popup["form"] = {{"rules", opts_.rules},
                     {"seats", {{"A", opts_.seats[0].spec}, {"B", opts_.seats[1].spec}}},
                     {"start", startRect_}};
    nlohmann::json engines = nlohmann::json::object();
    for (std::size_t p = 0; p < 2; ++p)
      if (engineSeat(opts_.seats[p])) engines[std::string(1, letter(static_cast<Player>(p)))] = askDump(asks_[p]);
    popup["form"]["engines"] = engines;
  }

 private:
  bool request_ = false;
  NewGameOptions opts_;  // what the dialog is editing, kept while it is open
  std::string seedText_;
  std::string engineCommand_;  // the settings' last engine command
  std::array<EngineAsk, 2> asks_;
  std::array<float, 4> startRect_{};
};

void NewGameDialog::draw(const DialogContext&, Intents& out) {
  NewGameOptions& opts = opts_;
  std::string& seedText = seedText_;
  if (request_) {
    ImGui::OpenPopup(idLabel(_("New game"), "new").c_str());
    request_ = false;
  }
  // Centred and never taller than the window, as an engine's options make it grow: the rest scrolls.
  const ImGuiViewport* view = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(view->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(view->Size.x, view->Size.y - ImGui::GetFrameHeight() * 2));
  if (!ImGui::BeginPopupModal(idLabel(_("New game"), "new").c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize))
    return;
  const auto& presets = presetNames();
  if (ImGui::BeginCombo(idLabel(_("preset"), "preset").c_str(), opts.rules.substr(0, opts.rules.find(' ')).c_str())) {
    for (const auto& p : presets)
      if (ImGui::Selectable(p.c_str(), false, 0, ImVec2(0, tapRow()))) opts.rules = p;
    ImGui::EndCombo();
  }
  ImGui::InputText(idLabel(_("rules"), "rules").c_str(), &opts.rules);
  const auto parsed = parseRules(opts.rules);
  if (const auto* err = std::get_if<std::string>(&parsed))
    formNote(*err, ImGui::GetCursorScreenPos().x, false, ImVec4(1, 0.4f, 0.35f, 1));
  else
    formNote(std::get<Rules>(parsed).text(), ImGui::GetCursorScreenPos().x, false);
  ImGui::InputText(idLabel(_("seed"), "seed").c_str(), &seedText, ImGuiInputTextFlags_CharsDecimal);
  for (std::size_t p = 0; p < 2; ++p)
    seatCombo(static_cast<int>(p), opts.seats[p], opts.rules, engineCommand_, asks_[p]);
  bool seatsBad = false;
  for (const Seat& s : opts.seats) seatsBad |= engineSeat(s) && !ai::playerSpecError(s.spec).empty();
  ImGui::BeginDisabled(std::holds_alternative<std::string>(parsed) || seatsBad);
  const bool start = ImGui::Button(_("Start"));
  startRect_ = itemRect();
  if (start) {
    try {
      opts.seed = std::stoull(seedText.empty() ? "1" : seedText);
    } catch (...) {
      opts.seed = 1;
    }
    out.push_back(intent::NewGame{opts});
    // An engine's command is remembered in the settings, for the next game's Outside engine.
    for (const Seat& s : opts.seats)
      if (engineSeat(s)) out.push_back(intent::SetSetting{"Engine=" + engineText(s)});
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button(_("Cancel")) || escapeCloses()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

// The session asks for the error to be shown; showing it is the window's business.
class ErrorDialog final : public Dialog {
 public:
  bool opens(const Intent&, const DialogContext&) override { return false; }
  void draw(const DialogContext& c, Intents& out) override {
    if (c.session.errorPopup()) {
      ImGui::OpenPopup(idLabel(_("Error"), "error").c_str());
      out.push_back(intentOf(intent::Cmd::DismissError));
    }
    if (ImGui::BeginPopupModal(idLabel(_("Error"), "error").c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
      ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", shownText(c.session.errorText(), 2000).c_str());
      ImGui::TextDisabled("%s", _("The current game is kept."));
      if (ImGui::Button(_("OK"))) ImGui::CloseCurrentPopup();
      ImGui::EndPopup();
    }
  }
};

// Opening a file or a puzzle over a game with unsaved moves: Enter opens it (the moves are dropped),
// Esc keeps the game.
class ConfirmOpenDialog final : public Dialog {
 public:
  bool opens(const Intent& in, const DialogContext& c) override {
    Intent confirmed = in;
    bool* flag = confirmation(confirmed);  // Open, OpenPuzzle, NextPuzzle, RetryPuzzle: not yet confirmed
    if (!flag || *flag || !c.session.unsaved()) return false;
    *flag = true;
    const auto* file = std::get_if<intent::Open>(&in);
    what_ = file ? file->path : std::string(_("the puzzle"));
    confirmed_ = std::move(confirmed);
    request_ = true;
    return true;
  }
  void draw(const DialogContext&, Intents& out) override;
  void dump(nlohmann::json& state) const override {
    state["confirmOpen"] =
        what_.empty() ? nlohmann::json(nullptr) : nlohmann::json(fs::path(what_).filename().string());
  }

 private:
  std::string what_;  // what the confirmation names (a file, or "the puzzle"); "" when closed
  Intent confirmed_;  // ... and what it does once confirmed
  bool request_ = false;
};

void ConfirmOpenDialog::draw(const DialogContext&, Intents& out) {
  if (request_) {
    ImGui::OpenPopup(idLabel(_("Drop the game in progress?"), "confirm-open").c_str());
    request_ = false;
  }
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(idLabel(_("Drop the game in progress?"), "confirm-open").c_str(), nullptr,
                              ImGuiWindowFlags_AlwaysAutoResize))
    return;
  const std::string file = fs::path(what_).filename().string();
  ImGui::TextUnformatted(
      i18n::format(_("The game in progress has moves that are not saved. Open {0} and drop them?"), {file}).c_str());
  ImGui::TextDisabled("%s", _("File > Save as... keeps them."));
  const bool yes =
      ImGui::Button(_("Open and drop the moves")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter));
  ImGui::SameLine();
  const bool no = ImGui::Button(_("Keep the game")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
  if (yes) out.push_back(confirmed_);
  if (yes || no) {
    what_.clear();
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

// The keys from the action registry, in a table (a proportional font cannot be aligned with spaces);
// each row also kept in `rows` for the dump.
void drawKeysTable(const ActionContext& c, std::vector<std::string>& rows) {
  rows.clear();
  // At most 60% of the window's height: the rest scrolls (a small window keeps its Close button).
  const float tableH = std::min(ImGui::GetTextLineHeightWithSpacing() * 30.0f, ImGui::GetIO().DisplaySize.y * 0.6f);
  if (!ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY,
                         ImVec2(0, tableH)))
    return;
  for (const Action& a : actions()) {
    if (a.keys.empty()) continue;
    std::string keys;
    for (const Shortcut& k : a.keys) keys += (keys.empty() ? "" : ", ") + k.text();
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(keys.c_str());
    ImGui::TableNextColumn();
    const std::string label = a.labelText(c);
    ImGui::TextUnformatted(label.c_str());
    rows.push_back(keys.append("\t").append(label));
  }
  ImGui::EndTable();
}

// About: what the studio is for and its keys.
class AboutDialog final : public Dialog {
 public:
  bool opens(const Intent& in, const DialogContext&) override {
    if (!isWindow(in, intent::WindowCmd::AboutDialog)) return false;
    request_ = true;
    return true;
  }
  void draw(const DialogContext& c, Intents&) override {
    if (request_) {
      ImGui::OpenPopup(idLabel(_("About Dominoes Studio"), "about").c_str());
      request_ = false;
    }
    if (!ImGui::BeginPopupModal(idLabel(_("About Dominoes Studio"), "about").c_str(), nullptr,
                                ImGuiWindowFlags_AlwaysAutoResize))
      return;
    ImGui::TextUnformatted(_("Dominoes Studio: step through games, edit positions, play the computer."));
    ImGui::Separator();
    ImGui::TextUnformatted(_("Keys"));
    drawKeysTable(c.actions, keyRows_);
    ImGui::TextDisabled(
        "%s",
        i18n::format(_("Every action, with its keys: the command palette ({0})"), {keyOf("view.palette")}).c_str());
    if (ImGui::Button(_("Close")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
      ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  // The key rows as drawn ("Tab, Down<TAB>label"), one a line.
  void dump(nlohmann::json& state) const override {
    std::string keys;
    for (const auto& k : keyRows_) keys += k + "\n";
    state["aboutKeys"] = keys;
  }

 private:
  bool request_ = false;
  std::vector<std::string> keyRows_;
};
}  // namespace

std::vector<std::unique_ptr<Dialog>> makeDialogs() {
  std::vector<std::unique_ptr<Dialog>> v;
  v.push_back(std::make_unique<FileDialog>(FileDialog::Kind::Open));
  v.push_back(std::make_unique<FileDialog>(FileDialog::Kind::SaveAs));
  v.push_back(std::make_unique<FileDialog>(FileDialog::Kind::Export));
  v.push_back(std::make_unique<FileDialog>(FileDialog::Kind::Worksheet));
  v.push_back(std::make_unique<ProgressDialog>());
  v.push_back(std::make_unique<NewGameDialog>());
  v.push_back(std::make_unique<ErrorDialog>());
  v.push_back(std::make_unique<ConfirmOpenDialog>());
  v.push_back(std::make_unique<AboutDialog>());
  return v;
}

}  // namespace dom::studio
