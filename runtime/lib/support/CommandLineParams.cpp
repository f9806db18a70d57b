// The command line against the parameter table (CommandLineParams.h).
#include "support/CommandLineParams.h"

#include "support/Errors.h"

#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace idtr {
namespace {

struct Param {
  std::string name, type, defaultText;
  std::string value; // the given text, or defaultText
};

struct Params {
  std::string program = "prog";
  std::vector<Param> list;
};

std::vector<std::string> commandLine() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> args;
  size_t start = 0;
  while (start < all.size()) {
    size_t end = all.find('\0', start);
    if (end == std::string::npos)
      end = all.size();
    args.push_back(all.substr(start, end - start));
    start = end + 1;
  }
  return args;
}

bool isBool(const std::string &type) { return type == "i1"; }
bool isFloat(const std::string &type) { return !type.empty() && type[0] == 'f'; }

bool parseBool(const std::string &text, bool &value) {
  if (text == "true" || text == "1") {
    value = true;
    return true;
  }
  if (text == "false" || text == "0") {
    value = false;
    return true;
  }
  return false;
}

// The bit width of an integer parameter type ("index" is 64 bits).
int widthOf(const std::string &type) {
  if (type == "index")
    return 64;
  return std::atoi(type.c_str() + 1);
}

// Parses `text` as a value of `p.type`; fails naming the parameter.
void parseValue(const Param &p, const std::string &text, int64_t *integer, double *real) {
  if (p.type == "path") // any text (dist.save/dist.load with `param`)
    return;
  const char *s = text.c_str();
  char *end = nullptr;
  errno = 0;
  if (isBool(p.type)) {
    bool flag = false;
    if (!parseBool(text, flag))
      fail("parameter --%s: '%s' is not an i1 value (true, false, 1 or 0)", p.name.c_str(), s);
    if (integer)
      *integer = flag;
    return;
  }
  if (isFloat(p.type)) {
    double v = std::strtod(s, &end);
    if (text.empty() || *end != '\0')
      fail("parameter --%s: '%s' is not a number (%s)", p.name.c_str(), s, p.type.c_str());
    if (p.type == "f32" && std::isfinite(v) && std::fabs(v) > 3.4028234663852886e38)
      fail("parameter --%s: %s does not fit f32", p.name.c_str(), s);
    if (real)
      *real = v;
    return;
  }
  long long v = std::strtoll(s, &end, 10);
  if (text.empty() || *end != '\0')
    fail("parameter --%s: '%s' is not an integer (%s)", p.name.c_str(), s, p.type.c_str());
  int width = widthOf(p.type);
  bool fits = errno != ERANGE;
  if (fits && width < 64) {
    long long lo = -(1LL << (width - 1)), hi = (1LL << (width - 1)) - 1;
    fits = v >= lo && v <= hi;
  }
  if (!fits)
    fail("parameter --%s: %s does not fit %s", p.name.c_str(), s, p.type.c_str());
  if (integer)
    *integer = v;
}

void printHelp(const Params &params) {
  std::printf("usage: %s [--<name>=<value> | --<name> <value>]...\n", params.program.c_str());
  std::printf("parameters:\n");
  for (const Param &p : params.list) {
    std::string option = "--" + p.name + "=<" + p.type + ">";
    std::printf("  %-28s default %s\n", option.c_str(), p.defaultText.c_str());
  }
  std::printf("  %-28s prints this list and exits\n", "--help");
  std::fflush(stdout);
}

std::string knownOptions(const Params &params) {
  std::string names;
  for (const Param &p : params.list)
    names += (names.empty() ? "--" : ", --") + p.name;
  return names.empty() ? std::string("none") : names;
}

Params parse(const char *spec) {
  Params params;
  for (const char *line = spec; line && *line;) {
    const char *eol = std::strchr(line, '\n');
    std::string entry(line, eol ? eol - line : std::strlen(line));
    line = eol ? eol + 1 : line + entry.size();
    size_t tab1 = entry.find('\t'), tab2 = entry.find('\t', tab1 + 1);
    if (tab1 == std::string::npos || tab2 == std::string::npos)
      fail("malformed parameter table entry '%s'", entry.c_str());
    Param p{entry.substr(0, tab1), entry.substr(tab1 + 1, tab2 - tab1 - 1),
            entry.substr(tab2 + 1), ""};
    p.value = p.defaultText;
    params.list.push_back(p);
  }

  std::vector<std::string> args = commandLine();
  if (!args.empty()) {
    const std::string &argv0 = args[0];
    size_t slash = argv0.rfind('/');
    params.program = slash == std::string::npos ? argv0 : argv0.substr(slash + 1);
  }
  bool help = false;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg == "--help" || arg == "-h") {
      help = true;
      continue;
    }
    if (arg.size() < 3 || arg.compare(0, 2, "--") != 0)
      fail("unexpected argument '%s' (parameters are given as --<name>=<value>; "
           "the program's parameters: %s)",
           arg.c_str(), knownOptions(params).c_str());
    size_t eq = arg.find('=');
    std::string name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    Param *p = nullptr;
    for (Param &candidate : params.list)
      if (candidate.name == name)
        p = &candidate;
    if (!p)
      fail("unknown option '--%s' (the program's parameters: %s)", name.c_str(),
           knownOptions(params).c_str());
    if (eq != std::string::npos) {
      p->value = arg.substr(eq + 1);
    } else if (isBool(p->type)) {
      // A flag alone is true; "--flag false" takes the next word only if it
      // is a boolean.
      bool flag = false;
      if (i + 1 < args.size() && parseBool(args[i + 1], flag))
        p->value = args[++i];
      else
        p->value = "true";
    } else {
      if (i + 1 >= args.size())
        fail("parameter --%s: missing value (%s)", name.c_str(), p->type.c_str());
      p->value = args[++i];
    }
  }
  if (help) {
    // Every rank exits with status 0; one listing is enough.
    if (worldRankOrMinusOne() <= 0)
      printHelp(params);
    std::exit(0);
  }
  // Check every value now, not when (or whether) the program reads it.
  for (const Param &p : params.list)
    parseValue(p, p.value, nullptr, nullptr);
  return params;
}

// A bad command line is found by every rank at once (all parse the same
// argv, usually before MPI is initialised): rank 0 reports it and exits,
// which makes mpirun end the job; the others wait for that instead of
// printing the same line P times.
[[noreturn]] void reportCommandLineError(const std::string &what) {
  if (worldRankOrMinusOne() <= 0)
    abortWithError(what);
  std::fflush(stdout);
  std::this_thread::sleep_for(std::chrono::seconds(10));
  std::_Exit(1);
}

const Param &lookup(const char *spec, const char *name) {
  static std::once_flag once;
  static Params *params = nullptr;
  std::call_once(once, [&] {
    try {
      params = new Params(parse(spec));
    } catch (const Error &e) {
      reportCommandLineError(e.what());
    }
  });
  for (const Param &p : params->list)
    if (p.name == name)
      return p;
  fail("no parameter named '%s' in the program's parameter table", name);
}

} // namespace

int64_t paramInteger(const char *spec, const char *name) {
  int64_t value = 0;
  const Param &p = lookup(spec, name);
  parseValue(p, p.value, &value, nullptr);
  return value;
}

double paramReal(const char *spec, const char *name) {
  double value = 0;
  const Param &p = lookup(spec, name);
  parseValue(p, p.value, nullptr, &value);
  return value;
}

const char *paramText(const char *spec, const char *name) {
  return lookup(spec, name).value.c_str();
}

} // namespace idtr
