// dominoes-studio: the window, the frame loop, headless flags (--frames, --screenshot, --stats,
// --script, --dump-state) and settings persisted next to imgui.ini.
#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>
#include <spdlog/spdlog.h>
#include <stb_image_write.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <optional>
#include <random>
#include <tuple>

#include "core/files.h"
#include "studio/model/actions.h"
#include "studio/model/i18n.h"
#include "studio/model/paths.h"
#include "studio/ui/app.h"
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
  const auto eq = l.find('=');
  if (eq == std::string_view::npos) return;
  // Field by field: a bad value (Speed=nan, Visibility=7) is named in the log and the setting keeps its value.
  if (const auto why = applySetting(app->session.settings, l.substr(0, eq), l.substr(eq + 1)); !why.empty())
    spdlog::warn("settings: {} {}; ignored", files::cut(l, 60), why);
  app->session.settings.clamp();
}

void settingsWrite(ImGuiContext*, ImGuiSettingsHandler* h, ImGuiTextBuffer* buf) {
  buf->appendf("[%s][Settings]\n", h->TypeName);
  buf->append(settingsText(gApp->settings).c_str());
  buf->append("\n");
}

std::string defaultIniPath() {
  namespace fs = std::filesystem;
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  fs::path dir = xdg && *xdg ? fs::path(xdg) : home && *home ? fs::path(home) / ".config" : fs::path(".");
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

}  // namespace
}  // namespace dom::studio

int main(int argc, char** argv) {
  using namespace dom::studio;
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  CLI::App cli{"dominoes-studio: the Dear ImGui app to step through, edit and play dominoes games"};
  std::string file, screenshot, scriptPath, rulesText = "en-linea", dumpPath, iniPath, seatA = "human",
                                            seatB = "greedy", size = "1280x800", lang;
  std::string framesText, seedText;
  bool stats = false, noIni = false, noShaders = false, listActionsFlag = false, keyTableFlag = false;
  cli.add_option("file", file, "a DGN record or scenario to open");
  cli.add_option("--frames", framesText, "render N frames and exit");
  cli.add_option("--screenshot", screenshot, "write the last frame to this PNG");
  cli.add_flag("--stats", stats, "print frame-time statistics (mean, p50, p99 CPU ms per frame) at exit");
  cli.add_option("--script", scriptPath, "run UI actions from this file, one per frame");
  cli.add_option("--rules", rulesText, "rule set of a new game: a preset and knob=value overrides");
  cli.add_option("--seed", seedText, "seed of a new game's deal (default: a fresh one)");
  cli.add_option("--a", seatA, "seat A: human or a computer player (greedy, random, expert:ms=200...)");
  cli.add_option("--b", seatB, "seat B: human or a computer player (greedy, random, expert:ms=200...)");
  cli.add_option("--dump-state", dumpPath, "write the app's state as JSON at exit");
  cli.add_option("--ini", iniPath, "where the window layout and settings are kept");
  cli.add_flag("--no-ini", noIni, "do not read or write the layout and settings");
  cli.add_option("--size", size, "window size WxH");
  cli.add_option("--lang", lang, "the UI's language: en, es, fr, pl, hi or pseudo (default: the environment's)");
  cli.add_flag("--list-actions", listActionsFlag,
               "print every action, one a line: id, shortcut and menu path, tab-separated, and exit");
  cli.add_flag("--key-table", keyTableFlag, "print the key table of docs/studio.md (Markdown) and exit");
  cli.add_flag("--no-shaders", noShaders, "draw the table with ImGui's draw list instead of the shaders");
  // Usage errors exit 2 (CLI11's own codes are 105, 114...); --help still exits 0.
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return cli.exit(e);
  } catch (const CLI::ParseError& e) {
    (void)cli.exit(e);
    return 2;
  }
  if (listActionsFlag || keyTableFlag) {
    std::fputs((listActionsFlag ? listActions() : keyTable()).c_str(), stdout);
    return 0;
  }
  auto usage = [](const std::string& why) {
    std::fprintf(stderr, "dominoes-studio: %s\n", why.c_str());
    return 2;
  };
  int frames = 0;
  if (cli.count("--frames")) {
    const auto n = strictNumber(framesText, kMaxFrames);
    if (!n)
      return usage("--frames is a whole number of frames from 0 to " + std::to_string(kMaxFrames) + ", not '" +
                   dom::files::cut(framesText) + "'");
    frames = static_cast<int>(*n);
  }
  std::uint64_t seed = 0;
  if (cli.count("--seed")) {
    const auto n = strictNumber(seedText, UINT64_MAX);
    if (!n)
      return usage("--seed is a whole number from 0 to 18446744073709551615 (digits only), not '" +
                   dom::files::cut(seedText) + "'");
    seed = *n;
  }

  setupLogging();
  NewGameOptions opts;
  opts.rules = rulesText;
  opts.seed = cli.count("--seed") ? seed
                                  : static_cast<std::uint64_t>(std::random_device{}()) ^
                                        static_cast<std::uint64_t>(t0.time_since_epoch().count());
  for (const auto& [text, seat, option] :
       {std::tuple{&seatA, &opts.seats[0], "--a"}, std::tuple{&seatB, &opts.seats[1], "--b"}})
    if (!parseSeat(*text, *seat)) return usage(std::string(option) + ": seat: " + seatError(*text));
  if (const auto r = dom::parseRules(rulesText); std::holds_alternative<std::string>(r)) {
    std::fprintf(stderr, "dominoes-studio: --rules: %s\n", std::get<std::string>(r).c_str());
    return 2;
  }
  int width = 1280, height = 800;
  {
    const auto x = size.find('x');
    const auto w = strictNumber(size.substr(0, x == std::string::npos ? size.size() : x), kMaxSide);
    const auto h = x == std::string::npos ? std::nullopt : strictNumber(size.substr(x + 1), kMaxSide);
    if (!w || !h || *w < 320 || *h < 240)
      return usage("--size is WxH from 320x240 to " + std::to_string(kMaxSide) + "x" + std::to_string(kMaxSide) +
                   ", not '" + dom::files::cut(size) + "'");
    width = static_cast<int>(*w);
    height = static_cast<int>(*h);
  }
  if (!lang.empty() && !dom::i18n::known(lang))
    return usage("--lang is en, es, fr, pl, hi or pseudo, not '" + dom::files::cut(lang) + "'");
  Script script;
  if (!scriptPath.empty())
    if (auto e = script.load(scriptPath); !e.empty()) {
      std::fprintf(stderr, "dominoes-studio: %s\n", e.c_str());
      return 2;
    }

  const char* display = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  if ((!display || !*display) && (!wayland || !*wayland)) {
    std::fputs(kNoDisplay, stderr);
    return 1;
  }
  glfwSetErrorCallback([](int code, const char* text) { spdlog::warn("glfw {}: {}", code, text); });
  if (!glfwInit()) {
    std::fputs(kNoDisplay, stderr);
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(width, height, "Dominoes Studio", nullptr, nullptr);
  if (!window) {
    std::fputs("dominoes-studio: could not create an OpenGL 3.3 window.\n", stderr);
    std::fputs(kNoDisplay, stderr);
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(frames > 0 || !scriptPath.empty() ? 0 : 1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  static std::string iniStore;
  iniStore = noIni ? std::string() : iniPath.empty() ? defaultIniPath() : iniPath;
  // ImGui never touches the file itself: the settings are read through files::readText and written
  // through files::writeAtomic (below), so that a failure is seen and said.
  io.IniFilename = nullptr;
  float xs = 1, ys = 1;
  glfwGetWindowContentScale(window, &xs, &ys);
  const float uiScale = std::max(1.0f, xs);
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 6;
  style.FrameRounding = 4;
  style.GrabRounding = 4;
  style.Colors[ImGuiCol_WindowBg] = ImVec4(0.10f, 0.11f, 0.12f, 1.0f);
  style.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.13f, 0.32f, 0.22f, 1.0f);
  style.Colors[ImGuiCol_Header] = ImVec4(0.20f, 0.42f, 0.30f, 0.55f);
  style.Colors[ImGuiCol_HeaderHovered] = ImVec4(0.24f, 0.52f, 0.36f, 0.80f);
  style.Colors[ImGuiCol_Button] = ImVec4(0.20f, 0.40f, 0.30f, 0.60f);
  style.Colors[ImGuiCol_ButtonHovered] = ImVec4(0.26f, 0.52f, 0.38f, 1.0f);
  style.ScaleAllSizes(uiScale);
  // Latin-1 and Latin Extended-A (Polish, the pseudo-locale's accents), general punctuation, arrows,
  // and U+FFFD, which invalid UTF-8 decodes to and which ImGui then draws for any glyph the font
  // lacks (without it ImGui falls back to '?', which reads as text).
  static const ImWchar ranges[] = {0x0020, 0x00FF, 0x0100, 0x017F, 0x2010, 0x2027, 0x2190, 0x2193, 0xFFFD, 0xFFFD, 0};
  ImFont* uiFont = nullptr;
  if (const std::string font = paths::uiFont(); !font.empty())
    uiFont = io.Fonts->AddFontFromFileTTF(font.c_str(), 15.0f * uiScale, nullptr, ranges);
  if (!uiFont) {
    spdlog::warn("fontconfig found no TrueType sans-serif font (install fonts-dejavu-core): using ImGui's own font");
    ImFontConfig cfg;
    cfg.SizePixels = 13.0f * uiScale;
    uiFont = io.Fonts->AddFontDefault(&cfg);
  }
  // Hindi: every Devanagari text of the catalogs shaped now, its glyphs added to the atlas, and every
  // translated text shown through the shaper (src/studio/ui/shaping.h).
  if (const std::string deva = shaping::devanagariFont(); shaping::init(deva, 16.0f * uiScale)) {
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

  App app;
  if (frames > 0) app.fixedAnimStep = 1.0f / 60;
  gApp = &app;
  ImGuiSettingsHandler handler;
  handler.TypeName = "DominoesStudio";
  handler.TypeHash = ImHashStr("DominoesStudio");
  handler.ReadOpenFn = settingsOpen;
  handler.ReadLineFn = settingsLine;
  handler.WriteAllFn = settingsWrite;
  ImGui::GetCurrentContext()->SettingsHandlers.push_back(handler);
  // Load now rather than at the first frame, so that a script's first action sees the settings.
  // Without saved settings this is a first run.
  bool savedSettings = false;
  if (!iniStore.empty()) {
    const auto ini = dom::files::readText(iniStore);
    if (const auto* text = std::get_if<std::string>(&ini)) {
      ImGui::LoadIniSettingsFromMemory(text->data(), text->size());
      savedSettings = true;
    } else if (std::error_code ec; std::filesystem::exists(std::filesystem::symlink_status(iniStore, ec))) {
      spdlog::warn("settings {} not read: {}", iniStore, std::get<dom::files::ReadError>(ini).message);
    }
  }
  // The language: --lang, else the one chosen in View > Language (the settings), else the environment's.
  {
    const std::string code = !lang.empty()                    ? lang
                             : !app.settings.language.empty() ? app.settings.language
                                                              : dom::i18n::fromEnvironment();
    if (const auto err = dom::i18n::setLanguage(code); !err.empty()) spdlog::warn("language {}: {}", code, err);
    if (!lang.empty()) {
      Intent saved = intentOf(Intent::Kind::SetLanguage);
      saved.path = dom::i18n::language();
      app.session.apply(saved);
    }
  }
  // Saves the settings when ImGui asks (and at exit); a failure is said once, in the log and the status line.
  bool settingsFailed = false;
  auto saveSettings = [&] {
    io.WantSaveIniSettings = false;
    if (iniStore.empty()) return;
    const auto err = dom::files::writeAtomic(iniStore, ImGui::SaveIniSettingsToMemory());
    if (err.empty() || settingsFailed) return;
    settingsFailed = true;
    spdlog::error("settings not saved: {}", err);
    app.session.status("settings not saved: " + err);
  };

  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  if (noShaders) {
    app.useShaders = false;
    spdlog::info("table drawn with ImGui's draw list (--no-shaders)");
  } else if (auto err = app.renderer.init(std::getenv("DOMINOES_STUDIO_BREAK_SHADER") != nullptr); !err.empty()) {
    app.useShaders = false;
    spdlog::error("table shaders failed, drawing with ImGui instead: {}", err);
  }
  glfwSetWindowUserPointer(window, &app);
  std::string shownTitle;
  glfwSetDropCallback(window, [](GLFWwindow* w, int count, const char** paths) {
    if (count > 0) static_cast<App*>(glfwGetWindowUserPointer(w))->pendingDrop = paths[0];
  });

  Intent start = intentOf(Intent::Kind::NewGame);
  start.game = opts;
  app.apply(start);
  if (!file.empty()) {
    app.apply(openIntent(file));
    if (app.session.filePath != file) spdlog::warn("starting a new game instead");
  } else if (!savedSettings) {
    // The first run against the computer: the human's view, the hint, the Scenarios pane.
    app.session.firstRun();
  }

  int exitCode = 0;
  std::vector<double> cpuMs, threadMs, submitMs, frameMs;
  std::vector<double> thinkingMs;  // the UI thread's CPU time in the frames a computer seat was thinking
  // The UI thread's own CPU time (a worker thread's thinking is not counted, nor time spent preempted).
  auto threadCpuMs = [] {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
  };
  double startupMs = 0;
  int thinkingFrames = 0;
  int frame = 0;
  int heldKey = -1;
  bool heldCtrl = false, heldShift = false;
  while (!glfwWindowShouldClose(window) && !app.quit) {
    const auto f0 = Clock::now();
    const double t0Cpu = threadCpuMs();
    glfwPollEvents();
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
      glfwSetWindowSize(window, script.resize.w, script.resize.h);
      script.resize.pending = false;
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    // A scripted click: pressed on one frame, released on the next, at the same place.
    static int clickPhase = 0;
    static ImVec2 clickPos;
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
    ImGui::NewFrame();
    // The frame boundary: whatever a pane, a dialog or the session throws is logged and shown, the
    // ImGui stacks the frame left open are closed, and the studio goes on.
    try {
      app.frame(io.DeltaTime);
    } catch (const std::exception& e) {
      ImGui::ErrorCheckEndFrameRecover(nullptr);
      spdlog::error("this frame failed and was dropped: {}", e.what());
      app.session.status(std::string("error: ") + e.what());
    }
    const std::string title = app.windowTitle();
    if (title != shownTitle) {
      glfwSetWindowTitle(window, title.c_str());
      shownTitle = title;
    }
    ImGui::Render();
    const auto fUi = Clock::now();
    const double uiCpu = threadCpuMs() - t0Cpu;
    int fbw = 0, fbh = 0;
    glfwGetFramebufferSize(window, &fbw, &fbh);
    glViewport(0, 0, fbw, fbh);
    glClearColor(0.06f, 0.07f, 0.08f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    const auto f1 = Clock::now();
    ++frame;
    // With a script and --frames, the run ends when the script is done (--frames is the limit).
    const bool last = (frames > 0 && frame >= frames) || script.quitRequested() ||
                      (frames > 0 && !scriptPath.empty() && script.done());
    if (!app.exportPath.empty()) {
      const float k = io.DisplayFramebufferScale.x;
      std::array<int, 4> crop{};
      if (app.exportTable)
        crop = {static_cast<int>(app.tableRect[0] * k), static_cast<int>(app.tableRect[1] * k),
                static_cast<int>(app.tableRect[2] * k), static_cast<int>(app.tableRect[3] * k)};
      if (auto err = writeScreenshot(app.exportPath, fbw, fbh, crop); !err.empty()) app.session.status(err);
      app.exportPath.clear();
      app.exportTable = false;
    }
    if (last && !screenshot.empty())
      if (auto err = writeScreenshot(screenshot, fbw, fbh); !err.empty()) {
        std::fprintf(stderr, "dominoes-studio: --screenshot: %s\n", err.c_str());
        exitCode = 1;
      }
    glfwSwapBuffers(window);
    const auto f2 = Clock::now();
    if (frame == 1) startupMs = std::chrono::duration<double, std::milli>(f2 - t0).count();
    // The first frames build fonts and caches; keep them out of the steady-state figures.
    if (frame > 3) {
      cpuMs.push_back(std::chrono::duration<double, std::milli>(fUi - f0).count());
      threadMs.push_back(uiCpu);
      if (app.session.thinking()) {
        ++thinkingFrames;
        thinkingMs.push_back(uiCpu);
      }
      submitMs.push_back(std::chrono::duration<double, std::milli>(f1 - fUi).count());
      frameMs.push_back(std::chrono::duration<double, std::milli>(f2 - f0).count());
    }
    if (io.WantSaveIniSettings) saveSettings();
    if (last) break;
  }
  saveSettings();
  if (!dumpPath.empty())
    if (const auto err = dom::files::writeAtomic(dumpPath, jsonText(app.state(), 2) + '\n'); !err.empty()) {
      std::fprintf(stderr, "dominoes-studio: --dump-state: %s\n", err.c_str());
      exitCode = 1;
    }
  if (stats) {
    double mean = 0;
    for (double v : cpuMs) mean += v;
    mean = cpuMs.empty() ? 0 : mean / static_cast<double>(cpuMs.size());
    std::printf("frames %d  startup-to-first-frame %.1f ms\n", frame, startupMs);
    std::printf("cpu ms/frame: mean %.3f  p50 %.3f  p99 %.3f\n", mean, percentile(cpuMs, 0.5), percentile(cpuMs, 0.99));
    std::printf(
        "ui thread cpu ms/frame (CLOCK_THREAD_CPUTIME_ID): p50 %.3f  p99 %.3f  (frames with a computer "
        "thinking: %d)\n",
        percentile(threadMs, 0.5), percentile(threadMs, 0.99), thinkingFrames);
    if (!thinkingMs.empty())
      std::printf("ui thread cpu ms/frame while a computer thinks: p50 %.3f  p99 %.3f  max %.3f\n",
                  percentile(thinkingMs, 0.5), percentile(thinkingMs, 0.99), percentile(thinkingMs, 1.0));
    std::printf("gl submit ms/frame (driver, waits on software GL): p50 %.3f  p99 %.3f\n", percentile(submitMs, 0.5),
                percentile(submitMs, 0.99));
    std::printf("wall ms/frame (with swap): p50 %.3f  p99 %.3f\n", percentile(frameMs, 0.5), percentile(frameMs, 0.99));
  }
  app.renderer.release();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  if (script.failures() > 0) {
    std::fprintf(stderr, "dominoes-studio: %d script check(s) failed\n", script.failures());
    return 3;
  }
  return exitCode;
}
