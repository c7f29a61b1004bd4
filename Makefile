# The README's two commands: `make run` and `make test`. Everything else is a helper.
SHELL := /bin/bash
JOBS ?= 2
BUILD := build
TEST_BUILD := build-test
FUZZ_BUILD := build-fuzz
CMAKE_GEN := -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON

.PHONY: all deps build run demo test test-deploy deb image fuzz check-config bench bench-load format lint clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: deps $(BUILD)/build.ninja
	@ninja -C $(BUILD) -j$(JOBS)

# With Telegram credentials (environment or .env) runs the bot; without them, the local demo.
run: build
	@scripts/run.sh

$(TEST_BUILD)/build.ninja:
	cmake -S . -B $(TEST_BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Debug -DTGLINK_SANITIZE=ON -DTGLINK_TESTS=ON

# Each phase is timed (scripts/phase.sh); the end of the output lists the times and the slowest
# tests, so a phase or a test that got slower is seen the day it lands.
PHASES := $(TEST_BUILD)/phase-times.tsv
PHASE := scripts/phase.sh $(PHASES)

# The service is also compiled as `make run` builds it (optimised): GCC warns differently once it
# inlines, and the test build alone would not show that `make run` no longer compiles. That build
# runs beside the tests, in the CPU time they leave idle (scripts/beside.sh); test-deploy uses it.
test:
	@mkdir -p $(TEST_BUILD) && : >$(PHASES)
	@$(PHASE) install scripts/install-deps.sh --test
	@$(PHASE) configure $(MAKE) --no-print-directory $(BUILD)/build.ninja $(TEST_BUILD)/build.ninja
	@$(PHASE) "test build" ninja -C $(TEST_BUILD) -j$(JOBS)
	@$(PHASE) "tests + release build" scripts/beside.sh "release build" $(TEST_BUILD)/release-build.log \
	  "ninja -C $(BUILD) -j$(JOBS) tglink" -- scripts/run-tests.sh $(TEST_BUILD)
	@$(PHASE) test-deploy $(MAKE) --no-print-directory test-deploy
	@$(PHASE) --summary $(TEST_BUILD)/Testing/Temporary/slowest-tests.txt

# Every path of README's "Deploy", run as written from a clean clone on the TDLib simulator
# (scripts/ci/deploy-test.sh; docs/development.md, "Deploy tests"). Skips, saying why, on a
# machine that cannot run containers; under CI=true that is a failure.
test-deploy:
	@$(MAKE) --no-print-directory $(BUILD)/build.ninja
	@ninja -C $(BUILD) -j$(JOBS) tglink
	@scripts/ci/deploy-test.sh

# dist/tglink_<version>+<release>_amd64.deb from build/ (scripts/make-deb.sh), for this release.
deb: build
	@scripts/install-deps.sh --deb
	@scripts/make-deb.sh $(BUILD)

# The runtime image tglink:latest from build/, without compiling in the image.
image: build
	@scripts/ci/image-from-build.sh tglink:latest $(BUILD)

# The libFuzzer targets (tests/fuzz/), each run for FUZZ_SECONDS (default 60).
$(FUZZ_BUILD)/build.ninja:
	cmake -S . -B $(FUZZ_BUILD) $(CMAKE_GEN) -DCMAKE_CXX_COMPILER=clang++ -DTGLINK_FUZZ=ON

fuzz:
	@scripts/install-deps.sh --test
	@$(MAKE) --no-print-directory $(FUZZ_BUILD)/build.ninja
	@ninja -C $(FUZZ_BUILD) -j$(JOBS)
	@scripts/fuzz.sh $(FUZZ_BUILD)

bench: deps
	@scripts/install-deps.sh --bench
	@bench/run.sh

# 10,000 idle keep-alive + 2,000 slowloris connections: memory, latency, MAX_CONNECTIONS.
bench-load: deps
	@bench/run.sh load

format:
	@git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

# clang-tidy reads each file's own compile command: a tree without unity batches, configured
# only (docs/development.md).
LINT_BUILD := build-lint
$(LINT_BUILD)/build.ninja:
	cmake -S . -B $(LINT_BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Debug -DTGLINK_SANITIZE=ON -DTGLINK_TESTS=ON -DTGLINK_UNITY=OFF

lint: $(LINT_BUILD)/build.ninja
	@git ls-files 'src/*.cpp' | xargs clang-tidy -p $(LINT_BUILD) --quiet

clean:
	rm -rf $(BUILD) $(TEST_BUILD) $(FUZZ_BUILD) $(LINT_BUILD)
