#include "support/Profile.h"

#include "support/Settings.h"

#include "support/CallSite.h"
#include "support/Errors.h"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace idtr {
namespace {

// The rows ProfileScope adds to: the runtime context's, or none outside it.
ProfileRows *activeRows = nullptr;

// One column of the report: a name and how to read it from a Stats.
struct Field {
  const char *name;
  double (*get)(const Stats &);
  bool isTime;
};

#define IDTR_INT_FIELD(json, member)                                           \
  Field{json, [](const Stats &s) { return static_cast<double>(s.member); }, false}
#define IDTR_TIME_FIELD(json, member)                                          \
  Field{json, [](const Stats &s) { return s.member; }, true}

const Field kFields[] = {
    IDTR_INT_FIELD("calls", calls),
    IDTR_INT_FIELD("waits", waits),
    IDTR_INT_FIELD("messages_sent", messagesSent),
    IDTR_INT_FIELD("bytes_sent", bytesSent),
    IDTR_INT_FIELD("messages_received", messagesReceived),
    IDTR_INT_FIELD("bytes_received", bytesReceived),
    IDTR_INT_FIELD("bytes_local", bytesLocal),
    IDTR_INT_FIELD("metadata_collectives", metadataCollectives),
    IDTR_INT_FIELD("plan_builds", planBuilds),
    IDTR_INT_FIELD("plan_hits", planHits),
    IDTR_INT_FIELD("reductions", reductions),
    IDTR_INT_FIELD("control_messages", controlMessages),
    IDTR_TIME_FIELD("runtime_seconds", runtimeSeconds),
    IDTR_TIME_FIELD("pack_seconds", packSeconds),
    IDTR_TIME_FIELD("wait_seconds", waitSeconds),
    IDTR_TIME_FIELD("transfer_seconds", transferSeconds),
};
constexpr size_t kNumFields = sizeof(kFields) / sizeof(kFields[0]);

// The columns of the table on stderr (the JSON file has every field).
const char *const kTableFields[] = {"calls",        "messages_sent", "bytes_sent",
                                    "pack_seconds", "wait_seconds",  "transfer_seconds",
                                    "plan_hits"};

size_t fieldIndex(const char *name) {
  for (size_t i = 0; i < kNumFields; ++i)
    if (std::strcmp(kFields[i].name, name) == 0)
      return i;
  return 0;
}

// A row merged over the ranks: its values on every rank (0 where the rank
// never ran it).
struct MergedRow {
  std::string location, op, kind;
  std::vector<std::vector<double>> perRank; // [rank][field]
};

// "file:line:col" ordered by file, then line and column as numbers.
std::tuple<std::string, long, long> sortKey(const std::string &location) {
  size_t c2 = location.rfind(':');
  size_t c1 = c2 == std::string::npos || c2 == 0 ? std::string::npos
                                                  : location.rfind(':', c2 - 1);
  if (c1 == std::string::npos)
    return {location, 0, 0};
  return {location.substr(0, c1), std::atol(location.c_str() + c1 + 1),
          std::atol(location.c_str() + c2 + 1)};
}

// Unit separator between the strings of a serialised row: it does not
// occur in file names, op names or kinds.
constexpr char kSep = '\x1f';

std::string serialiseRows(const ProfileRows &rows) {
  std::string out;
  char number[40];
  for (const auto &[key, s] : rows.byKey) {
    if (s.calls == 0 && s.waits == 0)
      continue;
    SiteParts parts = splitSite(key.first);
    out += parts.location;
    out += kSep;
    out += parts.op;
    out += kSep;
    out += key.second ? key.second : "";
    for (const Field &f : kFields) {
      std::snprintf(number, sizeof(number), "%c%.17g", kSep, f.get(s));
      out += number;
    }
    out += '\n';
  }
  return out;
}

void parseRows(const char *data, size_t size, int rank, int numRanks,
               std::map<std::tuple<std::string, std::string, std::string>, MergedRow> &merged) {
  std::string text(data, size);
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos)
      end = text.size();
    std::vector<std::string> cells;
    size_t start = pos;
    for (size_t i = pos; i <= end; ++i)
      if (i == end || text[i] == kSep) {
        cells.push_back(text.substr(start, i - start));
        start = i + 1;
      }
    pos = end + 1;
    if (cells.size() != 3 + kNumFields)
      continue;
    auto key = std::make_tuple(cells[0], cells[1], cells[2]);
    MergedRow &row = merged[key];
    if (row.perRank.empty()) {
      row.location = cells[0];
      row.op = cells[1];
      row.kind = cells[2];
      row.perRank.assign(numRanks, std::vector<double>(kNumFields, 0.0));
    }
    for (size_t f = 0; f < kNumFields; ++f)
      row.perRank[rank][f] += std::strtod(cells[3 + f].c_str(), nullptr);
  }
}

double maxOver(const MergedRow &row, size_t f) {
  double m = 0;
  for (const auto &r : row.perRank)
    m = std::max(m, r[f]);
  return m;
}

double meanOver(const MergedRow &row, size_t f) {
  double sum = 0;
  for (const auto &r : row.perRank)
    sum += r[f];
  return row.perRank.empty() ? 0 : sum / static_cast<double>(row.perRank.size());
}

std::string formatValue(double v, bool isTime) {
  char buf[48];
  if (isTime)
    std::snprintf(buf, sizeof(buf), "%.6f", v);
  else if (v == static_cast<double>(static_cast<int64_t>(v)))
    std::snprintf(buf, sizeof(buf), "%" PRId64, static_cast<int64_t>(v));
  else
    std::snprintf(buf, sizeof(buf), "%.2f", v);
  return buf;
}

void printTable(const std::vector<MergedRow> &table, int numRanks) {
  std::vector<std::vector<std::string>> cells;
  std::vector<std::string> header = {"location", "op", "kind"};
  for (const char *name : kTableFields)
    header.push_back(name);
  cells.push_back(header);
  for (const MergedRow &row : table) {
    std::vector<std::string> line = {row.location.empty() ? "(unknown)" : row.location,
                                     row.op.empty() ? "-" : row.op, row.kind};
    for (const char *name : kTableFields) {
      size_t f = fieldIndex(name);
      line.push_back(formatValue(maxOver(row, f), kFields[f].isTime) + "/" +
                     formatValue(meanOver(row, f), kFields[f].isTime));
    }
    cells.push_back(line);
  }
  std::vector<size_t> width(header.size(), 0);
  for (const auto &line : cells)
    for (size_t c = 0; c < line.size(); ++c)
      width[c] = std::max(width[c], line[c].size());
  std::string out = "idtr-profile: communication by source location over " +
                    std::to_string(numRanks) + " rank" + (numRanks == 1 ? "" : "s") +
                    " (max/mean over ranks)\n";
  for (const auto &line : cells) {
    std::string text = "idtr-profile:";
    for (size_t c = 0; c < line.size(); ++c) {
      text += "  ";
      // Strings left-aligned, numbers right-aligned.
      std::string pad(width[c] - line[c].size(), ' ');
      text += c < 3 ? line[c] + pad : pad + line[c];
    }
    while (!text.empty() && text.back() == ' ')
      text.pop_back();
    out += text + "\n";
  }
  std::fputs(out.c_str(), stderr);
  std::fflush(stderr);
}

std::string jsonString(const std::string &s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string jsonNumber(double v, bool isTime) {
  char buf[48];
  if (isTime)
    std::snprintf(buf, sizeof(buf), "%.9g", v);
  else
    std::snprintf(buf, sizeof(buf), "%.17g", v);
  return buf;
}

std::string jsonFields(const MergedRow &row, const char *indent) {
  std::string out;
  for (size_t f = 0; f < kNumFields; ++f) {
    bool t = kFields[f].isTime;
    out += std::string(indent) + jsonString(kFields[f].name) + ": {\"max\": " +
           jsonNumber(maxOver(row, f), t) + ", \"mean\": " + jsonNumber(meanOver(row, f), t) +
           ", \"ranks\": [";
    for (size_t r = 0; r < row.perRank.size(); ++r)
      out += (r ? ", " : "") + jsonNumber(row.perRank[r][f], t);
    out += "]}";
    out += f + 1 < kNumFields ? ",\n" : "\n";
  }
  return out;
}

void writeJson(const char *path, const std::vector<MergedRow> &table, const MergedRow &total,
               int numRanks) {
  std::string out = "{\n  \"version\": 1,\n  \"ranks\": " + std::to_string(numRanks) +
                    ",\n  \"sites\": [\n";
  for (size_t i = 0; i < table.size(); ++i) {
    const MergedRow &row = table[i];
    out += "    {\n      \"location\": " + jsonString(row.location) +
           ",\n      \"op\": " + jsonString(row.op) + ",\n      \"kind\": " +
           jsonString(row.kind) + ",\n" + jsonFields(row, "      ") + "    }";
    out += i + 1 < table.size() ? ",\n" : "\n";
  }
  out += "  ],\n  \"total\": {\n" + jsonFields(total, "    ") + "  }\n}\n";
  FILE *f = std::fopen(path, "w");
  if (!f || std::fwrite(out.data(), 1, out.size(), f) != out.size()) {
    if (f)
      std::fclose(f);
    warn(std::string("IDTR_PROFILE: cannot write ") + path + ": " + std::strerror(errno));
    return;
  }
  if (std::fclose(f) != 0)
    warn(std::string("IDTR_PROFILE: cannot write ") + path + ": " + std::strerror(errno));
}

} // namespace

void ProfileRows::makeActive(ProfileRows *rows) { activeRows = rows; }

void ProfileScope::finish() noexcept {
  try {
    Stats &now = stats();
    now.runtimeSeconds += statsClock() - start_;
    Stats delta = now;
    delta -= *std::launder(reinterpret_cast<Stats *>(before_));
    if (ProfileRows *rows = activeRows)
      rows->at(currentSite(), currentKind()) += delta;
  } catch (...) {
    // Out of memory for a row: the global counters are still right.
  }
}

void reportProfile(const ProfileRows &rows, MPI_Comm comm) {
  const char *path = settings().profilePath.c_str();
  bool json = *path;
  if (!statsRequested() && !json)
    return;
  int rank = 0, numRanks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &numRanks);
  std::string mine = serialiseRows(rows);
  int length = static_cast<int>(mine.size());
  std::vector<int> lengths(rank == 0 ? numRanks : 0), displs(rank == 0 ? numRanks : 0);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, comm);
  std::vector<char> all;
  if (rank == 0) {
    int64_t total = 0;
    for (int r = 0; r < numRanks; ++r) {
      displs[r] = static_cast<int>(total);
      total += lengths[r];
    }
    all.resize(static_cast<size_t>(total) + 1);
  }
  MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), displs.data(),
              MPI_CHAR, 0, comm);
  if (rank != 0)
    return;
  std::map<std::tuple<std::string, std::string, std::string>, MergedRow> merged;
  for (int r = 0; r < numRanks; ++r)
    parseRows(all.data() + displs[r], static_cast<size_t>(lengths[r]), r, numRanks, merged);
  std::vector<MergedRow> table;
  for (auto &entry : merged)
    table.push_back(std::move(entry.second));
  std::sort(table.begin(), table.end(), [](const MergedRow &a, const MergedRow &b) {
    return std::make_tuple(a.location.empty(), sortKey(a.location), a.op, a.kind) <
           std::make_tuple(b.location.empty(), sortKey(b.location), b.op, b.kind);
  });
  MergedRow total;
  total.location = "total";
  total.perRank.assign(numRanks, std::vector<double>(kNumFields, 0.0));
  for (const MergedRow &row : table)
    for (int r = 0; r < numRanks; ++r)
      for (size_t f = 0; f < kNumFields; ++f)
        total.perRank[r][f] += row.perRank[r][f];
  if (statsRequested()) {
    std::vector<MergedRow> shown = table;
    shown.push_back(total);
    shown.back().kind = "";
    printTable(shown, numRanks);
  }
  if (json)
    writeJson(path, table, total, numRanks);
}

} // namespace idtr
