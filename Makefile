# OpenBench builds with `make EXE=<name>`; the binary is left at $(EXE).
# Native CPU flags: on CPUs with BMI2 the build script switches slider look-ups to PEXT.
EXE ?= cutoff
RUSTFLAGS_NATIVE := -C target-cpu=native

# `make release`: one binary per instruction-set level in $(DIST), each built in its own
# target directory and checked to report its level in `--version` (see src/lib.rs).
#   cutoff-x86-64      any x86-64 CPU
#   cutoff-x86-64-v3   AVX2 (Intel Haswell, AMD Excavator/Zen and later). BMI2 is left out on
#                      purpose: with it the sliders would use PEXT, very slow on AMD before Zen 3.
#   cutoff-native      this machine's CPU (x86-64-bmi2, with PEXT, if it has BMI2); it may not
#                      run on another machine
DIST ?= dist
FLAGS_x86-64 := -C target-cpu=x86-64
FLAGS_x86-64-v3 := -C target-cpu=x86-64-v3 -C target-feature=-bmi2
FLAGS_native := $(RUSTFLAGS_NATIVE)
# What `--version` must end with; the native level depends on the machine.
LEVEL_x86-64 := x86-64
LEVEL_x86-64-v3 := x86-64-v3
LEVEL_native := x86-64.*

.PHONY: all clean release FORCE

all:
	RUSTFLAGS="$(RUSTFLAGS_NATIVE)" cargo build --release --target-dir target/native
	cp target/native/release/cutoff $(EXE)

release: $(DIST)/cutoff-x86-64 $(DIST)/cutoff-x86-64-v3 $(DIST)/cutoff-native

$(DIST)/cutoff-%: FORCE
	RUSTFLAGS="$(FLAGS_$*)" cargo build --release --target-dir target/$*
	mkdir -p $(DIST)
	cp target/$*/release/cutoff $@
	$@ --version
	$@ --version | grep -qx 'cutoff [0-9.]* $(LEVEL_$*)'

FORCE:

clean:
	cargo clean
	rm -rf $(DIST)
