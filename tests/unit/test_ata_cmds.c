/* SPDX-License-Identifier: MIT */
/*
 * ATA command encoding for what QEMU's AHCI disk refuses (SET MAX ADDRESS
 * EXT, security, sanitize) and what it runs, as SAT-4 ATA PASS-THROUGH(16)
 * CDBs written out byte by byte:
 *   0: 85h   1: PROTOCOL << 1 | EXTEND   2: CK_COND 5, T_DIR 3, BYT_BLOK 2, T_LENGTH 1:0
 *   3: FEATURE 15:8   4: FEATURE 7:0   5: COUNT 15:8   6: COUNT 7:0
 *   7: LBA 31:24   8: LBA 7:0   9: LBA 39:32   10: LBA 15:8   11: LBA 47:40   12: LBA 23:16
 *   13: DEVICE   14: COMMAND   15: CONTROL
 * and the sense data the SAT layer returns (ATA Status Return descriptor, 09h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ata/ata_cmds.h"

struct cdb_case {
	const char *what;
	struct ata_tf tf;
	uint8_t cdb[16];
};

static void test_cdbs(void **state)
{
	(void)state;
	const struct cdb_case t[] = {
		{ "SET MAX ADDRESS EXT 0x1fffff, volatile", ata_tf_set_max(0x1fffff, false),
		  { 0x85, 0x07, 0x20, 0, 0, 0, 0, 0x00, 0xff, 0x00, 0xff, 0x00, 0x1f, 0x40, 0x37, 0 } },
		{ "SET MAX ADDRESS EXT 0x123456789a, permanent (VV)", ata_tf_set_max(0x123456789aull, true),
		  { 0x85, 0x07, 0x20, 0, 0, 0, 0x01, 0x34, 0x9a, 0x12, 0x78, 0x00, 0x56, 0x40, 0x37, 0 } },
		{ "READ NATIVE MAX ADDRESS EXT", ata_tf_read_native_max(),
		  { 0x85, 0x07, 0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x40, 0x27, 0 } },
		{ "IDENTIFY DEVICE", ata_tf_identify(),
		  { 0x85, 0x08, 0x0e, 0, 0, 0, 0x01, 0, 0, 0, 0, 0, 0, 0x00, 0xec, 0 } },
		{ "SMART READ DATA", ata_tf_smart_read_data(),
		  { 0x85, 0x08, 0x0e, 0, 0xd0, 0, 0x01, 0, 0x00, 0, 0x4f, 0, 0xc2, 0x00, 0xb0, 0 } },
		{ "SECURITY SET PASSWORD", ata_tf_security(ATA_CMD_SEC_SET_PASS),
		  { 0x85, 0x0a, 0x06, 0, 0, 0, 0x01, 0, 0, 0, 0, 0, 0, 0x00, 0xf1, 0 } },
		{ "SECURITY ERASE PREPARE", ata_tf_security(ATA_CMD_SEC_ERASE_PREP),
		  { 0x85, 0x06, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x00, 0xf3, 0 } },
		{ "SECURITY ERASE UNIT", ata_tf_security(ATA_CMD_SEC_ERASE_UNIT),
		  { 0x85, 0x0a, 0x06, 0, 0, 0, 0x01, 0, 0, 0, 0, 0, 0, 0x00, 0xf4, 0 } },
		{ "SECURITY DISABLE PASSWORD", ata_tf_security(ATA_CMD_SEC_DISABLE_PASS),
		  { 0x85, 0x0a, 0x06, 0, 0, 0, 0x01, 0, 0, 0, 0, 0, 0, 0x00, 0xf6, 0 } },
		{ "SANITIZE CRYPTO SCRAMBLE EXT (\"Cryp\")", ata_tf_sanitize(ATA_SANITIZE_CRYPTO_SCRAMBLE),
		  { 0x85, 0x07, 0x20, 0x00, 0x11, 0, 0, 0x43, 0x70, 0x00, 0x79, 0x00, 0x72, 0x40, 0xb4, 0 } },
		{ "SANITIZE BLOCK ERASE EXT (\"BkEr\")", ata_tf_sanitize(ATA_SANITIZE_BLOCK_ERASE),
		  { 0x85, 0x07, 0x20, 0x00, 0x12, 0, 0, 0x42, 0x72, 0x00, 0x45, 0x00, 0x6b, 0x40, 0xb4, 0 } },
		{ "OVERWRITE EXT (\"OW\" in LBA 47:32, one pass)", ata_tf_sanitize(ATA_SANITIZE_OVERWRITE),
		  { 0x85, 0x07, 0x20, 0x00, 0x14, 0, 0x01, 0x00, 0x00, 0x57, 0x00, 0x4f, 0x00, 0x40, 0xb4, 0 } },
		{ "SANITIZE STATUS EXT", ata_tf_sanitize(ATA_SANITIZE_STATUS),
		  { 0x85, 0x07, 0x20, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x40, 0xb4, 0 } },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		uint8_t cdb[16];

		print_message("  %s\n", t[i].what);
		ata_cdb16(&t[i].tf, cdb);
		assert_memory_equal(cdb, t[i].cdb, 16);
	}
}

static void test_security_data(void **state)
{
	uint8_t d[512];
	(void)state;

	ata_security_data(d, "ssdprof-erase", false, true, false);
	assert_int_equal(d[0], 0x02);              /* word 0: user password, enhanced erase */
	assert_int_equal(d[1], 0x00);
	assert_memory_equal(d + 2, "ssdprof-erase", 13);
	for (int i = 15; i < 512; i++)
		assert_int_equal(d[i], 0);
	ata_security_data(d, "x", true, false, true);
	assert_int_equal(d[0], 0x01);              /* master */
	assert_int_equal(d[1], 0x01);              /* level maximum: word 0 bit 8 */
}

static void test_sense(void **state)
{
	struct ata_result r;
	(void)state;
	/* RECOVERED ERROR, ATA PASS THROUGH INFORMATION AVAILABLE, registers of READ NATIVE MAX. */
	const uint8_t ok[] = { 0x72, 0x01, 0x00, 0x1d, 0, 0, 0, 14, 0x09, 0x0c, 0x01, 0x00, 0x00, 0x00, 0x00, 0xff,
			       0x00, 0xff, 0x00, 0x1f, 0x40, 0x50 };
	/* ABORTED COMMAND with ABRT in the error register (what QEMU answers to SET MAX). */
	const uint8_t aborted[] = { 0x72, 0x0b, 0x00, 0x00, 0, 0, 0, 14, 0x09, 0x0c, 0x00, 0x04, 0, 0, 0, 0, 0, 0,
				    0, 0, 0x40, 0x51 };
	/* No sense key at all but ERR in the status: still a failure. */
	const uint8_t err_status[] = { 0x72, 0x01, 0x00, 0x1d, 0, 0, 0, 14, 0x09, 0x0c, 0x00, 0x04, 0, 0, 0, 0, 0, 0,
				       0, 0, 0x40, 0x51 };
	/* Fixed format, ABORTED COMMAND. */
	const uint8_t fixed[18] = { 0x70, 0, 0x0b, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0x00, 0x00 };

	ata_parse_sense(ok, sizeof(ok), &r);
	assert_false(r.check);
	assert_true(r.have_regs);
	assert_int_equal(r.lba, 0x1fffff);
	assert_int_equal(r.status, 0x50);
	ata_parse_sense(aborted, sizeof(aborted), &r);
	assert_true(r.check);
	assert_int_equal(r.sense_key, 0x0b);
	assert_int_equal(r.error, 0x04);
	ata_parse_sense(err_status, sizeof(err_status), &r);
	assert_true(r.check);
	ata_parse_sense(fixed, sizeof(fixed), &r);
	assert_true(r.check);
	assert_int_equal(r.sense_key, 0x0b);
	ata_parse_sense(NULL, 0, &r);
	assert_false(r.check);
}

static void put_w(uint8_t *id, unsigned w, uint16_t v)
{
	id[2 * w] = (uint8_t)v;
	id[2 * w + 1] = (uint8_t)(v >> 8);
}

static void put_s(uint8_t *id, unsigned w, unsigned words, const char *s)
{
	char pad[80];

	memset(pad, ' ', sizeof(pad));
	memcpy(pad, s, strlen(s));
	for (unsigned i = 0; i < words; i++)
		put_w(id, w + i, (uint16_t)((uint8_t)pad[2 * i] << 8 | (uint8_t)pad[2 * i + 1]));
}

static void test_identify(void **state)
{
	uint8_t id[512];
	struct ata_identity a;
	(void)state;

	memset(id, 0, sizeof(id));
	put_s(id, 27, 20, "VMLAB SATA SSD");
	put_s(id, 10, 10, "VMLAB-SATA0");
	put_s(id, 23, 4, "2.5+");
	put_w(id, 83, 1u << 10);
	put_w(id, 100, 0x0000);
	put_w(id, 101, 0x0020);                 /* 2097152 sectors = 1 GiB */
	put_w(id, 169, 1);
	put_w(id, 82, 1u << 10 | 1u << 1 | 1);
	put_w(id, 128, 0x0001 | 0x0008 | 0x0020);
	put_w(id, 59, 1u << 12 | 1u << 13 | 1u << 15);
	put_w(id, 217, 1);
	ata_parse_identify(id, &a);
	assert_string_equal(a.model, "VMLAB SATA SSD");
	assert_string_equal(a.serial, "VMLAB-SATA0");
	assert_string_equal(a.firmware, "2.5+");
	assert_int_equal(a.sectors, 2097152);
	assert_int_equal(a.logical_bytes, 512);
	assert_true(a.trim);
	assert_true(a.hpa_supported);
	assert_true(a.security_supported);
	assert_true(a.security_frozen);
	assert_false(a.security_enabled);
	assert_true(a.security_enhanced_erase);
	assert_true(a.sanitize && a.sanitize_crypto && a.sanitize_block);
	assert_false(a.sanitize_overwrite);
	assert_int_equal(a.rotation, 1);
	put_w(id, 106, 0x4000 | 1u << 12);     /* 4096-byte logical sectors */
	put_w(id, 117, 2048);
	ata_parse_identify(id, &a);
	assert_int_equal(a.logical_bytes, 4096);
}

static void test_smart(void **state)
{
	uint8_t d[512];
	uint64_t raw;
	const struct ata_write_attrs *w;
	(void)state;

	memset(d, 0, sizeof(d));
	d[2 + 12 * 3] = 241;
	d[2 + 12 * 3 + 5] = 0x10;
	d[2 + 12 * 3 + 6] = 0x27;
	d[2 + 12 * 3 + 10] = 0x01;
	assert_true(ata_smart_attr(d, 241, &raw));
	assert_int_equal(raw, 0x010000002710ull);
	assert_false(ata_smart_attr(d, 233, &raw));
	w = ata_write_attrs_for("Samsung SSD 870 QVO 1TB");
	assert_non_null(w);
	assert_int_equal(w->host.id, 241);
	assert_int_equal(w->nand[0].id, 251);
	w = ata_write_attrs_for("INTEL SSDSC2KB480G8");
	assert_int_equal(w->host.unit, 32ull << 20);
	w = ata_write_attrs_for("Micron_5300_MTFDDAK960TDS");
	assert_true(w->nand_sum);
	assert_int_equal(w->nand[0].id, 247);
	assert_int_equal(w->nand[1].id, 248);
	w = ata_write_attrs_for("WDC WDS500G2B0A");
	assert_int_equal(w->nand[1].id, 234);
	assert_null(ata_write_attrs_for("VMLAB SATA SSD"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cdbs),
		cmocka_unit_test(test_security_data),
		cmocka_unit_test(test_sense),
		cmocka_unit_test(test_identify),
		cmocka_unit_test(test_smart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
