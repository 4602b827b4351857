#!/usr/bin/env bash
# Solr's security.json for docker-compose-solr.yaml (its solr-security service runs this in the solr image, after
# ZooKeeper is up and before the Solr nodes start): HTTP basic authentication for the one user of
# RAG_SOLR_AUTH=user:password, every anonymous request refused (blockUnknown), that user allowed everything. Run on
# every `up`, it overwrites what ZooKeeper holds, so a new RAG_SOLR_AUTH replaces the old login (users added with
# Solr's security API are dropped).
#
#   solr-security.sh          write the file and copy it to zk:/security.json (ZK_HOST, default zookeeper:2181),
#                             retrying while ZooKeeper is not up yet
#   solr-security.sh --print  only print it (needs nothing but bash and coreutils: a check outside Docker)
#
# The password never appears on a command line (ps shows those, from the host too): it goes from the environment
# through bash's builtins into sha256sum's standard input. The file holds only a salted hash.
set -euo pipefail

auth=${RAG_SOLR_AUTH:-}
user=${auth%%:*}
password=${auth#*:}
if [[ "$auth" != *:* || ! "$user" =~ ^[A-Za-z0-9_.-]{1,64}$ || ${#password} -lt 16 || "$password" == *[$'\r\n']* ]]; then
  echo "solr-security: RAG_SOLR_AUTH must be user:password (user: letters, digits, '_', '.' or '-';" \
    "password: one line of at least 16 characters, e.g. coderag:\$(openssl rand -hex 24))" >&2
  exit 2
fi

# hex digits on stdin -> the bytes they spell (the format holds only \xHH escapes: no '%' can reach printf)
bytes() { printf "$(sed 's/../\\x&/g')"; }

# What Solr's Sha256AuthenticationProvider checks: base64(sha256(sha256(salt + password))) + " " + base64(salt),
# with a 32-byte random salt as Solr's own set-user command makes.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head -c 32 /dev/urandom > "$work/salt"
once=$({ cat "$work/salt"; printf '%s' "$password"; } | sha256sum | cut -c1-64)
hash=$(printf '%s' "$once" | bytes | sha256sum | cut -c1-64 | bytes | base64 -w0)
salt=$(base64 -w0 < "$work/salt")

cat > "$work/security.json" <<JSON
{
  "authentication": {
    "class": "solr.BasicAuthPlugin",
    "blockUnknown": true,
    "forwardCredentials": false,
    "credentials": {"$user": "$hash $salt"}
  },
  "authorization": {
    "class": "solr.RuleBasedAuthorizationPlugin",
    "user-role": {"$user": ["admin"]},
    "permissions": [{"name": "all", "role": "admin"}]
  }
}
JSON

if [[ "${1:-}" == --print ]]; then
  cat "$work/security.json"
  exit 0
fi

zk=${ZK_HOST:-zookeeper:2181}
for attempt in $(seq 1 60); do
  if solr zk cp "file:$work/security.json" zk:/security.json -z "$zk"; then
    echo "solr-security: security.json is in ZooKeeper at $zk (user $user)"
    exit 0
  fi
  echo "solr-security: ZooKeeper at $zk not ready (attempt $attempt of 60)" >&2
  sleep 2 # another container coming up: nothing to be notified by
done
echo "solr-security: could not reach ZooKeeper at $zk" >&2
exit 1
