// SPDX-License-Identifier: MIT
// Catalog lookup for the studio's languages: gettext .mo files read by hand (see i18n.h for why).
#include "studio/model/i18n.h"

#include <spdlog/spdlog.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "core/reason.h"
#include "studio/model/paths.h"

namespace dom::i18n {
namespace fs = std::filesystem;

namespace {

constexpr const char* kDomain = "dominoes-studio";
constexpr const char* kScenarioDomain = "dominoes-scenarios";

struct Catalog {
  std::unordered_map<std::string, std::string> one;
  std::unordered_map<std::string, std::vector<std::string>> plural;
};

struct Loaded {
  Catalog ui, scenarios;
  // Display forms and pseudo texts, keyed by msgid; never erased, so their c_str() stay valid.
  std::unordered_map<std::string, std::string> shown;
  std::unordered_map<std::string, std::string> shownScenario;
};

struct State {
  std::mutex mutex;
  std::string language = "en";
  unsigned generation = 0;
  std::string localeDir;
  bool localeDirSet = false;
  std::map<std::string, Loaded, std::less<>> loaded;
  Display display;
};

State& state() {
  static State s;
  return s;
}

std::uint32_t word(const std::string& b, std::size_t at, bool swap) {
  if (at + 4 > b.size()) return 0;
  std::uint32_t v = 0;
  std::memcpy(&v, b.data() + at, 4);
  if (swap) v = __builtin_bswap32(v);
  return v;
}

// Reads a .mo file into `c`. Returns empty or why not.
std::string readMo(const std::string& path, Catalog& c) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "cannot open " + path;
  const std::string b((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (b.size() < 28) return path + " is not a .mo file";
  const std::uint32_t magic = word(b, 0, false);
  const bool swap = magic == 0xde120495u;
  if (!swap && magic != 0x950412deu) return path + " is not a .mo file";
  const std::uint32_t n = word(b, 8, swap), originals = word(b, 12, swap), translations = word(b, 16, swap);
  if (n > (b.size() / 8)) return path + " is damaged";
  auto text = [&](std::uint32_t table, std::uint32_t i) -> std::string {
    const std::uint32_t len = word(b, table + 8 * i, swap), at = word(b, table + 8 * i + 4, swap);
    if (static_cast<std::size_t>(at) + len > b.size()) return {};
    return b.substr(at, len);
  };
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::string id = text(originals, i), str = text(translations, i);
    if (id.empty()) continue;  // the header
    const auto nul = id.find('\0');
    if (nul == std::string::npos) {
      c.one[id] = str;
      continue;
    }
    std::vector<std::string> forms;
    std::size_t from = 0;
    for (;;) {
      const auto z = str.find('\0', from);
      forms.push_back(str.substr(from, z == std::string::npos ? std::string::npos : z - from));
      if (z == std::string::npos) break;
      from = z + 1;
    }
    c.plural[id.substr(0, nul)] = std::move(forms);
  }
  return {};
}

// The plural form index of n in a language (the Plural-Forms of its .po).
std::size_t pluralIndex(std::string_view lang, long n) {
  if (lang == "fr") return n > 1 ? 1 : 0;
  if (lang == "hi") return n == 1 ? 0 : 1;
  if (lang == "pl") {
    if (n == 1) return 0;
    if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20)) return 1;
    return 2;
  }
  return n == 1 ? 0 : 1;
}

std::string dirOf(State& s) {
  if (!s.localeDirSet) {
    s.localeDir = localeDir();
    s.localeDirSet = true;
  }
  return s.localeDir;
}

Loaded& loadedOf(State& s, const std::string& code, std::string* error) {
  if (auto it = s.loaded.find(code); it != s.loaded.end()) return it->second;
  Loaded& l = s.loaded[code];
  if (code != "en" && code != "pseudo") {
    const fs::path dir = fs::path(dirOf(s)) / code / "LC_MESSAGES";
    std::string e = readMo((dir / (std::string(kDomain) + ".mo")).string(), l.ui);
    if (e.empty()) e = readMo((dir / (std::string(kScenarioDomain) + ".mo")).string(), l.scenarios);
    if (!e.empty() && error) *error = e;
  }
  return l;
}

// Core's words (reasons, obstacles) in the current language.
const char* coreWords(const char* english) { return tr(english); }
const char* corePlural(const char* one, const char* many, long n) { return trn(one, many, n); }

// The pseudo-locale's letters: each vowel and a few consonants with an accent (Latin-1 and
// Latin Extended-A, which the UI font holds).
std::string_view accent(char c) {
  switch (c) {
    case 'a': return "á";
    case 'e': return "é";
    case 'i': return "î";
    case 'o': return "ö";
    case 'u': return "ü";
    case 'c': return "ç";
    case 'n': return "ñ";
    case 'l': return "ł";
    case 's': return "ś";
    case 'y': return "ý";
    case 'A': return "Å";
    case 'E': return "É";
    case 'I': return "Î";
    case 'O': return "Ö";
    case 'U': return "Ü";
    case 'C': return "Ç";
    case 'N': return "Ñ";
    case 'S': return "Ś";
    default: return {};
  }
}

}  // namespace

const std::vector<Language>& languages() {
  static const std::vector<Language> all{{"en", "English"}, {"es", "Español"}, {"fr", "Français"},
                                         {"pl", "Polski"},  {"hi", "हिन्दी"},   {"pseudo", "Pseudo"}};
  return all;
}

bool known(std::string_view code) {
  for (const Language& l : languages())
    if (code == l.code) return true;
  return false;
}

std::string fromEnvironment() {
  auto fromLocale = [](std::string_view v) -> std::string {
    if (v.empty() || v == "C" || v == "POSIX" || v.starts_with("C.")) return {};
    const std::string code(v.substr(0, v.find_first_of("_.@")));
    return known(code) ? code : std::string();
  };
  if (const char* l = std::getenv("LANGUAGE"); l && *l) {
    std::istringstream in(l);
    for (std::string part; std::getline(in, part, ':');)
      if (auto c = fromLocale(part); !c.empty()) return c;
  }
  for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"})
    if (const char* v = std::getenv(var); v && *v) {
      // The first of these that is set decides, as for setlocale.
      auto c = fromLocale(v);
      return c.empty() ? "en" : c;
    }
  return "en";
}

std::string setLanguage(std::string_view code) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  std::string error;
  std::string c(code);
  if (!known(c)) {
    error = "no such language: " + c;
    c = "en";
  } else {
    Loaded& l = loadedOf(s, c, &error);
    if (!error.empty() || (c != "en" && c != "pseudo" && l.ui.one.empty())) {
      if (error.empty()) error = "the " + c + " catalog is empty";
      c = "en";
    }
  }
  if (c != s.language) ++s.generation;
  s.language = c;
  // Core formats its reasons through these (the CLI never sets them and stays English).
  setWords(c == "en" ? nullptr : coreWords, c == "en" ? nullptr : corePlural);
  return error;
}

const std::string& language() { return state().language; }
unsigned generation() { return state().generation; }
namespace {
bool gTouch = false;  // set once before the first frame, read by the UI thread only
}  // namespace
void setTouch(bool on) { gTouch = on; }
bool touch() { return gTouch; }

std::string localeDir() {
  if (const char* d = std::getenv("DOMINOES_LOCALEDIR"); d && *d) return d;
  std::error_code ec;
  if (const std::string exe = studio::paths::exeDir(); !exe.empty()) {
    const fs::path p = fs::path(exe) / ".." / "share" / "locale";
    if (fs::is_directory(p, ec)) return fs::weakly_canonical(p, ec).string();
  }
  std::vector<std::string> dirs;
  if (const char* home = std::getenv("XDG_DATA_HOME"); home && *home) dirs.emplace_back(home);
  if (const char* h = std::getenv("HOME"); h && *h) dirs.push_back(std::string(h) + "/.local/share");
  const char* xdg = std::getenv("XDG_DATA_DIRS");
  std::istringstream in(xdg && *xdg ? xdg : "/usr/local/share:/usr/share");
  for (std::string d; std::getline(in, d, ':');)
    if (!d.empty()) dirs.push_back(d);
  for (const auto& d : dirs)
    if (fs::exists(fs::path(d) / "locale" / "es" / "LC_MESSAGES" / (std::string(kDomain) + ".mo"), ec))
      return (fs::path(d) / "locale").string();
  return "/usr/share/locale";
}

void setLocaleDir(std::string dir) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  s.localeDir = std::move(dir);
  s.localeDirSet = true;
  s.loaded.clear();
}

namespace {
const char* lookup(const char* msgid, bool scenario) {
  if (!msgid || !*msgid) return msgid;
  State& s = state();
  std::lock_guard lock(s.mutex);
  if (s.language == "en") return msgid;
  Loaded& l = loadedOf(s, s.language, nullptr);
  auto& shown = scenario ? l.shownScenario : l.shown;
  if (auto it = shown.find(msgid); it != shown.end()) return it->second.c_str();
  std::string text;
  if (s.language == "pseudo") {
    text = pseudo(msgid);
  } else {
    const Catalog& c = scenario ? l.scenarios : l.ui;
    const auto it = c.one.find(msgid);
    text = it != c.one.end() && !it->second.empty() ? it->second : std::string(msgid);
  }
  if (s.display) text = s.display(text);
  return shown.emplace(msgid, std::move(text)).first->second.c_str();
}
}  // namespace

const char* tr(const char* msgid) { return lookup(msgid, false); }
const char* trScenario(const char* msgid) { return lookup(msgid, true); }

const char* trn(const char* one, const char* many, long n) {
  State& s = state();
  std::size_t form = 0;
  {
    std::lock_guard lock(s.mutex);
    if (s.language == "en") return n == 1 ? one : many;
    if (s.language == "pseudo")
      form = n == 1 ? 0 : 1;
    else {
      Loaded& l = loadedOf(s, s.language, nullptr);
      const auto it = l.ui.plural.find(one);
      if (it == l.ui.plural.end()) return n == 1 ? one : many;
      form = pluralIndex(s.language, n);
      if (form >= it->second.size() || it->second[form].empty()) return n == 1 ? one : many;
      // The key of a plural form's display text: msgid, a NUL-free separator, the form.
      const std::string key = std::string(one) + "\x04" + std::to_string(form);
      if (auto sh = l.shown.find(key); sh != l.shown.end()) return sh->second.c_str();
      std::string text = it->second[form];
      if (s.display) text = s.display(text);
      return l.shown.emplace(key, std::move(text)).first->second.c_str();
    }
  }
  return tr(form == 0 ? one : many);
}

std::string trScenarioLines(const std::string& text) {
  if (text.empty() || language() == "en") return text;
  std::string out;
  std::size_t from = 0;
  for (;;) {
    const auto nl = text.find('\n', from);
    const std::string line = text.substr(from, nl == std::string::npos ? std::string::npos : nl - from);
    out += trScenario(line.c_str());
    if (nl == std::string::npos) break;
    out += '\n';
    from = nl + 1;
  }
  return out;
}

std::string format(std::string_view pattern, std::initializer_list<std::string_view> args) {
  return dom::fill(pattern, args);  // core's one placeholder filler (reason.h), shared with the engine's words
}

std::string pseudo(std::string_view english) {
  std::string out = "[";
  std::size_t letters = 0;
  for (std::size_t i = 0; i < english.size(); ++i) {
    const char c = english[i];
    // Placeholders ({0}) and printf conversions (%s, %d, %.1f) stay as they are.
    if (c == '{' && i + 2 < english.size() && english[i + 2] == '}') {
      out.append(english.substr(i, 3));
      i += 2;
      continue;
    }
    if (c == '%' && i + 1 < english.size()) {
      std::size_t j = i + 1;
      while (j < english.size() && std::strchr("0123456789.-+ l", english[j])) ++j;
      out.append(english.substr(i, j + 1 - i));
      i = j;
      continue;
    }
    const std::string_view a = accent(c);
    if (a.empty())
      out += c;
    else
      out.append(a);
    if (std::isalpha(static_cast<unsigned char>(c))) ++letters;
  }
  // About 40% longer than the English: one filler per 2.5 letters.
  out.append(std::string((letters * 2 + 4) / 5, '~'));
  return out + "]";
}

void setDisplay(Display d) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  s.display = std::move(d);
  for (auto& [code, l] : s.loaded) {
    l.shown.clear();
    l.shownScenario.clear();
  }
  ++s.generation;
}

const char* shown(const char* text) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  if (!s.display) return text;
  static std::unordered_map<std::string, std::string> cache;
  auto it = cache.find(text);
  if (it == cache.end()) it = cache.emplace(text, s.display(text)).first;
  return it->second.c_str();
}

std::vector<std::string> catalogTexts(std::string_view code) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  Loaded& l = loadedOf(s, std::string(code), nullptr);
  std::vector<std::string> out;
  for (const Catalog* c : {&l.ui, &l.scenarios}) {
    for (const auto& [id, str] : c->one) out.push_back(str);
    for (const auto& [id, forms] : c->plural) out.insert(out.end(), forms.begin(), forms.end());
  }
  return out;
}

}  // namespace dom::i18n
