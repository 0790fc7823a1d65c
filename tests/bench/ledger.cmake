# bench_ledger: import records/s, peak RSS, report and re-attribution time (never run by ctest).
add_executable(bench_ledger
    ${CMAKE_CURRENT_LIST_DIR}/ledger/bench_ledger.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ledger/benchgen.h
    ${CMAKE_CURRENT_LIST_DIR}/ledger/benchrng.h
    ${CMAKE_CURRENT_LIST_DIR}/ledger/benchgen.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ledger/benchreal.h
    ${CMAKE_CURRENT_LIST_DIR}/ledger/benchreal.cpp)
target_link_libraries(bench_ledger PRIVATE unalloc-adapters unalloc_options Qt6::Core)

# bench_writer: the ledger writer alone (bulk import, re-import, append), wall and CPU time,
# on realistic records and on 3,000 label sets.
add_executable(bench_writer
    ${CMAKE_CURRENT_LIST_DIR}/ledger/bench_writer.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ledger/benchgen.h
    ${CMAKE_CURRENT_LIST_DIR}/ledger/benchrng.h
    ${CMAKE_CURRENT_LIST_DIR}/ledger/benchgen.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ledger/benchreal.h
    ${CMAKE_CURRENT_LIST_DIR}/ledger/benchreal.cpp)
target_link_libraries(bench_writer PRIVATE unalloc-adapters unalloc_options Qt6::Core)
