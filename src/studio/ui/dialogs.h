// SPDX-License-Identifier: MIT
// The studio's modal dialogs as objects, like the panes (panes.h): New game, Open, Save as, Export
// PNG, the error, the confirmation before dropping unsaved moves, and About. Each opens on the intent
// that asks for it, draws itself while it is open, and says what the user chose as intents. App owns
// them and routes the window's intents to them; nothing else reaches into their state.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "studio/model/actions.h"
#include "studio/model/session.h"

namespace dom::studio {

// What a dialog reads: the session, the actions' context (the About dialog's key table) and the
// folder the Open dialog starts in when no file is open.
struct DialogContext {
  const Session& session;
  const ActionContext& actions;
  const std::string& scenariosDir;
};

class Dialog {
 public:
  Dialog() = default;
  Dialog(const Dialog&) = delete;
  Dialog& operator=(const Dialog&) = delete;
  Dialog(Dialog&&) = delete;
  Dialog& operator=(Dialog&&) = delete;
  virtual ~Dialog() = default;
  // Takes an intent that opens this dialog: true when it did (the intent then goes no further).
  virtual bool opens(const Intent& in, const DialogContext& c) = 0;
  // Once a frame: opens the popup when asked, draws it while it is open, adds the user's choice.
  virtual void draw(const DialogContext& c, Intents& out) = 0;
  // Its part of the state dump (--dump-state), and of the open popup's entry when it is the popup.
  virtual void dump(nlohmann::json& state) const { (void)state; }
  virtual void dumpPopup(const std::string& popupName, nlohmann::json& popup) const {
    (void)popupName;
    (void)popup;
  }
  // Blocks until its background work is done (an engine asked for its options by New game): the
  // script's wait-dialog, never the frame. The next frame shows the result.
  virtual void waitForWork() {}
};

// The dialogs, in the order they are drawn.
[[nodiscard]] std::vector<std::unique_ptr<Dialog>> makeDialogs();

}  // namespace dom::studio
