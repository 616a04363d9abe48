/* bench_csv.c: appending to Bench's two CSV files. The wide one keeps the thesis' header, so
 * that gnuplot scripts written for the original sweep still read it, with one '#' metadata line
 * (date, sizes, devices) before each row; the long one has one row per algorithm and phase, for
 * other tools. Their text is written from the results' rows (bench_wide.c, bench_long.c); here
 * the files are checked and appended to. Numbers are printed in the "C" locale (this program
 * never calls setlocale with ""), the header only goes into a new file, and every append is
 * atomic: the old contents and the new row go to a temporary file that then replaces the CSV,
 * under a lock (atomic_lock) so that Bench runs appending to one CSV at once lose no row. A CSV
 * that is a device, a FIFO or "-" gets the header and the row written through. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "bench/bench.h"

static const char LONG_HEADER[] = "date,input,device,algorithm,phase,pairs,hit_percent,reps,ms,mtests_per_s,"
                                  "rep_min_ms,rep_median_ms,rep_max_ms,local_size,gb_per_s,percent_of_copy,layout,"
                                  "output,pairs_per_item,bytes_read_per_pair,bytes_written_per_pair,status";

/* The first line of `path` (without its line end) into *line (malloc'ed, however long: the wide
 * header outgrew any fixed buffer): 1 if there is one, 0 if the file does not exist or is
 * empty, -1 on a read error. */
static int first_line(const char *path, char **line, error_text *err)
{
    *line = NULL;
    FILE *in = fopen(path, "r");
    if (!in) {
        if (errno == ENOENT)
            return 0;
        return error_set(err, "%s: cannot read the CSV file: %s", path, strerror(errno));
    }
    size_t size = 0;
    int found = getline(line, &size, in) >= 0;
    fclose(in);
    if (found)
        (*line)[strcspn(*line, "\r\n")] = '\0';
    return found;
}

/* 0 when rows can be appended below the file's first line (or the file is new), 1 when the
 * CSV is written through (a device, a FIFO, "-": nothing to read back), -1 with err set. */
static int check_header(const char *path, const char *header, const char *what, error_text *err)
{
    int stream = atomic_is_stream(path, err);
    if (stream != 0)
        return stream;
    char *line;
    int found = first_line(path, &line, err);
    int other = found > 0 && strcmp(line, header) != 0;
    free(line);
    if (found <= 0)
        return found;
    if (other)
        return error_set(err,
                         "%s: the file's first line is not the %s header, so a row cannot be appended; give a new "
                         "file name or the CSV of an earlier Bench run",
                         path, what);
    return 0;
}

/* Can a file be made beside `path`? Tried before the timing, not after it. */
static int check_writable(const char *path, error_text *err)
{
    atomic_file probe;
    if (atomic_open(&probe, path, err) != 0)
        return -1;
    atomic_abort(&probe);
    return 0;
}

int bench_check_wide_csv(const char *path, const bench_table *table, error_text *err)
{
    char *header = bench_wide_header(table);
    if (!header)
        return error_set(err, "out of memory");
    int status = check_header(path, header, "Bench wide CSV", err);
    free(header);
    return status < 0 ? -1 : (status == 1 ? 0 : check_writable(path, err));
}

int bench_check_long_csv(const char *path, error_text *err)
{
    int status = check_header(path, LONG_HEADER, "Bench long CSV", err);
    return status < 0 ? -1 : (status == 1 ? 0 : check_writable(path, err));
}

/* Copy the old file (read under the lock), or write the header into a new one, add `text`,
 * replace the file. */
static int copy_and_append(const char *path, const char *header, const char *text, error_text *err)
{
    FILE *old = fopen(path, "rb");
    if (!old && errno != ENOENT)
        return error_set(err, "%s: cannot read the CSV file: %s", path, strerror(errno));
    atomic_file file;
    if (atomic_open(&file, path, err) != 0) {
        if (old)
            fclose(old);
        return -1;
    }
    size_t copied = 0;
    int last = '\n';
    if (old) {
        char buffer[65536];
        size_t n;
        while ((n = fread(buffer, 1, sizeof buffer, old)) > 0) {
            fwrite(buffer, 1, n, file.stream);
            copied += n;
            last = buffer[n - 1];
        }
        int failed = ferror(old);
        fclose(old);
        if (failed) {
            atomic_abort(&file);
            return error_set(err, "%s: reading the CSV file failed", path);
        }
    }
    if (copied == 0)
        fprintf(file.stream, "%s\n", header);
    else if (last != '\n') /* a file cut short must not glue our row to its last line */
        fputc('\n', file.stream);
    fputs(text, file.stream);
    return atomic_commit(&file, err);
}

static int append(const char *path, const char *header, const char *text, error_text *err)
{
    const char *what = strcmp(header, LONG_HEADER) ? "Bench wide CSV" : "Bench long CSV";
    int stream = atomic_is_stream(path, err);
    if (stream < 0)
        return -1;
    if (stream) {
        atomic_file file;
        if (atomic_open(&file, path, err) != 0)
            return -1;
        fprintf(file.stream, "%s\n%s", header, text);
        return atomic_commit(&file, err);
    }
    /* The header check, the copy and the replacement form one step no other Bench may enter. */
    int lock = atomic_lock(path, err);
    if (lock < 0)
        return -1;
    int status = check_header(path, header, what, err) < 0 ? -1 : copy_and_append(path, header, text, err);
    atomic_unlock(lock);
    return status;
}

int bench_append_wide_csv(const char *path, const bench_context *c, const bench_table *table,
                          const bench_results *results, error_text *err)
{
    char *header = bench_wide_header(table);
    char *text = header ? bench_wide_text(c, table, results) : NULL;
    int status = text ? append(path, header, text, err) : error_set(err, "out of memory");
    free(header);
    free(text);
    return status;
}

int bench_append_long_csv(const char *path, const bench_context *c, const bench_results *results, error_text *err)
{
    char *text = bench_long_text(c, results);
    if (!text)
        return error_set(err, "out of memory");
    int status = append(path, LONG_HEADER, text, err);
    free(text);
    return status;
}
