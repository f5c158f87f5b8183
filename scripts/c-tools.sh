#!/usr/bin/env bash
# c-tools: make sure the tools the C consumer checks need are installed, and
# install with apt-get only those that are absent. Run by `make test`; CI
# runs it as root on a fresh machine.
#
#   gcc, g++, clang (and clang++)   the host compilers of the matrix
#   libclang-rt-N-dev               clang's -fsanitize=address,undefined runtime
#   gcc-multilib                    gcc -m32, hosted: the codec's differential runs as i386 too
#   gcc-arm-none-eabi               the device: Cortex-M0 and Cortex-M4
#   libnewlib-arm-none-eabi         newlib-nano (--specs=nano.specs), which the
#                                   Cortex-M0 firmware links with
#   qemu-system-arm                 runs the Cortex-M0 programs on QEMU's
#                                   microbit machine (an nRF51)
#   cppcheck                        its MISRA C:2012 addon checks generated/c
#   frama-c-base, why3, z3          Frama-C's Eva over the codec, and WP on
#                                   deck_crc32 (why3 drives z3 for WP's goals)
#   dwarves                         pahole, which reads each compiler's layout back
#   lld, qemu-user                  the big-endian check: clang --target=powerpc-linux-gnu
#                                   links a libc-free program with ld.lld and
#                                   qemu-ppc runs it; qemu-i386 runs the i386
#                                   programs where the kernel runs no 32-bit x86
#                                   program (no IA-32 emulation, as in some VMs)
#
# Cross targets are built with clang --target, never with Debian's
# gcc-*-linux-gnu cross compilers: those conflict with gcc-multilib.
set -euo pipefail

missing=()
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf '#include <stdio.h>\nint main(void) { return puts("ok") < 0; }\n' >"$probe/p.c"

command -v gcc >/dev/null 2>&1 || missing+=(gcc)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v clang >/dev/null 2>&1 || missing+=(clang)
command -v pahole >/dev/null 2>&1 || missing+=(dwarves)
command -v arm-none-eabi-gcc >/dev/null 2>&1 || missing+=(gcc-arm-none-eabi)
command -v ld.lld >/dev/null 2>&1 || missing+=(lld)
command -v qemu-ppc >/dev/null 2>&1 || missing+=(qemu-user)
command -v qemu-system-arm >/dev/null 2>&1 || missing+=(qemu-system-arm)
command -v cppcheck >/dev/null 2>&1 || missing+=(cppcheck)
command -v frama-c >/dev/null 2>&1 || missing+=(frama-c-base)
command -v why3 >/dev/null 2>&1 || missing+=(why3)
command -v z3 >/dev/null 2>&1 || missing+=(z3)
# gcc-arm-none-eabi only recommends newlib; the firmware links newlib-nano.
if ! command -v arm-none-eabi-gcc >/dev/null 2>&1 ||
	! arm-none-eabi-gcc -mcpu=cortex-m0 -mthumb --specs=nano.specs --specs=nosys.specs -o "$probe/pm0" "$probe/p.c" >/dev/null 2>&1; then
	missing+=(libnewlib-arm-none-eabi)
fi
# gcc -m32 needs the 32-bit multilib (libc6-dev-i386, lib32asan) to link.
if ! command -v gcc >/dev/null 2>&1 || ! gcc -m32 -o "$probe/p32" "$probe/p.c" >/dev/null 2>&1; then
	missing+=(gcc-multilib)
fi
# clang's sanitizers live in a package of their own, named after its version.
if command -v clang >/dev/null 2>&1; then
	if ! clang -fsanitize=address,undefined -o "$probe/ps" "$probe/p.c" >/dev/null 2>&1; then
		major=$(clang -dumpversion | cut -d. -f1)
		missing+=("libclang-rt-$major-dev")
	fi
else
	missing+=(libclang-rt-dev) # resolved again on the next run, once clang is there
fi

# WP finds z3 through why3's configuration, written once per user.
why3_config() {
	if command -v why3 >/dev/null 2>&1 && command -v z3 >/dev/null 2>&1 &&
		! grep -qs '^name = "Z3"' "${HOME}/.why3.conf"; then
		why3 config detect >/dev/null 2>&1 || true
	fi
}

if ((${#missing[@]} == 0)); then
	why3_config
	exit 0
fi

echo "c-tools: installing ${missing[*]}" >&2
sudo=""
if [[ $(id -u) != 0 ]]; then
	if command -v sudo >/dev/null 2>&1; then
		sudo="sudo"
	else
		echo "c-tools: need ${missing[*]} but am not root and have no sudo; install them and rerun" >&2
		exit 1
	fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
# libclang-rt-dev is a placeholder for clang's runtime when clang itself was
# missing: install clang first, then find the runtime that matches it.
pkgs=()
for p in "${missing[@]}"; do [[ $p == libclang-rt-dev ]] || pkgs+=("$p"); done
$sudo apt-get install -y -q --no-install-recommends "${pkgs[@]}"
if [[ " ${missing[*]} " == *" libclang-rt-dev "* ]] &&
	! clang -fsanitize=address,undefined -o "$probe/ps" "$probe/p.c" >/dev/null 2>&1; then
	major=$(clang -dumpversion | cut -d. -f1)
	$sudo apt-get install -y -q --no-install-recommends "libclang-rt-$major-dev"
fi
why3_config
