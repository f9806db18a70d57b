# CPack: `cpack -G DEB` (in the build directory) makes a Debian package that
# installs the same files as `cmake --install` under /usr (docs/install.md).
#
# The package's dependencies are what an installed distc needs to link and
# run a program: the C runtime files and libstdc++ (start files and -lstdc++
# on distc's link line, docs/driver.md) and the development package of the
# MPI that FindMPI found (its libmpi.so). The executables' own shared
# libraries are added by dpkg-shlibdeps when it is installed.
set(CPACK_PACKAGE_NAME distc)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Ahead-of-time compiler for distributed tensor programs in MLIR, with its MPI runtime")
set(CPACK_PACKAGE_CONTACT "distc developers <distc@localhost>" CACHE STRING
  "Maintainer field of the Debian package")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# The package is a toolchain of stripped binaries (cmake/InstallStrip.cmake).
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# gzip: xz would take most of a minute over the ~100 MB of executables.
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)

if(MPI_C_LIBRARIES MATCHES "mpich")
  set(distc_mpi_dev_package libmpich-dev)
else()
  set(distc_mpi_dev_package libopenmpi-dev)
endif()
set(DISTC_DEB_DEPENDS "libc6-dev, libstdc++-dev, ${distc_mpi_dev_package}" CACHE STRING
  "Depends field of the Debian package (besides dpkg-shlibdeps' findings)")
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${DISTC_DEB_DEPENDS}")
find_program(DISTC_DPKG_SHLIBDEPS dpkg-shlibdeps)
mark_as_advanced(DISTC_DPKG_SHLIBDEPS)
if(DISTC_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
endif()

include(CPack)
