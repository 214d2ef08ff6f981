// validate-infra's checks of how /metrics is reached: Prometheus must be able to scrape every pod
// (annotations naming a port the container listens on, a NetworkPolicy letting the monitoring
// namespace in on it), and the public edge (the web entry) must not serve its metrics on the port
// the Ingress or compose exposes. Each function returns a list of problems (empty: fine).
import type { ComposeFile, K8sResource, NetworkPolicyRule } from './infra-types';

const containerPorts = (deployment: K8sResource): { containerPort?: number; name?: string }[] =>
  (deployment.spec?.template?.spec?.containers ?? []).flatMap((container) => container.ports ?? []);

/** True when a NetworkPolicy ingress port entry admits `port` (a number; `endPort` makes a range). */
const admits = (entry: NonNullable<NetworkPolicyRule['ports']>[number], port: number): boolean =>
  entry.port === port || (typeof entry.port === 'number' && entry.endPort !== undefined && entry.port <= port && port <= entry.endPort);

/**
 * `deployments`, `services`, `policies` and `ingresses` as parsed from infra/k8s. Every pod carries
 * `prometheus.io/scrape: "true"`, `prometheus.io/path: /metrics` and a `prometheus.io/port` its
 * container listens on; a policy over every pod admits that port from the monitoring namespace; the
 * Service behind the Ingress's catch-all path exposes no pod's metrics port (the web entry serves
 * its metrics on a port of their own, WEB_METRICS_PORT).
 */
export function k8sScrapeProblems({ deployments, services, policies, ingresses }: Record<'deployments' | 'services' | 'policies' | 'ingresses', K8sResource[]>): string[] {
  const problems: string[] = [];
  const scrapePolicies = policies.filter(
    (p) =>
      Object.keys(p.spec?.podSelector ?? { x: 1 }).length === 0 &&
      (p.spec?.ingress ?? []).some((rule) => (rule.from ?? []).some((source) => source.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'monitoring')),
  );
  const admitted = scrapePolicies.flatMap((p) => (p.spec?.ingress ?? []).flatMap((rule) => rule.ports ?? []));
  const scrapePorts = new Map<string, number>();
  for (const deployment of deployments) {
    const name = deployment.metadata.name;
    const annotations = deployment.spec?.template?.metadata?.annotations ?? {};
    if (annotations['prometheus.io/scrape'] !== 'true') problems.push(`${name}: pods lack prometheus.io/scrape: "true"`);
    if (annotations['prometheus.io/path'] !== '/metrics') problems.push(`${name}: prometheus.io/path is not /metrics`);
    const port = Number(annotations['prometheus.io/port']);
    if (!containerPorts(deployment).some((p) => p.containerPort === port)) {
      problems.push(`${name}: prometheus.io/port ${annotations['prometheus.io/port']} is not a port of its container`);
      continue;
    }
    scrapePorts.set(name, port);
    if (!admitted.some((entry) => admits(entry, port))) problems.push(`${name}: no NetworkPolicy lets the monitoring namespace reach port ${port}`);
  }
  const catchAll = ingresses
    .flatMap((ingress) => (ingress.spec?.rules ?? []).flatMap((rule) => rule.http?.paths ?? []))
    .find((p) => p.path === '/' && p.pathType === 'Prefix');
  const edge = services.find((service) => service.metadata.name === catchAll?.backend?.service?.name);
  if (!edge) problems.push('the Ingress has no catch-all Service to check');
  else {
    const selected = (d: K8sResource): boolean => Object.entries(edge.spec?.selector ?? {}).every(([label, value]) => d.spec?.template?.metadata?.labels?.[label] === value);
    for (const deployment of deployments.filter(selected)) {
      const port = scrapePorts.get(deployment.metadata.name);
      const named = containerPorts(deployment).find((p) => p.containerPort === port)?.name;
      const exposed = (edge.spec?.ports ?? []).some((p) => p.targetPort === port || (named && p.targetPort === named) || (p.targetPort === undefined && p.port === port));
      if (exposed) problems.push(`Service ${edge.metadata.name} (public, behind the Ingress) exposes ${deployment.metadata.name}'s metrics port ${port}`);
      const env = (deployment.spec?.template?.spec?.containers ?? []).flatMap((container) => container.env ?? []).find((entry) => entry.name === 'WEB_METRICS_PORT');
      if (port !== undefined && Number(env?.value) !== port) problems.push(`${deployment.metadata.name}: WEB_METRICS_PORT is not the scraped port ${port}`);
    }
  }
  return problems;
}

/** The web container serves its metrics on WEB_METRICS_PORT, which compose does not publish. */
export function composeMetricsProblems(compose: ComposeFile | undefined): string[] {
  const web = compose?.services?.web;
  if (!web) return ['no web service'];
  const port = Number(web.environment?.WEB_METRICS_PORT);
  if (!port) return ['web does not set WEB_METRICS_PORT'];
  const published = (web.ports ?? []).map((p) => Number(String(typeof p === 'object' ? p.target : p).split(':').pop()));
  return published.includes(port) ? [`web publishes its metrics port ${port}`] : [];
}
