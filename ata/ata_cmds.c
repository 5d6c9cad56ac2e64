/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ata/ata_cmds.h"

#define DEV_LBA 0x40   /* DEVICE register: LBA mode */

static struct ata_tf tf_make(uint8_t command, uint8_t protocol, bool ext)
{
	struct ata_tf tf;

	memset(&tf, 0, sizeof(tf));
	tf.command = command;
	tf.protocol = protocol;
	tf.ext = ext;
	tf.device = DEV_LBA;
	return tf;
}

struct ata_tf ata_tf_identify(void)
{
	struct ata_tf tf = tf_make(ATA_CMD_IDENTIFY, ATA_PROTO_PIO_IN, false);

	tf.device = 0;
	tf.count = 1;
	tf.data_in = true;
	tf.sectors = 1;
	return tf;
}

struct ata_tf ata_tf_smart_read_data(void)
{
	struct ata_tf tf = tf_make(ATA_CMD_SMART, ATA_PROTO_PIO_IN, false);

	tf.device = 0;
	tf.feature = 0xd0;             /* SMART READ DATA */
	tf.count = 1;
	tf.lba = 0xc24f00;             /* LBA mid 0x4f, LBA high 0xc2: the SMART signature */
	tf.data_in = true;
	tf.sectors = 1;
	return tf;
}

struct ata_tf ata_tf_read_native_max(void)
{
	struct ata_tf tf = tf_make(ATA_CMD_READ_NATIVE_MAX_EXT, ATA_PROTO_NON_DATA, true);

	tf.ck_cond = true;             /* the answer is in the LBA registers */
	return tf;
}

struct ata_tf ata_tf_set_max(uint64_t max_lba, bool permanent)
{
	struct ata_tf tf = tf_make(ATA_CMD_SET_MAX_EXT, ATA_PROTO_NON_DATA, true);

	tf.lba = max_lba & 0xffffffffffffull;
	tf.count = permanent ? 1 : 0;  /* VV: the value survives a power cycle */
	tf.ck_cond = true;
	return tf;
}

struct ata_tf ata_tf_security(uint8_t command)
{
	bool data = command != ATA_CMD_SEC_ERASE_PREP;
	struct ata_tf tf = tf_make(command, data ? ATA_PROTO_PIO_OUT : ATA_PROTO_NON_DATA, false);

	tf.device = 0;
	if (data) {
		tf.count = 1;
		tf.sectors = 1;
	}
	return tf;
}

struct ata_tf ata_tf_sanitize(uint16_t feature)
{
	struct ata_tf tf = tf_make(ATA_CMD_SANITIZE, ATA_PROTO_NON_DATA, true);

	tf.feature = feature;
	tf.ck_cond = true;
	switch (feature) {
	case ATA_SANITIZE_CRYPTO_SCRAMBLE:
		tf.lba = 0x43727970;   /* "Cryp" */
		break;
	case ATA_SANITIZE_BLOCK_ERASE:
		tf.lba = 0x426b4572;   /* "BkEr" */
		break;
	case ATA_SANITIZE_OVERWRITE:
		tf.lba = 0x4f57ull << 32;  /* "OW" in LBA 47:32, pattern 0 in 31:0 */
		tf.count = 1;              /* one pass */
		break;
	default:
		break;
	}
	return tf;
}

void ata_cdb16(const struct ata_tf *tf, uint8_t cdb[16])
{
	memset(cdb, 0, 16);
	cdb[0] = 0x85;
	cdb[1] = (uint8_t)((tf->protocol & 0xf) << 1 | (tf->ext ? 1 : 0));
	/* T_LENGTH 2 (the COUNT field), BYT_BLOK 1 (blocks), T_DIR, CK_COND. */
	cdb[2] = (uint8_t)((tf->ck_cond ? 0x20 : 0) | (tf->sectors ? (tf->data_in ? 0x08 : 0) | 0x04 | 0x02 : 0));
	cdb[3] = tf->ext ? (uint8_t)(tf->feature >> 8) : 0;
	cdb[4] = (uint8_t)tf->feature;
	cdb[5] = tf->ext ? (uint8_t)(tf->count >> 8) : 0;
	cdb[6] = (uint8_t)tf->count;
	cdb[7] = tf->ext ? (uint8_t)(tf->lba >> 24) : 0;
	cdb[8] = (uint8_t)tf->lba;
	cdb[9] = tf->ext ? (uint8_t)(tf->lba >> 32) : 0;
	cdb[10] = (uint8_t)(tf->lba >> 8);
	cdb[11] = tf->ext ? (uint8_t)(tf->lba >> 40) : 0;
	cdb[12] = (uint8_t)(tf->lba >> 16);
	cdb[13] = tf->ext ? tf->device : (uint8_t)(tf->device | ((tf->lba >> 24) & 0xf));
	cdb[14] = tf->command;
	cdb[15] = 0;
}

void ata_security_data(uint8_t out[512], const char *password, bool master, bool enhanced, bool level_max)
{
	size_t n = password ? strlen(password) : 0;
	uint16_t w0 = (uint16_t)((master ? 1 : 0) | (enhanced ? 2 : 0) | (level_max ? 0x100 : 0));

	memset(out, 0, 512);
	out[0] = (uint8_t)w0;
	out[1] = (uint8_t)(w0 >> 8);
	/* Words 1-16 hold the 32 password bytes as the host sends them, no byte swap. */
	memcpy(out + 2, password, n > 32 ? 32 : n);
}

void ata_parse_sense(const uint8_t *s, size_t len, struct ata_result *r)
{
	memset(r, 0, sizeof(*r));
	if (len < 8)
		return;
	if ((s[0] & 0x7f) >= 0x72) {
		size_t add = s[7], off = 8;

		r->sense_key = s[1] & 0xf;
		r->asc = s[2];
		r->ascq = s[3];
		while (off + 2 <= len && off < 8 + add) {
			const uint8_t *d = s + off;

			if (d[0] == 0x09 && d[1] >= 0x0c && off + 14 <= len) {
				r->have_regs = true;
				r->error = d[3];
				r->count = (uint16_t)(d[5] | ((d[2] & 1) ? d[4] << 8 : 0));
				r->lba = (uint64_t)d[7] | (uint64_t)d[9] << 8 | (uint64_t)d[11] << 16;
				if (d[2] & 1)
					r->lba |= (uint64_t)d[6] << 24 | (uint64_t)d[8] << 32 | (uint64_t)d[10] << 40;
				r->status = d[13];
			}
			off += 2 + d[1];
		}
	} else if ((s[0] & 0x7f) == 0x70 || (s[0] & 0x7f) == 0x71) {
		r->sense_key = s[2] & 0xf;
		if (len >= 14) {
			r->asc = s[12];
			r->ascq = s[13];
		}
		if (r->asc == 0x00 && r->ascq == 0x1d && len >= 12) {
			/* SAT fixed format: INFORMATION = error, status, device, count; bytes 9-11 LBA 23:0. */
			r->have_regs = true;
			r->error = s[3];
			r->status = s[4];
			r->count = s[6];
			r->lba = (uint64_t)s[9] | (uint64_t)s[10] << 8 | (uint64_t)s[11] << 16;
		}
	}
	/* ABORTED COMMAND or another real error; RECOVERED ERROR 0x00/0x1d only carries registers. */
	if (r->sense_key && !(r->sense_key == 0x01 && r->asc == 0x00 && r->ascq == 0x1d))
		r->check = true;
	if (r->have_regs && (r->status & 0x21))   /* ERR or DF */
		r->check = true;
}

const char *ata_command_name(uint8_t c)
{
	switch (c) {
	case ATA_CMD_IDENTIFY: return "IDENTIFY DEVICE";
	case ATA_CMD_SMART: return "SMART";
	case ATA_CMD_READ_NATIVE_MAX_EXT: return "READ NATIVE MAX ADDRESS EXT";
	case ATA_CMD_SET_MAX_EXT: return "SET MAX ADDRESS EXT";
	case ATA_CMD_SANITIZE: return "SANITIZE DEVICE";
	case ATA_CMD_SEC_SET_PASS: return "SECURITY SET PASSWORD";
	case ATA_CMD_SEC_ERASE_PREP: return "SECURITY ERASE PREPARE";
	case ATA_CMD_SEC_ERASE_UNIT: return "SECURITY ERASE UNIT";
	case ATA_CMD_SEC_DISABLE_PASS: return "SECURITY DISABLE PASSWORD";
	default: return "ATA command";
	}
}

void ata_tf_describe(const struct ata_tf *tf, char *buf, size_t len)
{
	snprintf(buf, len, "%s (0x%02x) feature=0x%04x count=0x%04x lba=0x%012llx device=0x%02x%s%s",
		 ata_command_name(tf->command), tf->command, tf->feature, tf->count,
		 (unsigned long long)tf->lba, tf->device, tf->sectors ? (tf->data_in ? ", 512 bytes in" :
		 ", 512 bytes out") : "", tf->ext ? ", 48-bit" : "");
}

static uint16_t w(const uint8_t *id, unsigned i)
{
	return (uint16_t)(id[2 * i] | id[2 * i + 1] << 8);
}

/* ATA strings: two characters per word, the first in the high byte; trailing spaces trimmed. */
static void ata_string(const uint8_t *id, unsigned word, unsigned words, char *out)
{
	size_t n = 0, b = 0;

	for (unsigned i = 0; i < words; i++) {
		out[n++] = (char)id[2 * (word + i) + 1];
		out[n++] = (char)id[2 * (word + i)];
	}
	out[n] = '\0';
	while (n && (out[n - 1] == ' ' || out[n - 1] == '\0'))
		out[--n] = '\0';
	while (out[b] == ' ')
		b++;
	memmove(out, out + b, n - b + 1);
}

void ata_parse_identify(const uint8_t id[512], struct ata_identity *o)
{
	uint16_t w106 = w(id, 106), w128 = w(id, 128), w59 = w(id, 59);

	memset(o, 0, sizeof(*o));
	ata_string(id, 10, 10, o->serial);
	ata_string(id, 23, 4, o->firmware);
	ata_string(id, 27, 20, o->model);
	o->lba48 = w(id, 83) & (1u << 10);
	if (o->lba48)
		o->sectors = (uint64_t)w(id, 100) | (uint64_t)w(id, 101) << 16 | (uint64_t)w(id, 102) << 32 |
			     (uint64_t)w(id, 103) << 48;
	if (!o->sectors)
		o->sectors = (uint64_t)w(id, 60) | (uint64_t)w(id, 61) << 16;
	o->logical_bytes = 512;
	if ((w106 & 0xc000) == 0x4000 && (w106 & (1u << 12)))
		o->logical_bytes = 2u * ((uint32_t)w(id, 117) | (uint32_t)w(id, 118) << 16);
	o->trim = w(id, 169) & 1;
	o->smart = w(id, 82) & 1;
	o->hpa_supported = w(id, 82) & (1u << 10);
	o->hpa_enabled = w(id, 85) & (1u << 10);
	o->security_supported = w128 & 1;
	o->security_enabled = w128 & 2;
	o->security_locked = w128 & 4;
	o->security_frozen = w128 & 8;
	o->security_count_expired = w128 & 16;
	o->security_enhanced_erase = w128 & 32;
	o->erase_minutes = 2u * (w(id, 89) & 0xff);
	o->enhanced_erase_minutes = 2u * (w(id, 90) & 0xff);
	o->sanitize = w59 & (1u << 12);
	o->sanitize_crypto = w59 & (1u << 13);
	o->sanitize_overwrite = w59 & (1u << 14);
	o->sanitize_block = w59 & (1u << 15);
	o->rotation = w(id, 217);
}

bool ata_smart_attr(const uint8_t d[512], uint8_t id, uint64_t *raw)
{
	for (unsigned i = 0; i < 30; i++) {
		const uint8_t *a = d + 2 + 12 * i;

		if (a[0] != id || id == 0)
			continue;
		*raw = 0;
		for (int b = 10; b >= 5; b--)
			*raw = *raw << 8 | a[b];
		return true;
	}
	return false;
}

#define MIB32 (32ull << 20)
#define GIB (1ull << 30)

static const struct {
	const char *prefix[4];
	struct ata_write_attrs a;
} vendors[] = {
	{ { "INTEL", NULL }, { "Intel", { 241, MIB32, "32 MiB" },
	  { { 243, MIB32, "32 MiB" }, { 249, GIB, "1 GiB" } }, false, false } },
	{ { "Samsung", "SAMSUNG", NULL }, { "Samsung", { 241, 512, "512-byte LBAs" },
	  { { 251, 512, "512-byte LBAs" }, { 249, 512, "512-byte LBAs" } }, false, false } },
	{ { "Micron", "MTFD", "Crucial", "CT" }, { "Micron/Crucial", { 247, 16384, "16 KiB NAND pages" },
	  { { 247, 16384, "16 KiB NAND pages" }, { 248, 16384, "16 KiB NAND pages" } }, true, true } },
	{ { "WDC", "WD", "Western Digital", NULL }, { "WD", { 241, 512, "512-byte LBAs" },
	  { { 233, GIB, "1 GiB" }, { 234, GIB, "1 GiB" } }, true, false } },
	{ { "SK hynix", "HFS", NULL }, { "SK hynix", { 241, 512, "512-byte LBAs" },
	  { { 249, GIB, "1 GiB" }, { 0, 0, NULL } }, false, false } },
	{ { "SanDisk", "SDSSD", NULL }, { "SanDisk", { 241, GIB, "1 GiB" },
	  { { 233, GIB, "1 GiB" }, { 0, 0, NULL } }, false, false } },
	{ { "Seagate", "ST", NULL }, { "Seagate", { 241, GIB, "1 GiB" },
	  { { 233, GIB, "1 GiB" }, { 0, 0, NULL } }, false, false } },
	{ { "KINGSTON", "Corsair", "PNY", "Patriot" }, { "Phison/SandForce", { 241, GIB, "1 GiB" },
	  { { 233, GIB, "1 GiB" }, { 0, 0, NULL } }, false, false } },
};

const struct ata_write_attrs *ata_write_attrs_for(const char *model)
{
	for (size_t v = 0; v < sizeof(vendors) / sizeof(vendors[0]); v++)
		for (int i = 0; i < 4 && vendors[v].prefix[i]; i++)
			if (!strncasecmp(model, vendors[v].prefix[i], strlen(vendors[v].prefix[i])))
				return &vendors[v].a;
	return NULL;
}
