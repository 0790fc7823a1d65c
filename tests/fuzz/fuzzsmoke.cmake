# A short libFuzzer run of every target as part of ctest, when asked for
# (-DUNALLOC_FUZZ_SMOKE=ON) and a clang that can build them is on the machine
# (packaging/install-fuzz-deps.sh installs it); skipped cleanly otherwise. Opt-in because it
# builds a second (clang, ASan) tree: the README's test command must stay bounded in time on
# a machine that happens to have clang.
option(UNALLOC_FUZZ_SMOKE "Run every fuzz target briefly as part of ctest" OFF)
set(UNALLOC_FUZZ_SMOKE_SECONDS 20 CACHE STRING "Seconds per target of the fuzz smoke test")
set(_fuzz_ok FALSE)
if(UNALLOC_FUZZ_SMOKE)
    find_program(UNALLOC_FUZZ_CLANGXX NAMES clang++-16)
endif()
if(UNALLOC_FUZZ_SMOKE AND UNALLOC_FUZZ_CLANGXX)
    set(_probe_dir ${CMAKE_CURRENT_BINARY_DIR}/fuzz-probe)
    file(MAKE_DIRECTORY ${_probe_dir})
    file(WRITE ${_probe_dir}/probe.cpp [=[
#include <cstddef>
#include <cstdint>
#include <expected>
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *, std::size_t size)
{
    std::expected<std::size_t, int> e = size;
    return e ? 0 : 1;
}
]=])
    execute_process(
        COMMAND ${UNALLOC_FUZZ_CLANGXX} -std=c++2b -D__cpp_concepts=202002L -Wno-macro-redefined
                -fsanitize=fuzzer,address,undefined probe.cpp -o probe
        WORKING_DIRECTORY ${_probe_dir}
        RESULT_VARIABLE _probe_rc OUTPUT_QUIET ERROR_QUIET)
    if(_probe_rc EQUAL 0)
        set(_fuzz_ok TRUE)
    endif()
endif()
if(_fuzz_ok)
    message(STATUS "fuzz smoke test: ${UNALLOC_FUZZ_SMOKE_SECONDS} s per target")
    add_test(NAME fuzz_smoke
             COMMAND ${PROJECT_SOURCE_DIR}/tests/fuzz/run-fuzz.sh all
                     ${UNALLOC_FUZZ_SMOKE_SECONDS} ${PROJECT_BINARY_DIR}/fuzz)
    set_tests_properties(fuzz_smoke PROPERTIES LABELS fuzz TIMEOUT 3600 RUN_SERIAL TRUE)
else()
    message(STATUS "fuzz smoke test: skipped (needs -DUNALLOC_FUZZ_SMOKE=ON and clang++-16 "
                   "with libFuzzer; see packaging/install-fuzz-deps.sh)")
endif()
