# SPDX-License-Identifier: MIT
# A thin wrapper over meson.  `make demo` and `make check` work on a fresh
# Debian 12 machine: `deps` installs what is missing with apt-get
# (`check-deps` also what only the tests need).

MESON ?= meson
BUILD ?= build
TEST_BUILD ?= build-test
TESTARGS ?=

DEB_DEPS := meson ninja-build pkg-config gcc libnvme-dev liburing-dev libjson-c-dev \
	libcmocka-dev libcairo2-dev libblkid-dev libsqlite3-dev nettle-dev python3 libmount-dev libsmartcols-dev
# What only the tests need: clang (libFuzzer harnesses), chromium (browser test), debhelper and
# lintian (the .deb), prometheus (promtool), ansible-core and openssh-server (the fleet test),
# python3-jsonschema (result schemas).
CHECK_DEPS := clang chromium debhelper lintian prometheus ansible-core openssh-server \
	python3-jsonschema

# sudo only when not root and sudo exists
SUDO := $(shell [ "$$(id -u)" = 0 ] || ! command -v sudo >/dev/null 2>&1 || echo sudo)

.PHONY: all deps check-deps check check-browser demo clean

all: deps
	@[ -f $(BUILD)/build.ninja ] || $(MESON) setup $(BUILD) -Dbuildtype=release
	$(MESON) compile -C $(BUILD)

# install-missing PACKAGES: apt-get install what dpkg does not list as installed.
define install-missing
	@if ! command -v dpkg-query >/dev/null 2>&1; then \
		echo "make deps: not a Debian system; install yourself: $(1)"; exit 0; \
	fi; \
	missing=; \
	for p in $(1); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || \
			missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing missing Debian packages:$$missing"; \
		$(SUDO) apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive \
			apt-get install -y --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install-missing,$(DEB_DEPS))

check-deps:
	$(call install-missing,$(DEB_DEPS) $(CHECK_DEPS))

check: check-deps
	@[ -f $(TEST_BUILD)/build.ninja ] || $(MESON) setup $(TEST_BUILD) \
		-Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug
	$(MESON) compile -C $(TEST_BUILD)
	$(MESON) test -C $(TEST_BUILD) --print-errorlogs $(TESTARGS)

# The report test in headless Chromium alone (make check runs it too).
check-browser: check-deps
	@[ -f $(TEST_BUILD)/build.ninja ] || $(MESON) setup $(TEST_BUILD) \
		-Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug
	$(MESON) compile -C $(TEST_BUILD)
	$(MESON) test -C $(TEST_BUILD) --print-errorlogs --suite browser

DEMO_OUT ?= ssdprof-results/demo

# An adaptive OP sweep and an SLC-cache probe of a simulated budget TLC drive,
# each turned into an HTML report.
demo: all
	./$(BUILD)/ssdprof sweep sim:budget-tlc --out $(DEMO_OUT)/sweep
	./$(BUILD)/ssdprof slc sim:budget-tlc --idle 30s,5m --out $(DEMO_OUT)/slc
	./$(BUILD)/ssdprof report $(DEMO_OUT)/sweep/result.json
	./$(BUILD)/ssdprof report $(DEMO_OUT)/slc/result.json
	@echo "demo report: $(DEMO_OUT)/sweep/report.html (open it in a browser)"
	@echo "the SLC cache probe's: $(DEMO_OUT)/slc/report.html"
	@echo "next: docs/commands.md, or ssdprof sweep --help for a drive of your own"

clean:
	rm -rf $(BUILD) $(TEST_BUILD)
