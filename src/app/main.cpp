#include "app/cli.hpp"
#include "core/process_dumpable.hpp"

int main(int argc, char** argv) {
  tglink::stop_being_dumpable();  // before any secret is read (core/process_dumpable.hpp)
  return tglink::run_cli(argc, argv);
}
