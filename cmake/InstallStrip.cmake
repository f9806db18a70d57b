# Strip installed binaries by default.
#
# distc and distc-opt link LLVM, MLIR and LLD statically: unstripped, the
# install is 474 MB, 135 MB of it symbol tables that only the compiler's
# crash backtraces would read. CMake strips only when the
# install asks for it (`cmake --install --strip`, the `install/strip`
# target, CPack with CPACK_STRIP_FILES); this makes a plain
# `cmake --install build` strip too, unless configured with
# -DDISTC_INSTALL_STRIP=OFF or installed with DISTC_INSTALL_NO_STRIP=1 in the
# environment. Static archives are never stripped (CMake does not strip
# them, and they must keep their symbols anyway).
#
# Included before any target's install rule: it sets the variable that the
# rules after it read. ALL_COMPONENTS: also for `--component X` installs.
if(DISTC_INSTALL_STRIP)
  install(CODE [[
    if(NOT DEFINED CMAKE_INSTALL_DO_STRIP AND NOT "$ENV{DISTC_INSTALL_NO_STRIP}")
      set(CMAKE_INSTALL_DO_STRIP 1)
    endif()
  ]] ALL_COMPONENTS)
endif()
