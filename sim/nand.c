/* SPDX-License-Identifier: MIT */
/*
 * NAND timing in virtual time.  Each die and channel has a "free at" time;
 * work is queued on them in the order the FTL issues it.  Host writes
 * complete when their data is in the write buffer; the buffer drains as the
 * dies program, GC copies included, so GC slows the host exactly as much as
 * it occupies the dies.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"

static uint64_t us_to_ns(double us)
{
	return (uint64_t)(us * 1000.0 + 0.5);
}

int nand_timing_init(struct nand_timing *nt, const struct sim_config *cfg,
		     const struct sim_geometry *geo)
{
	uint64_t unit_bytes = (uint64_t)geo->unit_slots * SIM_UNIT_BYTES;
	uint64_t staging;

	memset(nt, 0, sizeof(*nt));
	nt->channels = cfg->channels;
	nt->dies_total = geo->dies_total;
	nt->die_free_ns = calloc(geo->dies_total, sizeof(uint64_t));
	nt->chan_free_ns = calloc(cfg->channels, sizeof(uint64_t));
	nt->t_read_ns[MODE_NATIVE] = us_to_ns(cfg->t_read_us);
	nt->t_read_ns[MODE_SLC] = us_to_ns(cfg->t_read_slc_us);
	nt->t_prog_ns[MODE_NATIVE] = us_to_ns(cfg->t_prog_us);
	nt->t_prog_ns[MODE_SLC] = us_to_ns(cfg->t_prog_slc_us);
	nt->t_erase_ns = us_to_ns(cfg->t_erase_us);
	nt->unit_xfer_ns = (uint64_t)((double)unit_bytes * 1000.0 / cfg->channel_mbps + 0.5);
	nt->page_xfer_ns = (uint64_t)((double)cfg->page * 1000.0 / cfg->channel_mbps + 0.5);
	nt->jitter = cfg->jitter_pct / 100.0;
	nand_timing_reseed(nt, cfg->seed);
	nt->ctrl_step_ns = cfg->max_iops > 0 ? (uint64_t)(1e9 / cfg->max_iops + 0.5) : 0;
	nt->write_step_ns = cfg->max_write_iops > 0 ? (uint64_t)(1e9 / cfg->max_write_iops + 0.5) : 0;
	/*
	 * Blocks are scaled down with the capacity (a few pages instead of
	 * hundreds), so erasing one per line would cost far more per page than
	 * on the real drive.  Charge the erase per page of a nominal block.
	 */
	nt->erase_line_ns = (uint64_t)((double)nt->t_erase_ns *
				       fmin(1.0, (double)geo->pages_per_block / SIM_NOMINAL_PAGES_PER_BLOCK));
	nt->iface_ns_per_byte = cfg->interface_mbps > 0 ? 1000.0 / cfg->interface_mbps : 0;
	nt->overhead_ns = us_to_ns(cfg->cmd_overhead_us);

	/*
	 * Even a DRAM-less controller stages two program units per die in SRAM,
	 * and the two frontiers each hold one assembling unit.
	 */
	staging = 2ull * geo->dies_total * geo->unit_slots + 2ull * geo->unit_slots;
	nt->buf_cap = max_u64(cfg->buffer / SIM_UNIT_BYTES, staging);
	nt->ring_size = (uint32_t)nt->buf_cap + 1;
	nt->ring = calloc(nt->ring_size, sizeof(*nt->ring));
	if (!nt->die_free_ns || !nt->chan_free_ns || !nt->ring) {
		nand_timing_free(nt);
		return -ENOMEM;
	}
	return 0;
}

void nand_timing_free(struct nand_timing *nt)
{
	free(nt->die_free_ns);
	free(nt->chan_free_ns);
	free(nt->ring);
	nt->die_free_ns = nt->chan_free_ns = NULL;
	nt->ring = NULL;
}

void nand_timing_reseed(struct nand_timing *nt, uint64_t seed)
{
	nt->rng = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
}

void nand_timing_reset_buffer(struct nand_timing *nt)
{
	nt->buf_used = 0;
	nt->ring_head = nt->ring_count = 0;
}

/* xorshift64*: cheap, seeded, and the same on every platform. */
static double next_unit_interval(struct nand_timing *nt)
{
	nt->rng ^= nt->rng >> 12;
	nt->rng ^= nt->rng << 25;
	nt->rng ^= nt->rng >> 27;
	return (double)((nt->rng * 0x2545F4914F6CDD1Dull) >> 11) * (1.0 / 9007199254740992.0);
}

static void die_busy(struct nand_timing *nt, unsigned die, uint64_t until)
{
	nt->die_free_ns[die] = until;
	if (until > nt->busy_until_ns)
		nt->busy_until_ns = until;
}

void nand_program(struct nand_timing *nt, unsigned die, int mode, uint64_t ready_ns,
		  uint32_t host_slots)
{
	unsigned ch = die % nt->channels;
	uint64_t xfer_end = max_u64(nt->chan_free_ns[ch], ready_ns) + nt->unit_xfer_ns;
	uint64_t t_prog = nt->t_prog_ns[mode];
	uint64_t done;

	nt->chan_free_ns[ch] = xfer_end;
	if (nt->jitter > 0)
		t_prog = (uint64_t)((double)t_prog *
				    (1.0 + nt->jitter * (2.0 * next_unit_interval(nt) - 1.0)));
	done = max_u64(nt->die_free_ns[die], xfer_end) + t_prog;
	die_busy(nt, die, done);

	if (host_slots) {
		/*
		 * Release in FIFO order: a unit on a fast die cannot free buffer
		 * space ahead of an older one, as in a ring-buffered controller.
		 */
		uint32_t tail = (nt->ring_head + nt->ring_count) % nt->ring_size;

		nt->last_release_ns = max_u64(nt->last_release_ns, done);
		nt->ring[tail].at_ns = nt->last_release_ns;
		nt->ring[tail].slots = host_slots;
		nt->ring_count++;
	}
}

uint64_t nand_read_page(struct nand_timing *nt, unsigned die, int mode, uint64_t at_ns)
{
	unsigned ch = die % nt->channels;
	uint64_t sensed = max_u64(nt->die_free_ns[die], at_ns) + nt->t_read_ns[mode];
	uint64_t out = max_u64(nt->chan_free_ns[ch], sensed) + nt->page_xfer_ns;

	die_busy(nt, die, sensed);
	nt->chan_free_ns[ch] = out;
	return out;
}

uint64_t nand_copy_read(struct nand_timing *nt, unsigned die, int mode, uint64_t at_ns)
{
	die_busy(nt, die, max_u64(nt->die_free_ns[die], at_ns) + nt->t_read_ns[mode]);
	return at_ns + nt->t_read_ns[mode] + nt->page_xfer_ns;
}

void nand_erase_line(struct nand_timing *nt, uint64_t at_ns)
{
	for (unsigned die = 0; die < nt->dies_total; die++)
		die_busy(nt, die, max_u64(nt->die_free_ns[die], at_ns) + nt->erase_line_ns);
}

uint64_t nand_admit_command(struct nand_timing *nt, uint64_t at_ns, uint64_t bytes, bool write)
{
	uint64_t t = at_ns;

	if (write && nt->write_step_ns) {
		t = max_u64(t, nt->write_free_ns);
		nt->write_free_ns = t + nt->write_step_ns;
	}

	if (nt->ctrl_step_ns) {
		t = max_u64(t, nt->ctrl_free_ns);
		nt->ctrl_free_ns = t + nt->ctrl_step_ns;
	}
	if (nt->iface_ns_per_byte > 0) {
		t = max_u64(t, nt->iface_free_ns) + (uint64_t)(nt->iface_ns_per_byte * (double)bytes);
		nt->iface_free_ns = t;
	}
	return t;
}

uint64_t nand_buffer_admit(struct nand_timing *nt, uint64_t at_ns)
{
	while (nt->ring_count && nt->ring[nt->ring_head].at_ns <= at_ns) {
		nt->buf_used -= nt->ring[nt->ring_head].slots;
		nt->ring_head = (nt->ring_head + 1) % nt->ring_size;
		nt->ring_count--;
	}
	while (nt->buf_used >= nt->buf_cap && nt->ring_count) {
		at_ns = max_u64(at_ns, nt->ring[nt->ring_head].at_ns);
		nt->buf_used -= nt->ring[nt->ring_head].slots;
		nt->ring_head = (nt->ring_head + 1) % nt->ring_size;
		nt->ring_count--;
	}
	nt->buf_used++;
	return at_ns;
}
