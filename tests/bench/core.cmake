# bench_core: rows/s for label normalisation and attribution; not run by ctest.
add_executable(bench_core ${CMAKE_CURRENT_LIST_DIR}/core/bench_core.cpp)
target_link_libraries(bench_core PRIVATE unalloc-core unalloc_options)
