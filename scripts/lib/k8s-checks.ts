// validate-infra's checks of infra/k8s: kubeconform in strict mode against the vendored Kubernetes
// schemas (infra/schemas/kubernetes, one check per resource), then the policies kubeconform cannot
// see: probes, resources and security context of every Deployment; PDB and HPA where scaling
// happens; the Ingress; scrape annotations and the NetworkPolicy that admits Prometheus
// (./metrics-exposure.ts); the kustomization's list.
import type { SpawnSyncReturns } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { KUBECONFORM_VERSION, ensureKubeconform } from './infra-tools';
import type { IngressPath, K8sResource, Labels } from './infra-types';
import { k8sScrapeProblems } from './metrics-exposure';

const KUBERNETES_VERSION = '1.33.0';

/** What validate-infra lends these checks: the root it checks, how a check is recorded, how a tool runs. */
export interface InfraCheckContext {
  root: string;
  check: (name: string, run: () => string[] | undefined) => void;
  section: (title: string) => void;
  run: (command: string, args: string[]) => SpawnSyncReturns<string>;
  rel: (file: string) => string;
}

/** Every check of the manifests under infra/k8s, in the order the summary lists them. */
export function checkKubernetes(context: InfraCheckContext): void {
  context.section(`Kubernetes manifests (schemas of Kubernetes ${KUBERNETES_VERSION})`);
  const k8sDir = path.join(context.root, 'infra/k8s');
  const manifests = readdirSync(k8sDir).filter((name) => /\.ya?ml$/.test(name)).sort();
  kubeconformChecks(context, k8sDir, manifests);
  policyChecks(context, manifests, parseManifests(context, k8sDir, manifests));
}

/** One resource of kubeconform's JSON report. */
interface Checked {
  filename: string;
  kind?: string;
  name?: string;
  status: string;
  msg?: string;
}

/** kubeconform's verdict on each resource (one check each), or why it could not give one. */
function kubeconformChecks({ root, check, run, rel }: InfraCheckContext, k8sDir: string, manifests: string[]): void {
  let kubeconform;
  try {
    kubeconform = ensureKubeconform();
  } catch (err) {
    check(`kubeconform ${KUBECONFORM_VERSION}`, () => [err instanceof Error ? err.message : String(err)]);
  }
  if (kubeconform) {
    const schemaLocation = path.join(root, 'infra/schemas/kubernetes/{{.NormalizedKubernetesVersion}}-standalone{{.StrictSuffix}}/{{.ResourceKind}}{{.KindSuffix}}.json');
    const result = run(kubeconform, [
      '-strict',
      '-verbose',
      '-output', 'json',
      '-kubernetes-version', KUBERNETES_VERSION,
      '-schema-location', schemaLocation,
      '-skip', 'Kustomization',
      ...manifests.map((name) => path.join(k8sDir, name)),
    ]);
    let report: { resources?: Checked[] } | undefined;
    try {
      report = JSON.parse(result.stdout) as { resources?: Checked[] };
    } catch {
      check(`kubeconform ${KUBECONFORM_VERSION}: runs`, () => [(result.stderr || result.stdout || `exit ${result.status}`).trim()]);
    }
    // kubeconform validates in parallel; sorted, the report reads the same every run.
    const key = (r: Checked): string => `${r.filename} ${r.kind} ${r.name}`;
    for (const resource of (report?.resources ?? []).sort((a, b) => key(a).localeCompare(key(b)))) {
      if (resource.status === 'statusSkipped') continue;
      const what = resource.kind ? `${resource.kind} ${resource.name}` : 'document';
      check(`kubeconform ${KUBECONFORM_VERSION} (strict): ${rel(resource.filename)} ${what}`, () =>
        resource.status === 'statusValid' ? [] : [resource.msg || resource.status],
      );
    }
    if (report && result.status !== 0 && !(report.resources ?? []).some((r) => r.status !== 'statusValid' && r.status !== 'statusSkipped')) {
      check('kubeconform: exit status', () => [`exit ${result.status}: ${result.stderr.trim()}`]);
    }
  }
}

/** The resources of every manifest that parses; a file that does not is one failed check. */
function parseManifests({ check }: InfraCheckContext, k8sDir: string, manifests: string[]): K8sResource[] {
  const resources: K8sResource[] = [];
  for (const name of manifests) {
    const docs = parseAllDocuments(readFileSync(path.join(k8sDir, name), 'utf8'));
    const errors = docs.flatMap((doc) => doc.errors.map((e) => e.message));
    // A file that does not parse is kubeconform's failure already; the checks below leave it out.
    if (errors.length) check(`k8s policy: infra/k8s/${name} parses (skipped by the checks below)`, () => errors);
    else {
      for (const doc of docs) {
        const object = doc.toJS() as Omit<K8sResource, 'file'> | null;
        if (object?.kind) resources.push({ file: name, ...object });
      }
    }
  }
  return resources;
}

const selects = (selector: Labels = {}, labels: Labels = {}): boolean =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([label, value]) => labels[label] === value);

/** What kubeconform's schemas cannot see: how the resources fit together and what they allow. */
function policyChecks({ check }: InfraCheckContext, manifests: string[], resources: K8sResource[]): void {
  const ofKind = (kind: string): K8sResource[] => resources.filter((r) => r.kind === kind);

  for (const deployment of ofKind('Deployment')) {
    check(`k8s policy: Deployment ${deployment.metadata.name} (probes, resources, security context, Service)`, () => {
      const problems = [];
      const pod = deployment.spec?.template?.spec ?? {};
      const podSecurity = pod.securityContext ?? {};
      for (const container of pod.containers ?? []) {
        const c = `container ${container.name}`;
        if (container.readinessProbe?.httpGet?.path !== '/readyz') problems.push(`${c}: readiness probe is not GET /readyz`);
        if (container.livenessProbe?.httpGet?.path !== '/healthz') problems.push(`${c}: liveness probe is not GET /healthz`);
        for (const kind of ['requests', 'limits'] as const) {
          for (const resource of ['cpu', 'memory'] as const) {
            if (!container.resources?.[kind]?.[resource]) problems.push(`${c}: no ${kind}.${resource}`);
          }
        }
        const security = container.securityContext ?? {};
        if ((security.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true) problems.push(`${c}: runAsNonRoot is not true`);
        if (security.readOnlyRootFilesystem !== true) problems.push(`${c}: readOnlyRootFilesystem is not true`);
        if (security.allowPrivilegeEscalation !== false) problems.push(`${c}: allowPrivilegeEscalation is not false`);
        if (!(security.capabilities?.drop ?? []).includes('ALL')) problems.push(`${c}: capabilities do not drop ALL`);
      }
      const labels = deployment.spec?.template?.metadata?.labels;
      if (!ofKind('Service').some((s) => selects(s.spec?.selector, labels))) problems.push('no Service selects its pods');
      return problems;
    });
  }

  check('k8s policy: PodDisruptionBudget and HorizontalPodAutoscaler for gateway, calc and payments-worker', () => {
    const problems = [];
    for (const name of ['gateway', 'calc', 'payments-worker']) {
      const deployment = ofKind('Deployment').find((d) => d.metadata.name === name);
      if (!deployment) {
        problems.push(`no Deployment ${name}`);
        continue;
      }
      const labels = deployment.spec?.template?.metadata?.labels;
      if (!ofKind('PodDisruptionBudget').some((p) => selects(p.spec?.selector?.matchLabels, labels))) problems.push(`no PodDisruptionBudget for ${name}`);
      if (!ofKind('HorizontalPodAutoscaler').some((h) => h.spec?.scaleTargetRef?.kind === 'Deployment' && h.spec.scaleTargetRef.name === name)) problems.push(`no HorizontalPodAutoscaler for ${name}`);
      if (deployment.spec?.replicas !== undefined) problems.push(`Deployment ${name} sets replicas, which its HorizontalPodAutoscaler owns`);
    }
    return problems;
  });

  check('k8s policy: Ingress sends /api to gateway, / to web, and never /metrics to a pod', () => {
    const problems = [];
    const paths = ofKind('Ingress').flatMap((i) => (i.spec?.rules ?? []).flatMap((r) => r.http?.paths ?? []));
    const target = (p: IngressPath): string | undefined => p.backend?.service?.name;
    if (!paths.some((p) => p.path === '/api' && target(p) === 'gateway')) problems.push('/api does not go to the gateway');
    if (!paths.some((p) => p.path === '/' && p.pathType === 'Prefix' && target(p) === 'web')) problems.push('/ does not go to web');
    const metrics = paths.find((p) => p.path === '/metrics' && p.pathType === 'Exact');
    const metricsService = ofKind('Service').find((s) => s.metadata.name === target(metrics ?? {}));
    const podLabels = ofKind('Deployment').map((d) => d.spec?.template?.metadata?.labels);
    if (!metricsService) problems.push('/metrics has no Exact rule to a Service that selects no pod');
    else if (podLabels.some((labels) => selects(metricsService.spec?.selector, labels))) problems.push(`/metrics goes to ${metricsService.metadata.name}, which selects pods`);
    for (const p of paths) if (p.path?.startsWith('/metrics') && p !== metrics) problems.push(`${p.path} is routed`);
    return problems;
  });

  check('k8s policy: Prometheus can scrape every pod, and the public web Service exposes no metrics port', () =>
    k8sScrapeProblems({ deployments: ofKind('Deployment'), services: ofKind('Service'), policies: ofKind('NetworkPolicy'), ingresses: ofKind('Ingress') }),
  );

  check('k8s policy: NetworkPolicies deny by default and allow DNS', () => {
    const policies = ofKind('NetworkPolicy');
    const problems = [];
    const all = (p: K8sResource): boolean => Object.keys(p.spec?.podSelector ?? { x: '1' }).length === 0;
    if (!policies.some((p) => all(p) && ['Ingress', 'Egress'].every((type) => p.spec?.policyTypes?.includes(type)) && !p.spec?.ingress && !p.spec?.egress)) {
      problems.push('no default-deny policy (every pod, Ingress and Egress, no rule)');
    }
    if (!policies.some((p) => all(p) && (p.spec?.egress ?? []).some((rule) => (rule.ports ?? []).some((port) => port.port === 53)))) problems.push('no egress to DNS (port 53) for every pod');
    return problems;
  });

  check('k8s policy: kustomization.yaml lists every manifest, and no secret', () => {
    const kustomization = resources.find((r) => r.kind === 'Kustomization');
    if (!kustomization) return ['no kustomization.yaml'];
    const listed = new Set(kustomization.resources ?? []);
    const problems = [];
    for (const name of manifests) {
      if (name === 'kustomization.yaml') continue;
      const example = name.includes('.example.');
      if (example && listed.has(name)) problems.push(`${name} is a template and must not be applied`);
      if (!example && !listed.has(name)) problems.push(`${name} is not listed`);
    }
    for (const name of listed) if (!manifests.includes(name)) problems.push(`${name} is listed but does not exist`);
    for (const r of resources) if (r.kind === 'Secret' && listed.has(r.file)) problems.push(`${r.file} holds a Secret`);
    return problems;
  });
}
