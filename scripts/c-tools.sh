#!/usr/bin/env bash
# c-tools: make sure the tools the C consumer checks need are installed, and
# install with apt-get only those that are absent: gcc, clang, pahole
# (dwarves), arm-none-eabi-gcc (gcc-arm-none-eabi) and gcc -m32
# (gcc-multilib). Run by `make test`; CI runs it as root on a fresh machine.
set -euo pipefail

missing=()
command -v gcc >/dev/null 2>&1 || missing+=(gcc)
command -v clang >/dev/null 2>&1 || missing+=(clang)
command -v pahole >/dev/null 2>&1 || missing+=(dwarves)
command -v arm-none-eabi-gcc >/dev/null 2>&1 || missing+=(gcc-arm-none-eabi)
# gcc -m32 needs the 32-bit multilib support even for -fsyntax-only.
if ! command -v gcc >/dev/null 2>&1 ||
	! echo 'int x;' | gcc -m32 -ffreestanding -fsyntax-only -x c - >/dev/null 2>&1; then
	missing+=(gcc-multilib)
fi

if ((${#missing[@]} == 0)); then
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
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
