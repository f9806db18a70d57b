# The include check of one layer of the runtime (runtime/CMakeLists.txt,
# idtr_add_layer), run as a build step:
#   cmake -DLAYER=<name> -DDIR=<its folder> -DALLOWED=<layers, comma-separated>
#         -DSTAMP=<file to touch> -P CheckLayerIncludes.cmake
# A file of the layer may include the public headers (idtr/...) and the
# headers of the layers in ALLOWED only: a header's inline code would slip
# past the link check.
cmake_minimum_required(VERSION 3.20)
string(REPLACE "," ";" allowed "${ALLOWED}")
file(GLOB files ${DIR}/*.h ${DIR}/*.cpp)
set(errors 0)
foreach(file ${files})
  file(STRINGS ${file} includes REGEX "^#include \"[a-z]+/")
  foreach(line ${includes})
    string(REGEX REPLACE "^#include \"([a-z]+)/.*" "\\1" layer "${line}")
    if(NOT layer STREQUAL "idtr" AND NOT layer IN_LIST allowed)
      message(SEND_ERROR "${file}: the ${LAYER} layer includes a header of layer "
                         "'${layer}', which it does not depend on: ${line}")
      math(EXPR errors "${errors} + 1")
    endif()
  endforeach()
endforeach()
if(errors EQUAL 0)
  file(TOUCH ${STAMP})
endif()
