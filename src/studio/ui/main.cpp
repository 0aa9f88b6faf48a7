// SPDX-License-Identifier: MIT
// dominoes-studio: the window, the frame loop, headless flags (--frames, --screenshot, --stats,
// --script, --dump-state) and settings persisted next to imgui.ini.
#include "studio_gl.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>
#include <pwd.h>
#include <spdlog/spdlog.h>
#include <stb_image_write.h>
#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <optional>
#include <random>
#include <sstream>
#include <tuple>

#include "cli/docs_writer.h"
#include "core/files.h"
#include "dominoes_build_version.h"
#include "studio/model/actions.h"
#include "studio/model/i18n.h"
#include "studio/model/links.h"
#include "studio/model/paths.h"
#include "studio/platform/platform.h"
#include "studio/ui/app.h"
#include "studio/ui/controls.h"
#include "studio/ui/script.h"
#include "studio/ui/shaping.h"

namespace dom::studio {

// Writes the frame (or its `crop` rectangle) as a PNG: encoded in memory, then written through
// files::writeAtomic. Returns empty or "cannot save PATH: reason".
std::string writeScreenshot(const std::string& path, int width, int height, std::array<int, 4> crop) {
  std::vector<unsigned char> px(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  // GL rows run bottom-up; PNG rows top-down. Force opaque alpha.
  std::vector<unsigned char> flipped(px.size());
  const std::size_t row = static_cast<std::size_t>(width) * 4;
  for (int y = 0; y < height; ++y)
    std::copy_n(px.data() + static_cast<std::size_t>(height - 1 - y) * row, row,
                flipped.data() + static_cast<std::size_t>(y) * row);
  for (std::size_t i = 3; i < flipped.size(); i += 4) flipped[i] = 255;
  std::string png;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
  };
  bool ok = false;
  if (crop[2] > 0 && crop[3] > 0) {
    const int cx = std::clamp(crop[0], 0, width - 1), cy = std::clamp(crop[1], 0, height - 1);
    const int cw = std::min(crop[2], width - cx), ch = std::min(crop[3], height - cy);
    ok = stbi_write_png_to_func(append, &png, cw, ch, 4,
                                flipped.data() + static_cast<std::size_t>(cy) * row + static_cast<std::size_t>(cx) * 4,
                                static_cast<int>(row)) != 0;
    width = cw;
    height = ch;
  } else {
    ok = stbi_write_png_to_func(append, &png, width, height, 4, flipped.data(), static_cast<int>(row)) != 0;
  }
  std::string err = ok ? dom::files::writeAtomic(path, png) : "cannot save " + path + ": the PNG could not be encoded";
  if (err.empty())
    spdlog::info("wrote {} ({}x{})", path, width, height);
  else
    spdlog::error("{}", err);
  return err;
}

namespace {

App* gApp = nullptr;

void* settingsOpen(ImGuiContext*, ImGuiSettingsHandler*, const char* name) {
  return std::string_view(name) == "Settings" ? gApp : nullptr;
}

void settingsLine(ImGuiContext*, ImGuiSettingsHandler*, void* entry, const char* line) {
  auto* app = static_cast<App*>(entry);
  if (!app) return;
  const std::string_view l(line);
  // Field by field through the session: a bad value (Speed=nan, Visibility=7) is named in the log and
  // the setting keeps its value.
  app->apply(intent::SetSetting{std::string(l)});
}

// The settings being saved (merged with the file's progress), else the session's.
const Settings* gSaving = nullptr;

void settingsWrite(ImGuiContext*, ImGuiSettingsHandler* h, ImGuiTextBuffer* buf) {
  buf->appendf("[%s][Settings]\n", h->TypeName);
  buf->append(settingsText(gSaving ? *gSaving : gApp->settings()).c_str());
  buf->append("\n");
}

// Where the settings live: $XDG_CONFIG_HOME/dominoes-studio, else ~/.config/dominoes-studio. As the
// XDG spec says, a relative XDG_CONFIG_HOME is ignored; with no HOME the passwd entry's home is used,
// and with no home at all nothing is saved ("" : the studio says so and runs on its defaults),
// never a folder in the current one.
std::string defaultIniPath() {
  namespace fs = std::filesystem;
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  fs::path dir;
  if (xdg && *xdg && fs::path(xdg).is_absolute()) {
    dir = xdg;
  } else {
    const char* home = std::getenv("HOME");
    if (!home || !*home || !fs::path(home).is_absolute()) {
      const passwd* pw = getpwuid(getuid());
      home = pw && pw->pw_dir && *pw->pw_dir ? pw->pw_dir : nullptr;
    }
    if (!home || !fs::path(home).is_absolute()) {
      spdlog::warn("settings: no home folder (HOME and XDG_CONFIG_HOME unset or relative): they are not saved");
      return {};
    }
    dir = fs::path(home) / ".config";
  }
  dir /= "dominoes-studio";
  std::error_code ec;
  fs::create_directories(dir, ec);
  return (dir / "imgui.ini").string();
}

constexpr const char* kNoDisplay =
    "dominoes-studio: no display to open a window on.\n"
    "  To run the studio without a screen, use a virtual one:\n"
    "    xvfb-run -a -s \"-screen 0 1280x800x24\" dominoes-studio --frames 60 --screenshot out.png\n"
    "  To replay, check or play games without a window, use the headless command:\n"
    "    dominoes replay FILE.dgn    dominoes check scenarios/    dominoes play --rules en-linea\n";

// Largest --frames and window side: a bound the user can read, and a window Xlib can make.
constexpr std::uint64_t kMaxFrames = 100'000'000;
constexpr std::uint64_t kMaxSide = 8192;

// Digits only (no sign, no space, not empty), at most `max`; else nullopt.
std::optional<std::uint64_t> strictNumber(std::string_view text, std::uint64_t max) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || text[0] == '+' || text[0] == '-' || ec != std::errc() || end != text.data() + text.size() ||
      n > max)
    return std::nullopt;
  return n;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(
      std::min<double>(static_cast<double>(v.size() - 1), p * static_cast<double>(v.size() - 1) + 0.5));
  return v[i];
}

using Clock = std::chrono::steady_clock;

// The command line: the options as given, then as checked (the numbers, the window's size, the new game).
struct Options {
  std::string file, screenshot, scriptPath, rulesText = "en-linea", dumpPath, iniPath, seatA = "human",
                                            seatB = Seat::Opponent.spec, size = "1280x800", lang, link;
  std::string framesText, seedText, completionShell;
  bool manpageFlag = false;
  bool lock = false;
  bool touch = false;  // --touch: words for a touch screen
  bool stats = false, noIni = false, noShaders = false, listActionsFlag = false, keyTableFlag = false;
  bool framesGiven = false, seedGiven = false;
  int frames = 0;
  double runFor = 0;  // --run-for: seconds, then exit (0: until the window closes)
  std::uint64_t seed = 0;
  int width = 1280, height = 800;
  NewGameOptions game;
};

// A usage error: said on stderr; the exit code, 2.
int usage(const std::string& why) {
  std::fprintf(stderr, "dominoes-studio: %s\n", why.c_str());
  return 2;
}

// The options of a run: headless (frames, script, images, the state, figures) and the words'.
void addRunOptions(CLI::App& cli, Options& o) {
  cli.add_option("--frames", o.framesText, "render N frames and exit (with --script: when the script is done)")
      ->type_name("UINT");
  cli.add_option("--script", o.scriptPath, "run UI actions from this file, one per frame (docs/studio.md)")
      ->type_name("FILE");
  cli.add_option("--screenshot", o.screenshot, "write the last frame to this PNG")->type_name("FILE");
  cli.add_option("--dump-state", o.dumpPath, "write the app's state as JSON at exit")->type_name("FILE");
  cli.add_flag("--stats", o.stats, "print frame-time statistics (mean, p50, p99 CPU ms per frame) at exit");
  cli.add_flag("--touch", o.touch,
               "words for a touch screen: tap, and no keys named (the web page sets it on a phone or tablet)");
  cli.add_option("--run-for", o.runFor,
                 "run this many seconds, then exit as a closed window does (with --stats: the idle studio's CPU)")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.0, 86400.0));
}

// Reads the command line into `o`; an exit code when the studio stops here (--help, a usage error,
// --list-actions, --key-table).
std::optional<int> parseCommandLine(int argc, char** argv, Options& o) {
  CLI::App cli{"dominoes-studio: the Dear ImGui app to step through, edit and play dominoes games", "dominoes-studio"};
  cli.add_option("FILE", o.file, "a DGN record or scenario to open (default: a new game against the computer)")
      ->type_name("FILE");
  cli.add_option("--lang", o.lang,
                 "the UI's language: en, es, fr, pl, hi or pseudo (accented English, to find untranslated text); "
                 "default: the environment's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)")
      ->type_name("LANG:{en,es,fr,pl,hi,pseudo}");
  cli.add_option("--rules", o.rulesText, "rule set of a new game: a preset and knob=value overrides")
      ->type_name("RULES");
  cli.add_option("--seed", o.seedText, "seed of a new game's deal (default: a fresh one)")->type_name("UINT");
  cli.add_option("--a", o.seatA,
                 "seat A: human, a level of the ladder (Beginner... Club-player... Master) or a computer player's spec "
                 "(greedy, random, expert:ms=200...); default human")
      ->type_name("PLAYER");
  cli.add_option("--b", o.seatB, "seat B: as --a; default the Club player level (strategist:random=0.2)")
      ->type_name("PLAYER");
  cli.add_option("--size", o.size, "window size WxH")->type_name("WxH");
  cli.add_option("--link", o.link,
                 "open what a link names: lesson=N, puzzle=BOOK/N, scenario=NAME (the web page's #...; docs/web.md)")
      ->type_name("LINK");
  cli.add_flag("--lock", o.lock,
               "open the lesson (FILE, or --link) locked for a class: no hint, no analysis, no other file or help "
               "pane until it is done (docs/lessons.md)");
  cli.add_option("--ini", o.iniPath, "where the window layout and settings are kept")->type_name("FILE");
  cli.add_flag("--no-ini", o.noIni, "do not read or write the layout and settings");
  cli.add_flag("--list-actions", o.listActionsFlag,
               "print every action, one a line: id, shortcut and menu path, tab-separated, and exit");
  cli.add_flag("--key-table", o.keyTableFlag, "print the key table of docs/studio.md (Markdown) and exit");
  cli.add_flag("--no-shaders", o.noShaders, "draw the table with ImGui's draw list instead of the shaders");
  addRunOptions(cli, o);
  // Hidden (an empty group): for the build, which writes the man page's OPTIONS and the completions.
  cli.add_flag("--manpage", o.manpageFlag, "print the man page's OPTIONS section (roff) and exit")->group("");
  cli.add_option("--completion", o.completionShell, "print a bash or zsh completion script and exit")
      ->check(CLI::IsMember({"bash", "zsh"}))
      ->group("");
  cli.set_version_flag("--version", std::string("dominoes-studio ") + DOMINOES_VERSION_TEXT);
  // Usage errors exit 2 (CLI11's own codes are 105, 114...); --help still exits 0.
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return cli.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return cli.exit(e);
  } catch (const CLI::ParseError& e) {
    (void)cli.exit(e);
    return 2;
  }
  if (o.manpageFlag || !o.completionShell.empty()) {
    std::ostringstream text;
    if (o.manpageFlag)
      dom::cli::writeManOptions(cli, text);
    else if (o.completionShell == "bash")
      dom::cli::writeBashCompletion(cli, text);
    else
      dom::cli::writeZshCompletion(cli, text);
    std::fputs(text.str().c_str(), stdout);
    return 0;
  }
  if (o.listActionsFlag || o.keyTableFlag) {
    std::fputs((o.listActionsFlag ? listActions() : keyTable()).c_str(), stdout);
    return 0;
  }
  // An option given an empty value (--lang '', --script '') is a mistake, not "the default".
  for (const char* name : {"--screenshot", "--script", "--rules", "--a", "--b", "--dump-state", "--ini", "--size",
                           "--lang", "--frames", "--seed"})
    if (cli.count(name) > 0 && cli.get_option(name)->as<std::string>().empty())
      return usage(std::string(name) + " needs a value, not an empty one");
  o.framesGiven = cli.count("--frames") > 0;
  o.seedGiven = cli.count("--seed") > 0;
  return std::nullopt;
}

// --frames and --seed as numbers; an exit code when one is not.
std::optional<int> checkNumbers(Options& o) {
  if (o.framesGiven) {
    const auto n = strictNumber(o.framesText, kMaxFrames);
    if (!n)
      return usage("--frames is a whole number of frames from 0 to " + std::to_string(kMaxFrames) + ", not '" +
                   dom::files::cut(o.framesText) + "'");
    o.frames = static_cast<int>(*n);
  }
  if (o.seedGiven) {
    const auto n = strictNumber(o.seedText, UINT64_MAX);
    if (!n)
      return usage("--seed is a whole number from 0 to 18446744073709551615 (digits only), not '" +
                   dom::files::cut(o.seedText) + "'");
    o.seed = *n;
  }
  return std::nullopt;
}

// The new game's options (its seed a fresh one unless --seed), the seats, the rules, --size, --lang
// and the script; an exit code when one of them is wrong.
std::optional<int> checkGame(Options& o, Script& script, Clock::time_point t0) {
  o.game.rules = o.rulesText;
  o.game.seed = o.seedGiven ? o.seed
                            : static_cast<std::uint64_t>(std::random_device{}()) ^
                                  static_cast<std::uint64_t>(t0.time_since_epoch().count());
  for (const auto& [text, seat, option] :
       {std::tuple{&o.seatA, &o.game.seats[0], "--a"}, std::tuple{&o.seatB, &o.game.seats[1], "--b"}})
    if (!parseSeat(*text, *seat)) return usage(std::string(option) + ": seat: " + seatError(*text));
  if (const auto r = dom::parseRules(o.rulesText); std::holds_alternative<std::string>(r)) {
    std::fprintf(stderr, "dominoes-studio: --rules: %s\n", std::get<std::string>(r).c_str());
    return 2;
  }
  const auto x = o.size.find('x');
  const auto w = strictNumber(o.size.substr(0, x == std::string::npos ? o.size.size() : x), kMaxSide);
  const auto h = x == std::string::npos ? std::nullopt : strictNumber(o.size.substr(x + 1), kMaxSide);
  if (!w || !h || *w < 320 || *h < 240)
    return usage("--size is WxH from 320x240 to " + std::to_string(kMaxSide) + "x" + std::to_string(kMaxSide) +
                 ", not '" + dom::files::cut(o.size) + "'");
  o.width = static_cast<int>(*w);
  o.height = static_cast<int>(*h);
  if (!o.lang.empty() && !dom::i18n::known(o.lang))
    return usage("--lang is en, es, fr, pl, hi or pseudo, not '" + dom::files::cut(o.lang) + "'");
  if (!o.scriptPath.empty())
    if (auto e = script.load(o.scriptPath); !e.empty()) {
      std::fprintf(stderr, "dominoes-studio: %s\n", e.c_str());
      return 2;
    }
  return std::nullopt;
}

// The window with the platform's context (OpenGL 3.3 core, or WebGL2), made current; null (said on
// stderr) when there is no display or no such context.
GLFWwindow* openWindow(const Options& o) {
  if (!platform::noWindowReason().empty()) {
    std::fputs(kNoDisplay, stderr);
    return nullptr;
  }
  glfwSetErrorCallback([](int code, const char* text) { spdlog::warn("glfw {}: {}", code, text); });
  if (!glfwInit()) {
    std::fputs(kNoDisplay, stderr);
    return nullptr;
  }
  const platform::GlContext gl = platform::glContext();
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, gl.major);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, gl.minor);
  if (gl.core) {
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  }
  platform::scaleHints();
  GLFWwindow* window = glfwCreateWindow(o.width, o.height, "Dominoes Studio", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "dominoes-studio: could not create an OpenGL %d.%d window.\n", gl.major, gl.minor);
    std::fputs(kNoDisplay, stderr);
    glfwTerminate();
    return nullptr;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(o.frames > 0 || !o.scriptPath.empty() ? 0 : 1);
  return window;
}

// The ImGui context and the studio's style, scaled to the window's content scale; returns that scale.
// A touch screen's style (issue 53 #1): every frame (a button, a field, a tab, a check box, the menu
// bar) 44 CSS pixels high, the font's 15 and 14.5 of padding on each side, and as wide at least for a
// one-glyph label; rows and menus ask for the same height (tapRow, App::menu).
float setupImGui(GLFWwindow* window, bool touch) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  // ImGui never touches the file itself: the settings are read through files::readText and written
  // through files::writeAtomic (below), so that a failure is seen and said.
  ImGui::GetIO().IniFilename = nullptr;
  const float uiScale = std::max(1.0f, platform::contentScale(window));
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 6;
  style.FrameRounding = 4;
  style.GrabRounding = 4;
  style.Colors[ImGuiCol_WindowBg] = ImVec4(0.10f, 0.11f, 0.12f, 1.0f);
  // Opaque popups: ImGui's 94% lets the pane's text behind a dialog, a menu or a tooltip show through
  // between the lines (New game over the Table pane's caption).
  style.Colors[ImGuiCol_PopupBg] = ImVec4(0.08f, 0.08f, 0.09f, 1.0f);
  style.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.13f, 0.32f, 0.22f, 1.0f);
  style.Colors[ImGuiCol_Header] = ImVec4(0.20f, 0.42f, 0.30f, 0.55f);
  style.Colors[ImGuiCol_HeaderHovered] = ImVec4(0.24f, 0.52f, 0.36f, 0.80f);
  style.Colors[ImGuiCol_Button] = ImVec4(0.20f, 0.40f, 0.30f, 0.60f);
  style.Colors[ImGuiCol_ButtonHovered] = ImVec4(0.26f, 0.52f, 0.38f, 1.0f);
  if (touch) {
    constexpr float kTap = 44, kFont = 15;
    style.FramePadding = ImVec2((kTap - kFont) / 2, (kTap - kFont) / 2);
    style.ItemSpacing = ImVec2(10, 8);
    style.SelectableTextAlign = ImVec2(0, 0.5f);
    style.GrabMinSize = 24;
    setTapSize(kTap * uiScale);
    // A double tap: two taps within half a second (the page's presses come a few frames after the
    // touches, and a slow device's frames are long) and a third of a finger apart (ImGui's 6 pixels
    // are 2 CSS pixels on a phone).
    ImGui::GetIO().MouseDoubleClickTime = 0.5f;
    ImGui::GetIO().MouseDoubleClickMaxDist = kTap / 3 * uiScale;
  }
  style.ScaleAllSizes(uiScale);
  return uiScale;
}

// The UI font (fontconfig's sans-serif, else ImGui's own) and the shaped Devanagari glyphs.
void loadFonts(float uiScale) {
  ImGuiIO& io = ImGui::GetIO();
  // Latin-1 and Latin Extended-A (Polish, the pseudo-locale's accents), general punctuation, arrows,
  // and U+FFFD, which invalid UTF-8 decodes to and which ImGui then draws for any glyph the font
  // lacks (without it ImGui falls back to '?', which reads as text).
  static const ImWchar ranges[] = {0x0020, 0x00FF, 0x0100, 0x017F, 0x2010, 0x2027, 0x2190, 0x2193, 0xFFFD, 0xFFFD, 0};
  ImFont* uiFont = nullptr;
  if (const std::string font = platform::uiFont(); !font.empty())
    uiFont = io.Fonts->AddFontFromFileTTF(font.c_str(), 15.0f * uiScale, nullptr, ranges);
  if (!uiFont) {
    spdlog::warn("fontconfig found no TrueType sans-serif font (install fonts-dejavu-core): using ImGui's own font");
    ImFontConfig cfg;
    cfg.SizePixels = 13.0f * uiScale;
    uiFont = io.Fonts->AddFontDefault(&cfg);
  }
  // Hindi: every Devanagari text of the catalogs shaped now, its glyphs added to the atlas, and every
  // translated text shown through the shaper (src/studio/ui/shaping.h).
  if (const std::string deva = platform::devanagariFont(); shaping::init(deva, 16.0f * uiScale)) {
    for (const std::string& t : dom::i18n::catalogTexts("hi")) shaping::prepare(t);
    for (const auto& l : dom::i18n::languages()) shaping::prepare(l.native);
    shaping::addToAtlas(io.Fonts, uiFont);
    io.Fonts->Build();
    shaping::fillAtlas(io.Fonts, uiFont);
    dom::i18n::setDisplay([](std::string_view t) { return shaping::shape(t); });
    spdlog::debug("{} Devanagari glyphs from {}", shaping::prepared(), deva);
  } else {
    spdlog::warn("no Devanagari font (install fonts-noto-core): Hindi is shown without shaping");
  }
}

// The settings' handler registered, and the layout and settings read from `iniStore` (when there is
// one) now rather than at the first frame, so that a script's first action sees the settings. A file
// there that cannot be read as settings (over 16 MiB, not a file, not text, no section) is left as it
// is: `iniStore` is cleared so that nothing is saved over it, and `why` says where it is and why.
// Returns whether there were saved settings: without them this is a first run.
bool loadSettings(App& app, std::string& iniStore, std::string& why) {
  gApp = &app;
  ImGuiSettingsHandler handler;
  handler.TypeName = "DominoesStudio";
  handler.TypeHash = ImHashStr("DominoesStudio");
  handler.ReadOpenFn = settingsOpen;
  handler.ReadLineFn = settingsLine;
  handler.WriteAllFn = settingsWrite;
  ImGui::GetCurrentContext()->SettingsHandlers.push_back(handler);
  if (iniStore.empty()) return false;
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::symlink_status(iniStore, ec))) return false;
  const auto ini = dom::files::readText(iniStore);
  std::string reason;
  if (const auto* text = std::get_if<std::string>(&ini)) {
    reason = iniUnreadable(*text);
    if (reason.empty()) {
      // Each section once, a bounded number of each type: ImGui's reading stays linear.
      const std::string load = iniToLoad(*text);
      ImGui::LoadIniSettingsFromMemory(load.data(), load.size());
      return true;
    }
  } else if (std::error_code rc; !std::filesystem::is_regular_file(iniStore, rc)) {
    // A folder, FIFO or device holds no settings to lose: saving says once that it cannot save there.
    spdlog::warn("settings {} not read: {}", iniStore, std::get<dom::files::ReadError>(ini).message);
    return false;
  } else {
    reason = std::get<dom::files::ReadError>(ini).message;
    if (const auto hint = reason.find(" (--max-size"); hint != std::string::npos) reason.resize(hint);
  }
  why = "settings " + iniStore + " not read: " + reason +
        "; the file is left as it is and this run's settings are not saved (move it away to start afresh)";
  spdlog::warn("{}", why);
  iniStore.clear();
  return false;
}

// The language: --lang, else the one chosen in View > Language (the settings), else the environment's.
void chooseLanguage(App& app, const std::string& lang) {
  const std::string code = !lang.empty()                      ? lang
                           : !app.settings().language.empty() ? app.settings().language
                                                              : dom::i18n::fromEnvironment();
  if (const auto err = dom::i18n::setLanguage(code); !err.empty()) spdlog::warn("language {}: {}", code, err);
  if (!lang.empty()) {  // remembered in the settings, through the session
    app.apply(intent::SetLanguage{dom::i18n::language()});
  }
}

// ImGui's GLFW and OpenGL backends, the table's shaders (else ImGui's draw list) and the window's
// drop of a file.
// The pointer left the window (GLFW's cursor-enter callback, chained after the backend's). ImGui's
// GLFW backend keeps the last position while the window is focused, and in the page it always is:
// a lifted finger (the page sends mouseleave after a touch's release) would leave hover and its
// tooltips up (issue 53 #3). With no button held, the frame then has no pointer.
bool gPointerOut = false;
GLFWcursorenterfun gBackendCursorEnter = nullptr;
// Input came since the last frame (any of GLFW's callbacks below, chained after the backend's): an
// idle loop runs a frame for it at once (issue 53 #9).
bool gInput = false;
void cursorEnter(GLFWwindow* w, int entered) {
  if (gBackendCursorEnter) gBackendCursorEnter(w, entered);
  gPointerOut = entered == 0;
  gInput = true;
}
GLFWmousebuttonfun gBackendButton = nullptr;
GLFWcursorposfun gBackendPos = nullptr;
GLFWscrollfun gBackendScroll = nullptr;
GLFWkeyfun gBackendKey = nullptr;
GLFWcharfun gBackendChar = nullptr;
GLFWwindowfocusfun gBackendFocus = nullptr;
void chainInputCallbacks(GLFWwindow* window) {
  gBackendCursorEnter = glfwSetCursorEnterCallback(window, cursorEnter);
  gBackendButton = glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int b, int action, int mods) {
    if (gBackendButton) gBackendButton(w, b, action, mods);
    gInput = true;
  });
  gBackendPos = glfwSetCursorPosCallback(window, [](GLFWwindow* w, double x, double y) {
    if (gBackendPos) gBackendPos(w, x, y);
    gInput = true;
  });
  gBackendScroll = glfwSetScrollCallback(window, [](GLFWwindow* w, double x, double y) {
    if (gBackendScroll) gBackendScroll(w, x, y);
    gInput = true;
  });
  gBackendKey = glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int code, int action, int mods) {
    if (gBackendKey) gBackendKey(w, key, code, action, mods);
    gInput = true;
  });
  gBackendChar = glfwSetCharCallback(window, [](GLFWwindow* w, unsigned int c) {
    if (gBackendChar) gBackendChar(w, c);
    gInput = true;
  });
  gBackendFocus = glfwSetWindowFocusCallback(window, [](GLFWwindow* w, int focused) {
    if (gBackendFocus) gBackendFocus(w, focused);
    gInput = true;
  });
  // Not the backend's: a window uncovered or resized is drawn again whatever changed.
  glfwSetWindowRefreshCallback(window, [](GLFWwindow*) { gInput = true; });
  glfwSetFramebufferSizeCallback(window, [](GLFWwindow*, int, int) { gInput = true; });
}

void setupDrawing(App& app, GLFWwindow* window, bool noShaders) {
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  chainInputCallbacks(window);
  ImGui_ImplOpenGL3_Init(platform::glContext().glsl);
  if (noShaders) {
    app.noShaders();
    spdlog::info("table drawn with ImGui's draw list (--no-shaders)");
  } else if (auto err = app.initRenderer(std::getenv("DOMINOES_STUDIO_BREAK_SHADER") != nullptr); !err.empty()) {
    spdlog::error("table shaders failed, drawing with ImGui instead: {}", err);
  }
  glfwSetWindowUserPointer(window, &app);
  glfwSetDropCallback(window, [](GLFWwindow* w, int count, const char** paths) {
    if (count > 0) static_cast<App*>(glfwGetWindowUserPointer(w))->dropFile(paths[0]);
  });
}

// The first game: a new one with the command line's options, then the file given, if any; the
// first run's view when there is neither a file nor saved settings.
void openFirstGame(App& app, const Options& o, bool savedSettings) {
  app.apply(intent::NewGame{o.game});
  if (!o.file.empty() && o.lock) {
    app.apply(intent::StartLesson{o.file, true});  // a lesson for a class (a file that is no lesson says why)
  } else if (!o.file.empty()) {
    app.apply(openIntent(o.file));
    if (app.session().filePath() != o.file) spdlog::warn("starting a new game instead");
  } else if (!savedSettings) {
    // The first run against the computer: the human's view, the hint, the Scenarios pane.
    app.firstRun();
  }
}

// What a link names (--link, else the web page's address after '#'), opened over the first game; a
// link that names nothing says so on the status line.
void openLink(App& app, const std::string& given, bool lock) {
  std::string link = given.empty() ? platform::startLink() : given;
  if (lock && !link.empty() && link.find("&lock") == std::string::npos) link += "&lock";
  if (link.empty()) return;
  LinkTarget t = linkIntents(link);
  if (!t.error.empty()) {
    spdlog::warn("{}", t.error);
    app.apply(statusIntent(t.error));
    return;
  }
  spdlog::info("opening the link #{}", link);
  app.applyAll(t.intents);
}

// The UI thread's own CPU time (a worker thread's thinking is not counted, nor time spent preempted).
double threadCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double msBetween(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

// FNV-1a over bytes, folded into `h`.
std::uint64_t fold(std::uint64_t h, const void* data, std::size_t n) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ULL;
  return h;
}

// A frame's picture as a number: every draw list's vertices, indices and commands (their clip
// rects, textures and counts), the table image's count of renders and the framebuffer's size. Two
// frames with the same number draw the same pixels.
std::uint64_t pictureHash(const ImDrawData* d, std::uint64_t tableRenders, int fbw, int fbh) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  const std::array<std::uint64_t, 3> head{tableRenders, static_cast<std::uint64_t>(fbw),
                                          static_cast<std::uint64_t>(fbh)};
  h = fold(h, head.data(), sizeof head);
  if (!d) return h;
  for (int i = 0; i < d->CmdListsCount; ++i) {
    const ImDrawList* l = d->CmdLists[i];
    h = fold(h, l->VtxBuffer.Data, static_cast<std::size_t>(l->VtxBuffer.Size) * sizeof(ImDrawVert));
    h = fold(h, l->IdxBuffer.Data, static_cast<std::size_t>(l->IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& c : l->CmdBuffer) {
      const std::array<float, 4> clip{c.ClipRect.x, c.ClipRect.y, c.ClipRect.z, c.ClipRect.w};
      const std::array<std::uint64_t, 4> rest{reinterpret_cast<std::uintptr_t>(c.TextureId), c.VtxOffset, c.IdxOffset,
                                              c.ElemCount};
      h = fold(h, clip.data(), sizeof clip);
      h = fold(h, rest.data(), sizeof rest);
    }
  }
  return h;
}

// The frame loop and what it keeps between frames: the keys and the click the script holds, the
// window's title, the exit code and the frame times.
struct FrameLoop {
  FrameLoop(const Options& options, App& a, Script& s, GLFWwindow* w, std::string ini, Clock::time_point start)
      : o(options), app(a), script(s), window(w), iniStore(std::move(ini)), t0(start) {}
  const Options& o;
  App& app;
  Script& script;
  GLFWwindow* window;
  std::string iniStore;
  Clock::time_point t0;
  ImGuiIO& io = ImGui::GetIO();
  int exitCode = 0;
  std::vector<double> cpuMs, threadMs, submitMs, frameMs;
  std::vector<double> thinkingMs;   // the UI thread's CPU time in the frames a computer seat was thinking
  std::vector<double> judgingMs;    // the whole frame's time while the puzzle trainer's verdict was searched
  std::vector<double> analysingMs;  // the whole frame's time while a position's analysis was computed
  std::vector<double> decisionMs;   // each computer decision with a choice: its time, as the seat's player measured it
  std::pair<int, double> lastDecision{-1, -1.0};
  double startupMs = 0;
  int thinkingFrames = 0;
  int decidingFrames = 0;  // frames drawn while the computer's decision was still to come
  int frame = 0;
  // Idle (issue 53 #9): with no script and no --frames, a frame whose picture is the last one's is
  // not drawn, and after a few of them the loop waits for input (a tenth of a second at most, to see
  // what the workers bring).
  int drawnFrames = 0, sameFrames = 0;
  std::uint64_t lastPicture = 0;
  Clock::time_point lastFrameAt{};
  int heldKey = -1;
  bool heldCtrl = false, heldShift = false;
  int clickPhase = 0;  // a scripted click: 1 moves there, 2 presses, 3 releases
  ImVec2 clickPos;
  std::string shownTitle;
  bool settingsFailed = false;

  // One frame, unless the window closed, the app quit or the run's last frame has been (false then).
  bool next() { return !glfwWindowShouldClose(window) && !app.quitRequested() && step(); }
  bool step();
  [[nodiscard]] bool idleAllowed() const { return o.scriptPath.empty() && o.frames == 0; }
  [[nodiscard]] bool busy() const;
  [[nodiscard]] bool runOver() const { return o.runFor > 0 && msBetween(t0, Clock::now()) >= o.runFor * 1000; }
  void injectKeys();
  void injectMouse();
  void runFrame();
  void exportImages(int fbw, int fbh, bool last, std::optional<App::ExportRequest> e);
  void recordTimes(Clock::time_point f0, Clock::time_point fUi, Clock::time_point f1, Clock::time_point f2,
                   double uiCpu);
  void saveSettings();
  void printStats() const;
};

// What keeps the loop from waiting: a computer thinking, autoplay, a search for the hint, the
// analysis or a puzzle's verdict, the last move's tile fading in. Their frames come at the display's
// rate; the other workers' answers are seen within the idle wait.
bool FrameLoop::busy() const {
  const Session& s = app.session();
  return s.thinking() || s.autoplay() || s.analyser().busy() || s.trainer().judging || app.animElapsed() < 0.5f;
}

// One frame: the script's input, the app's frame, drawing, the exports and the frame's times. False
// after the run's last frame.
bool FrameLoop::step() {
  constexpr int kSettleFrames = 3;   // unchanged frames before the loop waits
  constexpr double kIdlePoll = 0.1;  // seconds: the longest wait
  if (idleAllowed() && sameFrames >= kSettleFrames && !busy()) {
    platform::waitEvents(kIdlePoll);
    // The browser calls back every display frame: one without input comes to nothing until the
    // tenth of a second is up.
    if (!gInput && msBetween(lastFrameAt, Clock::now()) < kIdlePoll * 1000 && !runOver()) return true;
  }
  gInput = false;
  const auto f0 = Clock::now();
  lastFrameAt = f0;
  const double t0Cpu = threadCpuMs();
  glfwPollEvents();
  injectKeys();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  if (gPointerOut && !ImGui::IsAnyMouseDown()) ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  injectMouse();
  // What the page's hidden field took from the phone's keyboard (platform::textInput, below).
  if (const std::string t = platform::typed(); !t.empty()) io.AddInputCharactersUTF8(t.c_str());
  // View > Text size: every text scaled (the atlas is the 100% font's; a projector's text is what counts).
  ImGui::GetIO().FontGlobalScale = static_cast<float>(app.settings().textSize) / 100.0f;
  controlsNewFrame();
  ImGui::NewFrame();
  if (tapSize() > 0) scrollByFinger();
  // The page's double tap: this press is the second of two taps the browser timed (platform.h).
  if (ImGui::GetIO().MouseClicked[0] && platform::takeDoubleTap()) ImGui::GetIO().MouseDoubleClicked[0] = true;
  runFrame();
  ImGui::Render();
  // A touch screen's keyboard comes up for a text field being edited, the number pad for a number.
  platform::textInput(dom::i18n::touch() && io.WantTextInput, numberFieldActive());
  const auto fUi = Clock::now();
  const double uiCpu = threadCpuMs() - t0Cpu;
  int fbw = 0, fbh = 0;
  glfwGetFramebufferSize(window, &fbw, &fbh);
  ++frame;
  // With a script and --frames, the run ends when the script is done (--frames is the limit).
  const bool last = (o.frames > 0 && frame >= o.frames) || script.quitRequested() ||
                    (o.frames > 0 && !o.scriptPath.empty() && script.done()) || runOver();
  // The picture: the draw lists, the table's image and the framebuffer's size. The same as the last
  // frame's, nothing is drawn (the window still shows it), unless an image is to be written. (A
  // scripted or --frames run draws every frame and hashes none.)
  const std::uint64_t picture = idleAllowed() ? pictureHash(ImGui::GetDrawData(), app.table().renders(), fbw, fbh) : 0;
  sameFrames = picture == lastPicture ? sameFrames + 1 : 0;
  lastPicture = picture;
  auto exported = app.takeExport();
  const bool draw = !idleAllowed() || sameFrames == 0 || exported || last;
  if (draw) {
    glViewport(0, 0, fbw, fbh);
    glClearColor(0.06f, 0.07f, 0.08f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    ++drawnFrames;
  }
  const auto f1 = Clock::now();
  if (draw) {
    exportImages(fbw, fbh, last, std::move(exported));
    glfwSwapBuffers(window);
  } else {
    // No swap to wait on the display: while a computer thinks or autoplay runs (no idle wait), a
    // frame not drawn must not spin, taking a core from the search.
    platform::waitEvents(1.0 / 60);
  }
  recordTimes(f0, fUi, f1, Clock::now(), uiCpu);
  if (io.WantSaveIniSettings) saveSettings();
  return !last;
}

// The script's keyboard: last frame's key and modifiers released, this frame's pressed (for one
// frame), its typed characters and the window's new size.
void FrameLoop::injectKeys() {
  if (heldKey >= 0) {
    io.KeysDown[heldKey] = false;
    heldKey = -1;
  }
  if (heldCtrl) {
    io.KeysDown[GLFW_KEY_LEFT_CONTROL] = false;
    io.KeyCtrl = false;
    heldCtrl = false;
  }
  if (heldShift) {
    io.KeysDown[GLFW_KEY_LEFT_SHIFT] = false;
    io.KeyShift = false;
    heldShift = false;
  }
  int key = -1;
  script.tick(app, key);
  if (key >= 0 && key < static_cast<int>(IM_ARRAYSIZE(io.KeysDown))) {
    io.KeysDown[key] = true;
    heldKey = key;
    if (script.ctrl) {
      io.KeysDown[GLFW_KEY_LEFT_CONTROL] = true;
      io.KeyCtrl = true;
      heldCtrl = true;
    }
    if (script.shift) {
      io.KeysDown[GLFW_KEY_LEFT_SHIFT] = true;
      io.KeyShift = true;
      heldShift = true;
    }
  }
  if (!script.typed.empty()) {
    io.AddInputCharactersUTF8(script.typed.c_str());
    script.typed.clear();
  }
  if (script.resize.pending) {
    platform::resizeWindow(window, script.resize.w, script.resize.h);
    script.resize.pending = false;
  }
}

// The script's mouse: where it hovers, and a click pressed on one frame, released on the next, at
// the same place.
void FrameLoop::injectMouse() {
  if (script.click.pending) {
    clickPos = ImVec2(script.click.x, script.click.y);
    script.click.pending = false;
    clickPhase = 1;
  }
  if (script.hover.active) io.MousePos = ImVec2(script.hover.x, script.hover.y);
  if (clickPhase > 0) {
    io.MousePos = clickPos;
    io.MouseDown[0] = clickPhase == 2;
    clickPhase = clickPhase == 3 ? 0 : clickPhase + 1;
  }
}

// The app's frame, and the window's title when it changed.
void FrameLoop::runFrame() {
  // The frame boundary: whatever a pane, a dialog or the session throws is logged and shown, the
  // ImGui stacks the frame left open are closed, and the studio goes on.
  try {
    app.frame(io.DeltaTime);
  } catch (const std::exception& e) {
    ImGui::ErrorCheckEndFrameRecover(nullptr);
    spdlog::error("this frame failed and was dropped: {}", e.what());
    app.apply(statusIntent(std::string("error: ") + e.what()));
  }
  const std::string title = app.windowTitle();
  if (title != shownTitle) {
    glfwSetWindowTitle(window, title.c_str());
    shownTitle = title;
  }
}

// The PNG the app asked for (the frame or the table), and --screenshot after the last frame.
void FrameLoop::exportImages(int fbw, int fbh, bool last, std::optional<App::ExportRequest> e) {
  if (e) {
    const float k = io.DisplayFramebufferScale.x;
    std::array<int, 4> crop{};
    if (e->table)
      crop = {static_cast<int>(app.table().rect()[0] * k), static_cast<int>(app.table().rect()[1] * k),
              static_cast<int>(app.table().rect()[2] * k), static_cast<int>(app.table().rect()[3] * k)};
    if (auto err = writeScreenshot(e->path, fbw, fbh, crop); !err.empty()) {
      app.apply(statusIntent(err));
      if (!o.scriptPath.empty()) script.refusedWrite(err);  // a scripted run says so in its exit status
    } else {
      platform::fileSaved(e->path);  // the web page downloads it
    }
  }
  if (last && !o.screenshot.empty())
    if (auto err = writeScreenshot(o.screenshot, fbw, fbh); !err.empty()) {
      std::fprintf(stderr, "dominoes-studio: --screenshot: %s\n", err.c_str());
      exitCode = 1;
    }
}

// The frame's times: from its start to the UI's end, the GL submission, the whole (with the swap).
void FrameLoop::recordTimes(Clock::time_point f0, Clock::time_point fUi, Clock::time_point f1, Clock::time_point f2,
                            double uiCpu) {
  if (frame == 1) startupMs = msBetween(t0, f2);
  // The first frames build fonts and caches; keep them out of the steady-state figures.
  if (frame <= 3) return;
  cpuMs.push_back(msBetween(f0, fUi));
  threadMs.push_back(uiCpu);
  if (app.session().thinking()) {
    ++thinkingFrames;
    thinkingMs.push_back(uiCpu);
    if (!app.session().computerSettled()) ++decidingFrames;
  }
  submitMs.push_back(msBetween(fUi, f1));
  frameMs.push_back(msBetween(f0, f2));
  if (app.session().trainer().judging) judgingMs.push_back(msBetween(f0, f2));
  if (app.session().analyser().busy()) analysingMs.push_back(msBetween(f0, f2));
  if (const auto& d = app.session().lastDecision(); d && std::pair{d->node, d->ms} != lastDecision) {
    lastDecision = {d->node, d->ms};
    if (!d->forced) decisionMs.push_back(d->ms);
  }
}

// Saves the settings when ImGui asks (and at exit); a failure is said once, in the log and the status line.
void FrameLoop::saveSettings() {
  io.WantSaveIniSettings = false;
  if (iniStore.empty()) return;
  // Another studio may share the file: its progress is merged in under the file's lock.
  const auto err = saveSettingsFile(iniStore, app.settings(), [](const Settings& merged) {
    gSaving = &merged;
    std::string text = ImGui::SaveIniSettingsToMemory();
    gSaving = nullptr;
    return text;
  });
  if (err.empty()) platform::persist();
  if (err.empty() || settingsFailed) return;
  settingsFailed = true;
  spdlog::error("settings not saved: {}", err);
  app.apply(statusIntent("settings not saved: " + err));
}

// --stats: the frame times' figures.
void FrameLoop::printStats() const {
  double mean = 0;
  for (double v : cpuMs) mean += v;
  mean = cpuMs.empty() ? 0 : mean / static_cast<double>(cpuMs.size());
  std::printf("frames %d  startup-to-first-frame %.1f ms\n", frame, startupMs);
  // The whole process's CPU (every thread) against the run's time: an idle studio's cost.
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  const double cpuS = static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                      static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
  const double wallS = msBetween(t0, Clock::now()) / 1000;
  std::printf(
      "frames drawn %d (the others' pictures were the last one's)  process cpu %.2f s in %.2f s (%.1f%% of a core)\n",
      drawnFrames, cpuS, wallS, wallS > 0 ? 100 * cpuS / wallS : 0.0);
  std::printf("cpu ms/frame: mean %.3f  p50 %.3f  p99 %.3f\n", mean, percentile(cpuMs, 0.5), percentile(cpuMs, 0.99));
  std::printf(
      "ui thread cpu ms/frame (CLOCK_THREAD_CPUTIME_ID): p50 %.3f  p99 %.3f  (frames with a computer "
      "thinking: %d, of them before its decision came: %d)\n",
      percentile(threadMs, 0.5), percentile(threadMs, 0.99), thinkingFrames, decidingFrames);
  if (!thinkingMs.empty())
    std::printf("ui thread cpu ms/frame while a computer thinks: p50 %.3f  p99 %.3f  max %.3f\n",
                percentile(thinkingMs, 0.5), percentile(thinkingMs, 0.99), percentile(thinkingMs, 1.0));
  if (!judgingMs.empty())
    std::printf("wall ms/frame while a puzzle is judged (%zu frames): p50 %.3f  p99 %.3f  max %.3f\n", judgingMs.size(),
                percentile(judgingMs, 0.5), percentile(judgingMs, 0.99), percentile(judgingMs, 1.0));
  if (!analysingMs.empty())
    std::printf("wall ms/frame while a position is analysed (%zu frames): p50 %.3f  p99 %.3f  max %.3f\n",
                analysingMs.size(), percentile(analysingMs, 0.5), percentile(analysingMs, 0.99),
                percentile(analysingMs, 1.0));
  if (!decisionMs.empty()) {
    std::printf("computer decisions with a choice: %zu  median %.3f ms  p90 %.3f ms  max %.3f ms\n", decisionMs.size(),
                percentile(decisionMs, 0.5), percentile(decisionMs, 0.9), percentile(decisionMs, 1.0));
    // Each in order: two builds that played the same game compare decision by decision.
    std::printf("computer decision ms, in order:");
    for (const double ms : decisionMs) std::printf(" %.2f", ms);
    std::printf("\n");
  }
  std::printf("gl submit ms/frame (driver, waits on software GL): p50 %.3f  p99 %.3f\n", percentile(submitMs, 0.5),
              percentile(submitMs, 0.99));
  std::printf("wall ms/frame (with swap): p50 %.3f  p99 %.3f\n", percentile(frameMs, 0.5), percentile(frameMs, 0.99));
}

// The renderer, ImGui's backends and context, the window and GLFW, released in that order.
void shutdown(App& app, GLFWwindow* window) {
  app.releaseRenderer();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
}

// The run's end: the settings saved, the state dumped, the figures printed, the window closed, and
// the exit status (the script's checks, --frames cut short).
int endRun(const Options& o, App& app, Script& script, FrameLoop& loop, GLFWwindow* window) {
  loop.saveSettings();
  if (!o.dumpPath.empty())
    if (const auto err = dom::files::writeAtomic(o.dumpPath, jsonText(app.state(), 2) + '\n'); !err.empty()) {
      std::fprintf(stderr, "dominoes-studio: --dump-state: %s\n", err.c_str());
      loop.exitCode = 1;
    }
  if (o.stats) loop.printStats();
  shutdown(app, window);
  if (script.failures() > 0) {
    std::fprintf(stderr, "dominoes-studio: %d script check(s) failed\n", script.failures());
    return 3;
  }
  // --frames ran out before the script's end: its last lines never ran, which is no success (a
  // last `wait` cut short is: nothing was left to run after it).
  if (o.frames > 0 && script.stoppedAt() > 0 && !script.quitRequested()) {
    std::fprintf(stderr, "dominoes-studio: --frames %d ran out before the script's end (line %d did not run)\n",
                 o.frames, script.stoppedAt());
    return 3;
  }
  return loop.exitCode;
}

}  // namespace
}  // namespace dom::studio

int main(int argc, char** argv) {
  using namespace dom::studio;
  const auto t0 = Clock::now();
  platform::start();
  Options o;
  if (const auto exit = parseCommandLine(argc, argv, o)) return *exit;
  if (const auto exit = checkNumbers(o)) return *exit;
  setupLogging();
  Script script;
  if (const auto exit = checkGame(o, script, t0)) return *exit;
  GLFWwindow* window = openWindow(o);
  if (!window) return 1;
  const float uiScale = setupImGui(window, o.touch);
  std::string iniStore = o.noIni ? std::string() : o.iniPath.empty() ? defaultIniPath() : o.iniPath;
  loadFonts(uiScale);
  watchControls();
  App app;
  if (o.frames > 0) app.setFixedAnimStep(1.0f / 60);
  std::string unreadSettings;
  const bool savedSettings = loadSettings(app, iniStore, unreadSettings);
  dom::i18n::setTouch(o.touch);  // before the first game: its first-run hint is in these words
  chooseLanguage(app, o.lang);
  setupDrawing(app, window, o.noShaders);
  openFirstGame(app, o, savedSettings);
  openLink(app, o.link, o.lock);
  platform::onFile([&app](const std::string& path) { app.dropFile(path); });
  if (!unreadSettings.empty()) app.apply(statusIntent(unreadSettings));

  FrameLoop loop(o, app, script, window, iniStore, t0);
  // The desktop runs the frames here; the browser calls them from its own loop and this returns
  // never (main's objects live on), and the end of the run is said to the page (platform::exited).
  int exitCode = 0;
  platform::runFrames([&loop] { return loop.next(); },
                      [&] {
                        exitCode = endRun(o, app, script, loop, window);
                        platform::exited(exitCode);
                      });
  return exitCode;
}
