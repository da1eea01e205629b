// The HTML report's only styles, inlined (the file makes no request). System fonts; colours with at least
// 4.5:1 contrast in light and dark; the grid scrolls sideways on a phone with the operation column kept in
// view; printing drops the scroll boxes and keeps every finding.
export const reportStyles = `
:root { --bg: #fff; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --soft: #f6f8fa;
  --pass: #116329; --pass-bg: #dafbe1; --fail: #a40e26; --fail-bg: #ffebe9; --warn: #7d4e00; --warn-bg: #fff8c5; --link: #0550ae; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9ea7b3; --line: #30363d; --soft: #161b22;
    --pass: #56d364; --pass-bg: #0f2e19; --fail: #ff8182; --fail-bg: #3c1418; --warn: #e3b341; --warn-bg: #2e2410; --link: #79c0ff; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--link); }
a:focus-visible, [tabindex]:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
main, header, footer { padding: 0 16px; max-width: 1200px; margin: 0 auto; }
header.verdict { margin: 0; max-width: none; padding: 16px; border-bottom: 4px solid; }
header.pass { background: var(--pass-bg); border-color: var(--pass); }
header.fail { background: var(--fail-bg); border-color: var(--fail); }
header.warn { background: var(--warn-bg); border-color: var(--warn); }
.tool { margin: 0; color: var(--muted); font-size: 14px; overflow-wrap: anywhere; }
h1 { margin: 4px 0; font-size: 22px; line-height: 1.3; }
h1 .word { font-weight: 800; letter-spacing: .02em; }
.pass h1 .word { color: var(--pass); } .fail h1 .word { color: var(--fail); } .warn h1 .word { color: var(--warn); }
h1 .explanation { font-weight: 500; }
.headline { margin: 4px 0 8px; font-weight: 600; }
.counts { display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; margin: 0; padding: 0; color: var(--muted); }
.counts b { color: var(--fg); }
h2 { font-size: 18px; margin: 28px 0 8px; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0 0 8px; }
.k.passed { color: var(--pass); } .k.failed { color: var(--fail); } .k.not-tried, .k.not-applicable { color: var(--muted); }
.scroll { overflow-x: auto; border: 1px solid var(--line); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: left; }
thead th { background: var(--soft); font-size: 13px; position: sticky; top: 0; }
.grid th[scope="row"] { position: sticky; left: 0; background: var(--bg); font-weight: 500; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; white-space: nowrap; }
.grid tr.has-failure th[scope="row"] { color: var(--fail); font-weight: 700; }
.grid tr.did-not-work th[scope="row"] { color: var(--muted); }
.grid tr.did-not-work td.c.passed { opacity: 0.55; }
.dnw { display: inline-block; margin-inline-start: 0.4em; font-size: 0.8em; font-weight: 400; color: var(--muted); border: 1px solid currentColor; border-radius: 0.6em; padding: 0 0.4em; }
.grid th.check { vertical-align: bottom; padding: 8px 2px; }
.grid th.check span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
.grid td.c { text-align: center; padding: 0; min-width: 30px; height: 30px; font-size: 16px; }
.grid td.c a { display: block; padding: 4px 2px; text-decoration: none; color: inherit; }
.c.passed { color: var(--pass); }
.c.failed { color: var(--fail); background: var(--fail-bg); font-weight: 700; }
.c.not-tried { color: var(--muted); }
.c.not-applicable { color: var(--line); }
.c .n, .c sup { font-size: 10px; vertical-align: super; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.checks { margin: 8px 0; }
.checks summary { cursor: pointer; color: var(--link); }
dl { margin: 0; }
.checks dt, .settings dt { font-weight: 600; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
.checks dd, .settings dd { margin: 0 0 8px; overflow-wrap: anywhere; }
.findings { padding-left: 0; list-style: none; counter-reset: finding; }
.finding { border: 1px solid var(--line); border-left: 4px solid var(--fail); border-radius: 6px; padding: 8px 12px; margin: 0 0 12px; }
.finding:target { outline: 3px solid var(--link); }
.finding h3 { margin: 0 0 6px; font-size: 16px; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; }
.finding .kind { background: var(--fail-bg); color: var(--fail); border-radius: 4px; padding: 0 6px; font-size: 13px; }
.finding .times { color: var(--muted); font-weight: 400; }
.finding dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; }
.finding dt { color: var(--muted); }
.finding dd { margin: 0; overflow-wrap: anywhere; min-width: 0; }
pre { margin: 4px 0; padding: 8px; background: var(--soft); border-radius: 4px; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 13px; }
code { font-size: 13px; overflow-wrap: anywhere; }
.reasons li:target { outline: 3px solid var(--link); }
.warnings { background: var(--warn-bg); border-radius: 6px; padding: 4px 12px; margin-top: 16px; }
footer { color: var(--muted); font-size: 13px; margin-top: 32px; padding-bottom: 24px; }
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
@media (max-width: 600px) {
  body { font-size: 14px; }
  h1 { font-size: 19px; }
  .finding dl { grid-template-columns: 1fr; }
  .finding dt { margin-top: 4px; }
}
@media print {
  :root { --bg: #fff; --fg: #000; --soft: #f3f3f3; }
  .scroll { overflow: visible; border: 0; }
  .checks { display: none; }
  .grid th[scope="row"], thead th { position: static; }
  .finding { break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}
`
