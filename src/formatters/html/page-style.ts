// The html report's stylesheet (inline, allowed by its hash in the page's Content-Security-Policy).

export const PAGE_STYLE = `
:root{--bg:#f6f7f9;--fg:#1d2330;--muted:#667085;--line:#d9dde5;--user:#e6f0ff;--asst:#fff;--tool:#f2f4f7;--err:#c0262d;--warn:#b25e09;--ok:#17803d;--hit:#fff3b0}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
a{color:#1558d6}
header.top{padding:12px 20px;background:#fff;border-bottom:1px solid var(--line)}
header.top h1{font-size:18px;margin:0 0 4px}
.totals{margin:0 0 8px}
.totals .e{color:var(--err);font-weight:600}.totals .w{color:var(--warn);font-weight:600}.totals .ok{color:var(--ok);font-weight:600}
table.rules{border-collapse:collapse;font-size:13px}
table.rules td,table.rules th{border-bottom:1px solid var(--line);padding:2px 10px 2px 0;text-align:left;vertical-align:top}
table.rules td.n{text-align:right}
.layout{display:flex;align-items:flex-start}
nav.side{position:sticky;top:0;flex:0 0 280px;max-height:100vh;overflow:auto;padding:10px 12px;border-right:1px solid var(--line);background:#fff;font-size:13px}
nav.side h2{font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin:12px 0 4px}
nav.side ol{list-style:none;margin:0;padding:0}
nav.side li{margin:1px 0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
nav.side .more{color:var(--muted)}
#search{width:100%;padding:5px 7px;font:inherit;border:1px solid var(--line);border-radius:4px}
label.only{display:block;margin:6px 0 2px;font-size:12px;color:var(--muted)}
#search-status{color:var(--muted);font-size:12px;min-height:1.3em}
main{flex:1 1 auto;min-width:0;padding:10px 16px}
details.group{background:#fff;border:1px solid var(--line);border-radius:6px;margin:0 0 10px}
details.group>summary{padding:6px 10px;cursor:pointer;font-weight:600}
details.group>summary .counts{font-weight:400;color:var(--muted);margin-left:8px}
.badge{display:inline-block;border-radius:9px;padding:0 7px;font-size:12px;font-weight:600;margin-left:4px}
.badge.e{background:#fde8e8;color:var(--err)}.badge.w{background:#fdf0e1;color:var(--warn)}.badge.ok{background:#e5f6ea;color:var(--ok)}
.gbody{padding:0 10px 10px;overflow-x:auto}
.evalhead{border-left:3px solid #8aa4d6;padding:4px 10px;margin:4px 0 10px;background:#f5f8ff}
.evalhead .k{color:var(--muted);font-size:12px}
.row{display:flex;gap:10px;border-top:1px dashed var(--line);padding:6px 0}
.rowhead{flex:0 0 150px;font-size:12px;color:var(--muted)}
.rowhead b{display:block;color:var(--fg)}
.cell{flex:1 1 0;min-width:300px}
.colhead{font-weight:600;word-break:break-all}
.colhead .path{display:block;font-weight:400;color:var(--muted);font-size:12px}
.ev{border:1px solid var(--line);border-radius:8px;padding:5px 9px;margin:0 0 6px;max-width:100%}
.ev.user{background:var(--user);margin-right:24px}
.ev.assistant{background:var(--asst);margin-left:24px}
.ev.tool{background:var(--tool);font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;padding:3px 8px}
.ev.other{background:#fff;border-style:dashed}
.ev .who{font-size:11px;color:var(--muted)}
.ev.bad-2{border-color:var(--err);box-shadow:0 0 0 1px var(--err)}
.ev.bad-1{border-color:var(--warn);box-shadow:0 0 0 1px var(--warn)}
.text{white-space:pre-wrap;overflow-wrap:anywhere}
.ev.tool summary{cursor:pointer;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:2px 0;font:12px/1.4 ui-monospace,Menlo,Consolas,monospace}
.ev.tool pre{background:#fff;border:1px solid var(--line);padding:4px;max-height:24em;overflow:auto}
.stop{border-radius:6px;padding:3px 8px;margin:0 0 6px;font-size:12px;font-weight:600}
.stop.stopped{background:#fdecec;color:var(--err)}.stop.completed{background:#e5f6ea;color:var(--ok)}
.finding{font-size:12px;font-weight:400;color:var(--fg);border-left:3px solid var(--err);background:#fff6f6;padding:2px 6px;margin:3px 0}
.finding.sev-1{border-left-color:var(--warn);background:#fffaf2}
.finding .sev{font-weight:700;text-transform:uppercase;font-size:11px}
.finding.sev-2 .sev{color:var(--err)}.finding.sev-1 .sev{color:var(--warn)}
.finding .loc{color:var(--muted);font-family:ui-monospace,Menlo,Consolas,monospace}
.flash{outline:3px solid #1558d6}
.src{background:#fff;border:1px solid var(--line);padding:4px 0;overflow:auto;max-height:40em}
.src .ln{display:block;padding:0 6px;white-space:pre-wrap;overflow-wrap:anywhere}
.src .ln i{display:inline-block;width:4.5em;color:var(--muted);font-style:normal;user-select:none}
.src .ln.bad{background:#fde8e8}
.src mark{background:#f7b4b4}
.src .gap{color:var(--muted);padding:0 6px}
mark.hit{background:var(--hit)}
.muted{color:var(--muted)}
[hidden]{display:none!important}
/* compare's section on top of the page (src/compare/formats/html.ts) */
section.cmp{padding:12px 20px;background:#fff;border-bottom:1px solid var(--line);overflow-wrap:anywhere}
section.cmp h1{font-size:18px;margin:0 0 4px}section.cmp h2{font-size:15px;margin:16px 0 2px}section.cmp h3{font-size:13px;margin:10px 0 2px;color:var(--muted)}
.headlines{border-left:4px solid #1f6fd1;background:#f5f8ff;padding:4px 12px;margin:6px 0 10px}.headline{font-size:15px;font-weight:600;margin:6px 0}
section.cmp .validity{margin:4px 0;padding-left:18px}section.cmp .validity .e{color:var(--err)}section.cmp .validity .w{color:var(--warn)}
section.cmp .ok{color:var(--ok)}section.cmp .k{color:var(--muted);margin:0 0 4px}
.arows{border-top:1px solid var(--line);font-size:13px}
.ahead,.arow>summary{display:grid;grid-template-columns:minmax(9em,1.4fr) minmax(90px,1.2fr) 1fr 1fr 1.1fr .5fr .6fr .9fr;gap:2px 10px;align-items:center;padding:3px 4px}
.ahead{color:var(--muted);font-size:12px;border-bottom:1px solid var(--line)}
.arow{border-bottom:1px solid var(--line)}.arow>summary{cursor:pointer;list-style:none}.arow>summary::-webkit-details-marker{display:none}
.arow>summary:hover,.arow[open]>summary{background:#f5f8ff}
.arow .aid::before{content:"\\25b8  ";color:var(--muted)}.arow[open] .aid::before{content:"\\25be  "}
.arow .aid small{color:var(--muted)}
.arow .verdict{font-weight:600}.arow .sig.better{color:var(--ok)}.arow .sig.worse{color:var(--err)}
svg.achart{display:block}
ul.failing{margin:2px 0 8px;padding-left:22px}ul.failing a{margin-right:6px}
.tables{display:flex;flex-wrap:wrap;gap:0 32px}.tables>div{min-width:0;max-width:100%}
.tscroll{max-width:100%;overflow-x:auto}
table.cmp-t{border-collapse:collapse;font-size:13px;overflow-wrap:normal}table.cmp-t td,table.cmp-t th{border-bottom:1px solid var(--line);padding:2px 12px 2px 0;text-align:left;vertical-align:top}
table.cmp-t th{font-weight:400;color:var(--muted)}
@media (max-width:760px){section.cmp{padding:10px}.ahead{display:none}.arow>summary{grid-template-columns:1fr 1fr}.arow .aid,.arow .chart{grid-column:1/-1}.arow [data-label]::before{content:attr(data-label) " ";color:var(--muted);font-size:11px;display:block}}
ul.marks{list-style:none;margin:4px 0;padding:0;font-size:13px}
ul.marks li{margin:1px 0}ul.marks summary{cursor:pointer}
ul.marks .pass .mark{color:var(--ok);font-weight:600}ul.marks .fail .mark{color:var(--err);font-weight:600}ul.marks .ungraded .mark{color:var(--muted)}
ul.marks .evidence{white-space:pre-wrap;overflow-wrap:anywhere;color:var(--muted);font-size:12px;margin:2px 0 4px 18px}
.runstatus{font-size:12px;color:var(--muted)}.runstatus.st-aborted{color:var(--err)}.runstatus.st-stopped{color:var(--warn)}
.record{font-size:12px;color:var(--muted);margin-top:2px}
details.records{margin-top:8px;font-size:13px}details.records ul{margin:4px 0;padding-left:18px}
details.group>summary .counts{overflow-wrap:anywhere}
@media (max-width:760px){.layout{display:block}nav.side{position:static;max-height:none;border-right:0;border-bottom:1px solid var(--line)}main{padding:8px}.rowhead{flex-basis:70px}.cell{min-width:240px}header.top{padding:10px}table.rules{display:block;overflow-x:auto}}
`;
