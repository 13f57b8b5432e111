#include "sim_parser.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>

#include "sim_error.hpp"

namespace ampcl::sim {
namespace {

const kernel_param in_buf{"in", "float*", address_space::global, 0};
const kernel_param out_buf{"out", "float*", address_space::global, 0};
const kernel_param int_buf{"counts", "int*", address_space::global, 0};
const kernel_param const_buf{"table", "uchar*", address_space::constant, 0};
const kernel_param scratch{"scratch", "float*", address_space::local, 0};
const kernel_param n_param{"n", "int", address_space::private_, 4};
const kernel_param scale{"scale", "float", address_space::private_, 4};
const kernel_param view{"in_view", "ampcl_view", address_space::private_, 0};

const std::string head = "k.cl\nkern\n16 1 1\n4 1 1\n";

template <class T>
std::vector<T> as(const sim_argument& a) {
  std::vector<T> v(a.data.size() / sizeof(T));
  std::memcpy(v.data(), a.data.data(), a.data.size());
  return v;
}

// Parses and expects a sim_error at `line` whose message mentions `needle`.
void expect_error(const std::string& text, const std::vector<kernel_param>& params, int line,
                  const std::string& needle) {
  try {
    parse_sim(text, "t.sim", params);
    ADD_FAILURE() << "accepted:\n" << text;
  } catch (const sim_error& e) {
    EXPECT_EQ(e.file(), "t.sim");
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_NE(e.message().find(needle), std::string::npos) << e.what();
    EXPECT_FALSE(e.hint().empty()) << e.what();
    EXPECT_EQ(std::string(e.what()).rfind("t.sim:" + std::to_string(line) + ": error: ", 0), 0u)
        << e.what();
  }
}

TEST(SimHeader, ReadsFileKernelAndSizes) {
  sim_parser p("# comment\n  prog.cl  # the program\nvec_add\n1024 2 1\n64 2 1\n", "x.sim");
  launch_header h = p.read_header();
  EXPECT_EQ(h.program_file, "prog.cl");
  EXPECT_EQ(h.kernel_name, "vec_add");
  EXPECT_EQ(h.global[0], 1024u);
  EXPECT_EQ(h.global[1], 2u);
  EXPECT_EQ(h.local[0], 64u);
  EXPECT_EQ(h.line, 2);
}

TEST(SimHeader, TokensMayShareOrSpanLines) {
  auto l = parse_sim("k.cl kern 16 1 1 4\n1\n1 <size=4> 7", "t.sim", {n_param});
  EXPECT_EQ(l.header.local[0], 4u);
  EXPECT_EQ(as<int32_t>(l.args[0]), std::vector<int32_t>{7});
}

TEST(SimHeader, Errors) {
  expect_error("", {}, 1, "program file");
  expect_error("# only a comment\n", {}, 1, "program file");
  expect_error("k.cl\n", {}, 1, "kernel name");
  expect_error("k.cl\nkern\n16 1\n", {}, 3, "global size");
  expect_error("k.cl\nkern\n16 x 1\n4 1 1\n", {}, 3, "'x' is not a non-negative decimal");
  expect_error("k.cl\nkern\n16 -1 1\n4 1 1\n", {}, 3, "not a non-negative");
  expect_error("k.cl\nkern\n16 1 1\n4 1 1.5\n", {}, 4, "local size");
  expect_error("k.cl\nkern\n16 0 1\n4 1 1\n", {}, 3, "global size is 0 in dimension 1");
  expect_error("k.cl\nkern\n16 1 1\n0 1 1\n", {}, 4, "local size is 0");
  expect_error("k.cl\nkern\n10 1 1\n4 1 1\n", {}, 4, "does not divide global size 10");
}

TEST(SimArgs, InlineValuesOfEveryType) {
  struct type_case {
    const char* token;
    const char* values;
    std::size_t size;
    std::vector<unsigned char> expect;
  };
  auto bytes = [](auto... v) {
    std::vector<unsigned char> out;
    auto put = [&](auto x) {
      unsigned char b[sizeof(x)];
      std::memcpy(b, &x, sizeof(x));
      out.insert(out.end(), b, b + sizeof(x));
    };
    (put(v), ...);
    return out;
  };
  const type_case cases[] = {
      {"char", "-128 127", 2, bytes(int8_t(-128), int8_t(127))},
      {"uchar", "0 255", 2, bytes(uint8_t(0), uint8_t(255))},
      {"short", "-32768 7", 4, bytes(int16_t(-32768), int16_t(7))},
      {"ushort", "65535 1", 4, bytes(uint16_t(65535), uint16_t(1))},
      {"int", "-5 +6", 8, bytes(int32_t(-5), int32_t(6))},
      {"uint", "4294967295 0", 8, bytes(uint32_t(4294967295u), uint32_t(0))},
      {"long", "-9223372036854775808 1", 16, bytes(INT64_MIN, int64_t(1))},
      {"ulong", "18446744073709551615 2", 16, bytes(UINT64_MAX, uint64_t(2))},
      {"float", "1.5 -2e3", 8, bytes(1.5f, -2e3f)},
      {"double", "0.25 1e300", 16, bytes(0.25, 1e300)},
  };
  for (const auto& c : cases) {
    std::string text = head + "<size=" + std::to_string(c.size) + " " + c.token + "> " + c.values;
    auto l = parse_sim(text, "t.sim", {in_buf});
    EXPECT_EQ(l.args[0].data, c.expect) << c.token;
    EXPECT_EQ(to_string(l.args[0].type), std::string(c.token));
  }
}

TEST(SimArgs, DefaultTypeComesFromTheParameter) {
  auto l = parse_sim(head + "<size=8> 1 2\n<size=2> 3 4\n", "t.sim", {int_buf, const_buf});
  EXPECT_EQ(l.args[0].type, value_type::int_);
  EXPECT_EQ(as<int32_t>(l.args[0]), (std::vector<int32_t>{1, 2}));
  EXPECT_EQ(l.args[1].type, value_type::uchar);
  EXPECT_EQ(l.args[1].space, address_space::constant);
}

TEST(SimArgs, ValuesMaySpanLinesWithComments) {
  auto l = parse_sim(head + "<size=16 float>\n1 2 # two\n\n3\n4\n", "t.sim", {in_buf});
  EXPECT_EQ(as<float>(l.args[0]), (std::vector<float>{1, 2, 3, 4}));
}

TEST(SimArgs, FillRangeHexNoinitNullDumpRoWo) {
  auto l = parse_sim(head +
                         "<size=16 fill=2.5 dump ro>\n"
                         "<size=16 int range=10:-3:1 wo>\n"
                         "<size=8 hex int> ff 0x10\n"
                         "<size=8 hex int fill=A>\n"
                         "<size=64 noinit>\n"
                         "<null>\n",
                     "t.sim", {in_buf, int_buf, int_buf, int_buf, out_buf, const_buf});
  EXPECT_EQ(as<float>(l.args[0]), (std::vector<float>{2.5, 2.5, 2.5, 2.5}));
  EXPECT_TRUE(l.args[0].dump);
  EXPECT_TRUE(l.args[0].read_only);
  EXPECT_EQ(as<int32_t>(l.args[1]), (std::vector<int32_t>{10, 7, 4, 1}));
  EXPECT_TRUE(l.args[1].write_only);
  EXPECT_EQ(as<int32_t>(l.args[2]), (std::vector<int32_t>{255, 16}));
  EXPECT_TRUE(l.args[2].hex);
  EXPECT_EQ(as<int32_t>(l.args[3]), (std::vector<int32_t>{10, 10}));
  EXPECT_TRUE(l.args[4].noinit);
  EXPECT_EQ(l.args[4].size, 64u);
  EXPECT_TRUE(l.args[4].data.empty());
  EXPECT_TRUE(l.args[5].null);
  EXPECT_EQ(l.args[5].size, 0u);
  EXPECT_EQ(l.args[5].line, 10);
}

// fill= writes every element however large the argument (the fill doubles its
// copies), and an odd element count is no special case.
TEST(SimArgs, LargeFillsAreWholeAndExact) {
  const std::size_t n = (std::size_t{3} << 20) + 3;  // 12 MiB and three floats
  auto l = parse_sim(head + "<size=" + std::to_string(n * 4) + " fill=-1.25>\n", "t.sim", {in_buf});
  const std::vector<float> v = as<float>(l.args[0]);
  ASSERT_EQ(v.size(), n);
  EXPECT_EQ(std::count(v.begin(), v.end(), -1.25f), static_cast<std::ptrdiff_t>(n));
  auto c = parse_sim(head + "<size=6 char fill=7>\n", "t.sim", {in_buf});
  EXPECT_EQ(c.args[0].data, (std::vector<unsigned char>(6, 7)));
}

// A size beyond the limit is refused before any memory is taken (the fuzzer's
// <size=4666666666666664 ... fill=2> ran for minutes).
TEST(SimArgs, SizesBeyondTheLimitAreRefusedWithTheKnob) {
  expect_error(head + "<size=4666666666666664 fill=2>\n", {in_buf}, 5, "is more than the");
  expect_error(head + "<size=" + std::to_string(max_argument_bytes() + 4) + " noinit>\n", {in_buf},
               5, "bytes an argument may have");
  // A range whose element count is beyond any integer (the fuzzer's, too).
  expect_error(head + "<size=256 float range=5:1:3333333333333333333333333333333333333>\n",
               {in_buf}, 5, "more elements than any size holds");
}

TEST(SimArgs, HexDoesNotLeakIntoTheNextArgument) {
  auto l = parse_sim(head + "<size=4 hex int> 10\n<size=4 int> 10\n", "t.sim", {int_buf, int_buf});
  EXPECT_EQ(as<int32_t>(l.args[0])[0], 16);
  EXPECT_EQ(as<int32_t>(l.args[1])[0], 10);
}

TEST(SimArgs, FloatRangeAndDumpPrefixToken) {
  auto l = parse_sim(head + "<size=12 range=0.5:0.25:1 dumpit>\n", "t.sim", {in_buf});
  EXPECT_EQ(as<float>(l.args[0]), (std::vector<float>{0.5f, 0.75f, 1.0f}));
  EXPECT_TRUE(l.args[0].dump);  // Oclgrind takes any token starting with "dump"
}

TEST(SimArgs, LocalTakesOnlyASize) {
  auto l = parse_sim(head + "<size=256>\n<size=4> 3\n", "t.sim", {scratch, n_param});
  EXPECT_EQ(l.args[0].space, address_space::local);
  EXPECT_EQ(l.args[0].size, 256u);
  EXPECT_TRUE(l.args[0].data.empty());
  EXPECT_EQ(as<int32_t>(l.args[1])[0], 3);
}

TEST(SimArgs, ScalarsAndStructsByValue) {
  auto l = parse_sim(head + "<size=4> -0.5\n<size=8 int> 0 0\n<size=44 int fill=0>\n", "t.sim",
                     {scale, kernel_param{"pair", "int2", address_space::private_, 8}, view});
  EXPECT_EQ(as<float>(l.args[0])[0], -0.5f);
  EXPECT_EQ(l.args[1].data.size(), 8u);
  EXPECT_EQ(l.args[2].data.size(), 44u);  // struct size unknown (0): not checked
}

TEST(SimArgs, HeaderErrors) {
  const std::vector<kernel_param> one{in_buf};
  expect_error(head + "size=16 float\n", one, 5, "expected an argument header");
  expect_error(head + "<size=16 float\n", one, 5, "no closing '>'");
  expect_error(head, one, 4, "no definition for argument 0 ('in'");
  expect_error(head + "<size=16 bogus>\n", one, 5, "unknown header token 'bogus'");
  expect_error(head + "<size=16 int float>\n", one, 5, "element type given twice");
  expect_error(head + "<size=16 fill>\n", one, 5, "fill=VALUE");
  expect_error(head + "<size=16 fill=>\n", one, 5, "fill=VALUE");
  expect_error(head + "<size=16 range>\n", one, 5, "range=START:INC:END");
  expect_error(head + "<size>\n", one, 5, "size=BYTES");
  expect_error(head + "<size=abc>\n", one, 5, "size 'abc'");
  expect_error(head + "<size=0x10>\n", one, 5, "size '0x10'");
  expect_error(head + "<float>\n", one, 5, "no size=BYTES");
  expect_error(head + "<size=6 float>\n", one, 5, "not a multiple of the element size");
  expect_error(head + "<null size=4>\n", one, 5, "'null' cannot be combined");
  expect_error(head + "<null dump>\n", one, 5, "'null' cannot be combined");
  expect_error(head + "<size=16 fill=1 range=1:1:4>\n", one, 5, "more than one initializer");
  expect_error(head + "<size=16 noinit fill=1>\n", one, 5, "more than one initializer");
  expect_error(head + "<size=16 ro wo>\n", one, 5, "exclude each other");
  expect_error(head + "<size=16 rand>\n", one, 5, "'rand' is not part of Oclgrind's .sim format");
  expect_error(head + "<size=16 load=data.bin>\n", one, 5, "not part of Oclgrind's");
  expect_error(head + "<size=16 __local>\n", one, 5, "not part of Oclgrind's");
}

TEST(SimArgs, QualifiersOnTheWrongKindOfParameter) {
  expect_error(head + "<size=4 null>\n", {n_param}, 5, "'null' is only for buffer");
  expect_error(head + "<size=4 noinit>\n", {scratch}, 5, "'noinit' is only for buffer");
  expect_error(head + "<size=4 dump> 1\n", {n_param}, 5, "'dump' is only for buffer");
  expect_error(head + "<size=4 ro>\n", {const_buf}, 5, "'ro' is only for __global");
  expect_error(head + "<size=4 wo>\n", {scratch}, 5, "'wo' is only for __global");
  expect_error(head + "<size=8> 1 2\n", {n_param}, 5, "size=8 but the parameter is 4 bytes");
  expect_error(head + "<size=44>\n", {view}, 5, "cannot infer an element type from 'ampcl_view'");
}

TEST(SimArgs, DataErrors) {
  const std::vector<kernel_param> one{int_buf};
  expect_error(head + "<size=8> 1 x\n", one, 5, "value 2 of 2: 'x' is not an integer");
  expect_error(head + "<size=8> 1\n", one, 5, "unexpected end of file after 1 of 2 values");
  expect_error(head + "<size=8> 1\n<size=4> 2\n", {int_buf, int_buf}, 6,
               "found the next header after 1 of 2");
  expect_error(head + "<size=4> 1 2\n", one, 5, "unexpected '2' after the last argument");
  expect_error(head + "<size=4> 1\n\nextra\n", one, 7, "unexpected 'extra'");
  expect_error(head + "<size=4> 2147483648\n", one, 5, "out of range");
  expect_error(head + "<size=2 uchar> 1 256\n", one, 5, "out of range");
  expect_error(head + "<size=2 uchar> 1 -1\n", one, 5, "negative");
  expect_error(head + "<size=2 char> 1 1.5\n", one, 5, "not an integer");
  expect_error(head + "<size=4 float> 1.0f\n", one, 5, "not a floating-point number");
  expect_error(head + "<size=4 hex> zz\n", one, 5, "not an integer in hexadecimal");
  expect_error(head + "<size=8 fill=1.5>\n", one, 5, "bad fill value");
  expect_error(head + "<size=8 fill=1,2>\n", one, 5, "bad fill value");
  expect_error(head + "<size=8 range=0:1>\n", one, 5, "three values, two colons");
  expect_error(head + "<size=8 range=0:1:2:3>\n", one, 5, "three values, two colons");
  expect_error(head + "<size=8 range=0:0:1>\n", one, 5, "increment is 0");
  expect_error(head + "<size=8 range=0:1:5>\n", one, 5, "makes 6 elements (24 bytes)");
  expect_error(head + "<size=8 range=0:2:3>\n", one, 5, "whole increments");
  expect_error(head + "<size=8 range=a:1:1>\n", one, 5, "bad range");
}

TEST(SimFile, UnreadableFileIsAnError) {
  try {
    sim_parser::from_file("/nonexistent/x.sim");
    FAIL();
  } catch (const sim_error& e) {
    EXPECT_EQ(e.line(), 0);
    EXPECT_NE(std::string(e.what()).find("/nonexistent/x.sim: error: cannot open"),
              std::string::npos);
  }
}

TEST(SimFile, ProgramPathIsResolvedBesideTheSimFileFirst) {
  char dir[] = "/tmp/ampcl-sim-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  const std::string d = dir;
  std::ofstream(d + "/k.cl") << "kernel void k() {}\n";
  EXPECT_EQ(resolve_program_path(d + "/a.sim", "k.cl"), d + "/k.cl");
  EXPECT_EQ(resolve_program_path(d + "/a.sim", "missing.cl"), "missing.cl");
  EXPECT_EQ(resolve_program_path(d + "/a.sim", "/abs/k.cl"), "/abs/k.cl");
  EXPECT_EQ(resolve_program_path("a.sim", "k.cl"), "k.cl");
  std::remove((d + "/k.cl").c_str());
  rmdir(dir);
}

TEST(SimTypes, DefaultTypesAndBuiltinSizes) {
  EXPECT_EQ(default_value_type("uchar4*"), value_type::uchar);
  EXPECT_EQ(default_value_type("char*"), value_type::char_);
  EXPECT_EQ(default_value_type("ulong"), value_type::ulong);
  EXPECT_EQ(default_value_type("double2*"), value_type::double_);
  EXPECT_EQ(default_value_type("void*"), value_type::uchar);
  EXPECT_EQ(default_value_type("ampcl_view"), value_type::none);
  EXPECT_EQ(builtin_type_size("int"), 4u);
  EXPECT_EQ(builtin_type_size("float4"), 16u);
  EXPECT_EQ(builtin_type_size("double3"), 32u);
  EXPECT_EQ(builtin_type_size("uchar16"), 16u);
  EXPECT_EQ(builtin_type_size("int5"), 0u);
  EXPECT_EQ(builtin_type_size("ampcl_view"), 0u);
}

}  // namespace
}  // namespace ampcl::sim
