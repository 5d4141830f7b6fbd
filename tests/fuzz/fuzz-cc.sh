#!/usr/bin/env bash
# Prints the clang whose libFuzzer runtime is installed (FUZZ_CC, default:
# clang-15, else clang; Debian: libclang-common-15-dev ships
# libclang_rt.fuzzer for clang-15, libclang-rt-N-dev for later versions),
# or nothing when there is none.  The fuzz targets (tests/fuzz) build with
# it, and so does the sanitizer build (Makefile, build/san), whose objects
# the targets link.
for c in ${FUZZ_CC:-clang-15 clang}; do
    command -v "$c" >/dev/null 2>&1 || continue
    rt=$("$c" -print-file-name=libclang_rt.fuzzer-x86_64.a 2>/dev/null)
    [ -n "$rt" ] && [ -f "$rt" ] || rt=$(find "$("$c" -print-resource-dir 2>/dev/null)" -name 'libclang_rt.fuzzer*.a' 2>/dev/null | head -1)
    if [ -n "$rt" ] && [ -f "$rt" ]; then echo "$c"; exit 0; fi
done
exit 0
