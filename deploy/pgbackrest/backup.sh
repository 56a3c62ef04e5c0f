#!/bin/sh
# Takes a pgBackRest backup of the wallet's cluster and, when it succeeds, leaves its time for
# Prometheus: wallet_backup_last_success_timestamp_seconds{method="pgbackrest"} in a textfile that
# node_exporter's textfile collector reads (docs/operations.md "Backups and restore").
#
#   backup.sh --type=full|diff|incr [more pgbackrest options]
#
# Run it as the user PostgreSQL runs as (postgres), e.g. from cron:
#   30 2 * * 0   postgres /opt/wallet/deploy/pgbackrest/backup.sh --type=full
#   30 2 * * 1-6 postgres /opt/wallet/deploy/pgbackrest/backup.sh --type=diff
# WALLET_BACKUP_TEXTFILE_DIR: node_exporter's --collector.textfile.directory
# (default /var/lib/prometheus/node-exporter, Debian's).
set -eu

textfile_dir="${WALLET_BACKUP_TEXTFILE_DIR:-/var/lib/prometheus/node-exporter}"
stanza="${WALLET_BACKUP_STANZA:-wallet}"

pgbackrest --stanza="$stanza" "$@" backup

finished="$(date +%s)"
mkdir -p "$textfile_dir"
# Written beside and renamed: the collector never reads half a file.
partial="$textfile_dir/.wallet_backup_pgbackrest.prom.$$"
cat >"$partial" <<METRIC
# HELP wallet_backup_last_success_timestamp_seconds When the last backup of the wallet's data finished successfully (Unix time).
# TYPE wallet_backup_last_success_timestamp_seconds gauge
wallet_backup_last_success_timestamp_seconds{method="pgbackrest",stanza="$stanza"} $finished
METRIC
chmod 644 "$partial"
mv "$partial" "$textfile_dir/wallet_backup_pgbackrest.prom"
