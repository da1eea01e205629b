"""The contract must read the same in YAML 1.1 parsers as in YAML 1.2 ones.

PyYAML's pure-Python SafeLoader follows YAML 1.1, as do the tools built on it (openapi-spec-validator,
openapi-core, Schemathesis without libyaml) and Java's SnakeYAML: a scalar such as `When do I pay?` inside
a flow mapping, an unquoted `no` or `2026-11-25`, reads differently there or not at all. This loads
contract/openapi.yaml with that loader and compares it with contract/openapi.json (generated with a
YAML 1.2 parser); any difference fails `npm run lint`.
"""
import json
import sys

try:
    import yaml
except ImportError:
    sys.exit("check-contract-yaml: needs python3 with PyYAML (Debian: apt-get install python3-yaml)")

YAML_PATH, JSON_PATH = "contract/openapi.yaml", "contract/openapi.json"


def differences(a, b, path=""):
    if type(a) is not type(b):
        yield f"{path or '/'}: YAML 1.1 reads {a!r:.80} ({type(a).__name__}), YAML 1.2 {b!r:.80} ({type(b).__name__})"
    elif isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                yield f"{path}/{key}: only in YAML {'1.2' if key not in a else '1.1'}"
            else:
                yield from differences(a[key], b[key], f"{path}/{key}")
    elif isinstance(a, list):
        if len(a) != len(b):
            yield f"{path}: {len(a)} items in YAML 1.1, {len(b)} in YAML 1.2"
        else:
            for i, (x, y) in enumerate(zip(a, b)):
                yield from differences(x, y, f"{path}/{i}")
    elif a != b:
        yield f"{path}: YAML 1.1 reads {a!r:.80}, YAML 1.2 {b!r:.80}"


def main():
    with open(YAML_PATH, encoding="utf-8") as f:
        try:
            in_1_1 = yaml.load(f, Loader=yaml.SafeLoader)  # the pure-Python loader, not libyaml's
        except yaml.YAMLError as error:
            sys.exit(f"{YAML_PATH} does not load in a YAML 1.1 parser (PyYAML SafeLoader):\n{error}\nQuote that scalar.")
    with open(JSON_PATH, encoding="utf-8") as f:
        in_1_2 = json.load(f)
    found = list(differences(in_1_1, in_1_2))
    if found:
        print(f"{YAML_PATH} reads differently in YAML 1.1 and 1.2 ({len(found)}); quote these scalars:", file=sys.stderr)
        for line in found[:20]:
            print(f"  {line}", file=sys.stderr)
        sys.exit(1)
    print(f"{YAML_PATH} reads the same in YAML 1.1 (PyYAML SafeLoader) and YAML 1.2.")


if __name__ == "__main__":
    main()
