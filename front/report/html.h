/* html.h — the HTML report: one self-contained page (inline CSS and
 * JavaScript, SVG charts drawn by its own script, no network, no
 * third-party code) built from JSON reports as `gcnsim run --json` writes
 * them.  The page embeds the reports as data and its script draws, per
 * run: a summary, the stall breakdown, the instruction mix, occupancy /
 * VALU busy / DRAM bandwidth over time ("series"), the balance across
 * CUs ("per_cu"), a roofline from the device's peaks ("device_params")
 * with the kernel's point ("flops_fp32", "cache".dram_bytes, "time_us")
 * and the disassembly with a bar of wave-cycles per instruction
 * ("hotspots", with source lines where they carry file and line).  A
 * chart whose member is missing is left out with a note; a functional
 * run's report says it has no cycle-model figures.  The script and style
 * are front/report/html/report.js and report.css, compiled in. */
#ifndef GCNSIM_HTML_H
#define GCNSIM_HTML_H

#include <stddef.h>
#include <stdio.h>

/* Write the page titled title to fp: the n JSON reports docs[] (each the
 * bytes of one `gcnsim run --json`), labelled labels[] (NULL: "run 1",
 * "run 2", ...); n > 1 puts the runs side by side (a comparison, deltas
 * against the first).  Returns 0, or -1 with a one-line message in err
 * (n is 0, or a write failed). */
int html_write(FILE *fp, const char *title, const char *const *docs, const char *const *labels, size_t n,
               char *err, size_t errlen);

/* The script and the style sheet compiled in (front/report/html/, made
 * into C by the build). */
extern const char html_report_js[];
extern const char html_report_css[];

#endif
