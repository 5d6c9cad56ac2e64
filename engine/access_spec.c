/* SPDX-License-Identifier: MIT */
/*
 * The access specifications.
 *
 * fileserver, webserver, database, workstation: Intel's IOmeter server
 * access specifications as the review sites publish and run them (Tom's
 * Hardware, "Tom's Storage Charts 2009: A New Test Environment", IOMeter
 * 2006.07.27 profiles; StorageReview and The SSD Review use the same
 * definitions):
 *   Database     8 KB 100%; 67% read, 100% random
 *   File server  512 B 10%, 1 KB 5%, 2 KB 5%, 4 KB 60%, 8 KB 2%, 16 KB 4%,
 *                32 KB 4%, 64 KB 10%; 80% read, 100% random
 *   Web server   512 B 22%, 1 KB 15%, 2 KB 8%, 4 KB 23%, 8 KB 15%, 16 KB 2%,
 *                32 KB 6%, 64 KB 7%, 128 KB 1%, 512 KB 1%; 100% read, 100% random
 *   Workstation  8 KB 100%; 80% read, 80% random
 * IOmeter's KB is 1024 bytes.  Transfers below 4 KiB need a 512-byte logical
 * block (a sim with lba=512, or a 512e drive).
 *
 * snia-70-30, snia-65-35: 4 KiB random at the read/write mixes of the SNIA
 * Solid State Storage Performance Test Specification (PTS-E 1.1, IOPS test:
 * R/W 100/0, 95/5, 65/35, 50/50, 35/65, 5/95, 0/100); 70/30 is the mix
 * vendors quote for OLTP-like mixed IOPS.
 *
 * snia-cbw: the composite block size workload of the SNIA Solid State
 * Storage Performance Test Specification (PTS 2.0.2's CBW, PTS-E 1.1's
 * enterprise composite workload, ECW): 512 B 4%, 1, 1.5, 2, 2.5, 3 and
 * 3.5 KiB 1% each, 4 KiB 67%, 8 KiB 10%, 16 KiB 7%, 32 KiB 3%, 64 KiB 3%;
 * 100% random, 40% read (PTS-E 1.1's R/W 40/60); access zones: 50% of I/Os
 * in the first 5% of the LBA range, 30% in the next 15%, 20% in the last
 * 80% (fio's zoned:50/5:30/15:20/80).  Sizes below 4 KiB need a 512-byte
 * logical block.
 *
 * nas: ours.  A NAS pool's drives see what the filesystem above them makes
 * of file traffic, not the clients' requests: ZFS and btrfs write whole
 * records (ZFS's default recordsize 128 KiB) and read ahead in 128 KiB, SMB
 * and NFS move large files in 64 KiB to 1 MiB requests, while metadata,
 * small files, directory blocks and the intent log are 4 KiB to 16 KiB and
 * random.  So: 4 KiB 40% (metadata, small files, ZIL/journal), 8 KiB 10%
 * and 16 KiB 10% (database and VM images on the share, filesystem metadata
 * blocks), 64 KiB 15% (SMB multi-credit I/O), 128 KiB 25% (records and
 * read-ahead of large files); 70% read (file shares are read-mostly, as
 * IOmeter's file server's 80% but with backups and uploads writing); 60%
 * random (the large transfers stream through files).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "engine/access_spec.h"

#define K 1024u

static const struct access_spec specs[] = {
	{
		.name = "fileserver", .summary = "IOmeter file server",
		.source = "Intel IOmeter access specification, as published by Tom's Hardware 2009",
		.read_pct = 80, .random_pct = 100, .nsizes = 8,
		.sizes = { { 512, 10 }, { 1 * K, 5 }, { 2 * K, 5 }, { 4 * K, 60 }, { 8 * K, 2 },
			   { 16 * K, 4 }, { 32 * K, 4 }, { 64 * K, 10 } },
	},
	{
		.name = "webserver", .summary = "IOmeter web server (reads only)",
		.source = "Intel IOmeter access specification, as published by Tom's Hardware 2009",
		.read_pct = 100, .random_pct = 100, .nsizes = 10,
		.sizes = { { 512, 22 }, { 1 * K, 15 }, { 2 * K, 8 }, { 4 * K, 23 }, { 8 * K, 15 },
			   { 16 * K, 2 }, { 32 * K, 6 }, { 64 * K, 7 }, { 128 * K, 1 },
			   { 512 * K, 1 } },
	},
	{
		.name = "database", .summary = "IOmeter database (OLTP)",
		.source = "Intel IOmeter access specification, as published by Tom's Hardware 2009",
		.read_pct = 67, .random_pct = 100, .nsizes = 1, .sizes = { { 8 * K, 100 } },
	},
	{
		.name = "workstation", .summary = "IOmeter workstation",
		.source = "Intel IOmeter access specification, as published by Tom's Hardware 2009",
		.read_pct = 80, .random_pct = 80, .nsizes = 1, .sizes = { { 8 * K, 100 } },
	},
	{
		.name = "snia-70-30", .summary = "4 KiB random, 70% read",
		.source = "SNIA PTS-E 1.1 IOPS test, the 70/30 mix vendors quote",
		.read_pct = 70, .random_pct = 100, .nsizes = 1, .sizes = { { 4 * K, 100 } },
	},
	{
		.name = "snia-65-35", .summary = "4 KiB random, 65% read",
		.source = "SNIA PTS-E 1.1 IOPS test matrix, R/W 65/35",
		.read_pct = 65, .random_pct = 100, .nsizes = 1, .sizes = { { 4 * K, 100 } },
	},
	{
		.name = "snia-cbw", .summary = "SNIA PTS composite workload",
		.source = "PTS 2.0.2 CBW, PTS-E 1.1 ECW",
		.read_pct = 40, .random_pct = 100, .nsizes = 12,
		.sizes = { { 512, 4 }, { 1 * K, 1 }, { 1536, 1 }, { 2 * K, 1 }, { 2560, 1 },
			   { 3 * K, 1 }, { 3584, 1 }, { 4 * K, 67 }, { 8 * K, 10 }, { 16 * K, 7 },
			   { 32 * K, 3 }, { 64 * K, 3 } },
		.dist = { .kind = OD_ZONED, .nzones = 3,
			  .zones = { { 50, 5 }, { 30, 15 }, { 20, 80 } } },
	},
	{
		.name = "nas", .summary = "NAS pool under file shares (ours)",
		.source = "ssdprof: ZFS 128 KiB records and read-ahead, SMB 64 KiB, 4-16 KiB metadata",
		.read_pct = 70, .random_pct = 60, .nsizes = 5,
		.sizes = { { 4 * K, 40 }, { 8 * K, 10 }, { 16 * K, 10 }, { 64 * K, 15 },
			   { 128 * K, 25 } },
	},
};

const struct access_spec *access_spec_table(size_t *n)
{
	*n = sizeof(specs) / sizeof(specs[0]);
	return specs;
}

const struct access_spec *access_spec_find(const char *name)
{
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
		if (!strcmp(specs[i].name, name))
			return &specs[i];
	return NULL;
}

void access_spec_apply(const struct access_spec *spec, struct workload *w)
{
	w->rw = WL_RANDRW;
	w->read_pct = spec->read_pct;
	w->seq_pct = 100 - spec->random_pct;
	w->nbs_mix = spec->nsizes;
	memcpy(w->bs_mix, spec->sizes, sizeof(w->bs_mix));
	if (spec->dist.kind != OD_UNIFORM)
		w->dist = spec->dist;
	w->workload = spec->name;
}

void workload_copy_shape(struct workload *dst, const struct workload *src)
{
	dst->rw = src->rw;
	dst->read_pct = src->read_pct;
	dst->nbs_mix = src->nbs_mix;
	memcpy(dst->bs_mix, src->bs_mix, sizeof(dst->bs_mix));
	dst->seq_pct = src->seq_pct;
	dst->dist = src->dist;
	dst->workload = src->workload;
}

int access_spec_check(const char *name, char *msg, size_t len)
{
	if (access_spec_find(name))
		return 0;
	snprintf(msg, len, "a workload `ssdprof workloads` lists");
	return -EINVAL;
}
