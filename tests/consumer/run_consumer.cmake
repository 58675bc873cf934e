# Configures, builds and runs the consumer project (ctest runs this script with cmake -P).
#   MODE=subdirectory  add_subdirectory(edgecp)
#   MODE=find_package  find_package(edgecp) on `cmake --install` of the build tree under test
#   MODE=minimal       find_package(edgecp) on the install of a fresh configure with examples, tests,
#                      benchmarks and fuzzers off (nothing compiled: the headers, the package, pkg-config)
#   MODE=pkgconfig     `pkg-config --cflags --libs edgecp` on the install of the build tree under test
file(REMOVE_RECURSE ${WORK})
set(args -S ${CONSUMER} -B ${WORK}/build -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_BUILD_TYPE=Release)

function(run_or_fail what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "consumer ${MODE}: ${what} failed (${rc})")
  endif()
endfunction()

if(MODE STREQUAL "subdirectory")
  list(APPEND args -DEDGECP_CONSUMER_MODE=subdirectory -DEDGECP_SOURCE_DIR=${EDGECP_SOURCE})
elseif(MODE STREQUAL "minimal")
  run_or_fail("configure without examples"
              ${CMAKE_COMMAND} -S ${EDGECP_SOURCE} -B ${WORK}/edgecp -DEDGECP_BUILD_EXAMPLES=OFF
              -DEDGECP_BUILD_TESTS=OFF -DEDGECP_BUILD_BENCHMARKS=OFF -DEDGECP_BUILD_FUZZERS=OFF)
  run_or_fail("cmake --install" ${CMAKE_COMMAND} --install ${WORK}/edgecp --prefix ${WORK}/prefix)
  foreach(f include/edgecp/edgecp.hpp include/edgecp/version.hpp share/cmake/edgecp/edgecpConfig.cmake
            share/cmake/edgecp/edgecpConfigVersion.cmake share/pkgconfig/edgecp.pc
            share/edgecp/examples/piece_once.hpp share/edgecp/examples/own_solver.cpp)
    if(NOT EXISTS ${WORK}/prefix/${f})
      message(FATAL_ERROR "consumer minimal: ${f} not installed")
    endif()
  endforeach()
  if(EXISTS ${WORK}/prefix/bin OR EXISTS ${WORK}/prefix/lib)
    message(FATAL_ERROR "consumer minimal: programs or lib/ installed by a headers-only configuration")
  endif()
  list(APPEND args -DCMAKE_PREFIX_PATH=${WORK}/prefix)
else()
  run_or_fail("cmake --install" ${CMAKE_COMMAND} --install ${EDGECP_BUILD} --prefix ${WORK}/prefix)
  list(APPEND args -DCMAKE_PREFIX_PATH=${WORK}/prefix)
endif()

if(MODE STREQUAL "pkgconfig")
  find_program(PKG_CONFIG pkg-config)
  if(NOT PKG_CONFIG)
    message("pkg-config not found: skipped")
    return()
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${WORK}/prefix/share/pkgconfig ${PKG_CONFIG}
                          --cflags --libs edgecp
                  OUTPUT_VARIABLE flags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "consumer pkgconfig: pkg-config --cflags --libs edgecp failed")
  endif()
  separate_arguments(flags UNIX_COMMAND "${flags}")
  file(MAKE_DIRECTORY ${WORK}/build)
  run_or_fail("compile" ${CXX} -O2 ${CONSUMER}/main.cpp ${flags} -o ${WORK}/build/consumer)
  run_or_fail("run" ${WORK}/build/consumer)
  run_or_fail("compile the outside propagator" ${CXX} -O2 ${CONSUMER}/extend.cpp ${flags}
              -o ${WORK}/build/consumer_extend)
  run_or_fail("run the outside propagator" ${WORK}/build/consumer_extend)
  return()
endif()

run_or_fail("configure" ${CMAKE_COMMAND} ${args})
run_or_fail("build" ${CMAKE_COMMAND} --build ${WORK}/build)
run_or_fail("run" ${WORK}/build/consumer)
run_or_fail("run the outside propagator" ${WORK}/build/consumer_extend)
