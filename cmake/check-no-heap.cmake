cmake_minimum_required(VERSION 3.25)
# Fails the build when a linked firmware image contains any way to reach the heap: the C
# allocator, sbrk, or C++ operator new/delete (any overload) or exception allocation. Run after
# the link with -DNM=<nm> -DIMAGE=<elf>; on failure it deletes the image so that nothing stale
# is left to flash or test.
if(NOT NM OR NOT IMAGE)
  message(FATAL_ERROR "usage: cmake -DNM=<nm> -DIMAGE=<elf> -P check-no-heap.cmake")
endif()
execute_process(COMMAND ${NM} --format=posix ${IMAGE}
  OUTPUT_VARIABLE symbols RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "check-no-heap: ${NM} failed on ${IMAGE}")
endif()

string(REPLACE "\n" ";" lines "${symbols}")
set(found "")
foreach(line IN LISTS lines)
  string(REGEX MATCH "^[^ ]+" name "${line}")
  # Placement new and its matching delete (operator new(size_t, void*): _ZnwjPv on 32-bit
  # targets, _ZnwmPv on 64-bit; the array forms _Zna..., and _ZdlPvS_/_ZdaPvS_) take memory the
  # caller already owns: an -O0 build keeps them as out-of-line functions, which allocate nothing.
  if(name MATCHES "^_Zn[wa][jm]Pv$" OR name MATCHES "^_Zd[la]PvS_$")
    continue()
  endif()
  if(name MATCHES "^(_?malloc|_?free|_?calloc|_?realloc|reallocarray|aligned_alloc|memalign|posix_memalign|valloc|pvalloc|_malloc_r|_free_r|_calloc_r|_realloc_r|_?sbrk|__malloc_.*|_Zn[wa].*|_Zd[la].*|__cxa_allocate_exception)$")
    list(APPEND found ${name})
  endif()
endforeach()

if(found)
  list(REMOVE_DUPLICATES found)
  list(JOIN found ", " names)
  file(REMOVE ${IMAGE})
  message(FATAL_ERROR "footfall: heap symbols in firmware image ${IMAGE}: ${names}. "
    "Firmware must not allocate (lib/DESIGN.md §2); the image was deleted.")
endif()
