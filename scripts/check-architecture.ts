// Architecture rules of web/src (bulletproof-react), enforced: features never import each other; shared code
// (components, hooks, lib, config, styles) never imports features or app; nothing edits or re-exports through
// barrel files; query keys are never typed by hand.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';

const root = resolve('web/src');
const files: string[] = [];
const walk = (dir: string) => {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (path === join(root, 'lib', 'api', 'generated')) continue;
      walk(path);
    } else if (/\.(ts|tsx)$/.test(entry)) files.push(path);
  }
};
walk(root);

const problems: string[] = [];
const area = (file: string) => relative(root, file).split(sep);
const importRe = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const [top, feature] = area(file);
  const rel = relative(process.cwd(), file);
  if (/^index\.tsx?$/.test(file.split(sep).pop()!) && /^export \* from/m.test(text)) problems.push(`${rel}: barrel file`);
  if (/queryKey:\s*\[/.test(text)) problems.push(`${rel}: a query key typed by hand (use the generated get…QueryKey)`);
  for (const match of text.matchAll(importRe)) {
    const spec = match[1] ?? match[2] ?? match[3]!;
    let target: string | null = null;
    if (spec.startsWith('@/')) target = join(root, spec.slice(2));
    else if (spec.startsWith('.')) target = resolve(dirname(file), spec);
    if (!target || !target.startsWith(root)) continue;
    const [tTop, tFeature] = relative(root, target).split(sep);
    if (top === 'features' && tTop === 'features' && tFeature !== feature) problems.push(`${rel}: feature "${feature}" imports feature "${tFeature}" (${spec})`);
    if (['components', 'hooks', 'lib', 'config', 'styles'].includes(top!) && (tTop === 'features' || tTop === 'app')) problems.push(`${rel}: shared code imports ${tTop} (${spec})`);
  }
}

// The parts around the portal never reach into it: mock, cli, core and contract do not import web/ (the
// types they share are the contract's, contract/generated/model); core imports none of web, mock or cli.
const importTargets = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(importRe)].map((match) => match[1] ?? match[2] ?? match[3]!).filter((spec) => spec.startsWith('.')).map((spec) => resolve(dirname(file), spec));
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) ? [path] : [];
  });
const forbidden: Record<string, string[]> = { mock: ['web'], cli: ['web'], contract: ['web'], core: ['web', 'mock', 'cli'] };
for (const [part, outOfBounds] of Object.entries(forbidden)) {
  for (const file of sourceFiles(resolve(part))) {
    for (const target of importTargets(file)) {
      const top = relative(process.cwd(), target).split(sep)[0]!;
      if (outOfBounds.includes(top)) problems.push(`${relative(process.cwd(), file)}: ${part} imports ${top}/ (${relative(process.cwd(), target)})`);
    }
  }
}

// e2e specs take `test` from the suite's own fixtures (a request context that keeps no connection to race
// the mock's idle close: tests/e2e/support/test.ts), never straight from Playwright.
const e2eDir = resolve('tests/e2e');
for (const entry of readdirSync(e2eDir)) {
  if (!entry.endsWith('.spec.ts')) continue;
  const text = readFileSync(join(e2eDir, entry), 'utf8');
  if (/import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*['"]@playwright\/test['"]/.test(text)) problems.push(`tests/e2e/${entry}: imports test from @playwright/test (use ./support/test)`);
}

if (problems.length) {
  console.error(`Architecture rules broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Architecture rules hold (${files.length} files).`);
