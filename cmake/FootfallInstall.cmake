# Installation and the CMake package: after `cmake --install`, another project can say
# find_package(footfall) and link footfall::core (and footfall::port on POSIX hosts); on host
# builds the `footfall` tool goes to bin/ with them.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/core/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/port/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/port/posix/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS footfall_core footfall_port EXPORT footfallTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
if(TARGET footfall_cli)
  install(TARGETS footfall_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(EXPORT footfallTargets NAMESPACE footfall:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/footfall)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/footfallConfig.cmake.in
  ${PROJECT_BINARY_DIR}/footfallConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/footfall)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/footfallConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/footfallConfig.cmake ${PROJECT_BINARY_DIR}/footfallConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/footfall)
