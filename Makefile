# gcnsim — GNU Makefile.
#   make            build ./gcnsim (and build/libgcnsim.a)
#   make check      build everything and run every test (incl. sanitizer build)
#   make check-all  the long suite: make check, then every fuzz target explored with
#                   a new seed for FUZZ_TIME seconds in all (default 3600: ten
#                   minutes for each of the six targets, run side by side on
#                   the machine's cores: about 35 minutes on two)
#   make kernels    rebuild the committed code objects from OpenCL C (needs clang-15) and HIP (hipcc)
#   make bench      benchmarks (speed, memory)
#   make calibrate  the cycle model against published measurements of real boards
#                   (../shared/calibration): per point published, simulated, error
#   make retrace    rewrite the golden traces (traces/) after a deliberate model change
#   make demo       the main demo
#   make install    PREFIX=/usr/local DESTDIR=: the program, its workloads, the library,
#                   its header and pkg-config file (and the man pages and bash
#                   completion where the build makes them); make uninstall
#   make clean

CC      ?= gcc
OPT     ?= -O2
CSTD    := -std=c11 -D_GNU_SOURCE
WARN    := -Wall -Wextra -Werror -Wno-missing-field-initializers
CFLAGS  ?= $(OPT) -g
ALLCFLAGS = $(CSTD) $(WARN) $(CFLAGS) -I. -MMD -MP
LDLIBS  := -lelf -lz -lreadline -lm -ldl -lstdc++

# the device path (front/device/gpu_hsa.c) compiles against the HSA runtime's own
# headers when they are installed (Debian libhsa-runtime-dev), else against
# front/device/hsa_abi.h; either way the runtime is only loaded at run time
HSA_HEADERS := $(wildcard /usr/include/hsa/hsa.h)
HSA_CFLAGS  := $(if $(HSA_HEADERS),-DGCNSIM_HSA_HEADERS)

B       := build
# the library: the ISA, the simulator and front/'s rooms below the commands
LIB_ROOMS := util load launch report trace api
LIB_SRC := $(wildcard isa/*.c) $(wildcard sim/*.c) $(foreach r,$(LIB_ROOMS),$(wildcard front/$(r)/*.c))
# the command line: main, the command table and cmd_*, the debugger, the
# real-device path and the bench workloads
CLI_SRC := $(wildcard front/*.c) $(wildcard front/dbg/*.c) $(wildcard front/device/*.c) $(wildcard front/workloads/*.c)
UT_SRC  := $(wildcard tests/unit/*.c)
BENCH_SRC := $(wildcard tests/bench/*.c)

LIB_OBJ := $(LIB_SRC:%.c=$(B)/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(B)/%.o)
UT_BIN  := $(UT_SRC:tests/unit/%.c=$(B)/tests/%)

# sanitizer build of the library and its unit tests
SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
SAN_LIB_OBJ := $(LIB_SRC:%.c=$(B)/san/%.o) $(filter-out $(B)/san/front/main.o,$(CLI_SRC:%.c=$(B)/san/%.o))
SAN_UT_BIN  := $(UT_SRC:tests/unit/%.c=$(B)/san/tests/%)

.PHONY: all check unit kernels bench demo calibrate clean
# keep every object (make would otherwise delete the sanitizer objects as intermediates)
.SECONDARY:

all: gcnsim

gcnsim: $(CLI_OBJ) $(B)/libgcnsim.a $(B)/check/bindings.ok
	$(CC) $(ALLCFLAGS) -o $@ $(CLI_OBJ) $(B)/libgcnsim.a $(LDLIBS)

# the binding of semantics to rows, checked before gcnsim links: every row
# has exactly one handler or is on the committed list sim/unexecuted.def
$(B)/check/check_bindings: tests/bindings/check_bindings.c $(B)/libgcnsim.a
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -I. -o $@ $< $(B)/libgcnsim.a -lelf -lz -lm

$(B)/check/bindings.ok: $(B)/check/check_bindings
	$< && touch $@

$(B)/libgcnsim.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) $(XFLAGS) -c -o $@ $<

$(B)/san/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(SAN_FLAGS) $(XFLAGS) -I. -MMD -MP -c -o $@ $<

$(B)/front/device/gpu_hsa.o $(B)/san/front/device/gpu_hsa.o: XFLAGS := $(HSA_CFLAGS)

# unit tests link the library and the front-end objects except main
$(B)/tests/%: tests/unit/%.c $(B)/libgcnsim.a $(filter-out $(B)/front/main.o,$(CLI_OBJ))
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -o $@ $< $(filter-out $(B)/front/main.o,$(CLI_OBJ)) $(B)/libgcnsim.a $(LDLIBS)

$(B)/san/tests/%: tests/unit/%.c $(SAN_LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(SAN_FLAGS) -I. -o $@ $< $(SAN_LIB_OBJ) $(LDLIBS)

# gcnsim validate's tests: the test double of the HSA runtime (under the
# runtime's own file name), the device path compiled against
# front/device/hsa_abi.h too, and where the runtime's headers exist the fake
# compiled against them and the compile-time check of hsa_abi.h
FAKEHSA := $(B)/fakehsa/libhsa-runtime64.so.1
VALIDATE_BIN := $(FAKEHSA) $(B)/abi/gpu_hsa_ours.o \
                $(if $(HSA_HEADERS),$(B)/abi/fake_hsa_real.o $(B)/tests/hsa_abi_check)

$(FAKEHSA): tests/validate/fake_hsa.c front/device/hsa_abi.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -g -I. -shared -fPIC -o $@ $<

$(B)/abi/gpu_hsa_ours.o: front/device/gpu_hsa.c front/device/hsa_abi.h front/device/gpu.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -I. -c -o $@ $<

$(B)/abi/fake_hsa_real.o: tests/validate/fake_hsa.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -I. -fPIC -DGCNSIM_HSA_HEADERS -c -o $@ $<

$(B)/abi/hsa_abi_ours.h: tests/validate/abi_dump.c tests/validate/abi_items.h front/device/hsa_abi.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -I. -o $(B)/abi/abi_dump $<
	$(B)/abi/abi_dump > $@

$(B)/tests/hsa_abi_check: tests/validate/abi_check.c tests/validate/abi_items.h $(B)/abi/hsa_abi_ours.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -I. -I$(B)/abi -o $@ $<

EMBED_BIN := $(B)/embed/embed $(B)/san/embed/embed
unit: $(UT_BIN) $(SAN_UT_BIN) $(VALIDATE_BIN) $(EMBED_BIN)

# an embedding program: the public header (front/api/gcnsim.h) and the
# library alone, also under the sanitizers (tests/embed)
$(B)/embed/embed: tests/embed/embed.c front/api/gcnsim.h $(B)/libgcnsim.a
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) -Ifront/api -pthread -o $@ $< $(B)/libgcnsim.a -lelf -lz -lm -lstdc++

$(B)/san/embed/embed: tests/embed/embed.c front/api/gcnsim.h $(LIB_SRC:%.c=$(B)/san/%.o)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(SAN_FLAGS) -Ifront/api -pthread -o $@ $< $(LIB_SRC:%.c=$(B)/san/%.o) -lelf -lz -lm -lstdc++

check: gcnsim unit
	@tests/run-tests.sh

# an open-ended libFuzzer search (FUZZ_TIME seconds, 600 by default) with a
# new seed; make check runs the reproducible, bounded version
.PHONY: fuzz
fuzz:
	@tests/fuzz/test_fuzz.sh --explore

# the long suite (see the header): the check, then the fuzz targets at length
.PHONY: check-all
check-all: check
	@FUZZ_TIME=$${FUZZ_TIME:-3600} tests/fuzz/test_fuzz.sh --explore

kernels:
	@for s in tests/kernels tests/e2e tests/e2e_mem tests/e2e_valu tests/micro tests/calibrate tests/hip front/workloads; do $$s/build.sh || exit 1; done

BENCH_BIN := $(BENCH_SRC:tests/bench/%.c=$(B)/bench/%)

$(B)/bench/%: tests/bench/%.c $(B)/libgcnsim.a $(filter-out $(B)/front/main.o,$(CLI_OBJ))
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -O3 -o $@ $< $(filter-out $(B)/front/main.o,$(CLI_OBJ)) $(B)/libgcnsim.a $(LDLIBS)

bench: gcnsim $(BENCH_BIN)
	@tests/bench/run.sh

# the calibration report (tests/calibrate/calibrate.py; README, Accuracy):
# every reproducible point of ../shared/calibration/calibration_points.csv
# run on its preset, the error of each, table and build/calibrate/calibrate.csv
calibrate: gcnsim
	@tests/calibrate/calibrate.py

# the main demo: the three built-in workloads run, verified and timed
demo: gcnsim
	./gcnsim bench bitonic
	./gcnsim bench reduce
	./gcnsim bench gemm

# the golden traces: re-run every traces/MANIFEST entry, rewrite its trace,
# say which changed (unchanged / changed with the first divergence / new)
.PHONY: retrace
retrace: gcnsim
	@traces/make-traces.py

# installation (PREFIX, DESTDIR as the GNU coding standards have them)
PREFIX  ?= /usr/local
BINDIR  := $(PREFIX)/bin
LIBDIR  := $(PREFIX)/lib
INCDIR  := $(PREFIX)/include
DATADIR := $(PREFIX)/share/gcnsim
MANDIR  := $(PREFIX)/share/man/man1
COMPDIR := $(PREFIX)/share/bash-completion/completions
WORKLOAD_CO := $(wildcard front/workloads/bin/*.co)
INSTALLED := $(BINDIR)/gcnsim $(LIBDIR)/libgcnsim.a $(INCDIR)/gcnsim.h $(LIBDIR)/pkgconfig/gcnsim.pc \
             $(WORKLOAD_CO:front/workloads/bin/%=$(DATADIR)/workloads/%)

$(B)/gcnsim.pc: Makefile
	@mkdir -p $(dir $@)
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' '' \
	    'Name: gcnsim' 'Description: instruction-level simulator and cycle model for AMD GCN GPUs (gfx6-gfx9)' \
	    'Version: $(shell sed -n 's/^#define GCNSIM_VERSION "\(.*\)".*/\1/p' front/cli.h | head -1)' \
	    'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -lgcnsim -lelf -lz -lm -lstdc++ -pthread' >$@

.PHONY: install uninstall
install: gcnsim $(B)/libgcnsim.a $(B)/gcnsim.pc
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCDIR) $(DESTDIR)$(DATADIR)/workloads
	install -m 755 gcnsim $(DESTDIR)$(BINDIR)/gcnsim
	install -m 644 $(B)/libgcnsim.a $(DESTDIR)$(LIBDIR)/libgcnsim.a
	install -m 644 front/api/gcnsim.h $(DESTDIR)$(INCDIR)/gcnsim.h
	install -m 644 $(B)/gcnsim.pc $(DESTDIR)$(LIBDIR)/pkgconfig/gcnsim.pc
	install -m 644 $(WORKLOAD_CO) $(DESTDIR)$(DATADIR)/workloads/

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(DESTDIR)$(DATADIR)/workloads $(DESTDIR)$(DATADIR) 2>/dev/null

clean:
	rm -rf $(B) gcnsim

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(SAN_LIB_OBJ:.o=.d)
