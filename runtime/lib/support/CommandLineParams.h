// Run-time parameters: the values of the `dist.param` ops of a program, from
// its command line (`--name=value` or `--name value`), and `--help`.
//
// The compiler passes every call the program's whole parameter table (one
// line "name\ttype\tdefault" per parameter) and the name it asks for. The
// first call parses the command line against the table, once for the
// process: `--help` prints the table and exits, an unknown option or a value
// that does not parse as its parameter's type is an error that names it.
// Every rank reads its own argv from /proc/self/cmdline (mpirun gives all
// ranks the same), so all ranks take the same values or fail the same way
// without any communication, and parameters may be read before MPI is
// initialised (the program's first dist op does that).
#ifndef IDTR_COMMANDLINEPARAMS_H
#define IDTR_COMMANDLINEPARAMS_H

#include <cstdint>

namespace idtr {

// The value of parameter `name` of the parameter table `spec`, as an
// integer (integers, index and i1), a double (floats) or the text (path,
// valid until the program ends). Throws Error if the table has no such
// parameter.
int64_t paramInteger(const char *spec, const char *name);
double paramReal(const char *spec, const char *name);
const char *paramText(const char *spec, const char *name);

} // namespace idtr

#endif
