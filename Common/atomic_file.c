/* atomic_file.c: temporary file + rename, so that no reader ever sees half a file; devices,
 * FIFOs and standard output written through; temporary files removed on SIGINT, SIGTERM and
 * SIGHUP (rules in atomic_file.h). */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */
#define _DEFAULT_SOURCE    /* flock */
#define _GNU_SOURCE        /* fallocate */
#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* Links followed before giving up, as the kernel does (ELOOP). */
#define MAX_LINK_HOPS 40
#define TMP_SUFFIX ".tmp.XXXXXX"

/* ---- the registry of temporary files, read by the signal handler ---- */

/* A program has at most a few outputs open at once; a write beyond this still works, only its
 * temporary file would not be removed by a signal. */
#define REGISTRY_SLOTS 32
static _Atomic(char *) registry[REGISTRY_SLOTS];
static atomic_flag handlers_installed = ATOMIC_FLAG_INIT;

/* Async-signal-safe: unlink(2), sigaction(2) and raise(3) only. */
static void remove_temporaries(int sig)
{
    for (int i = 0; i < REGISTRY_SLOTS; ++i) {
        char *path = atomic_exchange(&registry[i], NULL);
        if (path)
            unlink(path);
    }
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(sig, &fallback, NULL);
    raise(sig); /* SA_NODEFER: dies of the signal now, with the status a shell expects */
}

static void install_handlers(void)
{
    if (atomic_flag_test_and_set(&handlers_installed))
        return;
    static const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; ++i) {
        struct sigaction old;
        /* A signal ignored on purpose (nohup, a background job's SIGINT) stays ignored. */
        if (sigaction(signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN)
            continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = remove_temporaries;
        action.sa_flags = SA_NODEFER;
        sigemptyset(&action.sa_mask);
        sigaction(signals[i], &action, NULL);
    }
}

static int registry_add(char *path)
{
    install_handlers();
    for (int i = 0; i < REGISTRY_SLOTS; ++i) {
        char *expected = NULL;
        if (atomic_compare_exchange_strong(&registry[i], &expected, path))
            return i;
    }
    return -1;
}

/* Taken out only after the name was renamed or unlinked, so that no moment is left where a
 * signal would leave the file behind. */
static void registry_remove(int slot)
{
    if (slot >= 0)
        atomic_store(&registry[slot], NULL);
}

/* ---- names ---- */

static char *join(const char *folder, size_t folder_length, const char *name)
{
    size_t length = folder_length + 1 + strlen(name) + 1;
    char *s = malloc(length);
    if (s)
        snprintf(s, length, "%.*s/%s", (int)folder_length, folder, name);
    return s;
}

/* `path` with symbolic links at its end followed to the name they finally point at, which may
 * not exist yet (a new file behind a dangling link). NULL with errno set on failure. */
static char *follow_links(const char *path)
{
    char *current = strdup(path);
    for (int hop = 0; current && hop < MAX_LINK_HOPS; ++hop) {
        struct stat st;
        if (lstat(current, &st) != 0 || !S_ISLNK(st.st_mode))
            return current;
        size_t capacity = st.st_size > 0 ? (size_t)st.st_size + 1 : PATH_MAX;
        char *link = malloc(capacity);
        ssize_t length = link ? readlink(current, link, capacity) : -1;
        if (length < 0 || (size_t)length >= capacity) {
            int saved = link && length >= 0 ? ENAMETOOLONG : errno;
            free(link);
            free(current);
            errno = saved;
            return NULL;
        }
        link[length] = '\0';
        char *next;
        const char *slash = strrchr(current, '/');
        if (link[0] == '/' || !slash)
            next = strdup(link);
        else
            next = join(current, (size_t)(slash - current), link);
        free(link);
        free(current);
        current = next;
    }
    if (current) {
        free(current);
        errno = ELOOP;
    }
    return NULL;
}

/* "FOLDER/NAME.tmp.XXXXXX" beside `target`, NAME cut (at a character boundary of UTF-8) so
 * that the whole name fits the folder's file-name limit. */
static char *temporary_name(const char *target)
{
    const char *slash = strrchr(target, '/');
    const char *name = slash ? slash + 1 : target;
    size_t folder_length = slash ? (size_t)(slash - target) : 0;
    long name_max = -1;
    if (slash) {
        char *folder = strndup(target, folder_length ? folder_length : 1);
        if (folder)
            name_max = pathconf(folder, _PC_NAME_MAX);
        free(folder);
    } else {
        name_max = pathconf(".", _PC_NAME_MAX);
    }
    if (name_max <= 0)
        name_max = 255;
    size_t keep = strlen(name), room = (size_t)name_max - (sizeof TMP_SUFFIX - 1);
    if (keep > room) {
        keep = room;
        while (keep > 0 && ((unsigned char)name[keep] & 0xC0) == 0x80) /* not inside a character */
            --keep;
    }
    size_t length = folder_length + 1 + keep + sizeof TMP_SUFFIX;
    char *tmp = malloc(length);
    if (!tmp)
        return NULL;
    if (slash)
        snprintf(tmp, length, "%.*s/%.*s%s", (int)folder_length, target, (int)keep, name, TMP_SUFFIX);
    else
        snprintf(tmp, length, "%.*s%s", (int)keep, name, TMP_SUFFIX);
    return tmp;
}

/* ---- standard output ---- */

/* The descriptor that "-" writes to: standard output, or its copy after atomic_claim_stdout. */
static int data_stdout = STDOUT_FILENO;

void atomic_claim_stdout(const char *output)
{
    if (!output || data_stdout != STDOUT_FILENO ||
        !(strcmp(output, "-") == 0 || strcmp(output, "/dev/stdout") == 0 || strcmp(output, "/dev/fd/1") == 0 ||
          strcmp(output, "/proc/self/fd/1") == 0))
        return;
    fflush(stdout);
    int copy = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (copy < 0)
        return; /* then data and progress share standard output, as before */
    data_stdout = copy;
    dup2(STDERR_FILENO, STDOUT_FILENO);
}

/* ---- opening ---- */

static int set_defer(atomic_file *file, error_text *err);

static void release(atomic_file *file)
{
    registry_remove(file->slot);
    free(file->path);
    free(file->target);
    free(file->tmp_path);
    memset(file, 0, sizeof *file);
    file->slot = -1;
}

static int write_through(atomic_file *file, int fd, error_text *err)
{
    file->stream = fdopen(fd, "w");
    if (!file->stream) {
        int saved = errno;
        close(fd);
        error_set(err, "%s: cannot write: %s", file->path, strerror(saved));
        release(file);
        return -1;
    }
    return 0;
}

/* The descriptor a name stands for: "/dev/stdout", "/dev/stderr", "/dev/fd/N" and
 * "/proc/self/fd/N" are the program's own open descriptors (process substitution >(...) gives
 * such names). Written through that very descriptor, they keep what the shell set up (an append
 * with >>, a pipe); followed as links, they would lead to "pipe:[123]" or reopen a file at its
 * start. -1 for any other name. */
static int descriptor_of(const char *path)
{
    if (strcmp(path, "-") == 0 || strcmp(path, "/dev/stdout") == 0)
        return data_stdout;
    if (strcmp(path, "/dev/stderr") == 0)
        return STDERR_FILENO;
    const char *number = NULL;
    if (strncmp(path, "/dev/fd/", 8) == 0)
        number = path + 8;
    else if (strncmp(path, "/proc/self/fd/", 14) == 0)
        number = path + 14;
    if (!number || *number < '0' || *number > '9')
        return -1;
    char *end;
    long fd = strtol(number, &end, 10);
    if (*end != '\0' || fd > INT_MAX || fcntl((int)fd, F_GETFD) == -1)
        return -1;
    return fd == STDOUT_FILENO ? data_stdout : (int)fd;
}

/* What kind of output `path` is: 1 write through, 0 replace or create, -1 refused (err set).
 * Sets *existing to the status of what it names, when that exists. */
static int output_kind(const char *path, struct stat *existing, int *exists, error_text *err)
{
    int fd = descriptor_of(path);
    *exists = fd >= 0 ? fstat(fd, existing) == 0 : stat(path, existing) == 0;
    if (fd >= 0)
        return 1;
    if (!*exists) {
        if (errno == ENOENT)
            return 0;
        return error_set(err, "%s: cannot use as the output file: %s", path, strerror(errno));
    }
    if (S_ISREG(existing->st_mode))
        return 0;
    if (S_ISCHR(existing->st_mode) || S_ISBLK(existing->st_mode) || S_ISFIFO(existing->st_mode))
        return 1;
    if (S_ISDIR(existing->st_mode))
        return error_set(err, "%s: is a folder; give a file name for the output", path);
    return error_set(err, "%s: is a socket or another special file that cannot hold an output; give a file name",
                     path);
}

int atomic_is_stream(const char *path, error_text *err)
{
    struct stat st;
    int exists;
    return output_kind(path, &st, &exists, err);
}

int atomic_open(atomic_file *file, const char *path, error_text *err)
{
    memset(file, 0, sizeof *file);
    file->slot = -1;
    file->path = strdup(path);
    if (!file->path) {
        release(file);
        return error_set(err, "%s: out of memory", path);
    }
    struct stat existing;
    int exists;
    int kind = output_kind(path, &existing, &exists, err);
    if (kind < 0) {
        release(file);
        return -1;
    }
    if (kind == 1) {
        /* A descriptor of ours is duplicated; a device or FIFO is opened by its name (the kernel
         * follows any link), without O_TRUNC: written to, never emptied or replaced. */
        int own = descriptor_of(path);
        int fd = own >= 0 ? fcntl(own, F_DUPFD_CLOEXEC, 3) : open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
        if (fd < 0) {
            int saved = errno;
            release(file);
            return error_set(err, "%s: cannot open for writing: %s", strcmp(path, "-") ? path : "standard output",
                             strerror(saved));
        }
        return write_through(file, fd, err);
    }
    /* A file (or a new name, maybe behind a dangling link) is replaced where its links lead. */
    file->target = follow_links(path);
    if (!file->target) {
        int saved = errno;
        release(file);
        return error_set(err, "%s: cannot follow the symbolic link: %s", path, strerror(saved));
    }
    file->tmp_path = temporary_name(file->target);
    if (!file->tmp_path) {
        release(file);
        return error_set(err, "%s: out of memory", path);
    }
    /* Registered before it exists, so that no moment is left where a signal would miss it. */
    file->slot = registry_add(file->tmp_path);
    int fd = mkstemp(file->tmp_path);
    if (fd < 0) {
        int saved = errno;
        release(file);
        return error_set(err, "%s: cannot create the output file: %s (check that the folder exists and is writable)",
                         path, strerror(saved));
    }
    /* Not inherited by the programs a driver starts (PoCL runs the linker while it builds a
     * kernel): they have no business with it. */
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    /* mkstemp makes 0600: an existing file keeps its permissions, a new one gets what a plain
     * fopen would give it. */
    mode_t mode;
    if (exists) {
        mode = existing.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    fchmod(fd, mode);
    file->stream = fdopen(fd, "w");
    if (!file->stream) {
        int saved = errno;
        close(fd);
        atomic_abort(file);
        return error_set(err, "%s: cannot open the output file: %s", path, strerror(saved));
    }
    return 0;
}

int atomic_commit(atomic_file *file, error_text *err)
{
    int failed = ferror(file->stream);
    int saved = failed ? EIO : 0;
    if (fflush(file->stream) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    if (fclose(file->stream) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    file->stream = NULL;
    if (!file->tmp_path) {
        if (failed)
            error_set(err, "%s: writing failed: %s", strcmp(file->path, "-") ? file->path : "standard output",
                      strerror(saved));
        release(file);
        return failed ? -1 : 0;
    }
    if (failed) {
        unlink(file->tmp_path);
        error_set(err, "%s: writing failed: %s (is the disk full?)", file->path, strerror(saved));
        release(file);
        return -1;
    }
    if (set_defer(file, err) != 0)
        return -1;
    if (!file->tmp_path)
        return 0; /* written; renamed by atomic_set_commit */
    /* Still registered while renamed: a signal in between finds the name gone, which is harmless. */
    if (rename(file->tmp_path, file->target) != 0) {
        saved = errno;
        unlink(file->tmp_path);
        error_set(err, "%s: cannot replace the output file: %s", file->path, strerror(saved));
        release(file);
        return -1;
    }
    release(file);
    return 0;
}

void atomic_abort(atomic_file *file)
{
    if (file->stream)
        fclose(file->stream);
    file->stream = NULL;
    if (file->tmp_path)
        unlink(file->tmp_path);
    release(file);
}

/* ---- identity ---- */

/* Status of an input name ("-": standard input). */
static int input_status(const char *input, struct stat *st)
{
    return strcmp(input, "-") == 0 ? fstat(STDIN_FILENO, st) : stat(input, st);
}

/* The folder (resolved) and name an output would be created as, for names that do not exist. */
static char *canonical_new_name(const char *target)
{
    const char *slash = strrchr(target, '/');
    char *folder = slash ? strndup(target, slash == target ? 1 : (size_t)(slash - target)) : strdup(".");
    char *resolved = folder ? realpath(folder, NULL) : NULL;
    free(folder);
    if (!resolved)
        return NULL;
    char *name = join(resolved, strlen(resolved), slash ? slash + 1 : target);
    free(resolved);
    return name;
}

static int output_status(const char *output, struct stat *st, char **new_name)
{
    *new_name = NULL;
    int fd = descriptor_of(output);
    if (fd >= 0)
        return fstat(fd, st) == 0 ? 1 : 0;
    if (stat(output, st) == 0)
        return 1;
    char *target = follow_links(output);
    if (!target)
        return 0;
    *new_name = canonical_new_name(target);
    free(target);
    return 0;
}

static int same_inode(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino && !S_ISCHR(a->st_mode);
}

int atomic_same_file(const char *output, const char *input)
{
    struct stat out, in;
    char *new_name;
    int exists = output_status(output, &out, &new_name);
    free(new_name); /* a name that does not exist yet is no input */
    return exists && input_status(input, &in) == 0 && same_inode(&out, &in);
}

int atomic_same_output(const char *first, const char *second)
{
    struct stat a, b;
    char *new_a, *new_b;
    int exists_a = output_status(first, &a, &new_a);
    int exists_b = output_status(second, &b, &new_b);
    int same;
    if (strcmp(first, "-") == 0 && strcmp(second, "-") == 0)
        same = 1;
    else if (exists_a && exists_b)
        same = same_inode(&a, &b);
    else
        same = new_a && new_b && strcmp(new_a, new_b) == 0;
    free(new_a);
    free(new_b);
    return same;
}

/* ---- locking ---- */

static int set_held_lock(int folder);
static int set_keep_lock(int lock);

int atomic_lock(const char *path, error_text *err)
{
    char *target = follow_links(path);
    if (!target)
        return error_set(err, "%s: cannot follow the symbolic link: %s", path, strerror(errno));
    const char *slash = strrchr(target, '/');
    char *folder = slash ? strndup(target, slash == target ? 1 : (size_t)(slash - target)) : strdup(".");
    free(target);
    if (!folder)
        return error_set(err, "%s: out of memory", path);
    int fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int saved = errno;
    int held = fd >= 0 ? set_held_lock(fd) : -1;
    if (held >= 0) {
        close(fd);
        fd = fcntl(held, F_DUPFD_CLOEXEC, 3); /* the same open folder: its lock is already ours */
        saved = errno;
    } else if (fd >= 0) {
        while (flock(fd, LOCK_EX) != 0) {
            if (errno == EINTR)
                continue;
            saved = errno;
            close(fd);
            fd = -1;
            break;
        }
    }
    if (fd < 0)
        error_set(err, "%s: cannot lock the folder %s for the append: %s", path, folder, strerror(saved));
    free(folder);
    return fd;
}

void atomic_unlock(int lock)
{
    if (lock >= 0 && !set_keep_lock(lock))
        close(lock); /* releases the flock */
}

/* ---- output sets ---- */

/* A temporary written whole, waiting for its rename; still in the signal handler's registry. */
typedef struct pending_output {
    char *path, *target, *tmp_path;
    int slot;
} pending_output;

static struct {
    int open;
    pending_output outputs[REGISTRY_SLOTS];
    int output_count;
    int locks[REGISTRY_SLOTS]; /* folder locks held until the set ends */
    int lock_count;
} output_set;

/* Inside a set, the temporary of a committed file is kept for atomic_set_commit (file->tmp_path
 * is then NULL); outside, nothing happens. */
static int set_defer(atomic_file *file, error_text *err)
{
    if (!output_set.open)
        return 0;
    if (output_set.output_count == REGISTRY_SLOTS) {
        unlink(file->tmp_path);
        error_set(err, "%s: more than %d outputs in one run", file->path, REGISTRY_SLOTS);
        release(file);
        return -1;
    }
    pending_output *pending = &output_set.outputs[output_set.output_count++];
    *pending = (pending_output){file->path, file->target, file->tmp_path, file->slot};
    memset(file, 0, sizeof *file);
    file->slot = -1;
    return 0;
}

/* The set's lock on the folder `folder` (an open descriptor of it), or -1. */
static int set_held_lock(int folder)
{
    struct stat wanted, held;
    if (!output_set.open || fstat(folder, &wanted) != 0)
        return -1;
    for (int i = 0; i < output_set.lock_count; ++i)
        if (fstat(output_set.locks[i], &held) == 0 && held.st_dev == wanted.st_dev && held.st_ino == wanted.st_ino)
            return output_set.locks[i];
    return -1;
}

static int set_keep_lock(int lock)
{
    if (!output_set.open || output_set.lock_count == REGISTRY_SLOTS)
        return 0;
    output_set.locks[output_set.lock_count++] = lock;
    return 1;
}

static void pending_release(pending_output *pending)
{
    registry_remove(pending->slot);
    free(pending->path);
    free(pending->target);
    free(pending->tmp_path);
}

/* Every pending temporary removed (from `first` on), every lock released, the set closed. */
static void set_end(int first)
{
    for (int i = first; i < output_set.output_count; ++i) {
        unlink(output_set.outputs[i].tmp_path);
        pending_release(&output_set.outputs[i]);
    }
    for (int i = 0; i < output_set.lock_count; ++i)
        close(output_set.locks[i]);
    memset(&output_set, 0, sizeof output_set);
}

void atomic_set_begin(void)
{
    set_end(0);
    output_set.open = 1;
}

int atomic_set_commit(error_text *err)
{
    for (int i = 0; i < output_set.output_count; ++i) {
        pending_output *pending = &output_set.outputs[i];
        if (rename(pending->tmp_path, pending->target) != 0) {
            error_set(err, "%s: cannot replace the output file: %s", pending->path, strerror(errno));
            set_end(i);
            return -1;
        }
        pending_release(pending);
    }
    output_set.output_count = 0;
    set_end(0);
    return 0;
}

void atomic_set_abort(void) { set_end(0); }

int atomic_check_output(const char *path, error_text *err)
{
    int stream = atomic_is_stream(path, err);
    if (stream != 0)
        return stream < 0 ? -1 : 0;
    atomic_file probe;
    if (atomic_open(&probe, path, err) != 0)
        return -1;
    atomic_abort(&probe);
    return 0;
}

int atomic_reserve(atomic_file *file, unsigned long long bytes, error_text *err)
{
    if (!file->tmp_path || bytes == 0)
        return 0;
#ifdef __linux__
    if (fallocate(fileno(file->stream), FALLOC_FL_KEEP_SIZE, 0, (off_t)bytes) == 0)
        return 0;
    if (errno == ENOSPC || errno == EDQUOT || errno == EFBIG)
        return error_set_kind(err, ERROR_IO, "%s: no space for its %llu bytes (%s); free some or write it elsewhere",
                              file->path, bytes, strerror(errno));
#endif
    return 0; /* the file system reserves nothing ahead: the writes allocate as they go */
}
