// SPDX-License-Identifier: MIT
// `dominoes worksheet LESSON --out FILE.pdf [--lang CODE]` (cmd_worksheet.h).
#include "cli/cmd_worksheet.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <string>

#include "core/files.h"
#include "studio/model/i18n.h"
#include "studio/print/worksheet.h"

namespace dom::cli {

struct WorksheetCommand::Options {
  std::string lesson, out, lang = "en";
};

WorksheetCommand::WorksheetCommand(CLI::App& app) : o_(std::make_unique<Options>()) {
  sub_ = app.add_subcommand("worksheet",
                            "Write a lesson's worksheet as PDF: each task's position, question and room to answer, "
                            "the answer key on the last page");
  sub_->add_option("LESSON", o_->lesson, "the lesson (a DGN record with tasks)")->required()->check(CLI::ExistingFile);
  sub_->add_option("--out", o_->out, "the PDF to write")->required()->type_name("FILE");
  sub_->add_option("--lang", o_->lang, "its language: en, es, fr, pl or hi (default en)")->type_name("LANG");
}

WorksheetCommand::~WorksheetCommand() = default;

bool WorksheetCommand::chosen() const { return sub_->parsed(); }

int WorksheetCommand::run() const {
  if (!i18n::known(o_->lang) || o_->lang == "pseudo") {
    std::fprintf(stderr, "dominoes worksheet: --lang: '%s' is not en, es, fr, pl or hi\n",
                 files::printable(files::cut(o_->lang, 20)).c_str());
    return 2;
  }
  if (std::string err = i18n::setLanguage(o_->lang); !err.empty()) {
    std::fprintf(stderr, "dominoes worksheet: %s\n", err.c_str());
    return 1;
  }
  if (std::string err = studio::writeWorksheet(o_->lesson, o_->out); !err.empty()) {
    std::fprintf(stderr, "dominoes worksheet: %s\n", err.c_str());
    return 1;
  }
  std::fprintf(stderr, "wrote %s\n", files::printable(o_->out).c_str());
  return 0;
}

}  // namespace dom::cli
