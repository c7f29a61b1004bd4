#include "app/cli.hpp"

int main(int argc, char** argv) { return tglink::run_cli(argc, argv); }
