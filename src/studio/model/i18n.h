// SPDX-License-Identifier: MIT
// The studio's languages: English (the msgids), Spanish, French, Polish, Hindi and a pseudo-locale.
// Catalogs are gettext .mo files compiled by msgfmt from po/ at build time. They are read here rather
// than through glibc's gettext() so that switching takes effect at once, without a restart and
// without the system having the matching locale installed (a container often has only C.UTF-8).
//   _("text")                    the text in the current language (a pointer that stays valid)
//   N_("text")                   marks a text for xgettext; translate it later with _()
//   P_("one", "many", n)         ngettext: the plural form for n
//   S_("text")                   a scenario's title, about or note (the dominoes-scenarios catalog)
//   i18n::format(_("{0} of {1}"), {a, b})   placeholders, so a translation can move the words
#pragma once
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace dom::i18n {

struct Language {
  const char* code;    // "en", "es", "fr", "pl", "hi", "pseudo"
  const char* native;  // the language's name in itself
};
// Every language the studio offers, English first.
[[nodiscard]] const std::vector<Language>& languages();
[[nodiscard]] bool known(std::string_view code);

// The language the environment asks for: the first of LANGUAGE (a colon list), LC_ALL, LC_MESSAGES,
// LANG that names a known language ("es_ES.UTF-8" is es); "en" when none does.
[[nodiscard]] std::string fromEnvironment();

// Switches every translated text to `code` (a known code); loads its catalogs on first use. Returns
// empty, or why the catalog could not be read (the language is then English).
std::string setLanguage(std::string_view code);
[[nodiscard]] const std::string& language();
// Bumped by every switch: caches of translated text compare it.
[[nodiscard]] unsigned generation();
// Words for fingers (issue 53 #5): on a touch screen the words say "tap" and name no key ("Tap a
// ghost to play the tile there." for "Click a ghost, or Left/Right to choose and Enter to play.").
// Set once at start (--touch; the web page passes it when the browser's pointer is coarse).
void setTouch(bool on);
[[nodiscard]] bool touch();

// The folder holding LANG/LC_MESSAGES/dominoes-studio.mo: EXE/../share/locale (the build tree or an
// installed prefix), else DIR/locale for each XDG data dir; DOMINOES_LOCALEDIR overrides.
[[nodiscard]] std::string localeDir();
// Tests: read catalogs from this folder instead.
void setLocaleDir(std::string dir);

[[nodiscard]] const char* tr(const char* msgid);
[[nodiscard]] const char* trn(const char* one, const char* many, long n);
[[nodiscard]] const char* trScenario(const char* msgid);
// A scenario text, one line at a time (captions join notes with line breaks).
[[nodiscard]] std::string trScenarioLines(const std::string& text);

// Replaces {0}..{9} in `pattern` by args.
[[nodiscard]] std::string format(std::string_view pattern, std::initializer_list<std::string_view> args);

// The pseudo-locale's text for an English one: accented letters, ~40% longer, in brackets.
[[nodiscard]] std::string pseudo(std::string_view english);

// The display form of a translated text (the studio sets it to shape Devanagari; identity otherwise).
using Display = std::function<std::string(std::string_view)>;
// Called once before the first frame: texts already returned by _() are made again after it.
void setDisplay(Display d);
// The display form of a text that is not translated (a language's own name in the Language menu).
[[nodiscard]] const char* shown(const char* text);
// Every msgstr of a language's catalogs (the shaper prepares its glyphs from them).
[[nodiscard]] std::vector<std::string> catalogTexts(std::string_view code);

}  // namespace dom::i18n

#define _(s) ::dom::i18n::tr(s)
#define N_(s) s
#define P_(one, many, n) ::dom::i18n::trn(one, many, static_cast<long>(n))
#define S_(s) ::dom::i18n::trScenario(s)
