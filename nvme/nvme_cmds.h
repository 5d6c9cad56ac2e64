/* SPDX-License-Identifier: MIT */
/*
 * NVMe commands as pure values: each builder fills a struct nvme_passthru_cmd
 * (and the data buffer it points at) and sends nothing, so the unit tests can
 * check every field against the specification and --dry-run can print
 * exactly what would be sent.  nvme_target.c sends them.
 */
#ifndef SSDPROF_NVME_CMDS_H
#define SSDPROF_NVME_CMDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/nvme_ioctl.h>

/* Opcodes (NVMe base specification 2.0, figures 28 and 90). */
enum {
	NVMEC_ADM_GET_LOG_PAGE = 0x02,
	NVMEC_ADM_IDENTIFY     = 0x06,
	NVMEC_ADM_NS_MGMT      = 0x0d,
	NVMEC_ADM_NS_ATTACH    = 0x15,
	NVMEC_ADM_FORMAT_NVM   = 0x80,
	NVMEC_ADM_SANITIZE     = 0x84,
	NVMEC_IO_DSM           = 0x09,
};

enum {
	NVMEC_CNS_NS = 0x00,
	NVMEC_CNS_CTRL = 0x01,
	NVMEC_CNS_CTRL_LIST = 0x13,   /* controllers in the subsystem */
};

enum {
	NVMEC_LID_SMART = 0x02,
	NVMEC_LID_ENDURANCE_GROUP = 0x09,
	NVMEC_LID_SANITIZE = 0x81,
	NVMEC_LID_OCP_C0 = 0xc0,      /* OCP Datacenter NVMe SSD: SMART / health extended */
};

/* Sanitize Action (SANACT, CDW10 bits 2:0). */
enum nvmec_sanact {
	NVMEC_SANACT_EXIT_FAILURE = 1,
	NVMEC_SANACT_BLOCK_ERASE = 2,
	NVMEC_SANACT_OVERWRITE = 3,
	NVMEC_SANACT_CRYPTO_ERASE = 4,
};

#define NVMEC_NSID_ALL 0xffffffffu
#define NVMEC_DATA_BYTES 4096u

/* Identify (CNS in CDW10 bits 7:0); buf receives 4096 bytes. */
struct nvme_passthru_cmd nvme_cmd_identify(uint8_t cns, uint32_t nsid, void *buf);

/* Get Log Page: len bytes (a multiple of 4) from offset; NUMD is len/4 - 1. */
struct nvme_passthru_cmd nvme_cmd_get_log(uint8_t lid, uint32_t nsid, uint64_t offset,
					  void *buf, uint32_t len);

/*
 * Endurance Group Information (09h) of group endgid: 512 bytes, the group in
 * the Log Specific Identifier (CDW11 bits 31:16), NSID 0.
 */
struct nvme_passthru_cmd nvme_cmd_get_endurance_log(uint16_t endgid, void *buf);
/* Its Endurance Estimate (bytes 32..47, billions of bytes at WA 1, rounded up) in TB; 0 when not reported. */
double nvme_endurance_estimate_tb(const uint8_t log[512]);

/*
 * Sanitize: action, AUSE (restart after a failure unattended), overwrite pass
 * count (1..16; 16 encodes as 0), invert between passes, no-deallocate after
 * sanitize, and the 32-bit overwrite pattern (CDW11).
 */
struct nvme_passthru_cmd nvme_cmd_sanitize(enum nvmec_sanact action, bool ause, unsigned owpass,
					   bool oipbp, bool ndas, uint32_t ovrpat);

/* Format NVM of nsid to LBA format lbaf with Secure Erase Settings ses (0, 1 user data, 2 crypto). */
struct nvme_passthru_cmd nvme_cmd_format(uint32_t nsid, unsigned lbaf, unsigned ses);

/*
 * Namespace Management create: the 4096-byte data structure in buf carries
 * NSZE, NCAP (both in LBAs) and FLBAS; NMIC 0 (private).  CSI 0 (NVM).
 */
struct nvme_passthru_cmd nvme_cmd_ns_create(uint64_t nsze, uint64_t ncap, uint8_t flbas, void *buf);
struct nvme_passthru_cmd nvme_cmd_ns_delete(uint32_t nsid);

/* Namespace Attachment: attach (or detach) nsid to the controllers in ctrls. */
struct nvme_passthru_cmd nvme_cmd_ns_attach(uint32_t nsid, bool detach, const uint16_t *ctrls,
					    unsigned n, void *buf);

/* Dataset Management, deallocate: n ranges (1..256) written into buf (16 bytes each). */
struct nvme_passthru_cmd nvme_cmd_dsm_deallocate(uint32_t nsid, const uint64_t *slba,
						 const uint32_t *nlb, unsigned n, void *buf);

/* One human-readable line for --dry-run: "FORMAT NVM (0x80) nsid=1 cdw10=0x200: lbaf=0 ses=1 (user data erase)". */
void nvme_cmd_describe(const struct nvme_passthru_cmd *cmd, bool admin, char *buf, size_t len);

/* Little-endian 128-bit counter (SMART, OCP) as a double and, saturated, as uint64. */
uint64_t nvme_le128_u64(const uint8_t b[16]);
double nvme_le128_double(const uint8_t b[16]);

/* The OCP C0 log page GUID at bytes 496..511 (AFD514C97C6F4F9CA4F2BFEA2810AFC5, little-endian). */
bool nvme_ocp_c0_guid_ok(const uint8_t *log512);

/* Sanitize Status (SSTAT bits 2:0) names: "never sanitized", "completed", "in progress", ... */
const char *nvme_sanitize_status_name(unsigned sstat);

/* "Invalid Command Opcode" etc. for an NVMe status (the value libnvme returns, SC | SCT << 8). */
const char *nvme_status_name(int status);

#endif
