// dist.param: the program's run-time parameters (support/CommandLineParams.h).
#include "idtr/idtr.h"

#include "support/CommandLineParams.h"
#include "support/Errors.h"

extern "C" int64_t _idtr_param_i64(const char *spec, const char *name) {
  return idtr::guarded([&] { return idtr::paramInteger(spec, name); });
}

extern "C" double _idtr_param_f64(const char *spec, const char *name) {
  return idtr::guarded([&] { return idtr::paramReal(spec, name); });
}

extern "C" const char *_idtr_param_path(const char *spec, const char *name) {
  return idtr::guarded([&] { return idtr::paramText(spec, name); });
}
