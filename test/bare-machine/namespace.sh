#!/usr/bin/env bash
# A bare machine for one process tree, run as root inside `unshare -mn` (README, "Running it"):
# a private network with only loopback (nothing answers on 5432 or 6379), the programs a developer
# machine has but a bare one lacks hidden by overlay whiteouts (redis-server, chromium, LibreOffice,
# PostgreSQL's initdb/postgres), an empty private /tmp, and `data_dir` mounted as the project's data/.
# The command runs in the project, seen at a path every user can reach (a clone under /root, mode
# 0700, would be out of reach of the unprivileged user the embedded PostgreSQL runs as).
# Usage: namespace.sh <project_root> <data_dir> <command...>
set -euo pipefail
root=$1 data=$2
shift 2

ip link set lo up
hide=$(mktemp -d /run/semgi-bare-XXXXXX)
chmod 755 "$hide"
for dir in /usr/bin /usr/local/bin /usr/sbin; do
  [[ -d $dir ]] || continue
  name=${dir//\//_}
  mkdir -p "$hide/$name/upper" "$hide/$name/work"
  for program in redis-server redis-cli chromium chromium-browser google-chrome soffice libreoffice initdb postgres pg_ctl; do
    if [[ -e $dir/$program ]]; then mknod "$hide/$name/upper/$program" c 0 0; fi
  done
  mount -t overlay overlay -o "lowerdir=$dir,upperdir=$hide/$name/upper,workdir=$hide/$name/work" "$dir"
done
# The distribution's PostgreSQL (initdb lives there) and LibreOffice's program folder.
for dir in /usr/lib/postgresql /usr/lib/libreoffice; do
  if [[ -d $dir ]]; then mount -t tmpfs tmpfs "$dir"; fi
done
project=$hide/project
mkdir -m 755 "$project"
mount --bind "$root" "$project"
mkdir -p "$project/data"
mount --bind "$data" "$project/data"
# The packaged Chromium unpacks into the temp folder: a fresh one proves a first unpacking.
mount -t tmpfs -o mode=1777 tmpfs /tmp
cd "$project"
exec "$@"
