#include "json.hpp"

#include <gtest/gtest.h>

namespace ampcl::debug::json {
namespace {

TEST(Json, ParsesNestedDocument) {
  value v = parse(R"( {"a": [1, -2.5e1, true, false, null], "b": {"c": "x\"y\\n"}} )");
  ASSERT_TRUE(v.is_object());
  const auto& a = v.find("a")->as_array();
  ASSERT_EQ(a.size(), 5u);
  EXPECT_EQ(a[0].as_int(), 1);
  EXPECT_DOUBLE_EQ(a[1].as_double(), -25.0);
  EXPECT_TRUE(a[2].as_bool());
  EXPECT_FALSE(a[3].as_bool());
  EXPECT_TRUE(a[4].is_null());
  EXPECT_EQ(v.find("b")->find("c")->as_string(), "x\"y\\n");
  EXPECT_EQ(v.find("missing"), nullptr);
}

TEST(Json, DecodesUnicodeEscapes) {
  EXPECT_EQ(parse(R"("\u00e9\ud83d\ude00\n")").as_string(), "\xC3\xA9\xF0\x9F\x98\x80\n");
}

TEST(Json, KeepsLargeIntegersExact) {
  EXPECT_EQ(parse("18446744073709551615").as_uint(), 18446744073709551615ull);
  EXPECT_THROW(parse("-1").as_uint(), std::runtime_error);
  EXPECT_THROW(parse("1.5").as_int(), std::runtime_error);
}

TEST(Json, RejectsMalformedInput) {
  for (const char* bad : {"", "{", "[1,]", "{\"a\" 1}", "\"abc", "tru", "01x", "{} x", "\"\\q\"",
                          "[1 2]", "{\"a\":}", "-"}) {
    EXPECT_THROW(parse(bad), parse_error) << bad;
  }
}

TEST(Json, WrongTypeAccessThrows) {
  EXPECT_THROW(parse("1").as_string(), std::runtime_error);
  EXPECT_THROW(parse("\"1\"").as_int(), std::runtime_error);
  EXPECT_THROW(parse("[]").as_object(), std::runtime_error);
}

TEST(Json, QuoteEscapesControlCharacters) {
  EXPECT_EQ(quote("a\"b\\c\n\x01"), "\"a\\\"b\\\\c\\n\\u0001\"");
  EXPECT_EQ(parse(quote("tab\there\x1f")).as_string(), "tab\there\x1f");
}

TEST(Json, DumpRoundTrips) {
  value v = obj({{"b", arr({num(1), str("x"), boolean(true), value()})}, {"a", obj({})}});
  for (int indent : {0, 2}) {
    std::string text = dump(v, indent);
    value back = parse(text);
    EXPECT_EQ(dump(back, 0), dump(v, 0));
  }
  EXPECT_EQ(dump(v, 0), R"({"a":{},"b":[1,"x",true,null]})");
}

}  // namespace
}  // namespace ampcl::debug::json
