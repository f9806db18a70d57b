//===- ModulePartitionTest.cpp - Planning and cutting module partitions ---===//
//
// Small LLVM modules with known call graphs: which definitions land in
// which partition, what must stay together, what is copied, and that every
// partition is a valid module that defines what it should.
//
//===----------------------------------------------------------------------===//

#include "ModulePartition.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <gtest/gtest.h>

#include <string>

using namespace llvm;
using namespace distc;

namespace {

/// A function body of about `adds` + 2 instructions that calls `callees`
/// (each `void ()`), i.e. a "big" function when `adds` is large.
std::string body(unsigned adds, std::initializer_list<const char *> callees) {
  std::string text = "{\n  %v0 = add i64 %x, 1\n";
  for (unsigned i = 1; i < adds; ++i)
    text += "  %v" + std::to_string(i) + " = add i64 %v" +
            std::to_string(i - 1) + ", " + std::to_string(i) + "\n";
  for (const char *callee : callees)
    text += std::string("  call void @") + callee + "()\n";
  text += "  ret i64 %v" + std::to_string(adds - 1) + "\n}\n";
  return text;
}

std::string define(const char *linkage, const char *name, unsigned adds,
                   std::initializer_list<const char *> callees = {}) {
  return std::string("define ") + linkage + " i64 @" + name + "(i64 %x) " +
         body(adds, callees);
}

/// `void ()` wrapper that calls `target(i64 0)`: lets bodies call i64
/// functions through `call void @name()`.
std::string caller(const char *linkage, const char *name, const char *target) {
  return std::string("define ") + linkage + " void @" + name +
         "() {\n  %r = call i64 @" + target + "(i64 0)\n  ret void\n}\n";
}

class ModulePartitionTest : public ::testing::Test {
protected:
  std::unique_ptr<Module> parse(const std::string &text) {
    SMDiagnostic err;
    std::unique_ptr<Module> module = parseAssemblyString(text, err, context);
    if (!module) {
      std::string msg;
      raw_string_ostream os(msg);
      err.print("test", os);
      ADD_FAILURE() << msg;
    }
    return module;
  }

  /// Limits that split anything with at least two units.
  static PartitionLimits anySplit() {
    PartitionLimits limits;
    limits.maxPartitions = 2;
    limits.minCost = 0;
    limits.maxShare = 1.0;
    limits.inlineCandidateCost = 20;
    return limits;
  }

  /// The partition that defines `name`, or -1.
  static int partitionOf(const std::vector<ModulePartition> &parts,
                         StringRef name) {
    int found = -1;
    for (size_t p = 0; p < parts.size(); ++p)
      if (parts[p].functions.contains(name)) {
        EXPECT_EQ(found, -1) << name.str() << " defined twice";
        found = static_cast<int>(p);
      }
    return found;
  }

  /// Cuts partition `p` out of a copy of `module` and checks it is valid.
  std::unique_ptr<Module> cut(const Module &module,
                              const ModulePartition &partition) {
    std::unique_ptr<Module> copy = CloneModule(module);
    Error err = restrictToPartition(*copy, partition);
    EXPECT_FALSE(static_cast<bool>(err)) << toString(std::move(err));
    std::string msg;
    raw_string_ostream os(msg);
    EXPECT_FALSE(verifyModule(*copy, &os)) << msg;
    return copy;
  }

  LLVMContext context;
};

TEST_F(ModulePartitionTest, BalancesBigFunctionsAndCopiesLocalHelpers) {
  std::string text = define("internal", "helper", 10) +
                     caller("internal", "call_helper", "helper") +
                     define("", "f", 200, {"call_helper"}) +
                     define("", "g", 180, {"call_helper"}) +
                     define("", "h", 50);
  std::unique_ptr<Module> module = parse(text);
  ASSERT_TRUE(module);
  auto parts = planPartitions(*module, anySplit());
  ASSERT_TRUE(parts.has_value());
  ASSERT_EQ(parts->size(), 2u);
  int f = partitionOf(*parts, "f"), g = partitionOf(*parts, "g");
  EXPECT_NE(f, g);
  // h goes to the lighter side, with g.
  EXPECT_EQ(partitionOf(*parts, "h"), g);
  // The local helpers are in both partitions.
  for (const ModulePartition &part : *parts) {
    EXPECT_TRUE(part.functions.contains("helper"));
    EXPECT_TRUE(part.functions.contains("call_helper"));
  }
  for (size_t p = 0; p < 2; ++p) {
    std::unique_ptr<Module> piece = cut(*module, (*parts)[p]);
    const char *mine = static_cast<int>(p) == f ? "f" : "g";
    const char *other = static_cast<int>(p) == f ? "g" : "f";
    EXPECT_FALSE(piece->getFunction(mine)->isDeclaration());
    EXPECT_TRUE(piece->getFunction(other)->isDeclaration());
    Function *helper = piece->getFunction("helper");
    ASSERT_TRUE(helper);
    EXPECT_FALSE(helper->isDeclaration());
    EXPECT_TRUE(helper->hasLocalLinkage());
  }
}

TEST_F(ModulePartitionTest, SmallExternalCalleeStaysWithItsCaller) {
  std::string text = define("", "small", 5) +
                     caller("internal", "call_small", "small") +
                     define("", "f", 200, {"call_small"}) +
                     define("", "g", 200);
  std::unique_ptr<Module> module = parse(text);
  ASSERT_TRUE(module);
  auto parts = planPartitions(*module, anySplit());
  ASSERT_TRUE(parts.has_value());
  EXPECT_EQ(partitionOf(*parts, "small"), partitionOf(*parts, "f"));
  EXPECT_NE(partitionOf(*parts, "f"), partitionOf(*parts, "g"));
}

TEST_F(ModulePartitionTest, UsersOfALocalVariableShareAPartition) {
  // f writes the state, g reads it: one copy of @state, so f and g
  // together.
  std::string text =
      "@state = internal global i64 0\n"
      "define void @set() {\n  store i64 1, ptr @state\n  ret void\n}\n" +
      caller("", "unused", "f") + define("", "f", 200, {"set_local"}) +
      "define internal void @set_local() {\n  store i64 2, ptr @state\n"
      "  ret void\n}\n" +
      "define i64 @g(i64 %x) {\n  %s = load i64, ptr @state\n" +
      body(200, {}).substr(2) + define("", "k", 150);
  std::unique_ptr<Module> module = parse(text);
  ASSERT_TRUE(module);
  auto parts = planPartitions(*module, anySplit());
  ASSERT_TRUE(parts.has_value());
  int f = partitionOf(*parts, "f");
  EXPECT_EQ(partitionOf(*parts, "g"), f);
  EXPECT_EQ(partitionOf(*parts, "set"), f);
  EXPECT_NE(partitionOf(*parts, "k"), f);
  EXPECT_TRUE((*parts)[f].localVariables.contains("state"));
  std::unique_ptr<Module> other = cut(*module, (*parts)[1 - f]);
  EXPECT_EQ(other->getNamedGlobal("state"), nullptr);
  std::unique_ptr<Module> mine = cut(*module, (*parts)[f]);
  ASSERT_NE(mine->getNamedGlobal("state"), nullptr);
  EXPECT_TRUE(mine->getNamedGlobal("state")->hasInitializer());
}

/// `define i64 @name(i64 %x)` that first loads an i64 from `global`, then
/// has about `adds` instructions.
std::string reader(const char *name, const char *global, unsigned adds) {
  return std::string("define i64 @") + name + "(i64 %x) {\n  %l = load i64, "
         "ptr getelementptr (i8, ptr @" + global + ", i64 8)\n" +
         body(adds, {}).substr(2);
}

TEST_F(ModulePartitionTest, LocalConstantsDoNotTieTheirReaders) {
  // Two big readers of each constant: they may go to different
  // partitions. @table's address does not matter (unnamed_addr): each
  // partition gets its own copy. @dense's may (no unnamed_addr): one
  // partition defines it, under a hidden name of the module's, and the
  // other refers to that.
  std::string text =
      "@table = private unnamed_addr constant [2 x i64] [i64 1, i64 2]\n"
      "@dense = private constant [2 x i64] [i64 3, i64 4]\n" +
      reader("f", "table", 200) + reader("g", "table", 190) +
      reader("h", "dense", 100) + reader("k", "dense", 90);
  std::unique_ptr<Module> module = parse(text);
  ASSERT_TRUE(module);
  auto parts = planPartitions(*module, anySplit(), "tag");
  ASSERT_TRUE(parts.has_value());
  ASSERT_EQ(parts->size(), 2u);
  EXPECT_NE(partitionOf(*parts, "f"), partitionOf(*parts, "g"));
  EXPECT_NE(partitionOf(*parts, "h"), partitionOf(*parts, "k"));
  unsigned definitions = 0;
  for (const ModulePartition &part : *parts) {
    std::unique_ptr<Module> piece = cut(*module, part);
    GlobalVariable *table = piece->getGlobalVariable("table", true);
    ASSERT_TRUE(table);
    EXPECT_TRUE(table->hasPrivateLinkage());
    EXPECT_TRUE(table->hasInitializer());
    EXPECT_EQ(piece->getGlobalVariable("dense", true), nullptr);
    GlobalVariable *dense = piece->getNamedGlobal("dense.distc.tag");
    ASSERT_TRUE(dense);
    EXPECT_TRUE(dense->hasExternalLinkage());
    EXPECT_TRUE(dense->hasHiddenVisibility());
    definitions += dense->hasInitializer();
  }
  EXPECT_EQ(definitions, 1u);
}

TEST_F(ModulePartitionTest, DeadConstantUsersDoNotKeepALocalAlive) {
  // The translation from MLIR leaves constant expressions that nothing
  // uses; once the bodies outside a partition are deleted, such a leftover
  // on a local constant of the other partition must not count as a use.
  std::string text = "@c = private constant [2 x i64] [i64 1, i64 2]\n" +
                     reader("f", "c", 200) + define("", "g", 190);
  std::unique_ptr<Module> module = parse(text);
  ASSERT_TRUE(module);
  auto parts = planPartitions(*module, anySplit());
  ASSERT_TRUE(parts.has_value());
  int f = partitionOf(*parts, "f");
  std::unique_ptr<Module> other = CloneModule(*module);
  // A dead user, as the translation leaves them.
  (void)ConstantExpr::getPtrToInt(other->getGlobalVariable("c", true),
                                  Type::getInt64Ty(context));
  Error err = restrictToPartition(*other, (*parts)[1 - f]);
  EXPECT_FALSE(static_cast<bool>(err)) << toString(std::move(err));
  EXPECT_EQ(other->getGlobalVariable("c", true), nullptr);
}

TEST_F(ModulePartitionTest, AddressTakenLocalFunctionIsNotCopied) {
  // f stores the address of @cb, g calls @cb directly: @cb exists once, so
  // f and g are in one partition.
  std::string text =
      "@slot = global ptr null\n" + define("internal", "cb", 10) +
      caller("internal", "call_cb", "cb") +
      "define i64 @f(i64 %x) {\n  store ptr @cb, ptr @slot\n" +
      body(200, {}).substr(2) + define("", "g", 200, {"call_cb"}) +
      define("", "k", 190);
  std::unique_ptr<Module> module = parse(text);
  ASSERT_TRUE(module);
  auto parts = planPartitions(*module, anySplit());
  ASSERT_TRUE(parts.has_value());
  int g = partitionOf(*parts, "g");
  EXPECT_EQ(partitionOf(*parts, "cb"), g);
  EXPECT_EQ(partitionOf(*parts, "f"), g);
  EXPECT_NE(partitionOf(*parts, "k"), g);
  // The external @slot is defined by partition 0 only.
  for (size_t p = 0; p < parts->size(); ++p) {
    std::unique_ptr<Module> piece = cut(*module, (*parts)[p]);
    EXPECT_EQ(piece->getNamedGlobal("slot")->isDeclaration(), p != 0);
  }
}

TEST_F(ModulePartitionTest, DoesNotSplitWhatItCannotModelOrWhatDoesNotPay) {
  std::string twoBig = define("", "f", 200) + define("", "g", 200);
  {
    std::unique_ptr<Module> module = parse(twoBig);
    ASSERT_TRUE(module);
    EXPECT_TRUE(planPartitions(*module, anySplit()).has_value());
    PartitionLimits one = anySplit();
    one.maxPartitions = 1;
    EXPECT_FALSE(planPartitions(*module, one).has_value());
    PartitionLimits big = anySplit();
    big.minCost = 10000;
    EXPECT_FALSE(planPartitions(*module, big).has_value());
  }
  {
    // One dominant function: the largest partition would hold 90%.
    std::unique_ptr<Module> module =
        parse(define("", "f", 900) + define("", "g", 100));
    ASSERT_TRUE(module);
    PartitionLimits limits = anySplit();
    limits.maxShare = 0.85;
    EXPECT_FALSE(planPartitions(*module, limits).has_value());
  }
  // Constructs the plan does not model.
  for (const char *extra :
       {"@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] "
        "[{ i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }]\n"
        "define internal void @ctor() {\n  ret void\n}\n",
        "@alias = alias i64 (i64), ptr @f\n",
        "$c = comdat any\n@v = global i64 0, comdat($c)\n",
        "@table = global ptr @g\n",
        "define linkonce_odr void @inline_me() {\n  ret void\n}\n",
        "module asm \".globl asm_symbol\"\n"}) {
    std::unique_ptr<Module> module = parse(twoBig + extra);
    ASSERT_TRUE(module) << extra;
    EXPECT_FALSE(planPartitions(*module, anySplit()).has_value()) << extra;
  }
}

TEST_F(ModulePartitionTest, AtMostTheRequestedNumberOfPartitions) {
  std::string text = define("", "a", 100) + define("", "b", 100) +
                     define("", "c", 100) + define("", "d", 100) +
                     define("", "e", 100);
  std::unique_ptr<Module> module = parse(text);
  ASSERT_TRUE(module);
  PartitionLimits limits = anySplit();
  limits.maxPartitions = 3;
  auto parts = planPartitions(*module, limits);
  ASSERT_TRUE(parts.has_value());
  ASSERT_EQ(parts->size(), 3u);
  for (const char *name : {"a", "b", "c", "d", "e"})
    EXPECT_NE(partitionOf(*parts, name), -1) << name;
  uint64_t total = 0;
  for (const ModulePartition &part : *parts)
    total += part.cost;
  // Every definition is in one partition (no local copies here).
  uint64_t expected = 0;
  for (const Function &fn : *module)
    expected += fn.getInstructionCount();
  EXPECT_EQ(total, expected);
}

} // namespace
