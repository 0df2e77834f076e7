#pragma once
// The committed seed corpora of the stance and strike fuzz harnesses (tests/fuzz/corpus), compiled
// into the test image by cmake/FootfallEmbedCorpus.cmake so that the boards replay them too.
#include <cstddef>
#include <cstdint>

namespace footfall::test {

struct FuzzInput {
  const char* name;  // the corpus file's name
  const std::uint8_t* data;
  std::size_t size;
};

extern const FuzzInput kStanceCorpus[];
extern const int kStanceCorpusSize;
extern const FuzzInput kStrikeCorpus[];
extern const int kStrikeCorpusSize;

}  // namespace footfall::test
