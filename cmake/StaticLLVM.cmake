# Link LLVM statically into distc's executables.
#
# Debian builds LLVM with LLVM_LINK_LLVM_DYLIB, so the exported MLIR and LLD
# targets name the shared `LLVM` target (libLLVM.so) in their link
# interface. Loading that library costs every distc invocation ~10 ms before
# main: ~190,000 relative relocations and ~50,000 symbol lookups by the
# dynamic loader, and a copy-on-write fault for every page they touch. The
# same package ships every LLVM component as a static archive
# (libLLVM<Component>.a); this replaces `LLVM` by those archives in the link
# interface of every imported target, so executables carry the LLVM code
# they use and start in ~1 ms. The two must never be mixed in one process:
# LLVM's command-line options would be registered twice.
function(distc_link_llvm_statically)
  # Every component archive (the linker takes only the members it needs),
  # except the shared library itself (the pattern needs a suffix), the
  # components whose link interface names shared libraries that distc
  # never uses and would load at every start (Debuginfod: curl,
  # LineEditor: libedit, WindowsManifest: libxml2, Exegesis: libpfm), and
  # those whose archives Debian does not ship (Polly, BOLT).
  set(static_llvm ${LLVM_AVAILABLE_LIBS})
  list(FILTER static_llvm INCLUDE REGEX "^LLVM[A-Za-z0-9]+$")
  list(FILTER static_llvm EXCLUDE REGEX
    "^LLVM(Debuginfod|LineEditor|WindowsManifest|Exegesis|Polly|BOLT)")
  # Debian links Polly into libLLVM.so, so LLVMExtensions names the Polly
  # target, whose static archive the packages do not ship.
  set_property(TARGET LLVMExtensions PROPERTY INTERFACE_LINK_LIBRARIES LLVMSupport)
  get_property(imported DIRECTORY PROPERTY IMPORTED_TARGETS)
  foreach(target IN LISTS imported)
    get_target_property(libs ${target} INTERFACE_LINK_LIBRARIES)
    if(NOT libs)
      continue()
    endif()
    # Plain, or as `$<LINK_ONLY:LLVM>` for private dependencies.
    set(rewritten "")
    set(changed FALSE)
    foreach(lib IN LISTS libs)
      if(lib STREQUAL "LLVM" OR lib STREQUAL "$<LINK_ONLY:LLVM>")
        list(APPEND rewritten ${static_llvm})
        set(changed TRUE)
      else()
        list(APPEND rewritten "${lib}")
      endif()
    endforeach()
    if(NOT changed)
      continue()
    endif()
    set(libs "${rewritten}")
    set_target_properties(${target} PROPERTIES INTERFACE_LINK_LIBRARIES "${libs}")
  endforeach()
  set(LLVM_LINK_LLVM_DYLIB OFF PARENT_SCOPE)
endfunction()
