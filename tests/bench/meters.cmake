# Benchmark of the meters and the simulator: prints its figures; never run by ctest.
add_executable(bench_meters ${CMAKE_CURRENT_LIST_DIR}/meters/bench_meters.cpp)
target_link_libraries(bench_meters PRIVATE unalloc_options unalloc-core)
