// The file view of the evidence report: a file's byte map, what explains the
// byte under the pointer (field path, value, status, note), a hex view around
// it, and the file's diagnostics. One script for the single-page report
// (evidence_report.html, inlined) and every file page of a paged report
// (report -o DIR/: DIR/file_view.js), so the two never drift apart.
// refs: page_references() ({tables, leaves, classes}); state, publish: the
// page's published state (read by the browser tests); show(p, link, offset)
// draws page p, link(offset) being the fragment that opens it at a byte.
function meshgateFileView(refs, state, publish) {
  "use strict";
  const classes = refs.classes, tables = refs.tables, leaves = refs.leaves;
  const CLS = Object.fromEntries(classes.map((c, k) => [c.role, k]));  // class index by role
  const UNCOVERED = [CLS.padding, CLS.zero_gap, CLS.nonzero];
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
  const num = (n) => Number(n).toLocaleString("en-US");
  const hex = (n, w) => "0x" + Number(n).toString(16).toUpperCase().padStart(w || 2, "0");
  const swatch = (c) => `<span class="swatch" style="background:${classes[c].colour}"></span>`;
  const COLUMNS = 128, CELL = 5, MAX_ROWS = 1600;
  function classAt(p, offset) {
    const r = p.runs;
    let lo = 0, hi = r.length / 3 - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (r[3 * mid] <= offset) lo = mid; else hi = mid - 1; }
    return r[3 * lo + 2];
  }
  function cellClass(p, begin, end) {
    const counts = new Array(classes.length).fill(0);
    const r = p.runs;
    for (let k = 0; k < r.length; k += 3) {
      const b = r[k], e = r[k] + r[k + 1];
      if (e <= begin || b >= end) continue;
      counts[r[k + 2]] += Math.min(e, end) - Math.max(b, begin);
    }
    for (const c of [CLS.overlap, CLS.nonzero, CLS.unknown_status]) if (counts[c] > 0) return c;  // never hidden by folding
    return counts.indexOf(Math.max(...counts));
  }
  // The page's bytes are windows of the file (detail.windows: [begin, base64]):
  // the whole of a small file, the parts that matter of a large one.
  function windowsOf(p) {
    if (!p.windows && p.detail && p.detail.windows)
      p.windows = p.detail.windows.map(([begin, text]) => ({ begin: begin, bytes: Uint8Array.from(atob(text), (c) => c.charCodeAt(0)) }));
    return p.windows || null;
  }
  // Up to `length` bytes from `at`, as far as the window holding `at` goes (null when none holds it).
  function bytesFrom(p, at, length) {
    for (const w of windowsOf(p) || [])
      if (at >= w.begin && at < w.begin + w.bytes.length) return w.bytes.subarray(at - w.begin, Math.min(w.bytes.length, at - w.begin + length));
    return null;
  }
  function byteAt(p, at) { const b = bytesFrom(p, at, 1); return b ? b[0] : undefined; }
  function heldBytes(p) { return (windowsOf(p) || []).reduce((n, w) => n + w.bytes.length, 0); }
  const NOT_HELD = "(not on this page: it holds only the parts of the file that matter)";
  function decode(p, at, type) {
    if (!windowsOf(p)) return "(bytes not embedded)";
    const m = /^([a-z]+?)(8|16|32|64)?(?:x(\d+))?$/.exec(type);
    if (!m || type === "bytes" || !m[2]) {
      const raw = bytesFrom(p, at, 16);
      return raw ? Array.from(raw, (b) => b.toString(16).padStart(2, "0")).join(" ") : NOT_HELD;
    }
    const width = Number(m[2]) / 8, count = Number(m[3] || 1);
    if (at + width * count > p.size) return "(past the end)";
    const bytes = bytesFrom(p, at, width * count);
    if (!bytes || bytes.length < width * count) return NOT_HELD;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    const one = (o) => {
      switch (m[1] + m[2]) {
        case "u8": return view.getUint8(o);
        case "s8": case "i8": return view.getInt8(o);
        case "u16": return view.getUint16(o, true);
        case "i16": return view.getInt16(o, true);
        case "u32": return view.getUint32(o, true);
        case "i32": return view.getInt32(o, true);
        case "u64": return view.getBigUint64(o, true).toString();
        case "f32": return `${view.getFloat32(o, true)} (${"0x" + view.getUint32(o, true).toString(16).padStart(8, "0")})`;
        default: return "?";
      }
    };
    const values = [];
    for (let k = 0; k < count; ++k) values.push(one(k * width));
    return count === 1 ? String(values[0]) : "(" + values.join(", ") + ")";
  }
  // What explains byte `offset`: path, value, status, note.
  function describe(p, offset) {
    const c = classAt(p, offset);
    const out = { offset: offset, class: classes[c].name, path: "", value: "", status: "", note: "" };
    const byte = byteAt(p, offset);
    if (byte !== undefined) out.byte = byte;
    if (UNCOVERED.includes(c)) { out.path = "(no field: uncovered)"; out.value = byte !== undefined ? hex(byte) : ""; out.status = "none: no field covers this byte"; return out; }
    const marks = p.detail ? p.detail.marks : [];
    let found = null;
    for (let lo = 0, hi = marks.length - 1; lo <= hi;) {
      const mid = (lo + hi) >> 1;
      if (marks[mid][0] <= offset) { found = mid; lo = mid + 1; } else hi = mid - 1;
    }
    // Marks are sorted by start; the one holding `offset` is at or before `found`.
    let mark = null;
    for (let k = found; k !== null && k >= 0 && k >= found - 64; --k)
      if (marks[k][0] <= offset && offset < marks[k][0] + marks[k][1]) { mark = marks[k]; break; }
    if (!mark) { out.path = p.detail ? "(no mark)" : "(no byte-level detail in this report)"; out.status = classes[c].name; return out; }
    const [begin, , owner, kind] = mark;
    const dot = owner ? owner + "." : "";
    if (kind === "t") {
      const t = tables[mark[4]], base = mark[5], stride = mark[6], indexed = mark[7];
      const k = Math.floor((offset - base) / stride), rel = (offset - base) % stride;
      const f = t.fields.find((f) => rel >= f[0] && rel < f[0] + f[1]);
      out.path = owner + (indexed ? `[${k}]` : "") + "." + f[3];
      out.value = decode(p, base + k * stride + f[0], f[2] === "bytes" ? "bytes" : f[2]);
      out.status = f[4]; out.note = f[6]; out.field = `${t.format} ${t.record} +${hex(f[0])}`;
    } else if (kind === "f") {
      const t = tables[mark[4]], f = t.fields[mark[5]];
      out.path = dot + f[3]; out.value = decode(p, begin, f[2]); out.status = f[4]; out.note = f[6];
      out.field = `${t.format} ${t.record} +${hex(f[0])}`;
    } else if (kind === "l") {
      const leaf = leaves[mark[4]], name = mark[4].split("/")[1];
      const k = Math.floor((offset - begin) / leaf.stride);
      out.path = `${dot}${name}[${k}]`; out.value = decode(p, begin + k * leaf.stride, leaf.type);
      out.status = leaf.status; out.note = leaf.note;
    } else {
      out.path = dot + mark[4]; out.status = "(no table describes this leaf)";
    }
    return out;
  }
  function hexView(p, offset) {
    if (!windowsOf(p)) return `<span class="muted">The file's bytes are not embedded in this report.</span>`;
    const first = Math.max(0, (Math.floor(offset / 16) - 4) * 16);
    let h = "", missing = false;
    for (let line = first; line < Math.min(p.size, first + 9 * 16); line += 16) {
      h += hex(line, 8) + "  ";
      for (let i = line; i < Math.min(p.size, line + 16); ++i) {
        const b = byteAt(p, i);
        missing = missing || b === undefined;
        const text = b === undefined ? "··" : b.toString(16).padStart(2, "0");
        h += (i === offset ? `<span class="sel" id="selected-byte">${text}</span>` : `<span style="border-bottom:2px solid ${classes[classAt(p, i)].colour}">${text}</span>`) + " ";
      }
      h += "\n";
    }
    return `<pre class="mono">${h}</pre>` + (missing ? `<p class="muted">·· a byte this page does not hold.</p>` : "");
  }

  function show(p, link, offset) {
    let h = `<h2>${esc(p.path)}</h2><p>${esc(p.format)}, ${num(p.size)} bytes; ${p.parsed ? "parsed" : "rejected"}; round trip ${p.identical === "read-only" ? "none (a read-only volume: its members are round-tripped)" : p.identical ? "identical" : "not identical"}.
      ${p.invariants_violated.length ? "Violates " + p.invariants_violated.map((v) => `<code>${esc(v)}</code>`).join(", ") + "." : ""}</p>`;
    if (!p.runs) {
      h += `<p>The parse stopped early, so no byte is mapped.</p>`;
    } else {
      const counts = new Array(classes.length).fill(0);
      for (let k = 0; k < p.runs.length; k += 3) counts[p.runs[k + 2]] += p.runs[k + 1];
      h += `<p class="legend">` + classes.map((c, k) => counts[k] ? `<span class="item">${swatch(k)}${esc(c.name)}: ${num(counts[k])}</span>` : "").join("") + `</p>`;
      const bpc = Math.max(1, Math.ceil(p.size / (COLUMNS * MAX_ROWS)));
      h += `<p class="muted">${COLUMNS * bpc} bytes per row${bpc > 1 ? `, ${bpc} bytes per cell (a cell shows overlaps and non-zero uncovered bytes however few; click to see the bytes)` : ""}. Hover or click a byte.</p>`;
      const held = heldBytes(p);
      if (windowsOf(p) && held < p.size)
        h += `<p class="muted" id="held">This page holds ${num(held)} of the file's ${num(p.size)} bytes: the first ${num(1024)}, around each diagnostic and overlap, and the uncovered ranges. Every byte shows its class and field; the others show no value (<code>meshgate dump</code> or <code>inspect</code> reads them).</p>`;
      h += `<div class="cols"><canvas id="map"></canvas><div style="min-width:420px;max-width:640px"><div id="info">Hover over the map.</div><div id="hex"></div></div></div>`;
    }
    if (p.diagnostics.length) {
      h += `<h3>Diagnostics</h3><table><tr><th>severity</th><th>code</th><th>path</th><th>offset</th><th>message</th></tr>` +
        p.diagnostics.map((d) => `<tr><td>${esc(d[0])}</td><td><code>${esc(d[1])}</code></td><td><code>${esc(d[2])}</code></td><td><a href="#${link(d[3])}">${hex(d[3])}</a></td><td>${esc(d[4])}</td></tr>`).join("") + `</table>`;
    }
    document.getElementById("app").innerHTML = h;
    state.view = "file"; state.file = p.path;
    if (!p.runs) return;
    const canvas = document.getElementById("map");
    const cells = Math.ceil(p.size / bpcOf(p));
    const rows = Math.ceil(cells / COLUMNS);
    canvas.width = COLUMNS * CELL; canvas.height = rows * CELL;
    const g = canvas.getContext("2d");
    const bpc = bpcOf(p);
    for (let cell = 0; cell < cells; ++cell) {
      const begin = cell * bpc, cls = bpc === 1 ? classAt(p, begin) : cellClass(p, begin, Math.min(p.size, begin + bpc));
      g.fillStyle = classes[cls].colour;
      g.fillRect((cell % COLUMNS) * CELL, Math.floor(cell / COLUMNS) * CELL, CELL, CELL);
    }
    const base = g.getImageData(0, 0, canvas.width, canvas.height);
    const offsetAt = (e) => {
      const r = canvas.getBoundingClientRect();
      const x = Math.floor((e.clientX - r.left) / CELL), y = Math.floor((e.clientY - r.top) / CELL);
      return Math.min(p.size - 1, (y * COLUMNS + x) * bpc);
    };
    const select = (offset, sticky) => {
      const d = describe(p, offset);
      g.putImageData(base, 0, 0);
      const cell = Math.floor(offset / bpc);
      g.strokeStyle = "#000"; g.lineWidth = 2;
      g.strokeRect((cell % COLUMNS) * CELL - 2, Math.floor(cell / COLUMNS) * CELL - 2, CELL + 4, CELL + 4);
      const text = `offset ${hex(offset)} (${num(offset)})\nfield  ${d.path}${d.field ? "   [" + d.field + "]" : ""}\nvalue  ${d.value}\nclass  ${d.class}\nstatus ${d.status}${d.note ? "\nnote   " + d.note : ""}`;
      document.getElementById("info").textContent = text;
      document.getElementById("hex").innerHTML = hexView(p, offset);
      if (sticky) { state.offset = offset; state.class = d.class; state.info = text; state.path = d.path; publish(); }
    };
    canvas.addEventListener("mousemove", (e) => select(offsetAt(e), false));
    canvas.addEventListener("click", (e) => { const o = offsetAt(e); location.hash = link(o); });
    if (offset !== null && offset < p.size) select(offset, true);
  }
  function bpcOf(p) { return Math.max(1, Math.ceil(p.size / (COLUMNS * MAX_ROWS))); }
  return { show: show, esc: esc, num: num, hex: hex, swatch: swatch };
}
