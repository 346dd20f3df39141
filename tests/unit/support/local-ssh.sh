#!/bin/sh
# Stands in for ssh in the deploy tests (RSYNC_RSH): rsync and scripts/deploy.ts call it as
# `ssh [options] host command...`. It drops the options and the host and runs the command on
# this machine through a shell, as sshd runs it on the remote one, so an rsync/ssh target
# ("host:/path") is a local directory while every step of the ssh branch runs for real.
while [ $# -gt 0 ]; do
  case "$1" in
    -l | -p | -i | -o | -F) shift 2 ;;
    -*) shift ;;
    *) break ;;
  esac
done
if [ $# -lt 2 ]; then
  echo "local-ssh: usage: local-ssh [options] host command..." >&2
  exit 255
fi
shift
exec sh -c "$*"
