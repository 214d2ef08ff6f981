// infra/k8s under `podman kube play` (podman engines only): every Deployment of the kustomization
// becomes its pods, from the images the tier built (tagged as the kustomization's `images` name
// them), with the ConfigMap and a Secret of the run's own, and each pod's container is checked for
// what the manifest says: its image, uid 1000, a read-only root, the ConfigMap's variables and the
// Secret's values. The pods are created, not started: podman 4.3 (Debian bookworm's) starts a pod's
// infra container with podman's default process limit, not containers.conf's, which runc refuses on
// hosts like this one; it also implements no Service, Ingress, NetworkPolicy, PDB or HPA
// (docs/operations.md, "Kubernetes under podman").
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ROOT } from '../deps';
import { type Engine, RUN_DIR, capture } from './engine';

interface Manifest {
  kind?: string;
  metadata?: { name?: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: { replicas?: number; template?: { spec?: { containers?: ManifestContainer[] } } };
}

interface ManifestContainer {
  name: string;
  image: string;
  env?: { name: string; valueFrom?: { secretKeyRef?: { key: string } } }[];
  envFrom?: { configMapRef?: { name: string } }[];
}

const K8S = path.join(ROOT, 'infra/k8s');

/** The manifests the kustomization lists, as parsed documents, by file. */
function kustomization(): { files: string[]; images: { name: string; newTag: string }[] } {
  const spec = parse(readFileSync(path.join(K8S, 'kustomization.yaml'), 'utf8')) as { resources: string[]; images: { name: string; newTag: string }[] };
  return { files: spec.resources, images: spec.images };
}

const documents = (file: string): Manifest[] => parseAllDocuments(readFileSync(path.join(K8S, file), 'utf8')).map((doc) => doc.toJS() as Manifest);

/** Creates the pods, checks them and removes them again; returns the problems (none: passed). */
export function kubePlayProblems(engine: Engine, localTag: string): string[] {
  const env = engine.env;
  const podman = (...args: string[]) => capture('podman', args, { env });
  const { files, images } = kustomization();
  // The ConfigMap and every file with a Deployment (their Services, PDBs and HPAs come along; kube play passes them over).
  const played = files.filter((file) => documents(file).some((doc) => doc.kind === 'Deployment' || doc.kind === 'ConfigMap'));
  const manifests = played.flatMap(documents);
  const configMap = manifests.find((doc) => doc.kind === 'ConfigMap')?.data ?? {};
  const deployments = manifests.filter((doc) => doc.kind === 'Deployment');

  // A Secret with the keys of secret.example.yaml and values of this run. podman 4.3 reads a
  // secretKeyRef only from a podman secret holding JSON of base64 values (a Secret it is given in
  // YAML it stores in a form it then cannot read: "secret … is not valid JSON").
  const example = documents('secret.example.yaml').find((doc) => doc.kind === 'Secret');
  const secretName = example?.metadata?.name ?? 'shm-secrets';
  const secretValues = Object.fromEntries(Object.keys(example?.stringData ?? {}).map((key) => [key, `kube-play-${key.toLowerCase()}-${randomBytes(8).toString('hex')}`]));
  const dir = path.join(RUN_DIR, 'kube-play');
  mkdirSync(dir, { recursive: true });
  const secretFile = path.join(dir, 'secret.json');
  writeFileSync(secretFile, JSON.stringify(Object.fromEntries(Object.entries(secretValues).map(([key, value]) => [key, Buffer.from(value).toString('base64')]))));
  const yamlFile = path.join(dir, 'manifests.yaml');
  writeFileSync(yamlFile, played.map((file) => readFileSync(path.join(K8S, file), 'utf8')).join('\n---\n'));

  const tagged = images.map((image) => `${image.name}:${image.newTag}`);
  // Every pod the manifests make (kube play names them <deployment>-pod-<n>), also those of a play that failed half-way.
  const podNames = deployments.flatMap((deployment) => Array.from({ length: deployment.spec?.replicas ?? 1 }, (_, i) => `${deployment.metadata?.name}-pod-${i}`));
  const cleanUp = (): void => {
    podman('kube', 'down', yamlFile);
    podman('pod', 'rm', '--force', '--ignore', ...podNames);
    podman('secret', 'rm', secretName);
    for (const image of tagged) podman('rmi', image);
  };
  cleanUp();
  const problems: string[] = [];
  try {
    for (const image of images) {
      const tag = podman('tag', `${image.name}:${localTag}`, `${image.name}:${image.newTag}`);
      if (tag.status !== 0) problems.push(`${image.name}:${localTag} cannot be tagged ${image.newTag}: ${tag.stderr.trim()}`);
    }
    const secret = podman('secret', 'create', secretName, secretFile);
    if (secret.status !== 0) return [...problems, `podman secret create: ${secret.stderr.trim()}`];
    const play = podman('kube', 'play', '--start=false', yamlFile);
    if (play.status !== 0) return [...problems, `podman kube play: ${(play.stderr || play.stdout).trim().split('\n').slice(-5).join(' ')}`];

    for (const deployment of deployments) {
      const name = deployment.metadata?.name ?? '';
      const container = deployment.spec?.template?.spec?.containers?.[0];
      if (!container) {
        problems.push(`${name}: no container`);
        continue;
      }
      // No replicas: an HPA owns the count, and kube play makes one pod.
      const replicas = deployment.spec?.replicas ?? 1;
      for (let i = 0; i < replicas; i += 1) {
        const id = `${name}-pod-${i}-${container.name}`;
        const inspect = podman('inspect', '--format', '{{.ImageName}}|{{.Config.User}}|{{.HostConfig.ReadonlyRootfs}}|{{json .Config.Env}}', id);
        if (inspect.status !== 0) {
          problems.push(`${id}: not created (${inspect.stderr.trim()})`);
          continue;
        }
        const [image = '', user = '', readOnly = '', envJson = '[]'] = inspect.stdout.trim().split('|');
        const envOf = new Map((JSON.parse(envJson) as string[]).map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
        if (!image.endsWith(container.image)) problems.push(`${id}: image ${image}, the manifest says ${container.image}`);
        if (!user.startsWith('1000')) problems.push(`${id}: user ${user || 'unset'}, want 1000`);
        if (readOnly !== 'true') problems.push(`${id}: the root filesystem is writable`);
        const missing = container.envFrom?.some((from) => from.configMapRef) ? Object.keys(configMap).filter((key) => !envOf.has(key)) : [];
        if (missing.length) problems.push(`${id}: the ConfigMap's ${missing.join(', ')} are not in its environment`);
        for (const variable of container.env ?? []) {
          const key = variable.valueFrom?.secretKeyRef?.key;
          if (key && envOf.get(variable.name) !== secretValues[key]) problems.push(`${id}: ${variable.name} is not the Secret's ${key}`);
        }
      }
    }
    const pods = podman('pod', 'ps', '-q').stdout.split('\n').filter(Boolean).length;
    const expected = deployments.reduce((sum, deployment) => sum + (deployment.spec?.replicas ?? 1), 0);
    if (pods < expected) problems.push(`${pods} pods, the manifests ask for ${expected}`);
    return problems;
  } finally {
    cleanUp();
  }
}
