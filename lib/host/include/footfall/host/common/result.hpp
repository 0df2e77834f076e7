#pragma once
// Result<T>: what every fallible function of footfall::host returns — a value, or an error
// message of one line that names the file and the element at fault, e.g.
//   "robot.urdf: joint 'knee': mimic joints are not supported".
// lib/host may throw internally (urdfdom, std::string), but nothing it throws crosses its API:
// a caller checks ok() and reads value() or error(), and a tool prints error() and exits.
#include <string>
#include <utility>
#include <variant>

namespace footfall::host {

struct Error {
  std::string message;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}  ///< NOLINT: implicit by design
  Result(Error error) : state_(std::in_place_index<1>, std::move(error)) {}  ///< NOLINT

  bool ok() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return ok(); }

  /// Only when ok().
  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }

  /// Only when !ok().
  const std::string& error() const { return std::get<1>(state_).message; }

 private:
  std::variant<T, Error> state_;
};

/// For functions that produce no value: Result<void> is ok or an Error.
template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  /// cppcheck-suppress passedByValue ; a sink: the message is moved in
  Result(Error error) : error_(std::move(error.message)), ok_(false) {}  ///< NOLINT

  bool ok() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }
  const std::string& error() const noexcept { return error_; }

 private:
  std::string error_;
  bool ok_ = true;
};

}  // namespace footfall::host
