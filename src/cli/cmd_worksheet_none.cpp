// SPDX-License-Identifier: MIT
// A build without the studio (DOMINOES_STUDIO=OFF) has no worksheet writer: the command is not offered.
#include "cli/cmd_worksheet.h"

#include <string>

namespace dom::cli {

struct WorksheetCommand::Options {};

WorksheetCommand::WorksheetCommand(CLI::App& /*app*/) {}
WorksheetCommand::~WorksheetCommand() = default;
bool WorksheetCommand::chosen() const { return false; }
int WorksheetCommand::run() const { return 2; }

}  // namespace dom::cli
