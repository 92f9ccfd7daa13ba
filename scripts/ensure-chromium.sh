#!/usr/bin/env bash
# The e2e suite drives Debian's headless Chromium, chromium-headless-shell (Playwright downloads
# no browser here). Installs it when missing and we are allowed to (root); otherwise says what to do.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
[ -x "$CHROMIUM" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Instalando o Chromium do Debian (chromium-headless-shell) para os testes e2e..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium-headless-shell >/dev/null
  exit 0
fi
echo "Chromium não encontrado em $CHROMIUM: instale com 'sudo apt-get install -y chromium-headless-shell' ou defina CHROMIUM_PATH." >&2
exit 1
