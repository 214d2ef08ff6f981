// The parts of the deployment files validate-infra reads, as parsed from YAML. Every field is
// optional: a file that lacks one is a problem the checks report, not a crash.

export type Labels = Record<string, string>;

export interface ContainerPort {
  containerPort?: number;
  name?: string;
}

export interface Container {
  name?: string;
  ports?: ContainerPort[];
  env?: { name: string; value?: string }[];
  readinessProbe?: { httpGet?: { path?: string } };
  livenessProbe?: { httpGet?: { path?: string } };
  resources?: Partial<Record<'requests' | 'limits', Partial<Record<'cpu' | 'memory', string>>>>;
  securityContext?: {
    runAsNonRoot?: boolean;
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    capabilities?: { drop?: string[] };
  };
}

export interface PodTemplate {
  metadata?: { labels?: Labels; annotations?: Record<string, string> };
  spec?: { containers?: Container[]; securityContext?: { runAsNonRoot?: boolean } };
}

export interface ServicePort {
  port?: number;
  targetPort?: number | string;
}

export interface IngressPath {
  path?: string;
  pathType?: string;
  backend?: { service?: { name?: string } };
}

export interface NetworkPolicyRule {
  from?: { namespaceSelector?: { matchLabels?: Labels } }[];
  ports?: { port?: number | string; endPort?: number }[];
}

/** One Kubernetes object of infra/k8s (with the file it came from); `spec` holds what its kind has. */
export interface K8sResource {
  file: string;
  kind: string;
  metadata: { name: string };
  resources?: string[];
  spec?: {
    replicas?: number;
    template?: PodTemplate;
    selector?: Labels & { matchLabels?: Labels };
    ports?: ServicePort[];
    rules?: { http?: { paths?: IngressPath[] } }[];
    podSelector?: Labels;
    policyTypes?: string[];
    ingress?: NetworkPolicyRule[];
    egress?: NetworkPolicyRule[];
    scaleTargetRef?: { kind?: string; name?: string };
  };
}

export interface ComposeService {
  healthcheck?: { test?: unknown };
  depends_on?: string[] | Record<string, { condition?: string } | null>;
  environment?: Record<string, string>;
  ports?: (string | number | { target?: number })[];
}

export interface ComposeFile {
  services?: Record<string, ComposeService>;
}
