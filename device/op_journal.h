/* SPDX-License-Identifier: MIT */
/*
 * The journal of OP changes: before a drive's capacity is changed, its
 * original layout is written here (one file per drive serial, written to a
 * temporary file and renamed), so `ssdprof op TARGET --restore` can undo the
 * change even after a crash or a power cut.  The entry is removed once the
 * original capacity is back.
 *
 * Directory: $SSDPROF_STATE, else the build's state folder (SSDPROF_STATE_DIR:
 * localstatedir/lib/ssdprof, e.g. /var/lib/ssdprof for a /usr install).
 */
#ifndef SSDPROF_OP_JOURNAL_H
#define SSDPROF_OP_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct op_journal_entry {
	char serial[64];
	char path[256];          /* device path when the change was made */
	char method[16];         /* "namespace", "hpa", "span" */
	uint64_t original_bytes; /* the capacity to restore */
	uint64_t current_bytes;  /* the capacity set (or being set) */
	uint32_t nsid;           /* NVMe: the namespace and its format */
	uint8_t flbas;
	bool permanent;          /* HPA: set non-volatile */
	char step[32];           /* last step started: "detach", "delete", "create", ..., "done" */
	char when[32];           /* UTC, ISO-8601 */
};

/* The journal directory (not created). */
void op_journal_dir(char *buf, size_t len);
/* Create it (and its parents) when missing; 0 or -errno.  The device claims' lock files live there too. */
int op_journal_make_dir(void);

/*
 * 0 and the entry, -ENOENT when the drive has none; -EBADMSG when its file
 * is damaged (not strict JSON, a field missing or of the wrong kind, no
 * original size), other -errno when it cannot be read, with the file and
 * the problem in why.  A damaged entry is never an absent one: the caller
 * refuses to change the drive rather than journal its current size as the
 * original.
 */
int op_journal_read(const char *serial, struct op_journal_entry *e, char *why, size_t wlen);
/* op_journal_read without the reason. */
int op_journal_load(const char *serial, struct op_journal_entry *e);

/* Write (create or replace) the entry durably.  0 or -errno with a reason. */
int op_journal_save(const struct op_journal_entry *e, char *err, size_t errlen);

/* Remove the drive's entry; 0 also when there was none. */
int op_journal_remove(const char *serial);

/* A note stored per serial beside the journal, e.g. that a controller refused namespace management. */
int op_journal_note_set(const char *serial, const char *key, const char *value);
bool op_journal_note_get(const char *serial, const char *key, char *value, size_t len);

#endif
