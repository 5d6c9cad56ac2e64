/* SPDX-License-Identifier: MIT */
/*
 * What the files of the NVMe target share (nvme_target.c: identify, purge,
 * open; nvme_op.c: namespace OP).  Private to nvme/: the rest of the tree
 * reaches an NVMe drive through struct target_ops and its control hook.
 */
#ifndef SSDPROF_NVME_PRIV_H
#define SSDPROF_NVME_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libnvme.h>

#include "device/target.h"
#include "engine/wrap.h"

/* The op journal's note that the drive refused namespace management although OACS claims it. */
#define NOTE_NSMGMT "nsmgmt-refused"

struct nvme_target {
	struct wrap_target w;           /* t, ops and the block device's io_uring target */
	char ns_name[64];               /* nvme0n1 */
	char ctrl_name[64];             /* nvme0 */
	int cfd;                        /* /dev/nvme0 */
	uint32_t nsid;
	struct nvme_id_ctrl idc;
	struct nvme_id_ns idns;
	bool ocp;                       /* the OCP C0 log answers with its GUID */
	char nsmgmt_refused[160];       /* why namespace OP is off although OACS claims it */
};

static inline struct nvme_target *to_nv(struct target *t)
{
	return (struct nvme_target *)t;
}

static inline uint16_t le16v(const void *p)
{
	const uint8_t *b = p;

	return (uint16_t)(b[0] | b[1] << 8);
}

static inline uint64_t le64v(const void *p)
{
	const uint8_t *b = p;
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

#define OACS(n) le16v(&(n)->idc.oacs)

static inline bool nv_can_nsmgmt(const struct nvme_target *n)
{
	return OACS(n) & (1u << 3);
}

/* Send an admin command: 0, a positive NVMe status, or -errno. */
int nv_admin(struct nvme_target *n, struct nvme_passthru_cmd *c, uint32_t *result);
/* A command that changes the drive: printed under --dry-run, sent otherwise. */
int nv_admin_change(struct nvme_target *n, struct nvme_passthru_cmd *c, uint32_t *result);
/* An nv_admin result as words: the errno's or the NVMe status's. */
void nv_status_text(int ret, char *buf, size_t len);
/* Identify the controller and the namespace again (into n->idc, n->idns). */
int nv_identify_all(struct nvme_target *n);
uint32_t nv_lba_bytes(const struct nvme_id_ns *ns);
/* The namespace disk of ctrl with nsid, after a rescan; "" until it appears. */
void nv_find_ns_disk(const char *ctrl, uint32_t nsid, char *name, size_t len);

/* The set_op hook (nvme_op.c): namespace OP, journalled, checked after the rescan. */
int nv_set_op(struct target *t, enum op_method method, uint64_t usable, char *err, size_t errlen);

#endif
