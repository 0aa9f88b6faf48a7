// SPDX-License-Identifier: MIT
// An engine's process on POSIX: /bin/sh -c CMD in its own process group, its standard input and
// output on non-blocking pipes, ended with SIGTERM then SIGKILL and always reaped. A broken pipe is
// an error returned by write(), never a signal: SIGPIPE is blocked in the writing thread and any
// pending one taken back.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "ai/engine.h"

extern char** environ;

namespace dom::ai {

bool enginesSupported() { return true; }

namespace {

class PosixProcess final : public EngineProcess {
 public:
  PosixProcess(pid_t pid, int in, int out) : pid_(pid), in_(in), out_(out) {}
  ~PosixProcess() override {
    kill(200);
    if (in_ >= 0) ::close(in_);
    if (out_ >= 0) ::close(out_);
  }
  PosixProcess(const PosixProcess&) = delete;
  PosixProcess& operator=(const PosixProcess&) = delete;

  bool write(std::string_view text, int timeoutMs) override {
    if (in_ < 0) return false;
    sigset_t pipe, old, pending;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    ::pthread_sigmask(SIG_BLOCK, &pipe, &old);
    sigpending(&pending);
    const bool wasPending = sigismember(&pending, SIGPIPE) == 1;
    bool ok = true;
    while (!text.empty()) {
      const ssize_t n = ::write(in_, text.data(), text.size());
      if (n > 0) {
        text.remove_prefix(static_cast<std::size_t>(n));
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && errno == EAGAIN) {
        pollfd p{in_, POLLOUT, 0};
        if (::poll(&p, 1, timeoutMs) > 0 && !(p.revents & (POLLERR | POLLHUP))) continue;
      }
      ok = false;
      break;
    }
    if (!wasPending) {
      sigpending(&pending);
      if (sigismember(&pending, SIGPIPE) == 1) {
        const timespec zero{0, 0};
        (void)sigtimedwait(&pipe, nullptr, &zero);
      }
    }
    ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
    if (!ok) {
      ::close(in_);
      in_ = -1;
    }
    return ok;
  }

  bool read(std::string& into, int timeoutMs) override {
    if (out_ < 0) return false;
    pollfd p{out_, POLLIN, 0};
    int r = 0;
    do {
      r = ::poll(&p, 1, timeoutMs);
    } while (r < 0 && errno == EINTR);
    if (r <= 0) return true;
    char chunk[65536];
    const ssize_t n = ::read(out_, chunk, sizeof chunk);
    if (n > 0) {
      into.append(chunk, static_cast<std::size_t>(n));
      return true;
    }
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return true;
    return false;
  }

  std::string exitText(int waitMs) override {
    reap(waitMs);
    if (!reaped_) return {};
    if (WIFEXITED(status_)) {
      const int code = WEXITSTATUS(status_);
      std::string t = "exited with status " + std::to_string(code);
      if (code > 128 && code < 160)  // a shell's report of its command's signal
        t += " (signal " + std::to_string(code - 128) + ", " + ::strsignal(code - 128) + ")";
      return t;
    }
    if (WIFSIGNALED(status_))
      return "was killed by signal " + std::to_string(WTERMSIG(status_)) + " (" + ::strsignal(WTERMSIG(status_)) + ")";
    return "ended";
  }

  void kill(int waitMs) override {
    if (!reaped_) {
      ::kill(-pid_, SIGTERM);
      reap(waitMs);
    }
    ::kill(-pid_, SIGKILL);  // the leader's children too, whatever the leader did
    if (!reaped_ && ::waitpid(pid_, &status_, 0) == pid_) reaped_ = true;
  }

 private:
  // Reaps the leader if it ends within waitMs.
  void reap(int waitMs) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(waitMs);
    while (!reaped_) {
      const pid_t r = ::waitpid(pid_, &status_, WNOHANG);
      if (r == pid_ || (r < 0 && errno == ECHILD)) {
        reaped_ = true;
        break;
      }
      if (std::chrono::steady_clock::now() >= until) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  pid_t pid_;
  int in_, out_;
  int status_ = 0;
  bool reaped_ = false;
};

}  // namespace

std::unique_ptr<EngineProcess> startEngineProcess(const std::string& command, std::string& error) {
  int in[2], out[2];
  if (::pipe2(in, O_CLOEXEC) != 0) {
    error = std::strerror(errno);
    return nullptr;
  }
  if (::pipe2(out, O_CLOEXEC) != 0) {
    error = std::strerror(errno);
    ::close(in[0]);
    ::close(in[1]);
    return nullptr;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int sig : {SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGCHLD}) sigaddset(&defaults, sig);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  // A simple command is exec'd by the shell, so that the engine is the host's own child: its exit,
  // its signal and its closed output are then its own, not hidden by a shell that waits for it.
  const bool simple = command.find_first_of(";&|()`\n") == std::string::npos;
  std::string sh = "/bin/sh", dashC = "-c", cmd = simple ? "exec " + command : command;
  char* argv[] = {sh.data(), dashC.data(), cmd.data(), nullptr};
  pid_t pid = 0;
  const int rc = ::posix_spawn(&pid, "/bin/sh", &fa, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  ::close(in[0]);
  ::close(out[1]);
  if (rc != 0) {
    error = std::strerror(rc);
    ::close(in[1]);
    ::close(out[0]);
    return nullptr;
  }
  ::fcntl(in[1], F_SETFL, ::fcntl(in[1], F_GETFL) | O_NONBLOCK);
  ::fcntl(out[0], F_SETFL, ::fcntl(out[0], F_GETFL) | O_NONBLOCK);
  return std::make_unique<PosixProcess>(pid, in[1], out[0]);
}

}  // namespace dom::ai
