# The installed toolchain around the targets' own install rules
# (docs/install.md): the CMake package `Distc`, idtr.pc for pkg-config, the
# man page and the documentation.
#
# Components: `runtime` (libidtr.a, libidtr.so, idtr.h, the CMake package,
# idtr.pc), `compiler` (distc, distc-opt; driver/*/CMakeLists.txt) and
# `docs`. A plain `cmake --install` installs all three.
#
# Relocatable: no installed file names the prefix. The CMake package finds
# the prefix from its own location (configure_package_config_file's
# PACKAGE_PREFIX_DIR), idtr.pc from ${pcfiledir}, distc from /proc/self/exe.
# The only absolute paths are the system's (MPI, the C runtime).
include(CMakePackageConfigHelpers)

# Where CMake's find_package and pkg-config look under a prefix.
set(DISTC_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Distc)
set(DISTC_INSTALL_PKGCONFIGDIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# --- CMake package: find_package(Distc) -> Distc::idtr, Distc::distc -------
install(EXPORT DistcTargets
  NAMESPACE Distc::
  DESTINATION ${DISTC_INSTALL_CMAKEDIR}
  FILE DistcTargets.cmake
  COMPONENT runtime)
configure_package_config_file(cmake/DistcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/DistcConfig.cmake
  INSTALL_DESTINATION ${DISTC_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_BINDIR CMAKE_INSTALL_INCLUDEDIR)
# 0.x: minor versions are not compatible with each other.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/DistcConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/DistcConfig.cmake
  ${PROJECT_BINARY_DIR}/DistcConfigVersion.cmake
  DESTINATION ${DISTC_INSTALL_CMAKEDIR}
  COMPONENT runtime)

# --- pkg-config: idtr.pc ---------------------------------------------------
# The prefix as seen from the .pc file's directory (pkg-config's pcfiledir),
# and the directories as seen from the prefix. Only relative install
# directories are relocatable; absolute ones are kept as they are.
foreach(dir IN ITEMS CMAKE_INSTALL_BINDIR CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_INCLUDEDIR)
  if(IS_ABSOLUTE "${${dir}}")
    message(WARNING "distc: ${dir}=${${dir}} is absolute: the install is not relocatable")
  endif()
endforeach()
if(IS_ABSOLUTE "${DISTC_INSTALL_PKGCONFIGDIR}")
  set(IDTR_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH rel
    ${CMAKE_INSTALL_PREFIX}/${DISTC_INSTALL_PKGCONFIGDIR} ${CMAKE_INSTALL_PREFIX})
  string(REGEX REPLACE "/$" "" rel "${rel}")
  set(IDTR_PC_PREFIX "\${pcfiledir}/${rel}")
endif()
foreach(dir IN ITEMS LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(IDTR_PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(IDTR_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
# What a static link of libidtr.a needs after it (pkg-config --static): MPI as
# FindMPI found it (absolute system paths), with a run path to its directory
# as distc's own link line has (a non-system MPI is found at run time), and
# the C++ runtime.
set(IDTR_PC_LIBS_PRIVATE "")
separate_arguments(mpi_link_flags NATIVE_COMMAND "${MPI_C_LINK_FLAGS}")
foreach(flag IN LISTS mpi_link_flags MPI_C_LIBRARIES)
  string(APPEND IDTR_PC_LIBS_PRIVATE " ${flag}")
endforeach()
set(mpi_dirs "")
foreach(lib IN LISTS MPI_C_LIBRARIES)
  get_filename_component(d "${lib}" DIRECTORY)
  list(APPEND mpi_dirs "${d}")
endforeach()
list(REMOVE_DUPLICATES mpi_dirs)
foreach(d IN LISTS mpi_dirs)
  string(APPEND IDTR_PC_LIBS_PRIVATE " -Wl,-rpath,${d}")
endforeach()
string(APPEND IDTR_PC_LIBS_PRIVATE " -lstdc++ -lm")
string(STRIP "${IDTR_PC_LIBS_PRIVATE}" IDTR_PC_LIBS_PRIVATE)
configure_file(runtime/idtr.pc.in ${PROJECT_BINARY_DIR}/idtr.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/idtr.pc
  DESTINATION ${DISTC_INSTALL_PKGCONFIGDIR}
  COMPONENT runtime)

# --- man page and documentation --------------------------------------------
install(FILES docs/distc.1
  DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
  COMPONENT docs)
# The source tree's layout (README.md, docs/...), so that the guides' links
# to each other and README.md's links into docs/ still resolve.
install(FILES README.md
  DESTINATION ${CMAKE_INSTALL_DOCDIR}
  COMPONENT docs)
install(DIRECTORY docs/
  DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
  COMPONENT docs
  FILES_MATCHING PATTERN "*.md" PATTERN "*.png")
