/* report.js - draws gcnsim's HTML report from the JSON reports embedded in
 * the page (<script id="gcnsim-data">: [{label, report: "JSON text"}]).
 * Plain DOM and SVG, no library, no network.  Each chart is an <svg> with
 * data-chart=NAME; a chart whose JSON member is missing is replaced by a
 * note.  Errors are shown in the page (#errors) as well as the console. */
(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var STALL_COLORS = {
    waitcnt_vmcnt: "#d62728", waitcnt_lgkmcnt: "#ff7f0e", waitcnt_expcnt: "#bcbd22", barrier: "#9467bd",
    dependency: "#8c564b", arbitration: "#1f77b4", mem_queue: "#e377c2", translation: "#17becf",
    fetch: "#7f7f7f", sleep: "#c5b0d5", issue: "#2ca02c"
  };
  var CAT_COLORS = {
    valu: "#1f77b4", salu: "#ff7f0e", smem: "#ffbb78", vmem: "#d62728", lds: "#9467bd", branch: "#8c564b",
    other: "#7f7f7f"
  };
  var SPARE = ["#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#3182bd", "#e6550d", "#31a354"];

  function errorBox() {
    var box = document.getElementById("errors");
    if (!box) {
      box = document.createElement("pre");
      box.id = "errors";
      document.body.insertBefore(box, document.body.firstChild);
    }
    return box;
  }
  window.onerror = function (msg, src, line) {
    errorBox().textContent += "error: " + msg + " (line " + line + ")\n";
  };

  function el(tag, attrs, parent, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function sv(tag, attrs, parent, text) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function svgBox(parent, name, w, h) {
    return sv("svg", {"class": "chart", "data-chart": name, width: w, height: h,
                      viewBox: "0 0 " + w + " " + h, role: "img"}, parent);
  }
  function note(parent, text) {
    return el("p", {"class": "note"}, parent, text);
  }
  function num(v) {
    return typeof v === "number" && isFinite(v);
  }
  function fmt(v, digits) {
    if (!num(v)) return "-";
    if (digits === undefined) digits = Math.abs(v) >= 100 || v === Math.round(v) ? 0 : 2;
    return v.toLocaleString("en-US", {minimumFractionDigits: digits, maximumFractionDigits: digits});
  }
  function color(map, key, i) {
    return map[key] || SPARE[i % SPARE.length];
  }
  /* About n round tick values covering [lo, hi]. */
  function ticks(lo, hi, n) {
    if (!(hi > lo)) hi = lo + 1;
    var step = Math.pow(10, Math.floor(Math.log10((hi - lo) / n)));
    var err = (hi - lo) / n / step;
    step *= err >= 7.5 ? 10 : err >= 3.5 ? 5 : err >= 1.5 ? 2 : 1;
    var out = [];
    for (var t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(+t.toPrecision(12));
    return out;
  }
  function isTiming(r) {
    return r && r.mode !== "functional" && num(r.cycles);
  }
  function noTimingText(r) {
    if (r.mode === "functional") return "functional run: no cycle-model figures (run without --functional for them)";
    if (r.status === "fault")
      return "a wave faulted, so there is no cycle-model report" + (r.fault ? ": " + r.fault.message : "");
    return "no cycle-model figures in this report";
  }
  function needTiming(r, box) {
    if (isTiming(r)) return true;
    note(box, noTimingText(r));
    return false;
  }

  /* ---- horizontal bars: [{name, value, color, text}] ---------------------- */
  function hbars(box, name, rows, unit) {
    var w = 560, lw = 150, rh = 20, h = rows.length * rh + 10;
    var max = Math.max.apply(null, rows.map(function (r) { return r.value; }).concat([1e-9]));
    var s = svgBox(box, name, w, h);
    rows.forEach(function (r, i) {
      var y = 5 + i * rh, bw = Math.max(0, (w - lw - 110) * r.value / max);
      sv("text", {x: lw - 6, y: y + 14, "text-anchor": "end", "class": "label"}, s, r.name);
      var rect = sv("rect", {x: lw, y: y + 3, width: bw.toFixed(1), height: rh - 6, fill: r.color}, s);
      sv("title", {}, rect, r.name + ": " + r.text);
      sv("text", {x: lw + bw + 6, y: y + 14, "class": "value"}, s, r.text + (unit || ""));
    });
    return s;
  }

  /* ---- summary --------------------------------------------------------------- */
  function summary(r, box) {
    var t = el("table", {"class": "kv"}, box);
    function row(k, v) {
      var tr = el("tr", {}, t);
      el("th", {}, tr, k);
      el("td", {}, tr, v);
    }
    row("kernel", r.kernel);
    row("target", r.target + (r.device ? " on " + r.device : ""));
    row("launch", "global " + (r.global || []).join("x") + ", local " + (r.local || []).join("x") + ": " +
        fmt(r.workgroups) + " work-groups, " + fmt(r.waves) + " waves");
    row("status", r.status || "-");
    if (!isTiming(r)) {
      row("instructions", fmt(r.instructions && r.instructions.total) + " wave-instructions");
      note(box, noTimingText(r));
      return;
    }
    row("cycles", fmt(r.cycles) + " (" + fmt(r.time_us, 3) + " us" +
        (num(r.total_us) ? ", " + fmt(r.total_us, 3) + " us with the launch overhead" : "") + ")");
    row("wave-instructions", fmt(r.instructions.total));
    row("VALUBusy / SALUBusy", fmt(r.valu_busy_pct, 2) + "% / " + fmt(r.salu_busy_pct, 2) + "%");
    row("VALUUtilization", fmt(r.valu_utilization_pct, 2) + "%");
    if (r.occupancy)
      row("occupancy", fmt(r.occupancy.theoretical_waves_per_simd) + " waves/SIMD theoretical (limited by " +
          r.occupancy.limited_by + "), " + fmt(r.occupancy.achieved_waves_per_simd, 2) + " achieved");
    if (r.cache)
      row("DRAM traffic", fmt(r.cache.dram_bytes) + " bytes; L2 hits " + fmt(r.cache.l2_hit_pct, 2) + "%");
    if (num(r.flops_fp32)) row("FP32 flops", fmt(r.flops_fp32));
  }

  /* ---- stalls ---------------------------------------------------------------- */
  function stalls(r, box) {
    if (!needTiming(r, box)) return;
    var p = r.stall_pct;
    if (!p) return note(box, "no stall_pct in this report");
    var rows = Object.keys(p).map(function (k, i) {
      return {name: k, value: p[k], color: color(STALL_COLORS, k, i), text: fmt(p[k], 2) + "%"};
    }).sort(function (a, b) { return b.value - a.value; });
    var sum = rows.reduce(function (a, x) { return a + x.value; }, 0);
    el("p", {"class": "caption"}, box, "Share of the " + fmt(r.wave_cycles) +
       " resident wave-cycles in which a wave did not issue, by reason (" + fmt(sum, 2) +
       "% in all; the rest issued or waited for its own issue cost).");
    hbars(box, "stalls", rows);
  }

  /* ---- instruction mix ------------------------------------------------------- */
  function mix(r, box) {
    if (!needTiming(r, box)) return;
    var m = r.instructions;
    if (!m) return note(box, "no instructions in this report");
    var total = m.total || 0;
    var rows = Object.keys(m).filter(function (k) { return k !== "total"; }).map(function (k, i) {
      return {name: k.length <= 5 && k !== "other" ? k.toUpperCase() : k, value: m[k],
              color: color(CAT_COLORS, k, i), text: fmt(m[k]) + " (" + fmt(total ? 100 * m[k] / total : 0, 1) + "%)"};
    });
    el("p", {"class": "caption"}, box, fmt(total) + " wave-instructions by the unit that issued them.");
    hbars(box, "mix", rows);
  }

  /* ---- line panels over time ------------------------------------------------- */
  function series(r, box) {
    if (!needTiming(r, box)) return;
    var s = r.series;
    if (!s || !s.points) return note(box, "no series in this report (it comes from a newer gcnsim's cycle model)");
    var mhz = r.device_params && r.device_params.clock_mhz || 1000, I = s.interval_cycles;
    var xs = [];
    for (var i = 0; i < s.points; i++) xs.push(i * I / mhz);
    var tEnd = s.cycles / mhz;
    var panels = [
      {title: "occupancy (waves per SIMD)", lines: [{key: "occupancy", color: "#1f77b4", name: "resident waves"}]},
      {title: "VALU busy (%)", lines: [{key: "valu_busy_pct", color: "#2ca02c", name: "VALUBusy"}], max: 100},
      {title: "DRAM bandwidth (GB/s)", lines: [{key: "dram_read_gbps", color: "#d62728", name: "read"},
                                               {key: "dram_write_gbps", color: "#9467bd", name: "written"}]}
    ];
    el("p", {"class": "caption"}, box, s.points + " points of " + fmt(I) + " cycles (" + fmt(I / mhz, 3) +
       " us) each: device-wide averages per interval.");
    var w = 560, ph = 110, gap = 34, left = 52, right = 12;
    var s0 = svgBox(box, "series", w, panels.length * (ph + gap) + 24);
    panels.forEach(function (p, k) {
      var top = 18 + k * (ph + gap);
      var vals = [].concat.apply([], p.lines.map(function (l) { return s[l.key] || []; }));
      var ymax = Math.max.apply(null, vals.concat([p.max ? 0 : 1e-9]));
      if (p.max) ymax = Math.max(ymax, p.max);
      if (!(ymax > 0)) ymax = 1;
      var yt = ticks(0, ymax, 3), ytop = Math.max(ymax, yt[yt.length - 1]);
      function X(t) { return left + (w - left - right) * t / (tEnd || 1); }
      function Y(v) { return top + ph - ph * v / ytop; }
      sv("text", {x: left, y: top - 5, "class": "label"}, s0, p.title);
      sv("rect", {x: left, y: top, width: w - left - right, height: ph, "class": "frame"}, s0);
      yt.forEach(function (v) {
        sv("line", {x1: left, x2: w - right, y1: Y(v), y2: Y(v), "class": "grid"}, s0);
        sv("text", {x: left - 4, y: Y(v) + 4, "text-anchor": "end", "class": "tick"}, s0, fmt(v));
      });
      p.lines.forEach(function (l) {
        var ys = s[l.key];
        if (!ys) return;
        var d = "";
        for (var i = 0; i < ys.length; i++) {   /* steps: the value holds over its interval */
          var x0 = X(xs[i]), x1 = X(Math.min(xs[i] + I / mhz, tEnd));
          d += (i ? "L" : "M") + x0.toFixed(1) + "," + Y(ys[i]).toFixed(1) + "L" + x1.toFixed(1) + "," + Y(ys[i]).toFixed(1);
        }
        var path = sv("path", {d: d, stroke: l.color, fill: "none", "stroke-width": 1.5, "class": "line"}, s0);
        sv("title", {}, path, l.name);
      });
      if (p.lines.length > 1)
        p.lines.forEach(function (l, j) {
          sv("rect", {x: w - right - 130 + j * 65, y: top + 4, width: 10, height: 10, fill: l.color}, s0);
          sv("text", {x: w - right - 116 + j * 65, y: top + 13, "class": "tick"}, s0, l.name);
        });
      if (k === panels.length - 1)
        ticks(0, tEnd, 6).forEach(function (t) {
          if (t > tEnd) return;
          sv("text", {x: X(t), y: top + ph + 14, "text-anchor": "middle", "class": "tick"}, s0, fmt(t));
        });
    });
    sv("text", {x: w / 2, y: panels.length * (ph + gap) + 18, "text-anchor": "middle", "class": "label"}, s0,
       "time (us)");
  }

  /* ---- balance across CUs ---------------------------------------------------- */
  function percu(r, box) {
    if (!needTiming(r, box)) return;
    var pc = r.per_cu;
    if (!pc) return note(box, "no per_cu in this report");
    var n = Math.max(r.cus || 0, pc.reduce(function (a, c) { return Math.max(a, c.cu + 1); }, 0));
    var byCu = {};
    pc.forEach(function (c) { byCu[c.cu] = c; });
    var used = pc.length;
    el("p", {"class": "caption"}, box, used + " of " + n + " CUs received work. Bars: wave-instructions " +
       "issued by each CU; orange dots: its VALU busy share (right axis). An uneven profile means some CUs finish early.");
    var w = 560, left = 60, right = 40, top = 10, ph = 130, h = top + ph + 18;
    var s = svgBox(box, "percu", w, h + 16);
    var max = Math.max.apply(null, pc.map(function (c) { return c.instructions; }).concat([1]));
    var bw = (w - left - right) / Math.max(n, 1);
    sv("rect", {x: left, y: top, width: w - left - right, height: ph, "class": "frame"}, s);
    ticks(0, max, 3).forEach(function (v) {
      var y = top + ph - ph * v / max;
      if (v > max) return;
      sv("line", {x1: left, x2: w - right, y1: y, y2: y, "class": "grid"}, s);
      sv("text", {x: left - 4, y: y + 4, "text-anchor": "end", "class": "tick"}, s, fmt(v));
    });
    for (var i = 0; i < n; i++) {
      var c = byCu[i], x = left + i * bw;
      if (!c) continue;
      var bh = ph * c.instructions / max;
      var rect = sv("rect", {x: x + bw * 0.1, y: top + ph - bh, width: Math.max(bw * 0.8, 1), height: bh,
                             fill: "#1f77b4"}, s);
      sv("title", {}, rect, "CU " + i + ": " + fmt(c.instructions) + " wave-instructions, " + fmt(c.workgroups) +
         " work-groups, VALUBusy " + fmt(c.valu_busy_pct, 2) + "%");
      sv("circle", {cx: x + bw / 2, cy: top + ph - ph * (c.valu_busy_pct || 0) / 100, r: Math.min(3.5, bw / 2 + 1),
                    fill: "#ff7f0e", stroke: "#fff", "stroke-width": 1}, s);
    }
    [0, 50, 100].forEach(function (v) {
      sv("text", {x: w - right + 4, y: top + ph - ph * v / 100 + 4, "class": "tick"}, s, v + "%");
    });
    ticks(0, n - 1, 8).forEach(function (i) {
      if (i !== Math.round(i) || i >= n) return;
      sv("text", {x: left + (i + 0.5) * bw, y: top + ph + 14, "text-anchor": "middle", "class": "tick"}, s, i);
    });
    sv("text", {x: (left + w - right) / 2, y: h + 14, "text-anchor": "middle", "class": "label"}, s, "CU");
  }

  /* ---- roofline ---------------------------------------------------------------- */
  function roofline(r, box) {
    if (!needTiming(r, box)) return;
    var d = r.device_params;
    if (!d || !d.cus || !d.clock_mhz || !d.dram_gbps) return note(box, "no device_params in this report");
    var peak = d.cus * 64 * 2 * d.clock_mhz / 1000, bw = d.dram_gbps, ridge = peak / bw;
    var flops = r.flops_fp32, bytes = r.cache ? r.cache.dram_bytes : undefined;
    var have = num(flops) && num(r.time_us) && r.time_us > 0;
    var ai = have && bytes > 0 ? flops / bytes : undefined, perf = have ? flops / (r.time_us * 1e3) : undefined;
    el("p", {"class": "caption"}, box, "FP32 peak " + fmt(peak) + " GFLOP/s (" + d.cus + " CUs x 64 lanes x 2 " +
       "flops (FMA) x " + d.clock_mhz + " MHz); DRAM " + fmt(bw) + " GB/s (dram_gbps); ridge at " +
       fmt(ridge, 2) + " flop/byte. " + (have ? "The kernel: " + fmt(flops) + " flops, " + fmt(bytes) +
       " DRAM bytes, " + (ai !== undefined ? fmt(ai, 2) + " flop/byte, " : "") + fmt(perf, 2) + " GFLOP/s." : ""));
    if (!num(flops)) note(box, "no flops_fp32 in this report (per-instruction counts: gcnsim run --hotspots or --html)");
    else if (!(bytes > 0)) note(box, "no DRAM traffic: the kernel's point sits at the right edge");
    var lo = Math.min(ridge / 64, ai ? ai / 4 : Infinity), hi = Math.max(ridge * 16, ai ? ai * 4 : 0);
    var ylo = Math.min(peak / 1e4, perf > 0 ? perf / 4 : Infinity), yhi = peak * 2;
    var lx0 = Math.floor(Math.log10(lo)), lx1 = Math.ceil(Math.log10(hi));
    var ly0 = Math.floor(Math.log10(ylo)), ly1 = Math.ceil(Math.log10(yhi));
    var w = 560, h = 300, left = 64, right = 16, top = 12, ph = h - top - 40;
    function X(v) { return left + (w - left - right) * (Math.log10(v) - lx0) / (lx1 - lx0); }
    function Y(v) { return top + ph - ph * (Math.log10(v) - ly0) / (ly1 - ly0); }
    var s = svgBox(box, "roofline", w, h);
    sv("rect", {x: left, y: top, width: w - left - right, height: ph, "class": "frame"}, s);
    for (var e = lx0; e <= lx1; e++) {
      sv("line", {x1: X(Math.pow(10, e)), x2: X(Math.pow(10, e)), y1: top, y2: top + ph, "class": "grid"}, s);
      sv("text", {x: X(Math.pow(10, e)), y: top + ph + 14, "text-anchor": "middle", "class": "tick"}, s,
         fmt(Math.pow(10, e), e < 0 ? -e : 0));
    }
    for (e = ly0; e <= ly1; e++) {
      sv("line", {x1: left, x2: w - right, y1: Y(Math.pow(10, e)), y2: Y(Math.pow(10, e)), "class": "grid"}, s);
      sv("text", {x: left - 4, y: Y(Math.pow(10, e)) + 4, "text-anchor": "end", "class": "tick"}, s,
         fmt(Math.pow(10, e), e < 0 ? -e : 0));
    }
    var x0 = Math.pow(10, lx0), x1 = Math.pow(10, lx1), yb = Math.max(bw * x0, Math.pow(10, ly0));
    var xb = yb / bw;
    sv("path", {d: "M" + X(xb) + "," + Y(yb) + "L" + X(ridge) + "," + Y(peak) + "L" + X(x1) + "," + Y(peak),
                stroke: "#444", "stroke-width": 2.5, fill: "none", "class": "roof"}, s);
    sv("text", {x: X(ridge) + 6, y: Y(peak) - 5, "class": "label"}, s, fmt(peak) + " GFLOP/s");
    sv("text", {x: X(xb) + 4, y: Y(yb) - 8, "class": "label",
                transform: "rotate(" + (-Math.atan2(Y(yb) - Y(peak), X(ridge) - X(xb)) * 180 / Math.PI).toFixed(1) +
                           " " + (X(xb) + 4) + " " + (Y(yb) - 8) + ")"}, s, fmt(bw) + " GB/s");
    if (have && perf > 0) {
      var px = ai !== undefined ? X(ai) : w - right - 6;
      var dot = sv("circle", {cx: px, cy: Y(perf), r: 6, fill: "#d62728", stroke: "#fff", "stroke-width": 1.5,
                              "class": "point"}, s);
      sv("title", {}, dot, r.kernel + ": " + fmt(perf, 2) + " GFLOP/s" + (ai !== undefined ? " at " + fmt(ai, 2) +
         " flop/byte" : ""));
      sv("text", {x: px + (px > w - 160 ? -10 : 10), y: Y(perf) + 4, "text-anchor": px > w - 160 ? "end" : "start",
                  "class": "label"}, s, r.kernel + " (" + fmt(perf, 1) + " GFLOP/s)");
    }
    sv("text", {x: (left + w - right) / 2, y: h - 6, "text-anchor": "middle", "class": "label"}, s,
       "arithmetic intensity (FP32 flop per DRAM byte)");
    sv("text", {x: 12, y: top + ph / 2, "text-anchor": "middle", "class": "label",
                transform: "rotate(-90 12 " + (top + ph / 2) + ")"}, s, "GFLOP/s");
  }

  /* ---- instructions with their cycles ---------------------------------------- */
  function hotspots(r, box) {
    if (!needTiming(r, box)) return;
    var hs = r.hotspots;
    if (!hs || !hs.length)
      return note(box, "no hotspots in this report (per-instruction counts: gcnsim run --hotspots or --html)");
    hs = hs.slice().sort(function (a, b) { return (a.offset || 0) - (b.offset || 0); });   /* the listing's order */
    var max = Math.max.apply(null, hs.map(function (h) { return h.cycles || 0; }).concat([1]));
    var total = r.wave_cycles || hs.reduce(function (a, h) { return a + (h.cycles || 0); }, 0);
    var src = hs.some(function (h) { return h.file || h.line; });
    el("p", {"class": "caption"}, box, "Each instruction's wave-cycles (from a wave's previous issue to this " +
       "one, summed over waves), split by stall reason; green: issuing.");
    var legend = el("div", {"class": "legend"}, box);
    Object.keys(STALL_COLORS).forEach(function (k) {
      var item = el("span", {}, legend);
      el("i", {style: "background:" + STALL_COLORS[k]}, item);
      item.appendChild(document.createTextNode(k));
    });
    var wrap = el("div", {"class": "listing"}, box);
    var t = el("table", {"class": "hotspots"}, wrap);
    var head = el("tr", {}, el("thead", {}, t));
    ["offset", "count", "wave-cycles", "", "%"].concat(src ? ["source"] : []).concat(["instruction"])
      .forEach(function (c) { el("th", {}, head, c); });
    var body = el("tbody", {}, t), W = 160, shown = Math.min(hs.length, 4000);
    for (var i = 0; i < shown; i++) {
      var h = hs[i], tr = el("tr", {}, body);
      el("td", {"class": "off"}, tr, "0x" + (h.offset || 0).toString(16).padStart(4, "0"));
      el("td", {"class": "n"}, tr, h.count ? fmt(h.count) : "");
      el("td", {"class": "n"}, tr, h.count ? fmt(h.cycles) : "");
      var cell = el("td", {"class": "bar"}, tr), bar = svgBox(cell, "bar", W, 12);
      var x = 0, st = h.stall || {}, stalled = 0;
      Object.keys(st).forEach(function (k, j) {
        var bw = W * st[k] / max;
        stalled += st[k];
        if (bw > 0) {
          sv("title", {}, sv("rect", {x: x.toFixed(2), y: 1, width: bw.toFixed(2), height: 10,
                                      fill: color(STALL_COLORS, k, j)}, bar), k + ": " + fmt(st[k]));
          x += bw;
        }
      });
      var issue = Math.max(0, (h.cycles || 0) - stalled);
      if (issue > 0)
        sv("rect", {x: x.toFixed(2), y: 1, width: (W * issue / max).toFixed(2), height: 10, fill: STALL_COLORS.issue}, bar);
      el("td", {"class": "n"}, tr, h.count ? fmt(100 * (h.cycles || 0) / total, 1) : "");
      if (src) el("td", {"class": "src"}, tr, h.file ? h.file.split("/").pop() + ":" + (h.line || "?") : "");
      el("td", {"class": "asm"}, tr, h.instruction || "");
      if ((h.cycles || 0) >= max / 10) tr.className = "hot";
    }
    if (shown < hs.length) note(box, "the first " + shown + " of " + hs.length + " instructions shown");
  }

  /* ---- a comparison table (two runs or more) --------------------------------- */
  var METRICS = [
    ["cycles", function (r) { return r.cycles; }, 0],
    ["time (us)", function (r) { return r.time_us; }, 3],
    ["with launch overhead (us)", function (r) { return r.total_us; }, 3],
    ["wave-instructions", function (r) { return r.instructions && r.instructions.total; }, 0],
    ["VALUBusy (%)", function (r) { return r.valu_busy_pct; }, 2],
    ["SALUBusy (%)", function (r) { return r.salu_busy_pct; }, 2],
    ["VALUUtilization (%)", function (r) { return r.valu_utilization_pct; }, 2],
    ["MemUnitBusy (%)", function (r) { return r.mem_unit_busy_pct; }, 2],
    ["achieved waves/SIMD", function (r) { return r.occupancy && r.occupancy.achieved_waves_per_simd; }, 2],
    ["L2 hits (%)", function (r) { return r.cache && r.cache.l2_hit_pct; }, 2],
    ["DRAM bytes", function (r) { return r.cache && r.cache.dram_bytes; }, 0],
    ["FP32 flops", function (r) { return r.flops_fp32; }, 0]
  ];
  function compare(runs, box) {
    var t = el("table", {"class": "compare"}, box);
    var head = el("tr", {}, el("thead", {}, t));
    el("th", {}, head, "");
    runs.forEach(function (x, i) {
      el("th", {}, head, x.label);
      if (i) el("th", {}, head, "change");
    });
    var body = el("tbody", {}, t);
    METRICS.forEach(function (m) {
      var tr = el("tr", {}, body), base = runs[0].r ? m[1](runs[0].r) : undefined;
      el("th", {}, tr, m[0]);
      runs.forEach(function (x, i) {
        var v = x.r ? m[1](x.r) : undefined;
        el("td", {"class": "n"}, tr, fmt(v, m[2]));
        if (!i) return;
        var d = num(v) && num(base) ? v - base : undefined;
        var rel = num(d) && base ? " (" + (d >= 0 ? "+" : "") + fmt(100 * d / base, 1) + "%)" : "";
        el("td", {"class": "n delta " + (d > 0 ? "up" : d < 0 ? "down" : "")}, tr,
           num(d) ? (d >= 0 ? "+" : "") + fmt(d, m[2]) + rel : "-");
      });
    });
  }

  var SECTIONS = [
    ["summary", "Summary", summary],
    ["stalls", "Stall breakdown", stalls],
    ["mix", "Instruction mix", mix],
    ["series", "Occupancy, VALU busy and DRAM bandwidth over time", series],
    ["percu", "Balance across CUs", percu],
    ["roofline", "Roofline", roofline],
    ["hotspots", "Instructions and their cycles", hotspots]
  ];

  function render() {
    var data = JSON.parse(document.getElementById("gcnsim-data").textContent);
    var runs = data.map(function (e) {
      try {
        return {label: e.label, r: JSON.parse(e.report)};
      } catch (x) {
        return {label: e.label, r: null, error: "not a JSON report: " + x.message};
      }
    });
    var app = document.getElementById("app");
    app.textContent = "";
    if (runs.length > 1) {
      var c = el("section", {id: "sec-compare"}, app);
      el("h2", {}, c, "Comparison (changes against " + runs[0].label + ")");
      compare(runs, c);
    }
    SECTIONS.forEach(function (sec) {
      var s = el("section", {id: "sec-" + sec[0]}, app);
      el("h2", {}, s, sec[1]);
      var grid = el("div", {"class": "runs", style: "grid-template-columns: repeat(" + runs.length + ", minmax(0, 1fr))"}, s);
      runs.forEach(function (x) {
        var box = el("div", {"class": "run"}, grid);
        if (runs.length > 1) el("h3", {}, box, x.label);
        if (!x.r) return note(box, x.error);
        sec[2](x.r, box);
      });
    });
    document.body.setAttribute("data-rendered", "1");
  }

  try {
    render();
  } catch (x) {
    errorBox().textContent += "error: " + (x && x.stack || x) + "\n";
    throw x;
  }
})();
