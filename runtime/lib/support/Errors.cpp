#include "support/Errors.h"

#include "support/CallSite.h"

#include <mpi.h>

#include <chrono>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <thread>

#include <cerrno>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace idtr {

Error::Error(const std::string &what)
    : std::runtime_error(what), site(currentSite()), kind(currentKind()) {}

void fail(const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  throw Error(buf);
}

void failOnEveryRank(int teamRank, const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  Error e(buf);
  e.reporter = teamRank == 0 ? Error::Reporter::This : Error::Reporter::Other;
  throw e;
}

void failOutOfMemory(size_t bytes) {
  fail("out of memory allocating %zu bytes", bytes);
}

int worldRankOrMinusOne() {
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  int rank = -1;
  if (init && !fin) {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
  }
  // Before the first idtr call (a program allocating its arrays) the
  // launcher still says which rank this process is.
  for (const char *var : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"})
    if (const char *v = std::getenv(var))
      return std::atoi(v);
  return rank;
}

namespace {

// The job this process belongs to, as the launcher names it (Open MPI's
// mpirun, or any PMIx launcher); nullptr when started without one.
const char *jobName() {
  if (const char *ns = std::getenv("PMIX_NAMESPACE"))
    return ns;
  return std::getenv("OMPI_MCA_ess_base_jobid");
}

uint64_t fnv1a(uint64_t h, const char *s) {
  for (; *s; ++s)
    h = (h ^ static_cast<unsigned char>(*s)) * 1099511628211ull;
  return h;
}

} // namespace

namespace {

// The launcher's directory for this job on this node, which it deletes
// with the job (Open MPI's mpirun: PMIX_SERVER_TMPDIR, the job family's
// session directory); nullptr when there is none.
const char *jobSessionDir() {
  for (const char *var : {"OMPI_MCA_orte_jobfam_session_dir", "PMIX_SERVER_TMPDIR"})
    if (const char *d = std::getenv(var))
      if (*d)
        return d;
  return nullptr;
}

} // namespace

ReportClaim::ReportClaim(const char *key) {
  static_assert(sizeof(addr_) >= sizeof(sockaddr_un), "room for a sockaddr_un");
  const char *job = jobName();
  if (!job)
    return; // alone: nobody to share the report with
  uint64_t h = fnv1a(fnv1a(1469598103934665603ull, job), "\n");
  h = fnv1a(h, key);
  // Preferably a file in the job's session directory: it outlives the
  // reporter, so a rank that arrives after the reporter printed and died
  // still sees the claim (an abstract socket's name dies with its process,
  // and such a late rank printed the message again). The launcher removes
  // the directory with the job.
  if (const char *dir = jobSessionDir()) {
    int n = std::snprintf(path_, sizeof(path_), "%s/idtr-report-%016llx", dir,
                          static_cast<unsigned long long>(h));
    if (n > 0 && n < static_cast<int>(sizeof(path_))) {
      int fd = open(path_, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
      if (fd >= 0) {
        fd_ = fd;
        return;
      }
      if (errno == EEXIST) {
        first_ = false;
        return;
      }
    }
    path_[0] = 0; // no file claims here: fall back to the socket
  }
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return;
  // An abstract socket name (leading NUL): no file to clean up, and the
  // kernel releases the name when the process dies.
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  int n = std::snprintf(addr.sun_path + 1, sizeof(addr.sun_path) - 1, "idtr-report-%s-%016llx",
                        job, static_cast<unsigned long long>(h));
  addrLen_ = static_cast<int>(offsetof(sockaddr_un, sun_path) + 1 + n);
  std::memcpy(addr_, &addr, sizeof(addr));
  if (bind(fd, reinterpret_cast<sockaddr *>(&addr), addrLen_) == 0) {
    fd_ = fd;
    return;
  }
  close(fd);
  // Another process of this job on this node already reports the same thing.
  first_ = false;
}

void ReportClaim::printed() {
  if (fd_ < 0)
    return;
  if (path_[0]) {
    // A non-empty file says "printed" (fsync is not needed: the readers
    // share this node's page cache).
    ssize_t ignored = write(fd_, "1", 1);
    (void)ignored;
    return;
  }
  listen(fd_, 64); // from now on, connecting succeeds: the report is out
}

bool ReportClaim::reporterDone() const {
  if (path_[0]) {
    struct stat st;
    // A vanished file: the launcher removed the job's directory, the job is over.
    return stat(path_, &st) != 0 || st.st_size > 0;
  }
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return true;
  bool ok = connect(fd, reinterpret_cast<const sockaddr *>(addr_), addrLen_) == 0;
  close(fd);
  return ok;
}

void ReportClaim::waitForReporter(double seconds) const {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < deadline && !reporterDone())
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

// Inside a call the compiled program located (CallSite.h), the message
// names the user's op: "prog.mlir:10:8: error: dist.gather: <what>".
// The entry point's name that most messages start with ("copy_reshape: ")
// is dropped there: the user wrote the op, not the call it became.
void abortWithError(const std::string &what) {
  abortWithErrorAt(currentSite(), currentKind(), what);
}

void abortWithErrorAt(const char *site, const char *kind, const std::string &what,
                      Error::Reporter reporter) {
  std::string text = what;
  if (site && *site)
    if (kind) {
      std::string lead = std::string(kind) + ": ";
      if (text.compare(0, lead.size(), lead) == 0)
        text.erase(0, lead.size());
    }
  abortWithReport(errorPrefix(site).c_str(), text, reporter);
}

void abortWithReport(const char *prefix, const std::string &what, Error::Reporter reporter) {
  std::fflush(stdout);
  if (reporter == Error::Reporter::Other) {
    // The team's rank 0 detects the same and ends the job within moments.
    // Should it not (stuck elsewhere), report as any other error.
    std::this_thread::sleep_for(std::chrono::seconds(10));
    reporter = Error::Reporter::Claim;
  }
  if (reporter == Error::Reporter::This) {
    std::fprintf(stderr, "%s%s (rank %d)\n", prefix, what.c_str(), worldRankOrMinusOne());
    std::fflush(stderr);
  } else {
    // When ranks detect the same inconsistency without a designated
    // reporter (the compiled program's checks, the watchdog), the first
    // rank on the node to claim the message prints it; the others wait
    // until it is out (so that their MPI_Abort cannot kill the reporter
    // before it writes) and then abort silently. The job ends with the
    // first abort. A rank that arrives after the reporter died finds the
    // name free and prints again: where the team is known, such errors are
    // raised with failOnEveryRank instead.
    ReportClaim claim((prefix + what).c_str());
    if (claim.first()) {
      std::fprintf(stderr, "%s%s (rank %d)\n", prefix, what.c_str(), worldRankOrMinusOne());
      std::fflush(stderr);
      claim.printed();
    } else {
      claim.waitForReporter(5.0);
      // The reporter's MPI_Abort ends the job within moments; aborting too
      // at the same moment made Open MPI's mpirun garble its help messages
      // ("ORTE_ERROR_LOG: Data unpack would read past end of buffer"). Abort
      // only if the reporter did not (it might be stuck).
      std::this_thread::sleep_for(std::chrono::seconds(10));
    }
  }
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  // MPI_Abort, never abort(): a signal would make Open MPI print a backtrace
  // of every rank on stdout.
  if (init && !fin)
    MPI_Abort(MPI_COMM_WORLD, 1);
  std::_Exit(1);
}

void warn(const std::string &what) {
  std::fprintf(stderr, "idtr: warning: %s (rank %d)\n", what.c_str(), worldRankOrMinusOne());
  std::fflush(stderr);
}

} // namespace idtr
