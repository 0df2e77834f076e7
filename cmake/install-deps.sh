#!/usr/bin/env bash
# Installs every Debian package footfall's build, tests and benchmarks need, and nothing from
# anywhere else. Idempotent: when everything is present it changes nothing and says so.
# Usage: cmake/install-deps.sh            (as root, or with sudo available)
set -euo pipefail

packages=(
  cmake ninja-build ccache g++ git                      # host build
  libeigen3-dev                                         # the core's only dependency
  googletest libgtest-dev libbenchmark-dev              # host tests and benchmarks
  libmujoco-dev                                         # the host peer test and benchmarks
  libsiconos-numerics-dev                               # the host LCP peer test and benchmarks
  liburdfdom-dev libcli11-dev nlohmann-json3-dev        # the host tool: URDF import, CLI, JSON
  libcairo2-dev pkg-config                              # the host tool's plots (PNG)
  gcc-arm-none-eabi binutils-arm-none-eabi              # Cortex-M cross compiler
  picolibc-arm-none-eabi libstdc++-arm-none-eabi-picolibc
  qemu-system-arm                                       # the emulated boards
  python3                                               # the boards' static stack bound
  llvm-14                                               # llvm-mca: the Cortex-M7's modelled cycles
  clang libclang-rt-14-dev                              # host-asan's compiler, libFuzzer
  clang-tidy cppcheck                                   # static analysis of lib/ and port/
  doxygen                                               # the API reference (the `docs` target)
  g++-aarch64-linux-gnu qemu-user                       # 64-bit ARM Linux, run under qemu-aarch64
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  as_root=(sudo)
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
