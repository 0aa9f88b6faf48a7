// SPDX-License-Identifier: MIT
// Dialogs: New Game, Open / Save As (a path field and a folder listing), Export PNG, errors, About.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

#include "ai/players.h"
#include "studio/model/i18n.h"
#include "studio/ui/app.h"
#include "studio/ui/dialogs.h"

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
    if (ImGui::Selectable("..")) path = (dir.parent_path() / "").string();
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
      if (ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_AllowDoubleClick)) {
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

// Open, Save As and Export PNG: a path field and its folder's listing each.
class FileDialog final : public Dialog {
 public:
  enum class Kind { Open, SaveAs, Export };
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
    }
    request_ = true;
    return true;
  }
  void draw(const DialogContext&, Intents& out) override {
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
    }
  }

 private:
  Kind kind_;
  bool request_ = false;  // open the popup this frame
  bool table_ = false;    // Export: the table's rectangle only
  std::string path_;      // the path field
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
void engineField(Seat& seat) {
  // The spec's part after "engine" ("[ms=500]:CMD" or ":CMD") is the field; the rest is fixed.
  std::string text = engineText(seat);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 24);
  if (ImGui::InputTextWithHint("##engine", _("the engine's command line"), &text)) seat = engineSeatOf(text);
  if (const std::string err = ai::playerSpecError(seat.spec); !err.empty())
    ImGui::TextColored(ImVec4(1, 0.4f, 0.35f, 1), "%s", err.c_str());
}

// A seat's combo: a human, the ladder's levels with their rating on the rules chosen, then the
// other players by spec under "Other players", and an outside engine where processes can run; with
// one line on how the chosen one plays.
void seatCombo(int p, Seat& seat, const std::string& rules, const std::string& remembered) {
  ImGui::PushID(p);
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
      if (ImGui::Selectable(choiceLabel(c, rules).c_str(), &c == chosen)) seat = Seat{c.spec};
      ImGui::PopID();
      if (!c.about.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", c.about.c_str());
    }
    // The web page cannot start a process: there the engine is not offered (playerSpecError says why).
    if (ai::playerSpecError("engine:true").empty() && ImGui::Selectable(_("Outside engine..."), engineSeat(seat)) &&
        !engineSeat(seat))
      seat = engineSeatOf(remembered);
    ImGui::EndCombo();
  }
  if (engineSeat(seat)) engineField(seat);
  if (chosen && !chosen->about.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", chosen->about.c_str());
  }
  ImGui::PopID();
}

// New game: the rules (a preset and its text), the seed and the two seats.
class NewGameDialog final : public Dialog {
 public:
  bool opens(const Intent& in, const DialogContext& c) override {
    if (!isWindow(in, intent::WindowCmd::NewGameDialog)) return false;
    opts_ = c.session.newGameOffer();
    engineCommand_ = c.session.settings().engineCommand;
    opts_.seed = static_cast<std::uint64_t>(std::random_device{}());
    seedText_ = std::to_string(opts_.seed);
    request_ = true;
    return true;
  }
  void draw(const DialogContext&, Intents& out) override;
  // The form, as its fields show it: the rules and the two seats' specs.
  void dumpPopup(const std::string& popupName, nlohmann::json& popup) const override {
    if (popupName.ends_with("###new"))
      popup["form"] = {{"rules", opts_.rules}, {"seats", {{"A", opts_.seats[0].spec}, {"B", opts_.seats[1].spec}}}};
  }

 private:
  bool request_ = false;
  NewGameOptions opts_;  // what the dialog is editing, kept while it is open
  std::string seedText_;
  std::string engineCommand_;  // the settings' last engine command
};

void NewGameDialog::draw(const DialogContext&, Intents& out) {
  NewGameOptions& opts = opts_;
  std::string& seedText = seedText_;
  if (request_) {
    ImGui::OpenPopup(idLabel(_("New game"), "new").c_str());
    request_ = false;
  }
  if (!ImGui::BeginPopupModal(idLabel(_("New game"), "new").c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize))
    return;
  const auto& presets = presetNames();
  if (ImGui::BeginCombo(idLabel(_("preset"), "preset").c_str(), opts.rules.substr(0, opts.rules.find(' ')).c_str())) {
    for (const auto& p : presets)
      if (ImGui::Selectable(p.c_str())) opts.rules = p;
    ImGui::EndCombo();
  }
  ImGui::InputText(idLabel(_("rules"), "rules").c_str(), &opts.rules);
  const auto parsed = parseRules(opts.rules);
  if (const auto* err = std::get_if<std::string>(&parsed))
    ImGui::TextColored(ImVec4(1, 0.4f, 0.35f, 1), "%s", err->c_str());
  else
    ImGui::TextDisabled("%s", std::get<Rules>(parsed).text().c_str());
  ImGui::InputText(idLabel(_("seed"), "seed").c_str(), &seedText, ImGuiInputTextFlags_CharsDecimal);
  for (int p = 0; p < 2; ++p) seatCombo(p, opts.seats[static_cast<std::size_t>(p)], opts.rules, engineCommand_);
  bool seatsBad = false;
  for (const Seat& s : opts.seats) seatsBad |= engineSeat(s) && !ai::playerSpecError(s.spec).empty();
  ImGui::BeginDisabled(std::holds_alternative<std::string>(parsed) || seatsBad);
  if (ImGui::Button(_("Start"))) {
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
  v.push_back(std::make_unique<NewGameDialog>());
  v.push_back(std::make_unique<ErrorDialog>());
  v.push_back(std::make_unique<ConfirmOpenDialog>());
  v.push_back(std::make_unique<AboutDialog>());
  return v;
}

}  // namespace dom::studio
