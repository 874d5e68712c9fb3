/**
 * The generated clients of other languages, for test/clients/check.ts: each one is generated from
 * openapi.yaml, compiled, and made to decode the recorded answers and write them back (a decoder in
 * the language prints `{"i", "json"}` or `{"i", "error"}` per answer; `misread` compares). The
 * settings are each generator's defaults except those docs/clients.md names. Toolchains and
 * dependencies come from their registries and stay in their caches (~/.m2, the Go module and
 * build caches, ~/.cargo, Rust's build in ~/.cache/fdapi-clients); compiles run one at a time under `nice`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';

export interface Context {
  root: string;
  spec: string;
  /** A fresh directory of the language's own. */
  dir: string;
  /** JSON file: `[{schema, where, value}]`. */
  answers: string;
}
export interface Language {
  name: string;
  check(ctx: Context): string[];
}

function run(cmd: string, argv: string[], cwd: string, env: Record<string, string> = {}): { code: number; out: string; err: string } {
  const r = spawnSync('nice', [cmd, ...argv], { cwd, encoding: 'utf8', maxBuffer: 256 << 20, env: { ...process.env, NO_COLOR: '1', ...env } });
  if (r.error) throw r.error;
  return { code: r.status ?? 1, out: r.stdout, err: r.stderr };
}

/** The last lines of a failed step's output. */
const tail = (r: { out: string; err: string }, n = 3) => `${r.out}\n${r.err}`.trim().split('\n').slice(-n).join(' | ');

/** Runs openapi-generator (the npm wrapper's pinned jar); its errors are problems. */
function openapiGenerator(ctx: Context, generator: string, props: string[] = [], extra: string[] = []): string[] {
  const r = run(path.join(ctx.root, 'node_modules/.bin/openapi-generator-cli'), [
    'generate', '-i', ctx.spec, '-g', generator, '-o', ctx.dir,
    '--global-property', 'apiTests=false,modelTests=false,apiDocs=false,modelDocs=false',
    ...(props.length ? ['--additional-properties', props.join(',')] : []), ...extra,
  ], ctx.root);
  const problems = `${r.out}\n${r.err}`.split('\n').filter((l) => /^\[main\] ERROR\b|^Exception/.test(l));
  if (r.code !== 0) problems.push(`generate: exit ${r.code}: ${tail(r)}`);
  return problems;
}

const show = (v: unknown) => (JSON.stringify(v) ?? 'absent').slice(0, 120);
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

/**
 * The first difference between an answer and what the decoded models wrote back. An absent key
 * equals null (generators drop nulls when writing), and an absent array the empty list some start
 * optional arrays with; a date-time may come back with other trailing zeros of its fraction.
 */
export function differs(want: unknown, got: unknown, at = '$'): string | null {
  if (want === undefined && Array.isArray(got) && got.length === 0) return null;
  if (want == null || got == null) return (want == null) === (got == null) ? null : `${at}: ${show(want)} read as ${show(got)}`;
  if (Array.isArray(want) || Array.isArray(got)) {
    if (!Array.isArray(want) || !Array.isArray(got) || want.length !== got.length) return `${at}: ${show(want)} read as ${show(got)}`;
    for (let i = 0; i < want.length; i++) {
      const d = differs(want[i], got[i], `${at}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (typeof want === 'object' && typeof got === 'object') {
    const w = want as Record<string, unknown>;
    const g = got as Record<string, unknown>;
    for (const k of new Set([...Object.keys(w), ...Object.keys(g)])) {
      const d = differs(w[k], g[k], `${at}.${k}`);
      if (d) return d;
    }
    return null;
  }
  if (want === got) return null;
  if (typeof want === 'string' && typeof got === 'string' && DATE_TIME.test(want) && DATE_TIME.test(got) && Date.parse(want) === Date.parse(got)) return null;
  return `${at}: ${show(want)} read as ${show(got)}`;
}

/** The answers a decoder's output misread: a decode error, a value that differs, an answer it skipped. */
export function misread(answersFile: string, output: string): string[] {
  const answers = JSON.parse(fs.readFileSync(answersFile, 'utf8')) as { schema: string; where: string; value: unknown }[];
  const lines = new Map<number, { json?: unknown; error?: string }>();
  for (const l of output.split('\n')) {
    if (!l.startsWith('{')) continue;
    const o = JSON.parse(l) as { i: number; json?: unknown; error?: string };
    lines.set(o.i, o);
  }
  const problems: string[] = [];
  answers.forEach((a, i) => {
    const l = lines.get(i);
    const what = !l ? 'not decoded' : l.error !== undefined ? `decode error: ${l.error.replace(/\s+/g, ' ')}` : differs(a.value, l.json);
    if (what) problems.push(`answer misread: ${a.where} as ${a.schema}: ${what}`);
  });
  return problems;
}

/** The schema names the answers decode as. */
const schemasOf = (answersFile: string) => [...new Set((JSON.parse(fs.readFileSync(answersFile, 'utf8')) as { schema: string }[]).map((a) => a.schema))].sort();

// ---------------------------------------------------------------- Java

const M2 = ['-B', '-q', '-Dmaven.repo.local=' + path.join(process.env.HOME ?? '/root', '.m2/repository')];

function java(library: 'okhttp-gson' | 'native', props: string[], extra: string[], codec: string): Language {
  return {
    name: `openapi-generator java ${library}`,
    check(ctx) {
      const problems = openapiGenerator(ctx, 'java', [`library=${library}`, ...props], extra);
      if (problems.length) return problems;
      const libs = path.join(ctx.dir, 'libs');
      let r = run('mvn', [...M2, 'dependency:copy-dependencies', '-DincludeScope=compile', `-DoutputDirectory=${libs}`], ctx.dir);
      // the decoder reads and writes JSON lines with Gson (okhttp-gson's own; native's models use Jackson)
      if (r.code === 0) r = run('mvn', [...M2, 'dependency:copy', '-Dartifact=com.google.code.gson:gson:2.10.1', `-DoutputDirectory=${libs}`], ctx.dir);
      if (r.code !== 0) return [`maven dependencies: ${tail(r)}`];
      const sources = fs.readdirSync(path.join(ctx.dir, 'src/main/java'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.java')).map((f) => path.join(ctx.dir, 'src/main/java', f));
      const classes = path.join(ctx.dir, 'classes');
      r = run('javac', ['-nowarn', '-encoding', 'UTF-8', '-d', classes, '-cp', `${libs}/*`, ...sources, path.join(ctx.root, 'test/clients/java/DecodeAnswers.java')], ctx.dir);
      const errors = `${r.out}\n${r.err}`.split('\n').filter((l) => /: error: /.test(l)).map((l) => `javac: ${path.relative(ctx.dir, l)}`);
      if (r.code !== 0) return errors.length ? errors : [`javac: exit ${r.code}: ${tail(r)}`];
      r = run('java', ['-cp', `${libs}/*:${classes}`, 'DecodeAnswers', ctx.answers, 'org.openapitools.client.model', codec], ctx.dir);
      if (r.code !== 0) return [`decoder: exit ${r.code}: ${tail(r)}`];
      return misread(ctx.answers, r.out);
    },
  };
}

// ---------------------------------------------------------------- Kotlin

/**
 * openapi-generator `kotlin` (jvm-okhttp4 with Moshi, its defaults), compiled by Maven with the
 * kotlin-maven-plugin (test/clients/kotlin/pom.xml: the generator's own build is Gradle's, which
 * the registries here do not serve) together with test/clients/kotlin/Decode.kt.
 */
const kotlin: Language = {
  name: 'openapi-generator kotlin',
  check(ctx) {
    // Moshi merges a oneOf's members into one class: `details` (null, an object or an array) and the
    // change feed's record id (a number or a UUID) are read as what they are (docs/clients.md)
    const problems = openapiGenerator(ctx, 'kotlin', [], ['--schema-mappings', 'ApiErrorDetails=kotlin.Any,ChangeRecordId=kotlin.Any']);
    if (problems.length) return problems;
    fs.copyFileSync(path.join(ctx.root, 'test/clients/kotlin/pom.xml'), path.join(ctx.dir, 'pom.xml'));
    fs.mkdirSync(path.join(ctx.dir, 'decoder'));
    fs.copyFileSync(path.join(ctx.root, 'test/clients/kotlin/Decode.kt'), path.join(ctx.dir, 'decoder/Decode.kt'));
    // one `schema<TAB>json` line per answer: the decoder reads each value's own JSON text
    const answers = JSON.parse(fs.readFileSync(ctx.answers, 'utf8')) as { schema: string; value: unknown }[];
    fs.writeFileSync(path.join(ctx.dir, 'answers.tsv'), answers.map((a) => `${a.schema}\t${JSON.stringify(a.value)}\n`).join(''));
    let r = run('mvn', [...M2, 'compile', 'dependency:build-classpath', '-Dmdep.outputFile=classpath.txt'], ctx.dir);
    if (r.code !== 0) {
      const errors = `${r.out}\n${r.err}`.split('\n').filter((l) => /^\[ERROR\] (file:|e: )/.test(l)).map((l) => `kotlinc: ${l.replace(/^\[ERROR\] (file:\/\/)?/, '').replace(`${ctx.dir}/`, '')}`);
      return errors.length ? errors : [`mvn compile: exit ${r.code}: ${tail(r)}`];
    }
    const classpath = `${path.join(ctx.dir, 'target/classes')}:${fs.readFileSync(path.join(ctx.dir, 'classpath.txt'), 'utf8').trim()}`;
    r = run('java', ['-cp', classpath, 'DecodeKt', 'answers.tsv'], ctx.dir);
    if (r.code !== 0) return [`decoder: exit ${r.code}: ${tail(r)}`];
    return misread(ctx.answers, r.out);
  },
};

// ---------------------------------------------------------------- Go

const GO_ENV = { GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' };

/** A Go decoder: `types` maps each schema name to a new value of the package's type. */
function goDecoder(module: string, schemas: string[], typeOf: (schema: string) => string): string {
  return `package main

import (
	"encoding/json"
	"os"

	api "${module}"
)

var types = map[string]func() any{
${schemas.map((s) => `\t${JSON.stringify(s)}: func() any { return new(api.${typeOf(s)}) },`).join('\n')}
}

func main() {
	raw, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var answers []struct {
		Schema string          \`json:"schema"\`
		Value  json.RawMessage \`json:"value"\`
	}
	if err := json.Unmarshal(raw, &answers); err != nil {
		panic(err)
	}
	out := json.NewEncoder(os.Stdout)
	for i, a := range answers {
		v := types[a.Schema]()
		if err := json.Unmarshal(a.Value, v); err != nil {
			_ = out.Encode(map[string]any{"i": i, "error": err.Error()})
			continue
		}
		written, err := json.Marshal(v)
		if err != nil {
			_ = out.Encode(map[string]any{"i": i, "error": "write: " + err.Error()})
			continue
		}
		_ = out.Encode(map[string]any{"i": i, "json": json.RawMessage(written)})
	}
}
`;
}

/** go mod tidy, go build, go vet, then the decoder. */
function goCompileAndDecode(ctx: Context, module: string, typeOf: (schema: string) => string): string[] {
  fs.mkdirSync(path.join(ctx.dir, 'cmd/decode'), { recursive: true });
  fs.writeFileSync(path.join(ctx.dir, 'cmd/decode/main.go'), goDecoder(module, schemasOf(ctx.answers), typeOf));
  for (const step of [['mod', 'tidy'], ['build', './...'], ['vet', './...']]) {
    const r = run('go', step, ctx.dir, GO_ENV);
    if (r.code !== 0) return [`go ${step.join(' ')}: ${r.err.split('\n').filter((l) => l && !l.startsWith('#') && !l.startsWith('go: ')).slice(0, 20).join(' | ') || tail(r)}`];
  }
  const r = run('go', ['run', './cmd/decode', ctx.answers], ctx.dir, GO_ENV);
  if (r.code !== 0) return [`decoder: exit ${r.code}: ${tail(r)}`];
  return misread(ctx.answers, r.out);
}

const openapiGeneratorGo: Language = {
  name: 'openapi-generator go',
  check(ctx) {
    const problems = openapiGenerator(ctx, 'go', ['packageName=fdapi', 'enumClassPrefix=true']);
    if (problems.length) return problems;
    return goCompileAndDecode(ctx, 'github.com/GIT_USER_ID/GIT_REPO_ID', (s) => s);
  },
};

const oapiCodegen: Language = {
  name: 'oapi-codegen',
  check(ctx) {
    fs.mkdirSync(ctx.dir, { recursive: true });
    fs.writeFileSync(path.join(ctx.dir, 'go.mod'), 'module fdapi.example/oapi\n\ngo 1.24\n');
    // skip-prune: oapi-codegen's pruning keeps only what paths use, so the schemas of `webhooks` alone
    // (WebhookEvent) were dropped while the code for them was generated (docs/clients.md)
    fs.writeFileSync(path.join(ctx.dir, 'oapi-codegen.yaml'), 'package: fdapi\noutput: fdapi.gen.go\ngenerate:\n  models: true\n  client: true\noutput-options:\n  skip-prune: true\n');
    const r = run('go', ['run', 'github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2', '-config', 'oapi-codegen.yaml', ctx.spec], ctx.dir, { GOTOOLCHAIN: 'local' });
    if (r.code !== 0) return [`generate: exit ${r.code}: ${tail(r)}`];
    return goCompileAndDecode(ctx, 'fdapi.example/oapi', (s) => s);
  },
};

// ---------------------------------------------------------------- Rust

const rust: Language = {
  name: 'openapi-generator rust',
  check(ctx) {
    const problems = openapiGenerator(ctx, 'rust', ['packageName=fdapi']);
    if (problems.length) return problems;
    const arms = schemasOf(ctx.answers).map((s) => `        ${JSON.stringify(s)} => roundtrip::<fdapi::models::${s}>(&v),`).join('\n');
    fs.mkdirSync(path.join(ctx.dir, 'src/bin'), { recursive: true });
    fs.writeFileSync(path.join(ctx.dir, 'src/bin/decode.rs'), `fn roundtrip<T: serde::de::DeserializeOwned + serde::Serialize>(v: &str) -> Result<String, String> {
    let t: T = serde_json::from_str(v).map_err(|e| e.to_string())?;
    serde_json::to_string(&t).map_err(|e| format!("write: {e}"))
}

fn main() {
    let raw = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let answers: Vec<serde_json::Value> = serde_json::from_str(&raw).unwrap();
    for (i, a) in answers.iter().enumerate() {
        let v = a["value"].to_string();
        let r = match a["schema"].as_str().unwrap() {
${arms}
        other => Err(format!("no model {other}")),
        };
        match r {
            Ok(json) => println!("{{\\"i\\":{i},\\"json\\":{json}}}"),
            Err(e) => println!("{}", serde_json::json!({"i": i, "error": e})),
        }
    }
}
`);
    // one build of the crate and the decoder (a `cargo check` first would compile every dependency
    // twice), in a target directory kept between runs so that the dependencies are compiled once
    const target = path.join(os.homedir(), '.cache/fdapi-clients/cargo-target');
    const built = run('cargo', ['build', '--quiet', '--bin', 'decode'], ctx.dir, { CARGO_TARGET_DIR: target });
    if (built.code !== 0) return [`cargo build: ${built.err.split('\n').filter((l) => /^error/.test(l)).slice(0, 20).join(' | ') || tail(built)}`];
    const r = run(path.join(target, 'debug/decode'), [ctx.answers], ctx.dir);
    if (r.code !== 0) return [`decoder: exit ${r.code}: ${tail(r)}`];
    return misread(ctx.answers, r.out);
  },
};

// ---------------------------------------------------------------- TypeScript

/** A fresh directory under test/artifacts (so that the generated code resolves this project's node_modules). */
function tsDir(ctx: Context, name: string): string {
  const dir = path.join(ctx.root, 'test/artifacts/clients', name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The lines of generated TypeScript that type a field `unknown` where the document gives a type (open maps and body-less answers aside). */
const untyped = (source: string) => source.split('\n')
  .filter((l) => /\bunknown\b/.test(l) && !/^\s*(\*|\/\/|\/\*)/.test(l) && !/\[(key|name): string\]: unknown\b/.test(l) && !/["']unknown["']/.test(l) && !/Response<unknown>/.test(l))
  .map((l) => `untyped: ${l.trim()}`);

/**
 * Compiles a generated TypeScript client with `tsc --strict` together with every recorded answer
 * written as a constant of its schema's generated type (`header` imports the types as `S`): a type
 * error in an answer is a misread, any other one a compile problem.
 */
function typeCheckAnswers(ctx: Context, dir: string, header: string[]): string[] {
  const answers = JSON.parse(fs.readFileSync(ctx.answers, 'utf8')) as { schema: string; where: string; value: unknown }[];
  fs.writeFileSync(path.join(dir, 'answers.ts'), [
    ...header,
    ...answers.map((a, i) => `// ${a.where.replace(/\n/g, ' ')}\nexport const a${i}: S[${JSON.stringify(a.schema)}] = ${JSON.stringify(a.value)};`),
  ].join('\n'));
  const r = run(path.join(ctx.root, 'node_modules/.bin/tsc'), ['--strict', '--noEmit', '--skipLibCheck', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--lib', 'es2022,dom', 'answers.ts'], dir);
  const errors = r.out.split('\n').filter((l) => /error TS\d+/.test(l));
  const problems = errors.map((l) => {
    const line = /^answers\.ts\((\d+),/.exec(l)?.[1];
    const a = line ? answers[Math.floor((Number(line) - header.length - 1) / 2)] : undefined;
    return a ? `answer misread: ${a.where} as ${a.schema}: ${l.replace(/^[^:]*: /, '').slice(0, 200)}` : `tsc: ${l}`;
  });
  if (r.code !== 0 && !errors.length) problems.push(`tsc: exit ${r.code}: ${tail(r)}`);
  fs.rmSync(dir, { recursive: true, force: true });
  return problems;
}

/**
 * openapi-typescript + openapi-fetch: the types must name every field (no `unknown` where the
 * document gives a type; open maps aside) and every recorded answer must type-check, under
 * `tsc --strict`, as its schema.
 */
const openapiTypescript: Language = {
  name: 'openapi-typescript + openapi-fetch',
  check(ctx) {
    const dir = tsDir(ctx, 'openapi-typescript');
    const r = run(path.join(ctx.root, 'node_modules/.bin/openapi-typescript'), [ctx.spec, '-o', path.join(dir, 'api.ts')], ctx.root);
    if (r.code !== 0) return [`generate: exit ${r.code}: ${tail(r)}`];
    return [...untyped(fs.readFileSync(path.join(dir, 'api.ts'), 'utf8')), ...typeCheckAnswers(ctx, dir, [
      "import createClient from 'openapi-fetch';",
      "import type { components, paths } from './api.js';",
      "type S = components['schemas'];",
      "export const client = createClient<paths>({ baseUrl: 'http://localhost:3000' });",
    ])];
  },
};

/** Generated TypeScript types named as the document's schemas, as one `S` to index by schema name. */
const schemaIndex = (ctx: Context, from: string) => {
  const names = [...new Set((JSON.parse(fs.readFileSync(ctx.answers, 'utf8')) as { schema: string }[]).map((a) => a.schema))].sort();
  return [`import type { ${names.join(', ')} } from '${from}';`, `type S = { ${names.map((n) => `${JSON.stringify(n)}: ${n}`).join('; ')} };`];
};

/** orval with its defaults (the axios client, one file): tsc --strict, no `unknown` field, every answer as its schema's type. */
const orval: Language = {
  name: 'orval',
  check(ctx) {
    const dir = tsDir(ctx, 'orval');
    const r = run(path.join(ctx.root, 'node_modules/.bin/orval'), ['--input', ctx.spec, '--output', path.join(dir, 'api.ts')], dir);
    if (r.code !== 0 || !fs.existsSync(path.join(dir, 'api.ts'))) return [`generate: exit ${r.code}: ${tail(r)}`];
    return [...untyped(fs.readFileSync(path.join(dir, 'api.ts'), 'utf8')), ...typeCheckAnswers(ctx, dir, [...schemaIndex(ctx, './api.js'), "export * as api from './api.js';"])];
  },
};

/** @hey-api/openapi-ts with its defaults (types, SDK and its fetch client): the same checks. */
const heyApi: Language = {
  name: '@hey-api/openapi-ts',
  check(ctx) {
    const dir = tsDir(ctx, 'hey-api');
    const r = run(path.join(ctx.root, 'node_modules/.bin/openapi-ts'), ['--input', ctx.spec, '--output', path.join(dir, 'client')], dir);
    if (r.code !== 0 || !fs.existsSync(path.join(dir, 'client/types.gen.ts'))) return [`generate: exit ${r.code}: ${tail(r)}`];
    return [...untyped(fs.readFileSync(path.join(dir, 'client/types.gen.ts'), 'utf8')), ...typeCheckAnswers(ctx, dir, [...schemaIndex(ctx, './client/index.js'), "export * as sdk from './client/index.js';"])];
  },
};

// ---------------------------------------------------------------- C#

type Json = Record<string, any>;
const pascal = (name: string) => name.split(/[_\W]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');

/**
 * The C# type of every model property the document makes 64-bit or double, read from the generated
 * source: no .NET SDK can be installed on the machines this runs on, so the C# client is generated
 * and its model types checked without compiling.
 */
const csharp: Language = {
  name: 'openapi-generator csharp (model types only)',
  check(ctx) {
    const problems = openapiGenerator(ctx, 'csharp');
    if (problems.length) return problems;
    const doc = YAML.parse(fs.readFileSync(ctx.spec, 'utf8')) as Json;
    const schemas = doc.components.schemas as Record<string, Json>;
    /** `long` or `double` when a property is int64 or double (through a $ref, a nullable anyOf, array items), else null. */
    const wide = (s: Json | undefined, depth = 0): string | null => {
      if (!s || depth > 5) return null;
      if (s.$ref) return wide(schemas[s.$ref.split('/').pop()], depth + 1);
      if (s.anyOf) return s.anyOf.map((x: Json) => wide(x, depth + 1)).find(Boolean) ?? null;
      if (s.items) return wide(s.items, depth + 1);
      if (s.format === 'int64') return 'long';
      if (s.format === 'double') return 'double';
      return null;
    };
    const models = fs.readdirSync(ctx.dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\/Model\/[^/]+\.cs$/.test(f));
    let checked = 0;
    for (const [name, s] of Object.entries(schemas)) {
      const file = models.find((f) => f.endsWith(`/Model/${name}.cs`));
      if (!file || !s.properties) continue;
      const source = fs.readFileSync(path.join(ctx.dir, file), 'utf8');
      for (const [prop, ps] of Object.entries<Json>(s.properties)) {
        const want = wide(ps);
        if (!want) continue;
        const m = new RegExp(`public (\\S+) ${pascal(prop)} \\{ get;`).exec(source);
        if (!m) continue;
        checked++;
        if (!new RegExp(`\\b${want}\\b`).test(m[1]!)) problems.push(`${name}.${prop}: ${m[1]} in the C# model, ${want} in the document`);
      }
    }
    if (checked < 50) problems.push(`only ${checked} 64-bit or double properties found in the C# models: the check no longer reads them`);
    return problems;
  },
};

export const CHEAP: Language[] = [openapiTypescript, orval, heyApi, oapiCodegen];
export const HEAVY: Language[] = [
  openapiGeneratorGo,
  java('okhttp-gson', [], [], 'org.openapitools.client.JSON'),
  // native cannot compile a union with an array member (`details`): docs/clients.md
  java('native', ['supportUrlQuery=false'], ['--schema-mappings', 'ApiErrorDetails=com.fasterxml.jackson.databind.JsonNode'], 'org.openapitools.client.ApiClient'),
  rust,
  kotlin,
  csharp,
];
