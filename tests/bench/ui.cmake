# bench_ui: the explorer on a 1M-row ledger, offscreen — open → overview drawn, owner key and
# fallback changes → every view updated, ledger-table scrolling (never run by ctest).
if(UNALLOC_BUILD_GUI)
    add_executable(bench_ui
        ${CMAKE_CURRENT_LIST_DIR}/ui/bench_ui.cpp
        ${CMAKE_CURRENT_LIST_DIR}/ui/uibenchledger.h
        ${CMAKE_CURRENT_LIST_DIR}/ui/benchrss.h
        ${CMAKE_CURRENT_LIST_DIR}/ui/uibenchledger.cpp)
    target_link_libraries(bench_ui PRIVATE unalloc-ui unalloc_options Qt6::Test)
endif()
