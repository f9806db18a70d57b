//===- ModulePartition.cpp - Split an LLVM module for parallel back ends --===//

#include "ModulePartition.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <numeric>

using namespace llvm;

namespace distc {

namespace {

/// Linkages the partitioning models: a definition is either visible to
/// other objects and unique, or local to this module.
bool isModeledLinkage(const GlobalValue &gv) {
  return gv.hasExternalLinkage() || gv.hasLocalLinkage();
}

/// What one function definition refers to.
struct References {
  SmallVector<const Function *, 4> directCallees; ///< defined ones only
  SmallVector<const GlobalValue *, 4> other;      ///< addresses taken
};

/// Global values in `c`, looking through constant expressions and
/// aggregates.
void collectGlobals(const Constant *c, SmallPtrSetImpl<const Constant *> &seen,
                    SmallVectorImpl<const GlobalValue *> &out) {
  if (!seen.insert(c).second)
    return;
  if (const auto *gv = dyn_cast<GlobalValue>(c)) {
    out.push_back(gv);
    return;
  }
  for (const Use &op : c->operands())
    if (const auto *sub = dyn_cast<Constant>(op.get()))
      collectGlobals(sub, seen, out);
}

References collectReferences(const Function &fn) {
  References refs;
  SmallPtrSet<const Constant *, 16> seen;
  for (const Instruction &inst : instructions(fn)) {
    const auto *call = dyn_cast<CallBase>(&inst);
    for (const Use &op : inst.operands()) {
      const auto *c = dyn_cast<Constant>(op.get());
      if (!c)
        continue;
      const auto *callee = dyn_cast<Function>(c);
      if (call && callee && call->isCallee(&op)) {
        if (!callee->isDeclaration())
          refs.directCallees.push_back(callee);
        continue;
      }
      collectGlobals(c, seen, refs.other);
    }
  }
  return refs;
}

/// The module's function definitions and what the planner knows of each.
struct FunctionGraph {
  std::vector<const Function *> functions; // definitions, in module order
  DenseMap<const Function *, unsigned> index;
  std::vector<References> refs;
  std::vector<uint64_t> cost;
  /// Local functions that are only ever called directly: they may be
  /// copied into every partition that calls them.
  std::vector<bool> copyable;
};

/// Builds the graph, or returns false for a module the partitioning does
/// not model.
bool buildGraph(const Module &module, FunctionGraph &graph) {
  // Module-level assembly would be emitted into every partition's object.
  if (!module.alias_empty() || !module.ifunc_empty() ||
      !module.getModuleInlineAsm().empty())
    return false;
  for (const GlobalVariable &gv : module.globals()) {
    if (gv.isDeclaration())
      continue;
    // Appending globals (llvm.global_ctors, llvm.used) and initializers
    // that hold addresses would tie definitions together in ways the plan
    // below does not track.
    if (!gv.hasName() || gv.hasComdat() || !isModeledLinkage(gv))
      return false;
    if (gv.hasInitializer()) {
      SmallPtrSet<const Constant *, 8> seen;
      SmallVector<const GlobalValue *, 2> inInit;
      collectGlobals(gv.getInitializer(), seen, inInit);
      if (!inInit.empty())
        return false;
    }
  }
  for (const Function &fn : module) {
    if (fn.isDeclaration())
      continue;
    if (!fn.hasName() || fn.hasComdat() || !isModeledLinkage(fn))
      return false;
    // References outside the instructions, which the graph does not see.
    if (fn.hasPersonalityFn() || fn.hasPrefixData() || fn.hasPrologueData())
      return false;
    graph.index[&fn] = graph.functions.size();
    graph.functions.push_back(&fn);
  }
  size_t n = graph.functions.size();
  graph.refs.reserve(n);
  graph.cost.reserve(n);
  graph.copyable.assign(n, false);
  for (const Function *fn : graph.functions) {
    graph.refs.push_back(collectReferences(*fn));
    graph.cost.push_back(fn->getInstructionCount());
    graph.copyable[graph.index[fn]] = fn->hasLocalLinkage();
  }
  // A local function whose address is used (not just called) must exist
  // once: pointers to it compare equal everywhere.
  for (const References &refs : graph.refs)
    for (const GlobalValue *gv : refs.other)
      if (const auto *fn = dyn_cast<Function>(gv))
        if (!fn->isDeclaration())
          graph.copyable[graph.index.lookup(fn)] = false;
  return true;
}

/// A local constant that partitions may share instead of keeping its users
/// together: one whose address does not matter (unnamed_addr) is copied
/// into every partition that reads it; any other is defined by one of them
/// and made a hidden symbol the others refer to (planPartitions), as
/// llvm::SplitModule externalizes what its partitions share. Both keep the
/// constant's value visible to LLVM's optimizer where it is defined.
bool isSharableConstant(const GlobalVariable &var) {
  return var.hasLocalLinkage() && var.isConstant() && !var.isThreadLocal();
}

/// Unit `u` and the copyable local functions it reaches by direct calls.
SetVector<unsigned> closureOf(const FunctionGraph &graph, unsigned u) {
  SetVector<unsigned> closure;
  closure.insert(u);
  for (size_t i = 0; i < closure.size(); ++i)
    for (const Function *callee : graph.refs[closure[i]].directCallees) {
      unsigned c = graph.index.lookup(callee);
      if (graph.copyable[c])
        closure.insert(c);
    }
  return closure;
}

} // namespace

std::optional<std::vector<ModulePartition>>
planPartitions(const Module &module, const PartitionLimits &limits,
               StringRef uniqueTag) {
  if (limits.maxPartitions < 2)
    return std::nullopt;
  FunctionGraph graph;
  if (!buildGraph(module, graph))
    return std::nullopt;
  size_t n = graph.functions.size();
  uint64_t total = std::accumulate(graph.cost.begin(), graph.cost.end(),
                                   uint64_t(0));
  if (total < limits.minCost)
    return std::nullopt;

  // Units are the definitions that exist exactly once; copyable local
  // functions travel with the units that call them.
  std::vector<SetVector<unsigned>> closures(n);
  EquivalenceClasses<unsigned> together;
  DenseMap<const GlobalVariable *, unsigned> variableUser;
  for (unsigned u = 0; u < n; ++u) {
    if (graph.copyable[u])
      continue;
    together.insert(u);
    closures[u] = closureOf(graph, u);
    for (unsigned member : closures[u]) {
      const References &refs = graph.refs[member];
      for (const Function *callee : refs.directCallees) {
        unsigned c = graph.index.lookup(callee);
        if (graph.copyable[c])
          continue;
        // A local callee that is not copied, or a callee small enough to
        // be inlined, is kept with its caller.
        if (callee->hasLocalLinkage() ||
            graph.cost[c] <= limits.inlineCandidateCost)
          together.unionSets(u, c);
      }
      for (const GlobalValue *gv : refs.other) {
        if (const auto *fn = dyn_cast<Function>(gv)) {
          if (!fn->isDeclaration() && fn->hasLocalLinkage())
            together.unionSets(u, graph.index.lookup(fn));
          continue;
        }
        const auto *var = dyn_cast<GlobalVariable>(gv);
        if (!var || var->isDeclaration() || !var->hasLocalLinkage() ||
            isSharableConstant(*var))
          continue;
        auto [it, inserted] = variableUser.try_emplace(var, u);
        if (!inserted)
          together.unionSets(u, it->second);
      }
    }
  }

  // Clusters of units that must share a partition, with the functions they
  // define (copies of local helpers counted in each).
  struct Cluster {
    SetVector<unsigned> functions;
    uint64_t cost = 0;
  };
  std::vector<Cluster> clusters;
  DenseMap<unsigned, unsigned> clusterOfLeader;
  for (unsigned u = 0; u < n; ++u) {
    if (graph.copyable[u])
      continue;
    unsigned leader = together.getLeaderValue(u);
    auto [it, inserted] = clusterOfLeader.try_emplace(leader, clusters.size());
    if (inserted)
      clusters.emplace_back();
    Cluster &cluster = clusters[it->second];
    for (unsigned f : closures[u])
      if (cluster.functions.insert(f))
        cluster.cost += graph.cost[f];
  }
  if (clusters.size() < 2)
    return std::nullopt;

  // Largest cluster first into the least loaded partition.
  std::vector<unsigned> order(clusters.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
    return clusters[a].cost > clusters[b].cost;
  });
  size_t count = std::min<size_t>(limits.maxPartitions, clusters.size());
  std::vector<SetVector<unsigned>> members(count);
  std::vector<uint64_t> load(count, 0);
  for (unsigned c : order) {
    size_t p = std::min_element(load.begin(), load.end()) - load.begin();
    for (unsigned f : clusters[c].functions)
      if (members[p].insert(f))
        load[p] += graph.cost[f];
  }
  uint64_t largest = *std::max_element(load.begin(), load.end());
  if (largest > limits.maxShare * static_cast<double>(total))
    return std::nullopt;

  std::vector<ModulePartition> partitions(count);
  // Local constants read by several partitions whose address matters: the
  // first partition that reads one defines it (in the order of `readers`).
  MapVector<const GlobalVariable *, SmallVector<size_t, 2>> readers;
  for (size_t p = 0; p < count; ++p) {
    ModulePartition &part = partitions[p];
    part.cost = load[p];
    part.definesExternalVariables = p == 0;
    for (unsigned f : members[p]) {
      part.functions.insert(graph.functions[f]->getName());
      for (const GlobalValue *gv : graph.refs[f].other) {
        const auto *var = dyn_cast<GlobalVariable>(gv);
        if (!var || var->isDeclaration() || !var->hasLocalLinkage())
          continue;
        part.localVariables.insert(var->getName());
        if (isSharableConstant(*var) && !var->hasGlobalUnnamedAddr()) {
          SmallVector<size_t, 2> &users = readers[var];
          if (users.empty() || users.back() != p)
            users.push_back(p);
        }
      }
    }
  }
  for (auto &[var, users] : readers) {
    if (users.size() < 2)
      continue;
    std::string name =
        (var->getName() + ".distc." + uniqueTag).str();
    for (size_t p : users) {
      ModulePartition &part = partitions[p];
      part.localVariables.erase(var->getName());
      part.sharedConstants[var->getName()] = {name, p == users.front()};
    }
  }
  return partitions;
}

Error restrictToPartition(Module &module, const ModulePartition &partition) {
  // The shared constants first, under the names all partitions agree on:
  // from here on they are external definitions or declarations.
  SmallPtrSet<const GlobalVariable *, 4> shared;
  for (const auto &entry : partition.sharedConstants) {
    GlobalVariable *var = module.getGlobalVariable(entry.getKey(),
                                                   /*AllowInternal=*/true);
    if (!var || !var->hasLocalLinkage())
      return createStringError("partition shares local constant '" +
                               entry.getKey() + "' the module does not have");
    const ModulePartition::SharedConstant &constant = entry.getValue();
    var->setName(constant.name);
    var->setLinkage(GlobalValue::ExternalLinkage);
    var->setVisibility(GlobalValue::HiddenVisibility);
    var->setDSOLocal(true);
    if (!constant.defined)
      var->setInitializer(nullptr);
    shared.insert(var);
  }
  SmallVector<Function *, 8> droppedLocalFunctions;
  for (Function &fn : module) {
    if (fn.isDeclaration() || partition.functions.contains(fn.getName()))
      continue;
    bool wasLocal = fn.hasLocalLinkage();
    fn.deleteBody(); // now an external declaration
    if (wasLocal)
      droppedLocalFunctions.push_back(&fn);
  }
  SmallVector<GlobalVariable *, 8> droppedLocalVariables;
  for (GlobalVariable &var : module.globals()) {
    if (var.isDeclaration())
      continue;
    if (var.hasLocalLinkage()) {
      if (!partition.localVariables.contains(var.getName()))
        droppedLocalVariables.push_back(&var);
      continue;
    }
    if (!partition.definesExternalVariables && !shared.contains(&var)) {
      var.setInitializer(nullptr);
      var.setLinkage(GlobalValue::ExternalLinkage);
    }
  }
  // What this partition does not define must not be used by what it does:
  // the plan keeps every user of a local definition with it.
  // Dead constant expressions (left by the translation or by the bodies
  // deleted above) still count as uses.
  for (Function *fn : droppedLocalFunctions) {
    fn->removeDeadConstantUsers();
    if (!fn->use_empty())
      return createStringError("partition uses local function '" +
                               fn->getName() + "' it does not define");
    fn->eraseFromParent();
  }
  for (GlobalVariable *var : droppedLocalVariables) {
    var->removeDeadConstantUsers();
    if (!var->use_empty())
      return createStringError("partition uses local variable '" +
                               var->getName() + "' it does not define");
    var->eraseFromParent();
  }
  return Error::success();
}

} // namespace distc
