// dist.print with options (FormattedPrint.cpp): the elements of an array in
// C order with their punctuation, printed on rank 0.
#ifndef IDTR_FORMATTEDPRINT_H
#define IDTR_FORMATTEDPRINT_H

#include "copy/Descriptor.h"

#include <cstdint>

namespace idtr {

// Prints `part` (style 0: vector.print's "( 1, 2 )", 1: numpy's "[1 2]")
// with the printf conversion `format` per element, then a newline. Not
// distributed: this rank's array; distributed: collective over team
// `teamId`, the parts being the row blocks of one array in rank order.
// Instantiated for every element type (ElementTypes.h).
template <typename T>
void printPart(const char *format, int32_t style, int64_t teamId, bool distributed,
               const View &part);

} // namespace idtr

#endif
