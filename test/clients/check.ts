/**
 * `make test-generators`: the generators partners run take openapi.yaml whole.
 *
 * Generates clients with openapi-python-client, openapi-generator `python` and openapi-generator
 * `typescript-fetch` (modelPropertyNaming=original), compiles the TypeScript with `tsc --strict`,
 * imports both Python packages, and fails on any problem: a warning or error in a generator's output,
 * a schema it dropped, a response it omitted, a model it had to name itself (an inline object), a tsc
 * error, a failed import, or a response example of the document that a generated Python model
 * refuses (the models must read what the server sends: nulls, full rows where summaries are allowed).
 *
 * The other languages partners use (test/clients/languages.ts): each client is generated, compiled and
 * made to decode recorded answers (every response example of the document and
 * test/clients/fixtures/answers.json, test/clients/record.ts) and write them back; any decode error
 * or value that differs from the JSON is a problem.
 *
 * `tsx test/clients/check.ts [openapi.yaml] [--count] [--all] [--only name,name]`: `--count` prints the
 * problems and their count per generator and exits 0 (the before/after figures); the heavy compiles
 * (HEAVY in languages.ts) run only with `--all` or `--only`. Each generator's time is printed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { recordTally } from '../tally.js';
import { CHEAP, HEAVY, type Language } from './languages.js';

const root = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const countOnly = args.includes('--count');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1]!.split(',') : null;
const spec = path.resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--only') ?? path.join(root, 'generated/openapi.bundled.yaml'));
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fdapi-clients-'));
const python = path.join(root, '.venv/bin/python');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

/** Generator output lines that are not problems of the document. */
const BENIGN = [
  // logged by openapi-generator 7.x for every 3.1 document, even one with a single schema
  /ModelUtils - Failed to get the schema name: null/,
  // the query parameter `from` (analytics, usage) is a Python keyword: the generated argument is `var_from`
  /From \(reserved word\) cannot be used as model name/,
  /OpenAPI 3\.1 support is still in beta/,
];

/** Every response example of the document with the named schema it must parse as. */
function responseExamples(): { schema: string; where: string; value: unknown }[] {
  const doc = YAML.parse(fs.readFileSync(spec, 'utf8'));
  const found: { schema: string; where: string; value: unknown }[] = [];
  for (const [p, item] of Object.entries<any>(doc.paths))
    for (const [m, op] of Object.entries<any>(item))
      for (const [code, resp] of Object.entries<any>(op?.responses ?? {})) {
        const r = resp.$ref ? doc.components.responses[resp.$ref.split('/').pop()] : resp;
        const media = r?.content?.['application/json'];
        const schema: string | undefined = media?.schema?.$ref?.split('/').pop();
        if (!schema) continue;
        const where = `${m.toUpperCase()} ${p} ${code}`;
        if (media.example !== undefined) found.push({ schema, where, value: media.example });
        for (const [name, ex] of Object.entries<any>(media.examples ?? {})) found.push({ schema, where: `${where} (${name})`, value: ex.value });
      }
  return found;
}

/** The response examples of the document and the recorded answers, each with the schema it must decode as. */
function recordedAnswers(): { schema: string; where: string; value: unknown }[] {
  const fixtures = JSON.parse(fs.readFileSync(path.join(root, 'test/clients/fixtures/answers.json'), 'utf8')) as { name: string; request: string; status: number; schema: string; body: unknown }[];
  return [...responseExamples(), ...fixtures.map((a) => ({ schema: a.schema, where: `${a.request} ${a.status} (${a.name})`, value: a.body }))];
}

/** The examples a generated Python package's models refuse. */
function parseExamples(pkg: string, cwd: string): Problems {
  const file = path.join(out, `examples-${pkg}.json`);
  fs.writeFileSync(file, JSON.stringify(recordedAnswers()));
  const r = run(python, [path.join(root, 'test/clients/parse_examples.py'), pkg, file], cwd);
  const problems = r.text.split('\n').filter((l) => l.startsWith('example refused'));
  if (r.code !== 0) problems.push(`parse_examples.py failed: ${r.text.trim().split('\n').pop()}`);
  return problems;
}

function run(cmd: string, argv: string[], cwd = root): { code: number; text: string } {
  const r = spawnSync(cmd, argv, { cwd, encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, NO_COLOR: '1' } });
  if (r.error) throw r.error;
  return { code: r.status ?? 1, text: `${r.stdout}\n${r.stderr}` };
}

type Problems = string[];

/** openapi-python-client prints a block per problem, each starting with a capitalised headline. */
function openapiPythonClient(): Problems {
  const dir = path.join(out, 'funding_data_api_client');
  const r = run(path.join(root, '.venv/bin/openapi-python-client'), [
    'generate', '--path', spec, '--output-path', dir, '--overwrite', '--meta', 'none',
    '--config', path.join(root, 'test/clients/openapi-python-client.yaml'),
  ]);
  const problems = r.text.split('\n').filter((l) =>
    /^(WARNING|ERROR|Unable to|Cannot|Attempted|Failure|Warning\(s\))/.test(l) || /will be omitted|removal of/.test(l));
  if (r.code !== 0) problems.push(`exit code ${r.code}`);
  if (!problems.length) {
    const imp = run(python, ['-c', 'import funding_data_api_client.api, funding_data_api_client.models, pkgutil, importlib\n'
      + 'import funding_data_api_client.api as a\n'
      + 'for m in pkgutil.walk_packages(a.__path__, a.__name__ + "."): importlib.import_module(m.name)'], out);
    if (imp.code !== 0) problems.push(`import failed: ${imp.text.trim().split('\n').pop()}`);
    else problems.push(...parseExamples('funding_data_api_client', out));
  }
  return problems;
}

/** openapi-generator logs `[main] WARN` / `[main] ERROR` lines and a stack trace when it aborts. */
function openapiGenerator(generator: 'python' | 'typescript-fetch'): Problems {
  const dir = path.join(out, generator);
  const props = generator === 'python' ? 'packageName=fdapi_generated' : 'modelPropertyNaming=original,supportsES6=true';
  // verbose: the generator logs the inline objects it has to name at INFO level
  const r = run(bin('openapi-generator-cli'), ['generate', '-i', spec, '-g', generator, '-o', dir, '--verbose',
    '--additional-properties', props, '--global-property', 'apiTests=false,modelTests=false,apiDocs=false,modelDocs=false']);
  const problems = r.text.split('\n')
    .filter((l) => /^\[main\] (WARN|ERROR)\b|^Exception|^Error|Inline schema created as/.test(l))
    .filter((l) => !BENIGN.some((b) => b.test(l)));
  if (r.code !== 0) problems.push(`exit code ${r.code}`);
  // A model the generator had to name itself is an object the document left inline.
  const models = generator === 'python' ? path.join(dir, 'fdapi_generated/models') : path.join(dir, 'models');
  if (fs.existsSync(models)) {
    for (const f of fs.readdirSync(models)) {
      if (/(\d{3}_?response|_?inner|one_?of|any_?of|_?null)\.(ts|py)$/i.test(f)) problems.push(`inline schema named by the generator: ${f}`);
    }
  }
  if (r.code === 0 && generator === 'typescript-fetch') {
    const tsc = run(bin('tsc'), ['--strict', '--noEmit', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler',
      '--lib', 'es2022,dom', 'index.ts'], dir);
    problems.push(...tsc.text.split('\n').filter((l) => /error TS\d+/.test(l)));
  }
  if (r.code === 0 && generator === 'python') {
    const imp = run(python, ['-c', 'import fdapi_generated, fdapi_generated.models, fdapi_generated.api'], dir);
    if (imp.code !== 0) problems.push(`import failed: ${imp.text.trim().split('\n').pop()}`);
    else problems.push(...parseExamples('fdapi_generated', dir));
  }
  return problems;
}

const PYTHON: Record<string, () => Problems> = {
  'openapi-python-client': openapiPythonClient,
  'openapi-generator python': () => openapiGenerator('python'),
  'openapi-generator typescript-fetch': () => openapiGenerator('typescript-fetch'),
};
const languages: Language[] = [...CHEAP, ...(args.includes('--all') || only ? HEAVY : [])];
const chosen = (name: string) => !only || only.includes(name);
const results: Record<string, Problems> = {};
const seconds: Record<string, number> = {};
const timed = (name: string, f: () => Problems) => {
  const t0 = performance.now();
  try {
    results[name] = f();
  } catch (err) {
    results[name] = [`check failed: ${(err as Error).message.split('\n')[0]}`];
  }
  seconds[name] = (performance.now() - t0) / 1000;
};
for (const [name, f] of Object.entries(PYTHON)) if (chosen(name)) timed(name, f);
if (languages.some((l) => chosen(l.name))) {
  const answers = path.join(out, 'answers.json');
  fs.writeFileSync(answers, JSON.stringify(recordedAnswers()));
  for (const l of languages) if (chosen(l.name)) timed(l.name, () => l.check({ root, spec, dir: path.join(out, l.name.replace(/\W+/g, '-')), answers }));
}
let failed = false;
for (const [name, problems] of Object.entries(results)) {
  console.log(`${name}: ${problems.length} problem(s) [${seconds[name]!.toFixed(0)} s]`);
  const shown = new Map<string, number>();
  for (const p of problems) shown.set(p.trim(), (shown.get(p.trim()) ?? 0) + 1);
  for (const [p, n] of shown) console.log(`  ${n > 1 ? `${n} x ` : ''}${p.slice(0, 300)}`);
  if (problems.length) failed = true;
}
fs.rmSync(out, { recursive: true, force: true });
const clean = Object.values(results).filter((problems) => problems.length === 0).length;
recordTally(only || args.includes('--all') ? 'generators-all' : 'generators', { passed: clean, failed: Object.keys(results).length - clean });
process.exit(failed && !countOnly ? 1 : 0);
