#include "support/CallSite.h"

#include "idtr/idtr.h"

#include <cstring>

namespace idtr {

const char *pendingSite = nullptr;
int64_t pendingFlags = 0;
int64_t activeFlags = 0;
std::atomic<const char *> activeSite{nullptr};
std::atomic<const char *> activeKind{nullptr};

SiteParts splitSite(const char *site) {
  SiteParts parts;
  if (!site)
    return parts;
  // The op name never contains ": "; a file name might.
  const char *sep = nullptr;
  for (const char *p = std::strstr(site, ": "); p; p = std::strstr(p + 1, ": "))
    sep = p;
  if (!sep) {
    parts.location = site;
    return parts;
  }
  parts.location.assign(site, sep);
  parts.op = sep + 2;
  return parts;
}

std::string errorPrefix(const char *site) {
  if (!site || !*site)
    return "idtr: error: ";
  SiteParts parts = splitSite(site);
  std::string prefix = parts.location + ": error: ";
  if (!parts.op.empty())
    prefix += parts.op + ": ";
  return prefix;
}

} // namespace idtr
