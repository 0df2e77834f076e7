#pragma once
// Result<T>: what every fallible function of footfall::host returns — a value, or an error
// message of one line that names the file and the element at fault, e.g.
//   "robot.urdf: joint 'knee': mimic joints are not supported".
// lib/host may throw internally (urdfdom, std::string), but nothing it throws crosses its API:
// a caller checks ok() and reads value() or error(), and a tool prints error() and exits.
#include <string>
#include <utility>
#include <variant>

/// The host library: URDF import, state files, code generation and the `footfall` tool's
/// commands. It allocates and throws, so it is never linked into firmware.
namespace footfall::host {

/// A failure: one line naming the file or option and the element at fault.
struct Error {
  std::string message;  ///< the line, without a newline: "robot.urdf: joint 'knee': …"
};

/// A value of type T or an Error: what a fallible function of footfall::host returns. Built
/// implicitly from either; read value() when ok(), error() otherwise.
template <typename T>
class [[nodiscard]] Result {
 public:
  /// A Result holding `value` (implicit, so that a function returns its value as it is).
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit by design
  /// A Result holding `error` (implicit, so that a function returns an Error as it is).
  Result(Error error) : state_(std::in_place_index<1>, std::move(error)) {}  // NOLINT

  /// Whether it holds a value (not an Error).
  bool ok() const noexcept { return state_.index() == 0; }
  /// ok().
  explicit operator bool() const noexcept { return ok(); }

  /// Only when ok().
  T& value() & { return std::get<0>(state_); }
  /// Only when ok().
  const T& value() const& { return std::get<0>(state_); }
  /// Only when ok(): the value, moved out of a Result that is going away.
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
  /// A failed Result holding `error` (implicit, so that a function returns an Error as it is).
  // cppcheck-suppress passedByValue ; a sink: the message is moved in
  Result(Error error) : error_(std::move(error.message)), ok_(false) {}  // NOLINT

  /// Whether it succeeded (holds no Error).
  bool ok() const noexcept { return ok_; }
  /// ok().
  explicit operator bool() const noexcept { return ok_; }
  /// The Error's message; "" when ok().
  const std::string& error() const noexcept { return error_; }

 private:
  std::string error_;
  bool ok_ = true;
};

}  // namespace footfall::host
