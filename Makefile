# OpenBench builds with `make EXE=<name>`; the binary is left at $(EXE).
# Native CPU flags: on CPUs with BMI2 the build script switches slider look-ups to PEXT.
EXE ?= cutoff
RUSTFLAGS_NATIVE := -C target-cpu=native

.PHONY: all clean

all:
	RUSTFLAGS="$(RUSTFLAGS_NATIVE)" cargo build --release --target-dir target/native
	cp target/native/release/cutoff $(EXE)

clean:
	cargo clean
