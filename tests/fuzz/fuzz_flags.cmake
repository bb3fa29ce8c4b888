# Compile and link settings of the fuzzing build (COMMCANARY_FUZZ=ON), included by the root
# CMakeLists.txt before core/ so that the readers themselves carry coverage instrumentation.
#
# - fuzzer-no-link: coverage counters and comparison tracing in every object; only the harness
#   executables link libFuzzer's driver (tests/fuzz/CMakeLists.txt adds -fsanitize=fuzzer there).
# - address,undefined with no recovery: any UB report stops the run as a crash.
# - -O1 -g: fast enough to fuzz, symbolised stacks.
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "COMMCANARY_FUZZ needs clang (libFuzzer); configure with the 'fuzz' preset")
endif()
set(COMMCANARY_FUZZ_SANITIZERS address,undefined)
add_compile_options(
  -fsanitize=fuzzer-no-link,${COMMCANARY_FUZZ_SANITIZERS}
  -fno-sanitize-recover=undefined
  -fno-omit-frame-pointer
  -g -O1)
# libstdc++ bounds checks (operator[], front(), back() on empty ...): out-of-range indexing inside a
# vector's capacity is invisible to AddressSanitizer.
add_compile_definitions(_GLIBCXX_ASSERTIONS)
add_link_options(-fsanitize=${COMMCANARY_FUZZ_SANITIZERS})
add_compile_definitions(COMMCANARY_FUZZING_BUILD=1)
