/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "nvme/nvme_cmds.h"

static struct nvme_passthru_cmd cmd_init(uint8_t opcode, uint32_t nsid, void *buf, uint32_t len)
{
	struct nvme_passthru_cmd c;

	memset(&c, 0, sizeof(c));
	c.opcode = opcode;
	c.nsid = nsid;
	c.addr = (uint64_t)(uintptr_t)buf;
	c.data_len = buf ? len : 0;
	return c;
}

static void put_le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put_le32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void put_le64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

struct nvme_passthru_cmd nvme_cmd_identify(uint8_t cns, uint32_t nsid, void *buf)
{
	struct nvme_passthru_cmd c = cmd_init(NVMEC_ADM_IDENTIFY, nsid, buf, NVMEC_DATA_BYTES);

	c.cdw10 = cns;
	return c;
}

struct nvme_passthru_cmd nvme_cmd_get_log(uint8_t lid, uint32_t nsid, uint64_t offset, void *buf,
					  uint32_t len)
{
	struct nvme_passthru_cmd c = cmd_init(NVMEC_ADM_GET_LOG_PAGE, nsid, buf, len);
	uint32_t numd = len / 4 - 1;

	c.cdw10 = lid | (numd & 0xffff) << 16;
	c.cdw11 = numd >> 16;
	c.cdw12 = (uint32_t)offset;
	c.cdw13 = (uint32_t)(offset >> 32);
	return c;
}

struct nvme_passthru_cmd nvme_cmd_get_endurance_log(uint16_t endgid, void *buf)
{
	struct nvme_passthru_cmd c = nvme_cmd_get_log(NVMEC_LID_ENDURANCE_GROUP, 0, 0, buf, 512);

	c.cdw11 |= (uint32_t)endgid << 16;
	return c;
}

double nvme_endurance_estimate_tb(const uint8_t log[512])
{
	return nvme_le128_double(log + 32) * 1e9 / 1e12;
}

struct nvme_passthru_cmd nvme_cmd_sanitize(enum nvmec_sanact action, bool ause, unsigned owpass,
					   bool oipbp, bool ndas, uint32_t ovrpat)
{
	struct nvme_passthru_cmd c = cmd_init(NVMEC_ADM_SANITIZE, 0, NULL, 0);

	c.cdw10 = (uint32_t)action & 0x7;
	if (ause)
		c.cdw10 |= 1u << 3;
	if (action == NVMEC_SANACT_OVERWRITE) {
		c.cdw10 |= (owpass & 0xf) << 4;   /* 16 passes encode as 0 */
		if (oipbp)
			c.cdw10 |= 1u << 8;
		c.cdw11 = ovrpat;
	}
	if (ndas)
		c.cdw10 |= 1u << 9;
	return c;
}

struct nvme_passthru_cmd nvme_cmd_format(uint32_t nsid, unsigned lbaf, unsigned ses)
{
	struct nvme_passthru_cmd c = cmd_init(NVMEC_ADM_FORMAT_NVM, nsid, NULL, 0);

	/* LBAF bits 3:0 and LBAFU bits 13:12; MSET, PI, PIL stay 0. */
	c.cdw10 = (lbaf & 0xf) | (ses & 0x7) << 9 | ((lbaf >> 4) & 0x3) << 12;
	return c;
}

struct nvme_passthru_cmd nvme_cmd_ns_create(uint64_t nsze, uint64_t ncap, uint8_t flbas, void *buf)
{
	struct nvme_passthru_cmd c = cmd_init(NVMEC_ADM_NS_MGMT, 0, buf, NVMEC_DATA_BYTES);
	uint8_t *d = buf;

	memset(d, 0, NVMEC_DATA_BYTES);
	put_le64(d + 0, nsze);     /* NSZE */
	put_le64(d + 8, ncap);     /* NCAP */
	d[26] = flbas;             /* FLBAS */
	d[29] = 0;                 /* DPS: no protection information */
	d[30] = 0;                 /* NMIC: private namespace */
	c.cdw10 = 0;               /* SEL 0: create */
	c.cdw11 = 0;               /* CSI 0: NVM command set */
	return c;
}

struct nvme_passthru_cmd nvme_cmd_ns_delete(uint32_t nsid)
{
	struct nvme_passthru_cmd c = cmd_init(NVMEC_ADM_NS_MGMT, nsid, NULL, 0);

	c.cdw10 = 1;               /* SEL 1: delete */
	return c;
}

struct nvme_passthru_cmd nvme_cmd_ns_attach(uint32_t nsid, bool detach, const uint16_t *ctrls,
					    unsigned n, void *buf)
{
	struct nvme_passthru_cmd c = cmd_init(NVMEC_ADM_NS_ATTACH, nsid, buf, NVMEC_DATA_BYTES);
	uint8_t *d = buf;

	if (n > 2047)
		n = 2047;
	memset(d, 0, NVMEC_DATA_BYTES);
	put_le16(d, (uint16_t)n);   /* Controller List: number of identifiers, then each */
	for (unsigned i = 0; i < n; i++)
		put_le16(d + 2 + 2 * i, ctrls[i]);
	c.cdw10 = detach ? 1 : 0;  /* SEL */
	return c;
}

struct nvme_passthru_cmd nvme_cmd_dsm_deallocate(uint32_t nsid, const uint64_t *slba,
						 const uint32_t *nlb, unsigned n, void *buf)
{
	struct nvme_passthru_cmd c = cmd_init(NVMEC_IO_DSM, nsid, buf, 16 * (n ? n : 1));
	uint8_t *d = buf;

	if (n < 1)
		n = 1;
	if (n > 256)
		n = 256;
	c.data_len = 16 * n;
	memset(d, 0, 16 * n);
	for (unsigned i = 0; i < n; i++) {
		put_le32(d + 16 * i + 0, 0);        /* context attributes */
		put_le32(d + 16 * i + 4, nlb[i]);   /* length in LBAs */
		put_le64(d + 16 * i + 8, slba[i]);  /* starting LBA */
	}
	c.cdw10 = n - 1;                            /* NR: ranges - 1 */
	c.cdw11 = 1u << 2;                          /* AD: deallocate */
	return c;
}

static const char *sanact_name(unsigned a)
{
	switch (a) {
	case NVMEC_SANACT_EXIT_FAILURE: return "exit failure mode";
	case NVMEC_SANACT_BLOCK_ERASE: return "block erase";
	case NVMEC_SANACT_OVERWRITE: return "overwrite";
	case NVMEC_SANACT_CRYPTO_ERASE: return "crypto erase";
	default: return "reserved";
	}
}

void nvme_cmd_describe(const struct nvme_passthru_cmd *c, bool admin, char *buf, size_t len)
{
	const uint8_t *d = (const uint8_t *)(uintptr_t)c->addr;
	char what[160] = "";
	const char *name = "?";

	if (!admin && c->opcode == NVMEC_IO_DSM) {
		name = "DATASET MANAGEMENT";
		snprintf(what, sizeof(what), "deallocate, %u range(s)", (c->cdw10 & 0xff) + 1);
	} else if (admin) {
		switch (c->opcode) {
		case NVMEC_ADM_IDENTIFY:
			name = "IDENTIFY";
			snprintf(what, sizeof(what), "cns=0x%02x", c->cdw10 & 0xff);
			break;
		case NVMEC_ADM_GET_LOG_PAGE:
			name = "GET LOG PAGE";
			snprintf(what, sizeof(what), "lid=0x%02x, %u bytes", c->cdw10 & 0xff, c->data_len);
			break;
		case NVMEC_ADM_SANITIZE:
			name = "SANITIZE";
			snprintf(what, sizeof(what), "sanact=%u (%s)%s%s", c->cdw10 & 7, sanact_name(c->cdw10 & 7),
				 c->cdw10 & (1u << 3) ? ", ause" : "", c->cdw10 & (1u << 9) ? ", no-deallocate" : "");
			break;
		case NVMEC_ADM_FORMAT_NVM: {
			unsigned ses = (c->cdw10 >> 9) & 7;

			name = "FORMAT NVM";
			snprintf(what, sizeof(what), "lbaf=%u ses=%u (%s)",
				 (c->cdw10 & 0xf) | ((c->cdw10 >> 12) & 3) << 4, ses,
				 ses == 0 ? "no secure erase" : ses == 1 ? "user data erase" :
				 ses == 2 ? "cryptographic erase" : "reserved");
			break;
		}
		case NVMEC_ADM_NS_MGMT:
			name = "NAMESPACE MANAGEMENT";
			if ((c->cdw10 & 0xf) == 0 && d) {
				uint64_t nsze = 0, ncap = 0;

				for (int i = 7; i >= 0; i--) {
					nsze = nsze << 8 | d[i];
					ncap = ncap << 8 | d[8 + i];
				}
				snprintf(what, sizeof(what), "create nsze=%llu ncap=%llu flbas=0x%02x",
					 (unsigned long long)nsze, (unsigned long long)ncap, d[26]);
			} else {
				snprintf(what, sizeof(what), "delete");
			}
			break;
		case NVMEC_ADM_NS_ATTACH:
			name = "NAMESPACE ATTACHMENT";
			snprintf(what, sizeof(what), "%s controller(s)", c->cdw10 & 0xf ? "detach from" : "attach to");
			if (d) {
				unsigned n = (unsigned)(d[0] | d[1] << 8);
				size_t l = strlen(what);

				for (unsigned i = 0; i < n && i < 8 && l < sizeof(what) - 8; i++)
					l += (size_t)snprintf(what + l, sizeof(what) - l, " %u",
							      d[2 + 2 * i] | d[3 + 2 * i] << 8);
			}
			break;
		default:
			break;
		}
	}
	snprintf(buf, len, "%s %s (0x%02x) nsid=0x%x cdw10=0x%08x cdw11=0x%08x cdw12=0x%08x data=%u: %s",
		 admin ? "admin" : "io", name, c->opcode, c->nsid, c->cdw10, c->cdw11, c->cdw12,
		 c->data_len, what);
}

uint64_t nvme_le128_u64(const uint8_t b[16])
{
	uint64_t v = 0;

	for (int i = 15; i >= 8; i--)
		if (b[i])
			return UINT64_MAX;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

double nvme_le128_double(const uint8_t b[16])
{
	double v = 0;

	for (int i = 15; i >= 0; i--)
		v = v * 256.0 + b[i];
	return v;
}

bool nvme_ocp_c0_guid_ok(const uint8_t *log)
{
	static const uint8_t guid[16] = {
		0xc5, 0xaf, 0x10, 0x28, 0xea, 0xbf, 0xf2, 0xa4,
		0x9c, 0x4f, 0x6f, 0x7c, 0xc9, 0x14, 0xd5, 0xaf,
	};

	return memcmp(log + 496, guid, sizeof(guid)) == 0;
}

const char *nvme_sanitize_status_name(unsigned sstat)
{
	switch (sstat & 7) {
	case 0: return "never sanitized";
	case 1: return "completed";
	case 2: return "in progress";
	case 3: return "failed";
	case 4: return "completed (no-deallocate)";
	default: return "reserved";
	}
}

const char *nvme_status_name(int status)
{
	switch (status & 0x7ff) {
	case 0x000: return "success";
	case 0x001: return "Invalid Command Opcode";
	case 0x002: return "Invalid Field in Command";
	case 0x00b: return "Invalid Namespace or Format";
	case 0x01d: return "Sanitize In Progress";
	case 0x10a: return "Invalid Format";
	case 0x115: return "Namespace Insufficient Capacity";
	case 0x118: return "Namespace Already Attached";
	case 0x11a: return "Namespace Not Attached";
	case 0x116: return "Namespace Identifier Unavailable";
	case 0x11c: return "Controller List Invalid";
	case 0x123: return "Sanitize Prohibited While Persistent Memory Region is Enabled";
	default: return "error";
	}
}
