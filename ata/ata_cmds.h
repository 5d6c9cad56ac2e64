/* SPDX-License-Identifier: MIT */
/*
 * ATA commands as pure values: a task file (the ACS-4 registers of a 48-bit
 * command), its SAT ATA PASS-THROUGH(16) CDB, the data-out sectors of the
 * security commands, and the parsers for what comes back (sense data with
 * the ATA Status Return descriptor, IDENTIFY DEVICE, SMART READ DATA).
 * Nothing here does I/O; ata_target.c sends through SG_IO.
 */
#ifndef SSDPROF_ATA_CMDS_H
#define SSDPROF_ATA_CMDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum ata_proto {
	ATA_PROTO_NON_DATA = 3,
	ATA_PROTO_PIO_IN = 4,
	ATA_PROTO_PIO_OUT = 5,
};

enum {
	ATA_CMD_READ_NATIVE_MAX_EXT = 0x27,
	ATA_CMD_SET_MAX_EXT = 0x37,
	ATA_CMD_SANITIZE = 0xb4,
	ATA_CMD_SMART = 0xb0,
	ATA_CMD_IDENTIFY = 0xec,
	ATA_CMD_SEC_SET_PASS = 0xf1,
	ATA_CMD_SEC_ERASE_PREP = 0xf3,
	ATA_CMD_SEC_ERASE_UNIT = 0xf4,
	ATA_CMD_SEC_DISABLE_PASS = 0xf6,
};

enum {
	ATA_SANITIZE_STATUS = 0x0000,
	ATA_SANITIZE_CRYPTO_SCRAMBLE = 0x0011,
	ATA_SANITIZE_BLOCK_ERASE = 0x0012,
	ATA_SANITIZE_OVERWRITE = 0x0014,
};

/* The registers of one command; fields are the full 16-bit / 48-bit values. */
struct ata_tf {
	uint16_t feature;
	uint16_t count;
	uint64_t lba;          /* 48 bits */
	uint8_t device;
	uint8_t command;
	uint8_t protocol;      /* enum ata_proto */
	bool ext;              /* 48-bit command (EXTEND bit) */
	bool data_in;          /* T_DIR: from the device */
	uint16_t sectors;      /* data transfer in 512-byte blocks (0: none) */
	bool ck_cond;          /* ask for the registers back in the sense data */
};

struct ata_tf ata_tf_identify(void);
struct ata_tf ata_tf_smart_read_data(void);
struct ata_tf ata_tf_read_native_max(void);
/* SET MAX ADDRESS EXT to max_lba (the last addressable LBA); permanent sets COUNT bit 0 (VV). */
struct ata_tf ata_tf_set_max(uint64_t max_lba, bool permanent);
struct ata_tf ata_tf_security(uint8_t command);   /* the four security commands */
/* SANITIZE DEVICE with its feature and the signature the drive checks in LBA. */
struct ata_tf ata_tf_sanitize(uint16_t feature);

/* The ATA PASS-THROUGH(16) CDB (SAT-4 table 180) for tf. */
void ata_cdb16(const struct ata_tf *tf, uint8_t cdb[16]);

/*
 * The 512-byte data of SECURITY SET PASSWORD / ERASE UNIT / DISABLE PASSWORD:
 * word 0 (identifier bit 0: master; enhanced bit 1 for ERASE UNIT; level
 * bit 8 for SET PASSWORD: maximum), words 1-16 the password, padded with 0.
 */
void ata_security_data(uint8_t out[512], const char *password, bool master, bool enhanced,
		       bool level_max);

/* What came back from one command. */
struct ata_result {
	bool check;            /* sense says the command failed (CHECK CONDITION, not "ATA info available") */
	uint8_t sense_key, asc, ascq;
	bool have_regs;        /* the ATA Status Return descriptor (or fixed-format equivalent) was present */
	uint8_t status, error;
	uint16_t count;
	uint64_t lba;
};

/*
 * Parse sense data (descriptor or fixed format).  An ABORTED COMMAND sense
 * key, or ERR/DF in the returned status, sets check whatever the SCSI
 * status said.
 */
void ata_parse_sense(const uint8_t *sense, size_t len, struct ata_result *r);

/* One line for --dry-run and errors: "SET MAX ADDRESS EXT (0x37) feature=0x0000 count=0x0000 lba=0x1fffff ...". */
void ata_tf_describe(const struct ata_tf *tf, char *buf, size_t len);
const char *ata_command_name(uint8_t command);

/* IDENTIFY DEVICE, decoded. */
struct ata_identity {
	char model[41], serial[21], firmware[9];
	uint64_t sectors;             /* user-addressable (words 100-103, or 60-61) */
	uint32_t logical_bytes;
	bool lba48;
	bool trim;                    /* word 169 bit 0 */
	bool hpa_supported, hpa_enabled;    /* words 82/85 bit 10 */
	bool security_supported, security_enabled, security_locked, security_frozen,
	     security_count_expired, security_enhanced_erase;   /* word 128 */
	unsigned erase_minutes, enhanced_erase_minutes;           /* words 89, 90 (x2 min) */
	bool sanitize, sanitize_crypto, sanitize_overwrite, sanitize_block;  /* word 59 bits 12-15 */
	bool smart;                   /* word 82 bit 0 */
	unsigned rotation;            /* word 217: 1 = non-rotating */
};
void ata_parse_identify(const uint8_t id[512], struct ata_identity *out);

/* SMART attribute raw value (48 bits) by id; false when absent. */
bool ata_smart_attr(const uint8_t data[512], uint8_t id, uint64_t *raw);

/* Host and NAND write counters by vendor (DESIGN.md 9): which attribute, in which unit. */
struct ata_attr_unit {
	uint8_t id;                   /* 0: none */
	uint64_t unit;                /* bytes per raw count */
	const char *unit_name;
};
struct ata_write_attrs {
	const char *vendor;
	struct ata_attr_unit host;
	struct ata_attr_unit nand[2]; /* the first present is used, or both summed when nand_sum */
	bool nand_sum;                /* WD 233 + 234; Micron 247 + 248 (WA = (247 + 248) / 247) */
	bool nand_plus_host;          /* Micron: NAND = host pages + FTL pages */
};
/* The write attributes for the drive's model string; NULL when the vendor is unknown. */
const struct ata_write_attrs *ata_write_attrs_for(const char *model);

#endif
