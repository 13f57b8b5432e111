// The program binary cache on disk: its own API with explicit directories, and
// whole processes sharing a directory. A process reads AMPCL_CACHE_DIR once and
// its in-memory cache hides the disk after the first build, so end-to-end tests
// re-run this executable (BinaryCacheChild.Run) with their own environment.
#include "../../lib/programs/binary_cache.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ampcl/accelerator.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "../../lib/programs/include_closure.hpp"
#include "../../lib/programs/kernel_source.hpp"
#include "../../lib/programs/xxh64.hpp"
#include "test_support.hpp"

extern char** environ;

using ampcl::detail::binary_cache;
using ampcl::detail::binary_key;
using ampcl::detail::sha256;
namespace fs = std::filesystem;

namespace {

// A private directory, removed with everything in it.
struct temp_dir {
  std::string path;
  temp_dir() {
    std::string t = (fs::temp_directory_path() / "ampcl-bc-XXXXXX").string();
    if (!::mkdtemp(t.data())) throw std::runtime_error("mkdtemp failed");
    path = t;
  }
  ~temp_dir() {
    ::chmod(path.c_str(), 0700);
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
};

std::vector<unsigned char> bytes(const std::string& s) {
  return {s.begin(), s.end()};
}

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

void write_file(const std::string& path, const std::string& data) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << data;
}

// Names of the entries (*.bin) in dir.
std::vector<std::string> entries(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".bin") out.push_back(e.path().string());
  return out;
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

std::size_t warnings(const std::string& text) {
  return count(text, "ampcl warning:");
}

binary_key sample_key() {
  return {"Portable Computing Language",
          "pthread-cpu",
          "OpenCL 3.0 PoCL",
          "3.1",
          "-cl-std=CL1.2 -DX=1",
          "__kernel void k() {}",
          ""};
}

// ---------------------------------------------------------------------------------------------
// SHA-256 and keys

// Both implementations: the portable one, and the CPU's SHA instructions where
// it has them (x86 SHA extensions; then the two must agree on every length).
TEST(BinaryCache, Sha256KnownAnswers) {
  const bool hardware = sha256::hardware();
  for (const bool use_hardware : {false, true}) {
    if (use_hardware && !hardware) continue;
    SCOPED_TRACE(use_hardware ? "SHA instructions" : "portable code");
    sha256::set_hardware(use_hardware);
    const auto hex = [](const std::string& s) {
      return sha256::hex(sha256::of(s.data(), s.size()));
    };
    EXPECT_EQ(hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    // Fed in uneven pieces across block boundaries.
    sha256 h;
    const std::string a(1001, 'a');
    for (int i = 0; i < 1000; ++i) h.update(a.data(), i % 2 ? 999 : 1001);
    EXPECT_EQ(sha256::hex(h.finish()),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  }
  sha256::set_hardware(hardware);
  if (!hardware) return;
  // Every length from 0 to 300 bytes, and pieces: both give the same digests.
  std::string text;
  for (int i = 0; i < 300; ++i) text += static_cast<char>((i * 131 + 7) & 0xff);
  for (std::size_t n = 0; n <= text.size(); ++n) {
    sha256::set_hardware(false);
    const auto portable = sha256::of(text.data(), n);
    sha256::set_hardware(true);
    sha256 pieces;
    pieces.update(text.data(), n / 3).update(text.data() + n / 3, n - n / 3);
    EXPECT_EQ(sha256::hex(pieces.finish()), sha256::hex(portable)) << n << " bytes";
  }
  sha256::set_hardware(hardware);
}

// The entry checksum against the reference library's answers (libxxhash 0.8.1:
// XXH64 of the first n letters of "abc...zabc...", seeds 0 and 12345).
TEST(BinaryCache, Xxh64KnownAnswers) {
  const auto letters = [](std::size_t n) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += char('a' + i % 26);
    return s;
  };
  const struct {
    std::size_t n;
    std::uint64_t seed0, seed12345;
  } answers[] = {
      {0, 0xef46db3751d8e999, 0x95584af7701f808d},   {1, 0xd24ec4f1a98c6e5b, 0x747b860523d69ab6},
      {3, 0x44bc2cf5ad770999, 0x01700e64f6f23509},   {4, 0xde0327b0d25d92cc, 0xfd96bc4e926c92d1},
      {7, 0x1860940e2902822d, 0xd29fe165c829dafc},   {8, 0x3ad351775b4634b7, 0x02429d32b48647b5},
      {31, 0xf7d421c242541ac9, 0xe5c72ba260507a4a},  {32, 0x4da6cbe536cf55c7, 0x7037dc79e6b00cfc},
      {33, 0x9ac581034b031f72, 0xf68923f37c502696},  {100, 0x79c9fa152bb53c71, 0xd43028c015d6bbd2},
      {1000, 0x94b86db9a16d86a9, 0xd90427aace867926}};
  for (const auto& a : answers) {
    const std::string s = letters(a.n);
    EXPECT_EQ(ampcl::detail::xxh64(s.data(), s.size()), a.seed0) << a.n;
    EXPECT_EQ(ampcl::detail::xxh64(s.data(), s.size(), 12345), a.seed12345) << a.n;
  }
}

TEST(BinaryCache, KeyCoversDriverOptionsSourceAndDevice) {
  const auto base = sample_key().digest();
  EXPECT_EQ(sample_key().digest(), base);
  std::vector<std::string binary_key::*> fields{
      &binary_key::platform_name,  &binary_key::device_name, &binary_key::device_version,
      &binary_key::driver_version, &binary_key::options,     &binary_key::source,
      &binary_key::includes};
  for (auto f : fields) {
    binary_key k = sample_key();
    k.*f += " ";
    EXPECT_NE(k.digest(), base) << "a changed field must change the key: " << k.*f;
  }
  binary_key upgraded = sample_key();
  upgraded.driver_version = "3.2";
  EXPECT_NE(upgraded.digest(), base);
  binary_key other_options = sample_key();
  other_options.options = "-cl-std=CL1.2 -DX=2";
  EXPECT_NE(other_options.digest(), base);
  // Field boundaries count: "ab" + "c" is not "a" + "bc".
  binary_key a = sample_key(), b = sample_key();
  a.options = "ab";
  a.source = "c";
  b.options = "a";
  b.source = "bc";
  EXPECT_NE(a.digest(), b.digest());
}

// ---------------------------------------------------------------------------------------------
// The files a source includes (the key covers them)

TEST(BinaryCache, IncludeClosureFollowsQuotedAngleAndNestedIncludes) {
  temp_dir t;
  fs::create_directories(t.path + "/inc/sub");
  write_file(t.path + "/inc/hdr.h", "#pragma once\n#include \"sub/inner.h\"\n#include <angle.h>\n");
  write_file(t.path + "/inc/sub/inner.h", "#include \"leaf.h\" /* beside inner.h */\n");
  write_file(t.path + "/inc/sub/leaf.h", "#define LEAF 1\n#include \"../hdr.h\" // a cycle\n");
  write_file(t.path + "/inc/angle.h", "#define ANGLE 2\n");
  const std::string source =
      "#line 1 \"k.cl\"\n/* #include \"commented.h\"\n*/ // #include <nor.h>\n#include \"hdr.h\"\n";
  const auto c = ampcl::detail::find_includes(source, "-cl-std=CL1.2 -I " + t.path + "/inc");
  EXPECT_EQ(c.unresolved, "");
  ASSERT_EQ(c.files.size(), 4u);
  EXPECT_EQ(c.files[0], t.path + "/inc/hdr.h");
  EXPECT_EQ(c.files[1], t.path + "/inc/sub/inner.h");
  EXPECT_EQ(c.files[2], t.path + "/inc/sub/leaf.h");
  EXPECT_EQ(c.files[3], t.path + "/inc/angle.h");
  EXPECT_NE(c.contents.find("#define LEAF 1"), std::string::npos);
  // The same directory as -Idir, and no includes at all.
  EXPECT_EQ(ampcl::detail::find_includes(source, "-I" + t.path + "/inc").files, c.files);
  const auto none = ampcl::detail::find_includes("__kernel void k() {}\n", "");
  EXPECT_TRUE(none.files.empty() && none.unresolved.empty() && none.contents.empty());
}

TEST(BinaryCache, IncludeClosureNamesWhatItCannotFollow) {
  temp_dir t;
  // Inside #if 0 still counts: the closure may be larger than the build's, never smaller.
  const auto missing = ampcl::detail::find_includes(
      "#line 1 \"k.cl\"\n#if 0\n#include \"nowhere.h\"\n#endif\n", "-I" + t.path);
  EXPECT_NE(
      missing.unresolved.find("#include \"nowhere.h\" (k.cl line 2) is in none of: " + t.path),
      std::string::npos)
      << missing.unresolved;
  const auto macro =
      ampcl::detail::find_includes("#line 1 \"m.cl\"\n#define H \"x.h\"\n#include H\n", "");
  EXPECT_NE(macro.unresolved.find("an #include of a macro (m.cl line 2)"), std::string::npos)
      << macro.unresolved;
  const auto angle = ampcl::detail::find_includes("#include <sys.h>\n", "");
  EXPECT_NE(angle.unresolved.find("(no -I folders)"), std::string::npos) << angle.unresolved;
}

// find_includes skips the prelude expand_prelude pasted in without scanning it:
// right only while the prelude #includes nothing and leaves no comment open.
TEST(BinaryCache, IncludeClosureSkipsOnlyThePrelude) {
  const char* prelude = ampcl::detail::embedded_kernel("ampcl.clh");
  ASSERT_NE(prelude, nullptr);
  const auto alone = ampcl::detail::find_includes(prelude, "");
  EXPECT_TRUE(alone.files.empty() && alone.unresolved.empty()) << alone.unresolved;
  // An #include right after the prelude is seen: it left no comment open.
  const auto after =
      ampcl::detail::find_includes(std::string(prelude) + "\n#include \"after.h\"\n", "");
  EXPECT_NE(after.unresolved.find("#include \"after.h\""), std::string::npos);
  // Through the expansion, the kernel's own #include after the prelude is followed,
  // at its own line, whether the prelude is skipped (the runtime names it) or scanned.
  const std::string expanded = ampcl::detail::expand_prelude(
      "#include <ampcl.clh>\n#include \"mine.h\"\n__kernel void k() {}\n", "k.cl");
  for (const char* skipped : {prelude, ""}) {
    const auto mine = ampcl::detail::find_includes(expanded, "", skipped);
    EXPECT_NE(mine.unresolved.find("#include \"mine.h\" (k.cl line 2)"), std::string::npos)
        << mine.unresolved;
  }
  // Text that only looks like the prelude's place is scanned as any other.
  const auto fake = ampcl::detail::find_includes(
      "#line 1 \"ampcl.clh\"\n#include \"fake.h\"\n#line 2 \"k.cl\"\n", "", prelude);
  EXPECT_NE(fake.unresolved.find("#include \"fake.h\" (ampcl.clh line 1)"), std::string::npos)
      << fake.unresolved;
}

// The expansion: the prelude in place of its #include, #line markers around it,
// every other line as it was, and a last line without a newline given one.
TEST(BinaryCache, PreludeExpansion) {
  using ampcl::detail::expand_prelude;
  const std::string prelude = ampcl::detail::embedded_kernel("ampcl.clh");
  EXPECT_EQ(expand_prelude("", "e.cl"), "#line 1 \"e.cl\"\n");
  EXPECT_EQ(expand_prelude("a\n#define X 1\n\nb", "k.cl"),
            "#line 1 \"k.cl\"\na\n#define X 1\n\nb\n");
  EXPECT_EQ(expand_prelude("a\n  #  include   <ampcl.clh>  \nb\n", "k.cl"),
            "#line 1 \"k.cl\"\na\n#line 1 \"ampcl.clh\"\n" + prelude + "\n#line 3 \"k.cl\"\nb\n");
  EXPECT_EQ(
      expand_prelude("#include \"ampcl/ampcl.clh\"", "q\"k.cl"),
      "#line 1 \"q\\\"k.cl\"\n#line 1 \"ampcl.clh\"\n" + prelude + "\n#line 2 \"q\\\"k.cl\"\n");
  EXPECT_EQ(expand_prelude("#include <ampcl.clhx>\n#include <other.h>", "k.cl"),
            "#line 1 \"k.cl\"\n#include <ampcl.clhx>\n#include <other.h>\n");
}

TEST(BinaryCache, DirectoryFromEnvironment) {
  struct saved_env {
    std::map<std::string, std::optional<std::string>> old;
    void set(const char* name, const char* value) {
      if (!old.count(name)) {
        const char* v = std::getenv(name);
        old[name] = v ? std::optional<std::string>(v) : std::nullopt;
      }
      value ? ::setenv(name, value, 1) : ::unsetenv(name);
    }
    ~saved_env() {
      for (const auto& [k, v] : old) v ? ::setenv(k.c_str(), v->c_str(), 1) : ::unsetenv(k.c_str());
    }
  } env;
  env.set("HOME", "/home/u");
  env.set("XDG_CACHE_HOME", "/xdg");
  env.set("AMPCL_CACHE_DIR", "/mine");
  EXPECT_EQ(binary_cache::directory_from_environment(), "/mine");
  env.set("AMPCL_CACHE_DIR", "off");
  EXPECT_EQ(binary_cache::directory_from_environment(), "");
  env.set("AMPCL_CACHE_DIR", "");  // empty counts as unset
  EXPECT_EQ(binary_cache::directory_from_environment(), "/xdg/ampcl");
  env.set("AMPCL_CACHE_DIR", nullptr);
  EXPECT_EQ(binary_cache::directory_from_environment(), "/xdg/ampcl");
  env.set("XDG_CACHE_HOME", "relative");  // XDG: relative paths are ignored
  EXPECT_EQ(binary_cache::directory_from_environment(), "/home/u/.cache/ampcl");
  env.set("XDG_CACHE_HOME", nullptr);
  EXPECT_EQ(binary_cache::directory_from_environment(), "/home/u/.cache/ampcl");
  env.set("HOME", nullptr);
  EXPECT_EQ(binary_cache::directory_from_environment(), "");
}

// ---------------------------------------------------------------------------------------------
// The disk layer

TEST(BinaryCache, StoreThenLoadCreatesAPrivateDirectory) {
  temp_dir t;
  const std::string dir = t.path + "/a/b/ampcl";
  binary_cache c(dir);
  ASSERT_TRUE(c.enabled());
  struct stat st {};
  ASSERT_EQ(::lstat(dir.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  const auto key = sample_key().digest();
  EXPECT_FALSE(c.load(key));
  ASSERT_TRUE(c.store(key, bytes("binary bytes")));
  EXPECT_EQ(entries(dir), std::vector<std::string>{dir + "/" + sha256::hex(key) + ".bin"});
  ASSERT_EQ(::lstat(c.entry_path(key).c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(st.st_size, off_t(binary_cache::header_size + 12));
  EXPECT_EQ(c.load(key), bytes("binary bytes"));
  // Overwrites are whole; no temporaries stay behind.
  ASSERT_TRUE(c.store(key, bytes("v2")));
  EXPECT_EQ(c.load(key), bytes("v2"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  // Another key is another entry; an empty binary is fine too.
  binary_key k2 = sample_key();
  k2.driver_version = "4.0";
  ASSERT_TRUE(c.store(k2.digest(), {}));
  EXPECT_EQ(c.load(k2.digest()), std::vector<unsigned char>{});
  EXPECT_EQ(entries(dir).size(), 2u);
}

TEST(BinaryCache, TruncatedEntryIsDeletedWithOneWarning) {
  temp_dir t;
  binary_cache c(t.path);
  const auto key = sample_key().digest();
  ASSERT_TRUE(c.store(key, std::vector<unsigned char>(1000, 7)));
  const std::string path = c.entry_path(key);
  for (std::size_t keep : {std::size_t(1090), std::size_t(50), std::size_t(0)}) {
    ASSERT_TRUE(c.store(key, std::vector<unsigned char>(1000, 7)));
    fs::resize_file(path, keep);
    testing::internal::CaptureStderr();
    EXPECT_FALSE(c.load(key)) << "kept " << keep << " bytes";
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(warnings(err), 1u) << err;
    EXPECT_NE(err.find("is corrupt"), std::string::npos) << err;
    EXPECT_FALSE(fs::exists(path));
  }
}

TEST(BinaryCache, FlippedBitAnywhereIsDetected) {
  temp_dir t;
  binary_cache c(t.path);
  const auto key = sample_key().digest();
  const std::vector<unsigned char> binary(300, 0x5a);
  ASSERT_TRUE(c.store(key, binary));
  const std::string good = read_file(c.entry_path(key));
  // magic, version, key, length, checksum, binary start, binary end
  constexpr std::size_t h = binary_cache::header_size;
  for (std::size_t at : {std::size_t(0), std::size_t(9), std::size_t(20), std::size_t(50),
                         std::size_t(60), h, h + binary.size() - 1}) {
    std::string bad = good;
    bad[at] = static_cast<char>(bad[at] ^ 0x10);
    write_file(c.entry_path(key), bad);
    testing::internal::CaptureStderr();
    EXPECT_FALSE(c.load(key)) << "flipped byte " << at;
    EXPECT_EQ(warnings(testing::internal::GetCapturedStderr()), 1u);
    EXPECT_FALSE(fs::exists(c.entry_path(key)));
  }
  write_file(c.entry_path(key), good);
  EXPECT_EQ(c.load(key), binary);
}

TEST(BinaryCache, EntryUnderAnotherKeysNameIsRejected) {
  temp_dir t;
  binary_cache c(t.path);
  binary_key other = sample_key();
  other.source += "// changed";
  ASSERT_TRUE(c.store(sample_key().digest(), bytes("x")));
  fs::copy_file(c.entry_path(sample_key().digest()), c.entry_path(other.digest()));
  testing::internal::CaptureStderr();
  EXPECT_FALSE(c.load(other.digest()));
  EXPECT_NE(testing::internal::GetCapturedStderr().find("key mismatch"), std::string::npos);
}

TEST(BinaryCache, TemporariesAreNeverEntriesAndStaleOnesAreRemoved) {
  temp_dir t;
  ASSERT_EQ(::chmod(t.path.c_str(), 0700), 0);
  const std::string old_temp = t.path + "/.tmp-old123", new_temp = t.path + "/.tmp-new123";
  write_file(old_temp, "half written");
  write_file(new_temp, "being written");
  const timespec an_hour_ago[2] = {{std::time(nullptr) - 3600, 0}, {std::time(nullptr) - 3600, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, old_temp.c_str(), an_hour_ago, 0), 0);
  binary_cache c(t.path);
  ASSERT_TRUE(c.enabled());
  EXPECT_FALSE(c.load(sample_key().digest()));
  EXPECT_TRUE(fs::exists(old_temp));                        // loads never look for temporaries
  ASSERT_TRUE(c.store(sample_key().digest(), bytes("x")));  // the first store sweeps
  EXPECT_FALSE(fs::exists(old_temp));
  EXPECT_TRUE(fs::exists(new_temp));  // maybe another process's write in progress
  EXPECT_EQ(entries(t.path), std::vector<std::string>{c.entry_path(sample_key().digest())});
}

TEST(BinaryCache, WorldWritableDirectoryIsRefusedWithOneWarning) {
  temp_dir t;
  binary_cache good(t.path);
  ASSERT_TRUE(good.store(sample_key().digest(), bytes("x")));
  ASSERT_EQ(::chmod(t.path.c_str(), 0777), 0);
  binary_cache c(t.path);
  testing::internal::CaptureStderr();
  EXPECT_FALSE(c.enabled());
  EXPECT_FALSE(c.load(sample_key().digest()));
  EXPECT_FALSE(c.store(sample_key().digest(), bytes("y")));
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(warnings(err), 1u) << err;
  EXPECT_NE(err.find("group or others may write"), std::string::npos) << err;
  ::chmod(t.path.c_str(), 0720);
  binary_cache group(t.path);
  testing::internal::CaptureStderr();
  EXPECT_FALSE(group.enabled());
  EXPECT_EQ(warnings(testing::internal::GetCapturedStderr()), 1u);
}

TEST(BinaryCache, DirectoryOfAnotherUserIsRefused) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to chown; the mode checks are tested";
  temp_dir t;
  ASSERT_EQ(::chmod(t.path.c_str(), 0700), 0);
  ASSERT_EQ(::chown(t.path.c_str(), 65534, 65534), 0);
  binary_cache c(t.path);
  testing::internal::CaptureStderr();
  EXPECT_FALSE(c.enabled());
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(warnings(err), 1u);
  EXPECT_NE(err.find("belongs to uid 65534"), std::string::npos) << err;
}

TEST(BinaryCache, SymbolicLinksAreRefused) {
  temp_dir t;
  const std::string real = t.path + "/real", link = t.path + "/link";
  binary_cache good(real);
  ASSERT_TRUE(good.store(sample_key().digest(), bytes("x")));
  fs::create_directory_symlink(real, link);
  binary_cache via_link(link + "/");  // a trailing slash must not follow the link
  testing::internal::CaptureStderr();
  EXPECT_FALSE(via_link.enabled());
  EXPECT_NE(testing::internal::GetCapturedStderr().find("symbolic link"), std::string::npos);
  // An entry that is a link to a valid entry is not trusted either.
  binary_key other = sample_key();
  other.options = "-DOTHER";
  fs::create_symlink(good.entry_path(sample_key().digest()), good.entry_path(other.digest()));
  testing::internal::CaptureStderr();
  EXPECT_FALSE(good.load(other.digest()));
  EXPECT_EQ(warnings(testing::internal::GetCapturedStderr()), 1u);
}

TEST(BinaryCache, EntryWritableByOthersIsIgnored) {
  temp_dir t;
  binary_cache c(t.path);
  ASSERT_TRUE(c.store(sample_key().digest(), bytes("x")));
  ASSERT_EQ(::chmod(c.entry_path(sample_key().digest()).c_str(), 0666), 0);
  testing::internal::CaptureStderr();
  EXPECT_FALSE(c.load(sample_key().digest()));
  EXPECT_EQ(warnings(testing::internal::GetCapturedStderr()), 1u);
}

// A directory that passes the checks but takes no files: read-only to a normal
// user; root writes anywhere, but not into /proc/<pid>.
std::string unwritable_dir(const temp_dir& t) {
  if (::geteuid() == 0) return "/proc/" + std::to_string(::getpid());
  ::chmod(t.path.c_str(), 0500);
  return t.path;
}

TEST(BinaryCache, UnwritableDirectoryWarnsOnceAndStopsTrying) {
  temp_dir t;
  binary_cache c(unwritable_dir(t));
  ASSERT_TRUE(c.enabled());
  testing::internal::CaptureStderr();
  EXPECT_FALSE(c.store(sample_key().digest(), bytes("x")));
  binary_key k2 = sample_key();
  k2.source += " ";
  EXPECT_FALSE(c.store(k2.digest(), bytes("y")));
  EXPECT_FALSE(c.load(k2.digest()));
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(warnings(err), 1u) << err;
  EXPECT_NE(err.find("cannot write the program cache"), std::string::npos) << err;
}

TEST(BinaryCache, OffMeansNoDirectory) {
  binary_cache c("");
  EXPECT_FALSE(c.enabled());
  EXPECT_FALSE(c.store(sample_key().digest(), bytes("x")));
  EXPECT_FALSE(c.load(sample_key().digest()));
}

// ---------------------------------------------------------------------------------------------
// Whole processes

// A medium kernel: an integer matrix product with a hash per element, and more
// kernels in the same program so that the compiler has real work.
const char* const medium_source = R"cl(#include <ampcl.clh>

uint mix32(uint x) {
  x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16;
  return x;
}

uint dot(__global const int* a, const ampcl_view a_view, __global const int* b,
         const ampcl_view b_view, int i, int j, int n) {
  uint acc = 0;
  for (int k = 0; k < n; ++k) acc += (uint)AV2(a, i, k) * (uint)AV2(b, k, j);
  return acc;
}

__kernel void product_mix(AMPCL_VIEW(const int, a), AMPCL_VIEW(const int, b),
                          AMPCL_VIEW(int, c), int n) {
  index2 idx = amp_index2();
  AV2(c, idx.v[0], idx.v[1]) =
      (int)mix32(dot(a, a_view, b, b_view, idx.v[0], idx.v[1], n) + (uint)SALT);
}

#define STENCIL(T, NAME)                                                              \
  __kernel void NAME(__global const T* in, __global T* out, int w, int h) {          \
    int x = get_global_id(0), y = get_global_id(1);                                   \
    if (x <= 0 || y <= 0 || x >= w - 1 || y >= h - 1) return;                         \
    T s = 0;                                                                          \
    for (int dy = -1; dy <= 1; ++dy)                                                  \
      for (int dx = -1; dx <= 1; ++dx) s += in[(y + dy) * w + x + dx] * (T)(dx + 2 * dy); \
    out[y * w + x] = s;                                                               \
  }
STENCIL(float, stencil_f)
STENCIL(int, stencil_i)
STENCIL(float4, stencil_f4)
STENCIL(int4, stencil_i4)

__kernel void tile_sum(__global const float* in, __global float* out) {
  __local float part[64];
  int l = get_local_id(0);
  part[l] = in[get_global_id(0)];
  for (int s = 32; s > 0; s >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < s) part[l] += part[l + s];
  }
  if (l == 0) out[get_group_id(0)] = part[0];
}

__kernel void transcendental(__global float* x) {
  int i = get_global_id(0);
  float v = x[i];
  for (int k = 0; k < 8; ++k) v = sin(v) * cos(v * 0.5f) + exp(-fabs(v)) + log1p(fabs(v));
  x[i] = v;
}
)cl";

std::uint32_t mix32(std::uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

// Runs in a child: launches product_mix with SALT 1..AMPCL_BC_PROGRAMS, checks
// the results and prints one line the parent reads.
TEST(BinaryCacheChild, Run) {
  if (!std::getenv("AMPCL_BC_CHILD")) GTEST_SKIP() << "runs as a child of BinaryCacheProcess";
  const char* programs_env = std::getenv("AMPCL_BC_PROGRAMS");
  const int programs = programs_env ? std::atoi(programs_env) : 1;
  const int n = 48;
  std::vector<int> a(n * n), b(n * n);
  for (int i = 0; i < n * n; ++i) {
    a[i] = i % 17 - 8;
    b[i] = i % 13 * 3 - 5;
  }
  bool ok = true;
  double first_ms = 0;
  for (int salt = 1; salt <= programs; ++salt) {
    std::vector<int> c(n * n, ampcl_test::poison_int);
    ampcl::array_view<const int, 2> av(n, n, a), bv(n, n, b);
    ampcl::array_view<int, 2> cv(n, n, c);
    const auto start = std::chrono::steady_clock::now();
    const auto k =
        ampcl::kernel::from_source(medium_source, "product_mix", "medium.cl").define("SALT", salt);
    ampcl::parallel_for_each(cv.get_extent(), k, av, bv, cv, n);
    cv.synchronize();
    if (salt == 1)
      first_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count();
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        std::uint32_t acc = 0;
        for (int q = 0; q < n; ++q)
          acc += std::uint32_t(a[i * n + q]) * std::uint32_t(b[q * n + j]);
        if (c[i * n + j] != int(mix32(acc + std::uint32_t(salt)))) ok = false;
      }
  }
  // Argument checks need the parameters' types, which a program from a binary must keep.
  bool checked = false;
  try {
    std::vector<int> a2(n * n);
    std::vector<float> wrong(n * n);
    ampcl::array_view<const int, 2> av(n, n, a2);
    ampcl::array_view<float, 2> fv(n, n, wrong);
    ampcl::parallel_for_each(
        fv.get_extent(),
        ampcl::kernel::from_source(medium_source, "product_mix", "medium.cl").define("SALT", 1), av,
        av, fv, n);
  } catch (const ampcl::argument_error&) {
    checked = true;
  }
  const auto s = ampcl::get_statistics();
  std::printf("ampcl-bc: built=%llu disk=%llu ok=%d first_ms=%.3f argcheck=%d\n",
              static_cast<unsigned long long>(s.programs_built),
              static_cast<unsigned long long>(s.programs_loaded_from_disk), ok ? 1 : 0, first_ms,
              checked ? 1 : 0);
  std::fflush(stdout);
  EXPECT_TRUE(ok);
}

// Runs in a child: launches AMPCL_BC_KERNEL's kernel "header_value", which writes
// the VALUE its headers define, and prints it with the statistics.
TEST(BinaryCacheChild, Header) {
  const char* path = std::getenv("AMPCL_BC_KERNEL");
  if (!path) GTEST_SKIP() << "runs as a child of BinaryCacheProcess";
  std::vector<int> out(4, ampcl_test::poison_int);
  ampcl::array_view<int, 1> v(4, out);
  ampcl::parallel_for_each(v.get_extent(), ampcl::kernel::from_file(path, "header_value"), v);
  v.synchronize();
  const auto s = ampcl::get_statistics();
  std::printf("ampcl-bc: built=%llu disk=%llu ok=%d first_ms=0 argcheck=1 value=%d\n",
              static_cast<unsigned long long>(s.programs_built),
              static_cast<unsigned long long>(s.programs_loaded_from_disk),
              out[0] == out[3] ? 1 : 0, out[0]);
  std::fflush(stdout);
}

struct child_result {
  int status = -1;
  std::string output;
  long built = -1, disk = -1;
  bool ok = false, argcheck = false;
  double first_ms = 0;
  int value = -1;  // BinaryCacheChild.Header
  // "ampcl info: built medium.cl [...] in 12.5 ms" style lines
  double logged_ms(const std::string& what) const {
    std::smatch m;
    const std::regex re(what + R"re( .*medium\.cl.* in ([0-9.e+-]+) ms)re");
    return std::regex_search(output, m, re) ? std::stod(m[1]) : -1;
  }
};

// Runs BinaryCacheChild.Run (or .Header when AMPCL_BC_KERNEL is set) in a new
// process of this executable, with `env` changed (nullopt removes a variable).
child_result run_child(const std::map<std::string, std::optional<std::string>>& env) {
  std::map<std::string, std::optional<std::string>> changes = env;
  changes["AMPCL_BC_CHILD"] = "1";
  if (!changes.count("AMPCL_LOG")) changes["AMPCL_LOG"] = "info";
  // The disk cache on every driver, PoCL's too, unless a test asks for the default.
  if (!changes.count("AMPCL_CACHE_BINARIES")) changes["AMPCL_CACHE_BINARIES"] = "always";
  // PoCL keeps its own cache under XDG_CACHE_HOME: keep it where it is when a test moves that.
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  if (!std::getenv("POCL_CACHE_DIR") && (xdg || home))
    changes.emplace("POCL_CACHE_DIR",
                    xdg ? std::string(xdg) + "/pocl" : std::string(home) + "/.cache/pocl");
  std::vector<std::string> vars;
  for (char** e = environ; *e; ++e) {
    const std::string v = *e;
    if (!changes.count(v.substr(0, v.find('=')))) vars.push_back(v);
  }
  for (const auto& [k, v] : changes)
    if (v) vars.push_back(k + "=" + *v);
  std::vector<char*> envp;
  for (auto& v : vars) envp.push_back(v.data());
  envp.push_back(nullptr);
  std::string exe = fs::read_symlink("/proc/self/exe").string();
  std::string filter = std::string("--gtest_filter=BinaryCacheChild.") +
                       (env.count("AMPCL_BC_KERNEL") ? "Header" : "Run");
  char* argv[] = {exe.data(), filter.data(), nullptr};

  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return {};
  const pid_t pid = ::fork();
  if (pid == 0) {  // only async-signal-safe calls until exec
    ::dup2(pipe_fds[1], 1);
    ::dup2(pipe_fds[1], 2);
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    ::execve(exe.c_str(), argv, envp.data());
    ::_exit(127);
  }
  ::close(pipe_fds[1]);
  child_result r;
  char buf[4096];
  ssize_t got;
  while ((got = ::read(pipe_fds[0], buf, sizeof buf)) > 0) r.output.append(buf, std::size_t(got));
  ::close(pipe_fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::smatch m;
  const std::regex line(
      R"re(ampcl-bc: built=(\d+) disk=(\d+) ok=(\d) first_ms=([0-9.]+) argcheck=(\d))re");
  if (std::regex_search(r.output, m, line)) {
    r.built = std::stol(m[1]);
    r.disk = std::stol(m[2]);
    r.ok = m[3] == "1";
    r.first_ms = std::stod(m[4]);
    r.argcheck = m[5] == "1";
  }
  if (std::regex_search(r.output, m, std::regex(R"re(value=(-?\d+))re"))) r.value = std::stoi(m[1]);
  return r;
}

// Evaluates `run` once: it may start a process.
#define EXPECT_CHILD(run, built_, disk_)      \
  do {                                        \
    const child_result& r_ = (run);           \
    EXPECT_EQ(r_.status, 0) << r_.output;     \
    EXPECT_TRUE(r_.ok) << r_.output;          \
    EXPECT_TRUE(r_.argcheck) << r_.output;    \
    EXPECT_EQ(r_.built, built_) << r_.output; \
    EXPECT_EQ(r_.disk, disk_) << r_.output;   \
  } while (0)

TEST(BinaryCacheProcess, ColdProcessBuildsWarmProcessLoads) {
  temp_dir t;
  const auto cold = run_child({{"AMPCL_CACHE_DIR", t.path}});
  EXPECT_CHILD(cold, 1, 0);
  EXPECT_EQ(entries(t.path).size(), 1u);
  EXPECT_EQ(warnings(cold.output), 0u) << cold.output;
  const auto warm = run_child({{"AMPCL_CACHE_DIR", t.path}});
  EXPECT_CHILD(warm, 0, 1);
  EXPECT_NE(warm.output.find("from the disk cache in"), std::string::npos) << warm.output;
  // AMPCL_LOG=info says why the cold process built: there was no entry.
  EXPECT_NE(cold.output.find("not from the disk cache: no entry"), std::string::npos)
      << cold.output;
  EXPECT_EQ(warnings(warm.output), 0u) << warm.output;
  EXPECT_EQ(entries(t.path).size(), 1u);
  // Another definition is another program, and another entry.
  const auto two = run_child({{"AMPCL_CACHE_DIR", t.path}, {"AMPCL_BC_PROGRAMS", "2"}});
  EXPECT_CHILD(two, 1, 1);
  EXPECT_EQ(entries(t.path).size(), 2u);
}

// A kernel whose header includes another: cached, and rebuilt when either changes
// (issue 17: such kernels were rebuilt in every process).
TEST(BinaryCacheProcess, KernelWithHeadersIsCachedUntilAHeaderChanges) {
  temp_dir t, src;
  fs::create_directories(src.path + "/parts");
  write_file(src.path + "/k.cl",
             "#include <ampcl.clh>\n#include \"hdr.h\"\n__kernel void header_value(AMPCL_VIEW(int, "
             "out)) {\n  AV1(out, amp_index1().v[0]) = VALUE;\n}\n");
  write_file(src.path + "/hdr.h", "#include \"parts/inner.h\"\n#define VALUE (INNER * 10 + 1)\n");
  write_file(src.path + "/parts/inner.h", "#define INNER 7\n");
  const std::map<std::string, std::optional<std::string>> env{
      {"AMPCL_CACHE_DIR", t.path}, {"AMPCL_BC_KERNEL", src.path + "/k.cl"}};
  const auto cold = run_child(env);
  EXPECT_CHILD(cold, 1, 0);
  EXPECT_EQ(cold.value, 71);
  EXPECT_EQ(entries(t.path).size(), 1u);
  const auto warm = run_child(env);
  EXPECT_CHILD(warm, 0, 1);
  EXPECT_EQ(warm.value, 71);
  // The nested header changes: a new key, so a build, and the new value.
  write_file(src.path + "/parts/inner.h", "#define INNER 9\n");
  const auto changed = run_child(env);
  EXPECT_CHILD(changed, 1, 0);
  EXPECT_EQ(changed.value, 91);
  EXPECT_NE(changed.output.find("not from the disk cache: no entry"), std::string::npos)
      << changed.output;
  const auto again = run_child(env);
  EXPECT_CHILD(again, 0, 1);
  EXPECT_EQ(again.value, 91);
  EXPECT_EQ(warnings(again.output), 0u) << again.output;
}

// An #include that cannot be followed keeps the program off the disk, and
// AMPCL_LOG=info says which one and where it looked.
TEST(BinaryCacheProcess, UnfollowableIncludeIsBuiltEachTimeAndSaysWhy) {
  temp_dir t, src;
  write_file(src.path + "/k.cl",
             "#include <ampcl.clh>\n#if 0\n#include \"nowhere.h\"\n#endif\n"
             "__kernel void header_value(AMPCL_VIEW(int, out)) {\n"
             "  AV1(out, amp_index1().v[0]) = 5;\n}\n");
  const std::map<std::string, std::optional<std::string>> env{
      {"AMPCL_CACHE_DIR", t.path}, {"AMPCL_BC_KERNEL", src.path + "/k.cl"}};
  for (int run = 0; run < 2; ++run) {
    const auto r = run_child(env);
    EXPECT_CHILD(r, 1, 0);
    EXPECT_EQ(r.value, 5);
    EXPECT_NE(r.output.find("not from the disk cache: #include \"nowhere.h\" (" + src.path +
                            "/k.cl line 3) is in none of: " + src.path),
              std::string::npos)
        << r.output;
  }
  EXPECT_TRUE(entries(t.path).empty());
}

// Replaces the single entry in dir by what `damage` makes of it.
template <class F>
void damage_entry(const std::string& dir, F damage) {
  const auto e = entries(dir);
  ASSERT_EQ(e.size(), 1u);
  std::string data = read_file(e[0]);
  damage(data);
  write_file(e[0], data);
}

TEST(BinaryCacheProcess, TruncatedEntryIsRebuiltAndRewritten) {
  temp_dir t;
  EXPECT_CHILD(run_child({{"AMPCL_CACHE_DIR", t.path}}), 1, 0);
  damage_entry(t.path, [](std::string& d) { d.resize(d.size() / 2); });
  const auto r = run_child({{"AMPCL_CACHE_DIR", t.path}});
  EXPECT_CHILD(r, 1, 0);
  EXPECT_EQ(warnings(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("is corrupt"), std::string::npos) << r.output;
  EXPECT_CHILD(run_child({{"AMPCL_CACHE_DIR", t.path}}), 0, 1);
}

TEST(BinaryCacheProcess, BitFlippedEntryIsRebuiltAndRewritten) {
  temp_dir t;
  EXPECT_CHILD(run_child({{"AMPCL_CACHE_DIR", t.path}}), 1, 0);
  damage_entry(t.path, [](std::string& d) { d[d.size() * 2 / 3] ^= 0x04; });
  const auto r = run_child({{"AMPCL_CACHE_DIR", t.path}});
  EXPECT_CHILD(r, 1, 0);
  EXPECT_EQ(warnings(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("checksum mismatch"), std::string::npos) << r.output;
  EXPECT_CHILD(run_child({{"AMPCL_CACHE_DIR", t.path}}), 0, 1);
}

TEST(BinaryCacheProcess, BinaryTheDriverRejectsIsReplaced) {
  temp_dir t;
  EXPECT_CHILD(run_child({{"AMPCL_CACHE_DIR", t.path}}), 1, 0);
  // A well-formed entry (right key, right checksum) whose binary is garbage.
  const auto e = entries(t.path);
  ASSERT_EQ(e.size(), 1u);
  const std::string data = read_file(e[0]);
  sha256::digest key{};
  std::memcpy(key.data(), data.data() + 16, key.size());
  ASSERT_TRUE(binary_cache(t.path).store(key, bytes("not a binary any driver knows")));
  const auto r = run_child({{"AMPCL_CACHE_DIR", t.path}});
  EXPECT_CHILD(r, 1, 0);
  EXPECT_EQ(warnings(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("rejected the cached binary"), std::string::npos) << r.output;
  EXPECT_CHILD(run_child({{"AMPCL_CACHE_DIR", t.path}}), 0, 1);
}

TEST(BinaryCacheProcess, WorldWritableDirectoryIsRefusedOnce) {
  temp_dir t;
  ASSERT_EQ(::chmod(t.path.c_str(), 0777), 0);
  const auto r = run_child({{"AMPCL_CACHE_DIR", t.path}, {"AMPCL_BC_PROGRAMS", "2"}});
  EXPECT_CHILD(r, 2, 0);
  EXPECT_EQ(warnings(r.output), 1u) << r.output;
  EXPECT_TRUE(entries(t.path).empty());
}

TEST(BinaryCacheProcess, DirectoryOfAnotherUserIsRefused) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to chown; the mode check is tested";
  temp_dir t;
  EXPECT_CHILD(run_child({{"AMPCL_CACHE_DIR", t.path}}), 1, 0);
  ASSERT_EQ(::chown(t.path.c_str(), 65534, 65534), 0);
  const auto r = run_child({{"AMPCL_CACHE_DIR", t.path}});
  EXPECT_CHILD(r, 1, 0);  // the entry is there, but not trusted
  EXPECT_EQ(warnings(r.output), 1u) << r.output;
}

TEST(BinaryCacheProcess, UnwritableDirectoryDegradesWithOneWarning) {
  temp_dir t;
  const auto r = run_child({{"AMPCL_CACHE_DIR", unwritable_dir(t)}, {"AMPCL_BC_PROGRAMS", "3"}});
  EXPECT_CHILD(r, 3, 0);
  EXPECT_EQ(warnings(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("cannot write the program cache"), std::string::npos) << r.output;
}

TEST(BinaryCacheProcess, OffWritesNothingAndDefaultIsUnderXdgCacheHome) {
  temp_dir t;
  const std::string xdg = t.path + "/xdg", home = t.path + "/home";
  const std::map<std::string, std::optional<std::string>> off{
      {"AMPCL_CACHE_DIR", "off"}, {"XDG_CACHE_HOME", xdg}, {"HOME", home}};
  EXPECT_CHILD(run_child(off), 1, 0);
  EXPECT_CHILD(run_child(off), 1, 0);
  EXPECT_FALSE(fs::exists(xdg + "/ampcl"));  // PoCL may keep its own cache beside it
  EXPECT_FALSE(fs::exists(home + "/.cache/ampcl"));
  const std::map<std::string, std::optional<std::string>> by_default{
      {"AMPCL_CACHE_DIR", std::nullopt}, {"XDG_CACHE_HOME", xdg}, {"HOME", home}};
  EXPECT_CHILD(run_child(by_default), 1, 0);
  EXPECT_EQ(entries(xdg + "/ampcl").size(), 1u);
  EXPECT_CHILD(run_child(by_default), 0, 1);
  const std::map<std::string, std::optional<std::string>> home_only{
      {"AMPCL_CACHE_DIR", std::nullopt}, {"XDG_CACHE_HOME", std::nullopt}, {"HOME", home}};
  EXPECT_CHILD(run_child(home_only), 1, 0);
  EXPECT_EQ(entries(home + "/.cache/ampcl").size(), 1u);
}

// AMPCL_CACHE_BINARIES=auto (the default): where the driver keeps its own builds
// (PoCL with its kernel cache on) nothing is stored or looked up, and the log says
// why; with PoCL's cache off, or =always, the disk cache works as on any driver.
TEST(BinaryCacheProcess, AutoLeavesBuildsToADriverThatKeepsItsOwn) {
  if (ampcl::accelerator().get_platform_name().find("Portable Computing Language") ==
      std::string::npos)
    GTEST_SKIP() << "the default device is not PoCL's: no driver-side cache assumed";
  temp_dir t;
  const std::map<std::string, std::optional<std::string>> automatic{
      {"AMPCL_CACHE_DIR", t.path}, {"AMPCL_CACHE_BINARIES", "auto"}};
  const auto first = run_child(automatic);
  EXPECT_CHILD(first, 1, 0);
  EXPECT_NE(first.output.find("not from the disk cache: the driver keeps its own builds"),
            std::string::npos)
      << first.output;
  EXPECT_CHILD(run_child(automatic), 1, 0);
  EXPECT_EQ(entries(t.path).size(), 0u);

  auto pocl_cache_off = automatic;
  pocl_cache_off["POCL_KERNEL_CACHE"] = "0";
  EXPECT_CHILD(run_child(pocl_cache_off), 1, 0);
  EXPECT_EQ(entries(t.path).size(), 1u);
  EXPECT_CHILD(run_child(pocl_cache_off), 0, 1);

  const auto never = run_child(
      {{"AMPCL_CACHE_DIR", t.path}, {"AMPCL_CACHE_BINARIES", "never"}, {"POCL_KERNEL_CACHE", "0"}});
  EXPECT_CHILD(never, 1, 0);
  EXPECT_NE(never.output.find("AMPCL_CACHE_BINARIES=never"), std::string::npos) << never.output;
}

// Not a check: prints cold build vs load from disk for the medium kernel. The
// PoCL kernel cache is off in the children so that "cold" really compiles.
TEST(BinaryCacheProcess, ReportColdBuildVersusDiskLoad) {
  temp_dir t;
  const std::map<std::string, std::optional<std::string>> env{{"AMPCL_CACHE_DIR", t.path},
                                                              {"POCL_KERNEL_CACHE", "0"}};
  const auto cold = run_child(env);
  EXPECT_CHILD(cold, 1, 0);
  const auto warm = run_child(env);
  EXPECT_CHILD(warm, 0, 1);
  const double build = cold.logged_ms("built"), load = warm.logged_ms("loaded");
  std::printf(
      "[ timing   ] medium kernel: build from source %.2f ms, load from disk %.2f ms (%.1fx); "
      "first launch incl. build %.2f ms vs incl. load %.2f ms (%.1fx)\n",
      build, load, load > 0 ? build / load : 0.0, cold.first_ms, warm.first_ms,
      warm.first_ms > 0 ? cold.first_ms / warm.first_ms : 0.0);
  EXPECT_GT(build, 0);
  EXPECT_GT(load, 0);
}

}  // namespace
