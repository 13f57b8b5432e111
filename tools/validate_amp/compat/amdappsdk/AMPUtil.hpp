// Minimal stand-in for AMD APP SDK's AMPUtil.hpp / SDKUtil.hpp (namespace appsdk),
// written for scripts/validate_amp.sh: the AMD C++ AMP demos include it for command
// line options, timers and printing, none of which is C++ AMP.  Only the names the
// demos use are here; option parsing understands -e/--verify, -q, -t and the
// options the samples add (an integer or a flag).
#pragma once
#include <amp.h>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#define SDK_SUCCESS 0
#define SDK_FAILURE 1
#define SDK_EXPECTED_FAILURE 2
#define CHECK_ALLOCATION(p, msg) \
  do { if ((p) == NULL) { std::cout << (msg) << std::endl; return SDK_FAILURE; } } while (0)
#define CHECK_ERROR(actual, reference, msg) \
  do { if ((actual) != (reference)) { std::cout << (msg) << std::endl; return SDK_FAILURE; } } while (0)

namespace appsdk {

enum CmdArgsEnum { CA_ARG_INT, CA_ARG_FLOAT, CA_ARG_DOUBLE, CA_ARG_STRING, CA_NO_ARGUMENT };

struct Option {
  std::string _sVersion, _lVersion, _description, _usage;
  CmdArgsEnum _type = CA_NO_ARGUMENT;
  void* _value = nullptr;
};

class AMPCommandArgs {
 public:
  bool quiet = false, verify = false, timing = false, version = false;
  std::string sampleVerStr;
  std::vector<Option> options;
  int initialize() { return SDK_SUCCESS; }
  int AddOption(Option* o) { options.push_back(*o); return SDK_SUCCESS; }
  int parseCommandLine(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
      std::string a = argv[i];
      std::string name = a.rfind("--", 0) == 0 ? a.substr(2) : a.rfind("-", 0) == 0 ? a.substr(1) : a;
      if (name == "e" || name == "verify") { verify = true; continue; }
      if (name == "q" || name == "quiet") { quiet = true; continue; }
      if (name == "t" || name == "timing") { timing = true; continue; }
      bool found = false;
      for (Option& o : options) {
        if (name != o._sVersion && name != o._lVersion) continue;
        found = true;
        if (o._type == CA_NO_ARGUMENT) { *static_cast<bool*>(o._value) = true; break; }
        if (i + 1 >= argc) { std::cout << "option " << a << " needs a value\n"; return SDK_FAILURE; }
        const char* v = argv[++i];
        switch (o._type) {
          case CA_ARG_INT: *static_cast<int*>(o._value) = std::atoi(v); break;
          case CA_ARG_FLOAT: *static_cast<float*>(o._value) = float(std::atof(v)); break;
          case CA_ARG_DOUBLE: *static_cast<double*>(o._value) = std::atof(v); break;
          case CA_ARG_STRING: *static_cast<std::string*>(o._value) = v; break;
          default: break;
        }
        break;
      }
      if (!found) { std::cout << "unknown option " << a << "\n"; return SDK_FAILURE; }
    }
    return SDK_SUCCESS;
  }
  int printDeviceList() { return SDK_SUCCESS; }
  // The SDK picks an AMD GPU or refuses the CPU; here the default accelerator stays.
  int setDefaultAccelerator() {
    std::wcout << L"Selected accelerator : "
               << concurrency::accelerator().get_description() << std::endl;
    return SDK_SUCCESS;
  }
};

class SDKTimer {
  std::vector<double> total_;
  std::vector<std::chrono::steady_clock::time_point> start_;
 public:
  double totalTime = 0;
  int createTimer() { total_.push_back(0); start_.emplace_back(); return int(total_.size() - 1); }
  int resetTimer(int h) { total_[h] = 0; return SDK_SUCCESS; }
  int startTimer(int h) { start_[h] = std::chrono::steady_clock::now(); return SDK_SUCCESS; }
  int stopTimer(int h) {
    total_[h] += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_[h]).count();
    return SDK_SUCCESS;
  }
  double readTimer(int h) { return total_[h]; }
};

template <typename T>
std::string toString(T t, std::ios_base& (*r)(std::ios_base&)) {
  std::ostringstream o;
  o << r << t;
  return o.str();
}

inline void printStatistics(std::string* names, std::string* values, int n) {
  for (int i = 0; i < n; ++i) std::cout << std::setw(24) << names[i] << " : " << values[i] << "\n";
}

template <typename T>
void printArray(const std::string& header, const T* data, int width, int height) {
  std::cout << "\n" << header << "\n";
  for (int i = 0; i < height; ++i) {
    for (int j = 0; j < width; ++j) std::cout << data[i * width + j] << " ";
    std::cout << "\n";
  }
}
template <typename T>
void printArray(const std::string& header, const std::vector<T>& data, int width, int height) {
  printArray(header, data.data(), width, height);
}

template <typename T>
bool compare(const T* ref, const T* data, int length, const T epsilon = T(1e-6)) {
  double error = 0, refNorm = 0;
  for (int i = 0; i < length; ++i) {
    double d = double(ref[i]) - double(data[i]);
    error += d * d;
    refNorm += double(ref[i]) * double(ref[i]);
  }
  error = std::sqrt(error);
  refNorm = std::sqrt(refNorm);
  if (std::fabs(refNorm) < 1e-7) return false;
  return error / refNorm < epsilon;
}

}  // namespace appsdk
