// _idtr_print_* (idtr.h): dist.print with options (io/FormattedPrint.h).
#include "idtr/idtr.h"

#include "copy/Descriptor.h"
#include "io/FormattedPrint.h"
#include "support/ElementTypes.h"
#include "support/Errors.h"

extern "C" {

#define IDTR_DEFINE_PRINT(SUFFIX, T)                                                      \
  void _idtr_print_##SUFFIX(const char *format, int32_t style, int64_t team,              \
                            int32_t distributed, int64_t partRank, void *part) {          \
    idtr::guarded([&] {                                                                   \
      idtr::View view = idtr::viewFromDescriptor(partRank, part, sizeof(T), "print: part"); \
      idtr::printPart<T>(format, style, team, distributed != 0, view);                    \
    });                                                                                   \
  }

IDTR_FOR_EACH_ELEMENT_TYPE(IDTR_DEFINE_PRINT)

} // extern "C"
