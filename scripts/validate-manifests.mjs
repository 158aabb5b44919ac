#!/usr/bin/env node
// Checks every Kubernetes manifest against the Kubernetes API schemas (kubernetes-models, which vendors
// the published OpenAPI schemas): the raw files under deploy/base and, when kubectl is installed, the
// rendered kustomize output of the base and the production overlay. Also parses docker-compose.yml.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

const root = new URL('..', import.meta.url).pathname;
const problems = [];
let checked = 0;

async function validate(doc, where) {
  if (!doc || typeof doc !== 'object' || !doc.apiVersion || !doc.kind) return;
  if (doc.apiVersion.startsWith('kustomize.config.k8s.io')) return;
  const group = doc.apiVersion.includes('/') ? doc.apiVersion : `v1`;
  let module;
  try {
    module = await import(`kubernetes-models/${group}`);
  } catch {
    problems.push(`${where}: unknown apiVersion ${doc.apiVersion}`);
    return;
  }
  const Model = module[doc.kind];
  if (!Model) return void problems.push(`${where}: unknown kind ${doc.kind} in ${doc.apiVersion}`);
  try {
    new Model(doc).validate();
    checked += 1;
  } catch (err) {
    problems.push(`${where} ${doc.kind}/${doc.metadata?.name}: ${err.message}`);
  }
}

async function validateYaml(text, where) {
  for (const d of parseAllDocuments(text)) {
    if (d.errors.length) problems.push(`${where}: YAML ${d.errors[0].message}`);
    else await validate(d.toJSON(), where);
  }
}

// Prove the check is live: a Deployment with a string port must be refused.
const before = problems.length;
await validate(
  {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'probe' },
    spec: { selector: {}, template: { spec: { containers: [{ name: 'a', image: 'b', ports: [{ containerPort: 'http' }] }] } } },
  },
  'probe',
);
if (problems.length !== before + 1) {
  console.error('manifests: the schema check did not reject a broken Deployment');
  process.exit(1);
}
problems.pop();

const base = join(root, 'deploy/base');
for (const f of readdirSync(base).filter((f) => /\.ya?ml$/.test(f))) await validateYaml(readFileSync(join(base, f), 'utf8'), `deploy/base/${f}`);

let rendered = 'skipped (no kubectl)';
try {
  execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
  for (const dir of ['deploy/base', 'deploy/overlays/production'])
    await validateYaml(execFileSync('kubectl', ['kustomize', join(root, dir)], { encoding: 'utf8' }), `kustomize ${dir}`);
  rendered = 'base and production overlay rendered and checked';
} catch (err) {
  if (err.status !== undefined && err.stdout !== undefined) problems.push(`kustomize failed: ${err.message}`);
}

const compose = parseAllDocuments(readFileSync(join(root, 'docker-compose.yml'), 'utf8'));
if (compose.some((d) => d.errors.length)) problems.push('docker-compose.yml: invalid YAML');

if (problems.length) {
  console.error(`manifests: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`manifests: ${checked} Kubernetes objects valid against the API schemas; kustomize: ${rendered}; docker-compose.yml parses`);
