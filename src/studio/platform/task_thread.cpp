// SPDX-License-Identifier: MIT
// platform::Task as a thread of its own: the desktop's background jobs (and the fuzz build's). The
// web page has its own (web.cpp): no threads without SharedArrayBuffer.
#include <thread>

#include "studio/platform/platform.h"

namespace dom::studio::platform {

struct Task::Impl {
  std::thread thread;
};
Task::Task(std::function<void()> job) : impl_(std::make_unique<Impl>()) {
  if (job) impl_->thread = std::thread(std::move(job));
}
Task::Task(Task&&) noexcept = default;
Task& Task::operator=(Task&&) noexcept = default;
Task::~Task() = default;
void Task::join() {
  if (impl_ && impl_->thread.joinable()) impl_->thread.join();
}
void Task::detach() {
  if (impl_ && impl_->thread.joinable()) impl_->thread.detach();
}

}  // namespace dom::studio::platform
