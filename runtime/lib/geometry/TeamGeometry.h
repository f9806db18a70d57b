// What the plan factory knows of the other ranks' geometry: either every
// rank's record (exchanged by an allgather: any partition), or a formula
// (balanced partitions, Balanced.h: nothing exchanged). The factory asks only
// for the ranks that may take part in a transfer with this one, so that a
// plan with k peers costs O(k log P) on balanced partitions instead of O(P).
#ifndef IDTR_TEAMGEOMETRY_H
#define IDTR_TEAMGEOMETRY_H

#include "geometry/Geometry.h"

#include <vector>

namespace idtr {

class TeamGeometry {
public:
  virtual ~TeamGeometry() = default;
  virtual int size() const = 0;
  // The geometry of rank `r`; valid until the next call of `of`.
  virtual const Geometry &of(int r) const = 0;
  // Whether rank `s` sends the data of its input box to receiver `r`
  // (false only for a replica of another rank's box, TeamGeometry.cpp).
  virtual bool provides(int s, int r) const = 0;
  // A superset, ascending and without duplicates, of the ranks whose input
  // box intersects `region` (input coordinates) ...
  virtual void inputOwners(const Box &region, std::vector<int> &out) const = 0;
  // ... of the ranks one of whose output boxes' preimages (permutePreimage)
  // intersects `region` (input coordinates) ...
  virtual void outputOwners(const Box &region, std::vector<int> &out) const = 0;
  // ... and, for reshapes, of the ranks whose input box (`input`) or output
  // box (otherwise) holds one of the flat positions [lo, hi).
  virtual void flatOwners(bool input, int64_t lo, int64_t hi, std::vector<int> &out) const = 0;
  // Whether the records were checked against each other (validate in
  // PlanFactory.cpp); a formula is consistent by construction.
  virtual bool isExplicit() const = 0;
};

// Every rank's record; every query answers all ranks.
class ExplicitGeometry : public TeamGeometry {
public:
  explicit ExplicitGeometry(const std::vector<Geometry> &all);
  int size() const override { return static_cast<int>(all_.size()); }
  const Geometry &of(int r) const override { return all_[r]; }
  bool provides(int s, int r) const override;
  void inputOwners(const Box &, std::vector<int> &out) const override { everyone(out); }
  void outputOwners(const Box &, std::vector<int> &out) const override { everyone(out); }
  void flatOwners(bool, int64_t, int64_t, std::vector<int> &out) const override {
    everyone(out);
  }
  bool isExplicit() const override { return true; }
  const std::vector<Geometry> &all() const { return all_; }

private:
  void everyone(std::vector<int> &out) const;
  const std::vector<Geometry> &all_;
  std::vector<int> lowestHolder_; // per rank: lowest rank with the same input box
};

} // namespace idtr

#endif
