# lit configuration for distc. Paths come from lit.site.cfg.py (generated).
import os
import lit.formats

config.name = "distc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test", ".c"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.distc_obj_root, "test")

# Open MPI refuses to run as root unless told; tests oversubscribe the 2 cores.
for var in ("OMPI_ALLOW_RUN_AS_ROOT", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"):
    config.environment[var] = "1"
# The point-to-point layer every test job ends up with on one host: named, so
# that MPI_Init does not first probe the matching-transport layers (libfabric
# and friends) that find no network here. That probe is half of a small
# job's start-up (0.55 s -> 0.28 s for mpirun -n 2 of an empty program), and
# the suite starts some thousand jobs. A value in the caller's environment
# wins.
config.environment["OMPI_MCA_pml"] = "ob1"
for var in ("HOME", "PATH", "TMPDIR", "IDTR_STATS", "IDTR_TIMEOUT",
            "IDTR_DIRECT_MIN_BYTES", "OMPI_MCA_btl", "OMPI_MCA_pml",
            "OMPI_MCA_mca_base_component_disable_dlclose",
            "ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment["PATH"] = os.pathsep.join(
    [config.distc_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "/usr/bin:/bin")])

# numpy checks (.npy files, numpy-computed references, the random
# differential test): numpy may be installed for another Python than the
# first python3 on PATH (a pyenv shim, say): the first of these that
# imports it is %numpy-python, and the feature `numpy` says that there is
# one; tests that need it are skipped without.
import shutil
import subprocess

for candidate in ("python3", "/usr/bin/python3", "/usr/local/bin/python3"):
    exe = shutil.which(candidate)
    if not exe:
        continue
    try:
        ok = subprocess.run([exe, "-c", "import numpy"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, timeout=60).returncode == 0
    except (OSError, subprocess.SubprocessError):
        ok = False
    if ok:
        config.available_features.add("numpy")
        config.substitutions.append(("%numpy-python", exe))
        break

mpirun = "%s --allow-run-as-root --oversubscribe --bind-to none" % config.mpirun
config.substitutions.extend([
    ("%distc-opt", os.path.join(config.distc_tools_dir, "distc-opt")),
    ("%distc", os.path.join(config.distc_tools_dir, "distc")),
    ("%mpirun", mpirun),
    ("%bindir", config.distc_tools_dir),
    ("%libdir", config.distc_lib_dir),
    ("%srcroot", config.distc_src_root),
    ("%idtr_include", os.path.join(config.distc_src_root, "runtime", "include")),
    # With sanitizers, libidtr.a is instrumented by clang: C test programs
    # link with the same compiler and sanitizer runtimes.
    ("%mpicc", "env OMPI_CC=%s %s -fsanitize=address,undefined -fsanitize-link-c++-runtime"
     % (config.c_compiler, config.mpi_c_compiler) if config.sanitizers else config.mpi_c_compiler),
    ("%cc", config.c_compiler),
    ("%cxx", config.cxx_compiler),
])

# After the %-substitutions above (so that %distc is not rewritten twice):
# bare tool names in RUN lines resolve to the build's tools first, then
# LLVM's, as in upstream MLIR's and mlir/examples/standalone's lit setup.
import lit.llvm
lit.llvm.initialize(lit_config, config)
from lit.llvm import llvm_config
llvm_config.use_default_substitutions()
llvm_config.add_tool_substitutions(
    ["distc", "distc-opt", "distc-lsp-server", "mlir-opt", "mlir-translate"],
    [config.distc_tools_dir, config.llvm_tools_dir])

if config.build_compiler:
    config.available_features.add("compiler")
if config.sanitizers:
    config.available_features.add("sanitizers")
