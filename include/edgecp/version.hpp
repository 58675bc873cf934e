// The library's version. CMakeLists.txt reads it from this file, so the CMake package, the pkg-config file
// and the programs' --version say the same.
#pragma once

#define EDGECP_VERSION_MAJOR 0
#define EDGECP_VERSION_MINOR 2
#define EDGECP_VERSION_PATCH 0
#define EDGECP_VERSION_STRING "0.2.0"

namespace edgecp {

/// "MAJOR.MINOR.PATCH", as EDGECP_VERSION_STRING.
inline constexpr const char* version_string = EDGECP_VERSION_STRING;

}  // namespace edgecp
