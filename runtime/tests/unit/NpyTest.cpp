// The .npy header (Npy.h): what encodeHeader writes is what numpy.save
// writes, and parseHeader reads numpy's headers and rejects malformed ones.
#include "io/Npy.h"

#include <gtest/gtest.h>

#include <string>

using namespace idtr;

namespace {

npy::Header parse(const std::string &bytes, std::string &error) {
  npy::Header h;
  npy::parseHeader(bytes.data(), static_cast<int64_t>(bytes.size()), h, error);
  return h;
}

} // namespace

TEST(Npy, EncodesAsNumpy) {
  // numpy.save(f, numpy.zeros((3, 4))): the data starts 64-aligned.
  std::string h = npy::encodeHeader("<f8", {3, 4});
  EXPECT_EQ(h.size() % 64, 0u);
  EXPECT_EQ(h.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  EXPECT_NE(h.find("{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }"),
            std::string::npos);
  EXPECT_EQ(h.back(), '\n');
  EXPECT_NE(npy::encodeHeader("|b1", {7}).find("'shape': (7,)"), std::string::npos);
}

TEST(Npy, LeavesNumpysGrowthRoom) {
  // numpy pads the header text by 21 minus the digits of the first
  // dimension before aligning: these shapes' text alone would fit 128
  // bytes, numpy.save's header takes 192.
  Shape shape(15, 3);
  shape[0] = 1;
  EXPECT_EQ(npy::encodeHeader("<f8", shape).size(), 192u);
  shape[0] = 123456789;
  EXPECT_EQ(npy::encodeHeader("<f8", shape).size(), 192u);
  EXPECT_EQ(npy::encodeHeader("<f8", {3, 4}).size(), 128u);
}

TEST(Npy, RoundTrips) {
  std::string error;
  npy::Header h = parse(npy::encodeHeader("<i4", {2, 0, 5}), error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(h.descr, "<i4");
  EXPECT_FALSE(h.fortranOrder);
  EXPECT_EQ(h.shape, (Shape{2, 0, 5}));
  EXPECT_EQ(h.dataOffset % 64, 0);
}

TEST(Npy, LargeHeaderIsVersion2) {
  Shape shape(25000, 1); // "1, " each: more than 64 KiB of text
  std::string h = npy::encodeHeader("<f8", shape);
  EXPECT_EQ(h[6], 2);
  std::string error;
  EXPECT_EQ(parse(h, error).shape.size(), 25000u);
  EXPECT_EQ(error, "");
}

TEST(Npy, ReadsOtherSpellings) {
  // Double quotes, Fortran order, other key order, "L" suffixes.
  std::string dict = "{\"shape\": (3L, 4L), \"fortran_order\": True, \"descr\": \"<c16\"}";
  std::string h = std::string("\x93NUMPY\x01\x00", 8);
  h += static_cast<char>(dict.size() + 1);
  h += '\0';
  h += dict + "\n";
  std::string error;
  npy::Header parsed = parse(h, error);
  EXPECT_EQ(error, "");
  EXPECT_TRUE(parsed.fortranOrder);
  EXPECT_EQ(parsed.descr, "<c16");
  EXPECT_EQ(npy::itemSize(parsed.descr), 16);
  EXPECT_EQ(parsed.shape, (Shape{3, 4}));
}

TEST(Npy, RejectsMalformed) {
  std::string error;
  parse("hello world, not npy", error);
  EXPECT_NE(error.find("not a .npy file"), std::string::npos);
  std::string h = npy::encodeHeader("<f8", {3});
  error.clear();
  parse(h.substr(0, 30), error);
  EXPECT_EQ(error, "truncated header: its length field announces 128 bytes but the file holds 30");
  std::string v9 = h;
  v9[6] = 9;
  error.clear();
  parse(v9, error);
  EXPECT_NE(error.find("unsupported .npy format version 9.0"), std::string::npos);
  std::string noShape = h;
  noShape.replace(noShape.find("'shape'"), 7, "'shapf'");
  error.clear();
  parse(noShape, error);
  EXPECT_NE(error.find("unknown header key 'shapf'"), std::string::npos);
}

namespace {

// A version 2.0 preamble announcing a header of `length` bytes.
std::string preamble2(uint32_t length) {
  std::string p("\x93NUMPY\x02\x00", 8);
  for (int b = 0; b < 4; ++b)
    p += static_cast<char>((length >> (8 * b)) & 0xff);
  return p;
}

} // namespace

TEST(Npy, HeaderLengthIsBoundedByTheFile) {
  // A corrupt length field: the reader would allocate 4 GiB for the
  // header of a 928-byte file before finding it truncated.
  std::string p = preamble2(0xFFFFFFFFu);
  std::string error;
  EXPECT_EQ(npy::headerSize(p.data(), static_cast<int64_t>(p.size()), 928, error), -1);
  EXPECT_EQ(error,
            "truncated header: its length field announces 4294967307 bytes but the file holds 928");
  // The same length in a file that long is a header.
  error.clear();
  EXPECT_EQ(npy::headerSize(p.data(), static_cast<int64_t>(p.size()), 4294967307, error),
            4294967307);
  EXPECT_EQ(error, "");
  // Version 1.0's 16-bit field too.
  std::string h = npy::encodeHeader("<f8", {3});
  EXPECT_EQ(npy::headerSize(h.data(), npy::kPreambleBytes, 127, error), -1);
  EXPECT_EQ(npy::headerSize(h.data(), npy::kPreambleBytes, 128, error), 128);
}

TEST(Npy, DataSizeDoesNotWrap) {
  std::string error;
  // (2^60 - 1,) of 8 bytes: 2^63 - 8 bytes, which plus the header's 128
  // wrapped around to a negative end that passed for one inside the file.
  std::string h = npy::encodeHeader("<f8", {(int64_t(1) << 60) - 1});
  npy::Header header = parse(h, error);
  ASSERT_EQ(error, "");
  EXPECT_FALSE(npy::checkDataSize(header, 8, 928, error));
  EXPECT_EQ(error, "is truncated: the shape (1152921504606846975,) needs 9223372036854775800 "
                   "bytes of data but the file holds 800");
  // A size that does not fit 64 bits at all.
  error.clear();
  header.shape = {int64_t(1) << 40, int64_t(1) << 30};
  EXPECT_FALSE(npy::checkDataSize(header, 8, 928, error));
  EXPECT_EQ(error, "the shape (1099511627776, 1073741824) is too large");
  // Exactly the data, and one byte less.
  error.clear();
  header.shape = {100};
  EXPECT_TRUE(npy::checkDataSize(header, 8, header.dataOffset + 800, error));
  EXPECT_EQ(error, "");
  EXPECT_FALSE(npy::checkDataSize(header, 8, header.dataOffset + 799, error));
  EXPECT_EQ(error, "is truncated: the shape (100,) needs 800 bytes of data but the file holds 799");
  // A file shorter than the header holds no data.
  error.clear();
  EXPECT_FALSE(npy::checkDataSize(header, 8, 10, error));
  EXPECT_NE(error.find("the file holds 0"), std::string::npos);
  // An empty array needs none.
  error.clear();
  header.shape = {int64_t(1) << 62, 0};
  EXPECT_TRUE(npy::checkDataSize(header, 8, header.dataOffset, error));
  EXPECT_EQ(error, "");
}
