// main() of the MPI test executable: every rank runs all tests (the library
// calls are collective); only rank 0 prints gtest output; the exit code is
// non-zero if any rank failed.
#include "TestSupport.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdio>

namespace {
// On ranks other than 0 the default printer is removed; failures still show
// on stderr, tagged with the rank.
class RankFailurePrinter : public ::testing::EmptyTestEventListener {
public:
  explicit RankFailurePrinter(int rank) : rank_(rank) {}
  void OnTestPartResult(const ::testing::TestPartResult &r) override {
    if (r.failed())
      std::fprintf(stderr, "[rank %d] %s:%d: %s\n", rank_, r.file_name() ? r.file_name() : "?",
                   r.line_number(), r.summary());
  }

private:
  int rank_;
};
} // namespace

// Under DISTC_ENABLE_SANITIZERS: Open MPI keeps allocations until exit that
// LeakSanitizer would report; leaks of the runtime itself are not the
// question these tests answer.
extern "C" const char *__asan_default_options() { return "detect_leaks=0"; }

int main(int argc, char **argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  ::testing::InitGoogleTest(&argc, argv);
  int rank = idtr_test::worldRank();
  if (rank != 0) {
    auto &listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new RankFailurePrinter(rank));
  } else {
    std::printf("idtr-mpi-tests: %d ranks, seed %llu (set IDTR_TEST_SEED to reproduce)\n",
                idtr_test::worldSize(), static_cast<unsigned long long>(idtr_test::testSeed()));
    std::fflush(stdout);
  }
  int failed = RUN_ALL_TESTS() != 0 ? 1 : 0;
  int anyFailed = 0;
  MPI_Allreduce(&failed, &anyFailed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (anyFailed && rank == 0)
    std::printf("idtr-mpi-tests: FAILED on at least one rank\n");
  if (failed)
    std::fprintf(stderr, "idtr-mpi-tests: rank %d had failures\n", rank);
  MPI_Finalize();
  return anyFailed;
}
