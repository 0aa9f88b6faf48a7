// SPDX-License-Identifier: MIT
// Background work for the studio: a computer's move, an analysis. The frame never waits for it: a
// job runs on its own thread (platform::Task; in the web page it runs to its end when started, or is
// asked of the page's worker as text), the
// frame polls for its result, and a result whose key no longer matches what the frame wants is
// dropped (the position changed while it ran).
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "studio/platform/platform.h"

namespace dom::studio {

// What a job sees: its cancel flag (set when its result is no longer wanted) and its progress (0..1).
struct JobControl {
  std::atomic<bool> cancel{false};
  std::atomic<double> progress{0};
};

template <class T>
class Background {
 public:
  using Job = std::function<T(JobControl&)>;
  Background() = default;
  // joinAtExit false: a job that cannot be told to stop (it ignores its cancel flag) is left to
  // finish on its own when the Background goes (its thread is detached; it owns all it uses).
  explicit Background(bool joinAtExit) : joinAtExit_(joinAtExit) {}
  Background(const Background&) = delete;
  Background& operator=(const Background&) = delete;
  ~Background() {
    cancel();
    for (auto& r : retired_) {
      if (joinAtExit_)
        r.thread.join();
      else
        r.thread.detach();
    }
  }

  // Starts `job` for `key`, cancelling the job that runs (its result will be dropped).
  void start(std::uint64_t key, Job job) {
    cancel();
    auto state = std::make_shared<State>();
    state->key = key;
    Running r{state, platform::Task([state, job = std::move(job)] {
                std::optional<T> out;
                try {
                  out = job(state->control);
                } catch (...) {
                  state->failed = true;
                }
                std::lock_guard lock(state->mutex);
                state->result = std::move(out);
                state->done = true;
              })};
    running_ = std::move(r);
  }

  // Starts the job for `key` on the platform's worker (platform::hasWorker(), the web page's):
  // `request` goes to the channel's worker as text and `read` turns the answer into the result (a
  // throw fails the job). One channel serves one Background: cancelling this job ends its work.
  void ask(std::uint64_t key, platform::Channel channel, const std::string& request,
           std::function<T(const std::string&)> read) {
    cancel();
    auto state = std::make_shared<State>();
    state->key = key;
    state->remote = true;
    state->channel = channel;
    running_ = Running{state, platform::Task(nullptr)};
    platform::askWorker(
        channel, request,
        [state, read = std::move(read)](const std::string& answer) {
          std::optional<T> out;
          try {
            out = read(answer);
          } catch (...) {
            state->failed = true;
          }
          std::lock_guard lock(state->mutex);
          state->result = std::move(out);
          state->done = true;
        },
        [state](double p) { state->control.progress = p; });
  }

  // The running job's result is no longer wanted: it is told to stop, and its thread is joined
  // later, once it has finished (never here: the frame does not wait). A job on the worker is
  // dropped there.
  void cancel() {
    if (!running_) return;
    running_->state->control.cancel = true;
    if (running_->state->remote) {
      std::lock_guard lock(running_->state->mutex);
      if (!running_->state->done) platform::cancelWorker(running_->state->channel);
      running_->state->done = true;
    }
    retired_.push_back(std::move(*running_));
    running_.reset();
    reap();
  }

  // The result of the job started for `key`, once it is done (the job is then forgotten).
  std::optional<T> take(std::uint64_t key) {
    reap();
    if (!running_ || running_->state->key != key) return std::nullopt;
    std::optional<T> out;
    {
      std::lock_guard lock(running_->state->mutex);
      if (!running_->state->done) return std::nullopt;
      out = std::move(running_->state->result);
    }
    running_->thread.join();  // done: returns at once
    running_.reset();
    return out;
  }

  // A job runs for `key` (it may have finished and wait to be taken).
  [[nodiscard]] bool runs(std::uint64_t key) const { return running_ && running_->state->key == key; }
  [[nodiscard]] bool busy() const { return running_.has_value(); }
  // No job runs, or the one that runs is done (what wait() waits for, without waiting).
  [[nodiscard]] bool settled() const {
    if (!running_) return true;
    std::lock_guard lock(running_->state->mutex);
    return running_->state->done;
  }
  [[nodiscard]] double progress() const { return running_ ? running_->state->control.progress.load() : 0.0; }
  // Blocks until the running job is done (tests and scripted runs only; the frame never calls it).
  void wait() {
    if (!running_) return;
    for (;;) {
      {
        std::lock_guard lock(running_->state->mutex);
        if (running_->state->done) return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  // Waits at most `most` for the running job to be done; true when it is (a short job's result can
  // then be taken in the same frame, a long one goes on in the background).
  bool waitFor(std::chrono::milliseconds most) {
    const auto until = std::chrono::steady_clock::now() + most;
    while (running_) {
      {
        std::lock_guard lock(running_->state->mutex);
        if (running_->state->done) return true;
      }
      if (std::chrono::steady_clock::now() >= until) return false;
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    return false;
  }
  // Threads of cancelled jobs still running (tests).
  [[nodiscard]] std::size_t retiredCount() {
    reap();
    return retired_.size();
  }

 private:
  struct State {
    std::uint64_t key = 0;
    JobControl control;
    std::mutex mutex;
    std::optional<T> result;
    bool done = false;
    bool failed = false;
    bool remote = false;  // asked of the platform's worker (ask())
    platform::Channel channel = platform::Channel::Computer;
  };
  struct Running {
    std::shared_ptr<State> state;
    platform::Task thread;
  };
  // Joins the cancelled jobs that have finished.
  void reap() {
    for (auto it = retired_.begin(); it != retired_.end();) {
      bool done = false;
      {
        std::lock_guard lock(it->state->mutex);
        done = it->state->done;
      }
      if (done) {
        it->thread.join();
        it = retired_.erase(it);
      } else {
        ++it;
      }
    }
  }
  std::optional<Running> running_;
  std::vector<Running> retired_;
  bool joinAtExit_ = true;
};

}  // namespace dom::studio
