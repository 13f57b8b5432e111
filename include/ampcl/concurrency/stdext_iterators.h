// stdext::checked_array_iterator and stdext::unchecked_array_iterator, which Visual
// C++'s <iterator> declares (msvc/iterator includes this file): random-access
// iterators over a pointer, the checked one bounded by the array's size. A checked
// iterator moved or read outside [0, size] stops the program with a message, as
// Visual C++'s does (it calls the invalid-parameter handler).
#pragma once

#include <ampcl/concurrency/macros_push.h>
// (what follows is read without <windows.h>'s min and max macros)

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <type_traits>

namespace stdext {

namespace __ampcl {
[[noreturn]] inline void out_of_range(const char* what, std::ptrdiff_t index, std::size_t size) {
  std::fprintf(stderr,
               "stdext::checked_array_iterator: %s at index %td of an array of %zu elements "
               "(allowed: 0 to %zu, the last one only as the end)\n",
               what, index, size, size);
  std::abort();
}
}  // namespace __ampcl

template <class Ptr>
class checked_array_iterator {
 public:
  typedef std::random_access_iterator_tag iterator_category;
  typedef typename std::iterator_traits<Ptr>::value_type value_type;
  typedef typename std::iterator_traits<Ptr>::difference_type difference_type;
  typedef typename std::iterator_traits<Ptr>::pointer pointer;
  typedef typename std::iterator_traits<Ptr>::reference reference;

  checked_array_iterator() = default;
  checked_array_iterator(Ptr array, std::size_t size, std::size_t index = 0)
      : _M_array(array), _M_size(size), _M_index(static_cast<difference_type>(index)) {
    if (index > size) __ampcl::out_of_range("constructed", _M_index, size);
  }
  Ptr base() const { return _M_array + _M_index; }

  reference operator*() const {
    if (_M_index < 0 || static_cast<std::size_t>(_M_index) >= _M_size)
      __ampcl::out_of_range("dereferenced", _M_index, _M_size);
    return _M_array[_M_index];
  }
  pointer operator->() const { return &**this; }
  reference operator[](difference_type n) const { return *(*this + n); }

  checked_array_iterator& operator+=(difference_type n) {
    const difference_type to = _M_index + n;
    if (to < 0 || static_cast<std::size_t>(to) > _M_size)
      __ampcl::out_of_range("moved", to, _M_size);
    _M_index = to;
    return *this;
  }
  checked_array_iterator& operator-=(difference_type n) { return *this += -n; }
  checked_array_iterator& operator++() { return *this += 1; }
  checked_array_iterator& operator--() { return *this += -1; }
  checked_array_iterator operator++(int) {
    checked_array_iterator old = *this;
    ++*this;
    return old;
  }
  checked_array_iterator operator--(int) {
    checked_array_iterator old = *this;
    --*this;
    return old;
  }
  checked_array_iterator operator+(difference_type n) const {
    checked_array_iterator r = *this;
    return r += n;
  }
  friend checked_array_iterator operator+(difference_type n, const checked_array_iterator& i) {
    return i + n;
  }
  checked_array_iterator operator-(difference_type n) const {
    checked_array_iterator r = *this;
    return r -= n;
  }
  difference_type operator-(const checked_array_iterator& o) const { return _M_index - o._M_index; }
  bool operator==(const checked_array_iterator& o) const { return _M_index == o._M_index; }
  bool operator!=(const checked_array_iterator& o) const { return _M_index != o._M_index; }
  bool operator<(const checked_array_iterator& o) const { return _M_index < o._M_index; }
  bool operator>(const checked_array_iterator& o) const { return _M_index > o._M_index; }
  bool operator<=(const checked_array_iterator& o) const { return _M_index <= o._M_index; }
  bool operator>=(const checked_array_iterator& o) const { return _M_index >= o._M_index; }

 private:
  Ptr _M_array = Ptr();
  std::size_t _M_size = 0;
  difference_type _M_index = 0;
};

template <class Ptr>
class unchecked_array_iterator {
 public:
  typedef std::random_access_iterator_tag iterator_category;
  typedef typename std::iterator_traits<Ptr>::value_type value_type;
  typedef typename std::iterator_traits<Ptr>::difference_type difference_type;
  typedef typename std::iterator_traits<Ptr>::pointer pointer;
  typedef typename std::iterator_traits<Ptr>::reference reference;

  unchecked_array_iterator() = default;
  explicit unchecked_array_iterator(Ptr p) : _M_ptr(p) {}
  Ptr base() const { return _M_ptr; }

  reference operator*() const { return *_M_ptr; }
  pointer operator->() const { return _M_ptr; }
  reference operator[](difference_type n) const { return _M_ptr[n]; }
  unchecked_array_iterator& operator+=(difference_type n) {
    _M_ptr += n;
    return *this;
  }
  unchecked_array_iterator& operator-=(difference_type n) {
    _M_ptr -= n;
    return *this;
  }
  unchecked_array_iterator& operator++() { return *this += 1; }
  unchecked_array_iterator& operator--() { return *this -= 1; }
  unchecked_array_iterator operator++(int) { return unchecked_array_iterator(_M_ptr++); }
  unchecked_array_iterator operator--(int) { return unchecked_array_iterator(_M_ptr--); }
  unchecked_array_iterator operator+(difference_type n) const {
    return unchecked_array_iterator(_M_ptr + n);
  }
  friend unchecked_array_iterator operator+(difference_type n, const unchecked_array_iterator& i) {
    return i + n;
  }
  unchecked_array_iterator operator-(difference_type n) const {
    return unchecked_array_iterator(_M_ptr - n);
  }
  difference_type operator-(const unchecked_array_iterator& o) const { return _M_ptr - o._M_ptr; }
  bool operator==(const unchecked_array_iterator& o) const { return _M_ptr == o._M_ptr; }
  bool operator!=(const unchecked_array_iterator& o) const { return _M_ptr != o._M_ptr; }
  bool operator<(const unchecked_array_iterator& o) const { return _M_ptr < o._M_ptr; }
  bool operator>(const unchecked_array_iterator& o) const { return _M_ptr > o._M_ptr; }
  bool operator<=(const unchecked_array_iterator& o) const { return _M_ptr <= o._M_ptr; }
  bool operator>=(const unchecked_array_iterator& o) const { return _M_ptr >= o._M_ptr; }

 private:
  Ptr _M_ptr = Ptr();
};

template <class Ptr>
checked_array_iterator<Ptr> make_checked_array_iterator(Ptr array, std::size_t size,
                                                        std::size_t index = 0) {
  return checked_array_iterator<Ptr>(array, size, index);
}
template <class Ptr>
unchecked_array_iterator<Ptr> make_unchecked_array_iterator(Ptr p) {
  return unchecked_array_iterator<Ptr>(p);
}

}  // namespace stdext

// min and max as they were before this header
#include <ampcl/concurrency/macros_pop.h>
