/* SPDX-License-Identifier: MIT */
/*
 * NVMe command encoding, for the commands QEMU cannot run (sanitize,
 * namespace create/delete) and the ones it can.  Each expected command is
 * written out from the NVMe 2.0 base specification: opcode, NSID, CDW10-15
 * and the data structure's fields at their byte offsets.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "nvme/nvme_cmds.h"

struct expect {
	const char *what;
	struct nvme_passthru_cmd got;
	uint8_t opcode;
	uint32_t nsid, cdw10, cdw11, cdw12, cdw13, cdw14, cdw15, data_len;
};

static void check(const struct expect *e)
{
	print_message("  %s\n", e->what);
	assert_int_equal(e->got.opcode, e->opcode);
	assert_int_equal(e->got.nsid, e->nsid);
	assert_int_equal(e->got.cdw10, e->cdw10);
	assert_int_equal(e->got.cdw11, e->cdw11);
	assert_int_equal(e->got.cdw12, e->cdw12);
	assert_int_equal(e->got.cdw13, e->cdw13);
	assert_int_equal(e->got.cdw14, e->cdw14);
	assert_int_equal(e->got.cdw15, e->cdw15);
	assert_int_equal(e->got.data_len, e->data_len);
	assert_int_equal(e->got.flags, 0);
}

/* Sanitize (opcode 84h): CDW10 SANACT 2:0, AUSE 3, OWPASS 7:4, OIPBP 8, NDAS 9; CDW11 OVRPAT. */
static void test_sanitize(void **state)
{
	(void)state;
	const struct expect t[] = {
		{ "block erase", nvme_cmd_sanitize(NVMEC_SANACT_BLOCK_ERASE, false, 1, false, false, 0),
		  0x84, 0, 0x2, 0, 0, 0, 0, 0, 0 },
		{ "crypto erase", nvme_cmd_sanitize(NVMEC_SANACT_CRYPTO_ERASE, false, 1, false, false, 0),
		  0x84, 0, 0x4, 0, 0, 0, 0, 0, 0 },
		{ "crypto erase, AUSE, no-deallocate", nvme_cmd_sanitize(NVMEC_SANACT_CRYPTO_ERASE, true, 1, false, true, 0),
		  0x84, 0, 0x4 | 0x8 | 0x200, 0, 0, 0, 0, 0, 0 },
		{ "overwrite, 3 passes, invert, pattern", nvme_cmd_sanitize(NVMEC_SANACT_OVERWRITE, false, 3, true, false,
		  0xdeadbeef), 0x84, 0, 0x3 | 3 << 4 | 0x100, 0xdeadbeef, 0, 0, 0, 0, 0 },
		{ "overwrite, 16 passes encode as 0", nvme_cmd_sanitize(NVMEC_SANACT_OVERWRITE, false, 16, false, false, 0),
		  0x84, 0, 0x3, 0, 0, 0, 0, 0, 0 },
		{ "block erase ignores overwrite fields", nvme_cmd_sanitize(NVMEC_SANACT_BLOCK_ERASE, false, 5, true, false,
		  0x1234), 0x84, 0, 0x2, 0, 0, 0, 0, 0, 0 },
		{ "exit failure mode", nvme_cmd_sanitize(NVMEC_SANACT_EXIT_FAILURE, false, 1, false, false, 0),
		  0x84, 0, 0x1, 0, 0, 0, 0, 0, 0 },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		check(&t[i]);
}

/* Format NVM (80h): CDW10 LBAF 3:0, MSET 4, PI 7:5, PIL 8, SES 11:9, LBAFU 13:12. */
static void test_format(void **state)
{
	(void)state;
	const struct expect t[] = {
		{ "format ns 1, lbaf 0, SES 1", nvme_cmd_format(1, 0, 1), 0x80, 1, 1u << 9, 0, 0, 0, 0, 0, 0 },
		{ "format ns 2, lbaf 1, SES 2", nvme_cmd_format(2, 1, 2), 0x80, 2, 1 | 2u << 9, 0, 0, 0, 0, 0, 0 },
		{ "format ns 1, lbaf 18 (LBAFU), SES 0", nvme_cmd_format(1, 18, 0), 0x80, 1, 2 | 1u << 12, 0, 0, 0, 0, 0, 0 },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		check(&t[i]);
}

static uint64_t le64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* Namespace Management (0Dh): SEL in CDW10 3:0 (0 create, 1 delete); create data NSZE@0, NCAP@8, FLBAS@26. */
static void test_ns_mgmt(void **state)
{
	static uint8_t buf[4096];
	(void)state;
	struct expect c = { "create 0x1999999 blocks, flbas 0", nvme_cmd_ns_create(0x1999999, 0x1999999, 0, buf),
			    0x0d, 0, 0, 0, 0, 0, 0, 0, 4096 };
	struct expect d = { "delete nsid 1", nvme_cmd_ns_delete(1), 0x0d, 1, 1, 0, 0, 0, 0, 0, 0 };

	check(&c);
	assert_ptr_equal((void *)(uintptr_t)c.got.addr, buf);
	assert_int_equal(le64(buf + 0), 0x1999999);
	assert_int_equal(le64(buf + 8), 0x1999999);
	assert_int_equal(buf[26], 0);
	assert_int_equal(buf[29], 0);   /* DPS */
	assert_int_equal(buf[30], 0);   /* NMIC */
	for (size_t i = 32; i < 4096; i++)
		assert_int_equal(buf[i], 0);
	nvme_cmd_ns_create(1000, 900, 0x11, buf);
	assert_int_equal(le64(buf + 0), 1000);
	assert_int_equal(le64(buf + 8), 900);
	assert_int_equal(buf[26], 0x11);
	check(&d);
}

/* Namespace Attachment (15h): SEL 0 attach, 1 detach; data: count (LE16) then controller IDs. */
static void test_ns_attach(void **state)
{
	static uint8_t buf[4096];
	const uint16_t ctrls[] = { 0x0001, 0x0102 };
	(void)state;
	struct expect a = { "attach nsid 1 to controllers 1 and 258", nvme_cmd_ns_attach(1, false, ctrls, 2, buf),
			    0x15, 1, 0, 0, 0, 0, 0, 0, 4096 };

	check(&a);
	assert_int_equal(buf[0], 2);
	assert_int_equal(buf[1], 0);
	assert_int_equal(buf[2], 0x01);
	assert_int_equal(buf[3], 0x00);
	assert_int_equal(buf[4], 0x02);
	assert_int_equal(buf[5], 0x01);
	struct expect d = { "detach nsid 3", nvme_cmd_ns_attach(3, true, ctrls, 1, buf), 0x15, 3, 1, 0, 0, 0, 0, 0, 4096 };

	check(&d);
	assert_int_equal(buf[0], 1);
	assert_int_equal(buf[4], 0);
}

/* Get Log Page (02h): CDW10 LID 7:0, NUMDL 31:16; CDW11 NUMDU; CDW12/13 offset. Identify (06h): CNS. */
static void test_logs_identify(void **state)
{
	static uint8_t buf[4096];
	(void)state;
	const struct expect t[] = {
		{ "SMART log, 512 bytes", nvme_cmd_get_log(0x02, 0xffffffff, 0, buf, 512), 0x02, 0xffffffff,
		  0x02 | 127u << 16, 0, 0, 0, 0, 0, 512 },
		{ "sanitize log", nvme_cmd_get_log(0x81, 0, 0, buf, 512), 0x02, 0, 0x81 | 127u << 16, 0, 0, 0, 0, 0, 512 },
		{ "OCP C0", nvme_cmd_get_log(0xc0, 0xffffffff, 0, buf, 512), 0x02, 0xffffffff, 0xc0 | 127u << 16, 0, 0, 0,
		  0, 0, 512 },
		{ "256 KiB at offset 4 GiB (NUMDU, LPOU)", nvme_cmd_get_log(0x02, 1, 1ull << 32, buf, 262144), 0x02, 1,
		  0x02 | 0xffffu << 16, 0, 0, 1, 0, 0, 262144 },
		{ "endurance group 3", nvme_cmd_get_endurance_log(3, buf), 0x02, 0, 0x09 | 127u << 16, 3u << 16, 0, 0, 0,
		  0, 512 },
		{ "identify controller", nvme_cmd_identify(0x01, 0, buf), 0x06, 0, 1, 0, 0, 0, 0, 0, 4096 },
		{ "identify namespace 1", nvme_cmd_identify(0x00, 1, buf), 0x06, 1, 0, 0, 0, 0, 0, 0, 4096 },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		check(&t[i]);
}

/* Endurance Estimate: bytes 32..47 of the log, little endian, billions of bytes. */
static void test_endurance_estimate(void **state)
{
	uint8_t log[512] = { 0 };
	(void)state;

	assert_float_equal(nvme_endurance_estimate_tb(log), 0, 0);
	/* 14016000 (0xd5de00) billion bytes: a 7.68 TB drive at 1 DWPD for 5 years, 14016 TB. */
	log[32] = 0x00;
	log[33] = 0xde;
	log[34] = 0xd5;
	log[31] = 0xff;   /* the field before it: not read */
	log[48] = 0xff;   /* Data Units Read after it: not read */
	assert_float_equal(nvme_endurance_estimate_tb(log), 14016, 1e-9);
}

/* Dataset Management (09h): CDW10 NR (ranges - 1), CDW11 AD bit 2; range: attributes, NLB @4, SLBA @8. */
static void test_dsm(void **state)
{
	static uint8_t buf[4096];
	const uint64_t slba[] = { 0, 0x100000000ull };
	const uint32_t nlb[] = { 0xffffffffu, 8 };
	(void)state;
	struct expect d = { "deallocate 2 ranges", nvme_cmd_dsm_deallocate(1, slba, nlb, 2, buf), 0x09, 1, 1, 4, 0, 0,
			    0, 0, 32 };

	check(&d);
	assert_int_equal(le64(buf + 8), 0);
	assert_int_equal(buf[4] | buf[5] << 8 | buf[6] << 16 | (uint32_t)buf[7] << 24, 0xffffffffu);
	assert_int_equal(le64(buf + 24), 0x100000000ull);
	assert_int_equal(buf[20], 8);
}

static void test_parsers(void **state)
{
	uint8_t b[16] = { 0x10, 0x27 }, log[512];
	char line[320];
	(void)state;

	assert_int_equal(nvme_le128_u64(b), 10000);
	b[8] = 1;
	assert_true(nvme_le128_u64(b) == UINT64_MAX);
	assert_true(nvme_le128_double(b) > 1.8e19);
	memset(log, 0, sizeof(log));
	assert_false(nvme_ocp_c0_guid_ok(log));
	{
		/* AFD514C97C6F4F9CA4F2BFEA2810AFC5, least significant byte first at 496. */
		const uint8_t g[16] = { 0xc5, 0xaf, 0x10, 0x28, 0xea, 0xbf, 0xf2, 0xa4, 0x9c, 0x4f, 0x6f, 0x7c, 0xc9, 0x14,
					0xd5, 0xaf };
		memcpy(log + 496, g, 16);
	}
	assert_true(nvme_ocp_c0_guid_ok(log));
	assert_string_equal(nvme_sanitize_status_name(2), "in progress");
	assert_string_equal(nvme_status_name(0x4001), "Invalid Command Opcode");
	struct nvme_passthru_cmd c = nvme_cmd_format(1, 0, 2);

	nvme_cmd_describe(&c, true, line, sizeof(line));
	assert_non_null(strstr(line, "FORMAT NVM (0x80)"));
	assert_non_null(strstr(line, "ses=2 (cryptographic erase)"));
	c = nvme_cmd_sanitize(NVMEC_SANACT_BLOCK_ERASE, false, 1, false, false, 0);
	nvme_cmd_describe(&c, true, line, sizeof(line));
	assert_non_null(strstr(line, "SANITIZE (0x84)"));
	assert_non_null(strstr(line, "block erase"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sanitize),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_ns_mgmt),
		cmocka_unit_test(test_ns_attach),
		cmocka_unit_test(test_logs_identify),
		cmocka_unit_test(test_dsm),
		cmocka_unit_test(test_endurance_estimate),
		cmocka_unit_test(test_parsers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
