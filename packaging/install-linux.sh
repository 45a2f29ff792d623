#!/bin/sh
# Install a PyInstaller build (dist/chancellery/) for the current user: program, menu entry and icon.
# Run from the repository root after building:   sh packaging/install-linux.sh
set -eu
prefix="${XDG_DATA_HOME:-$HOME/.local/share}"
bindir="$HOME/.local/bin"
[ -x dist/chancellery/chancellery ] || { echo "build first: pyinstaller --noconfirm packaging/chancellery.spec" >&2; exit 1; }
mkdir -p "$prefix/chancellery" "$bindir" "$prefix/applications" "$prefix/icons/hicolor/scalable/apps"
cp -R dist/chancellery/. "$prefix/chancellery/"
ln -sf "$prefix/chancellery/chancellery" "$bindir/chancellery"
cp packaging/chancellery.desktop "$prefix/applications/chancellery.desktop"
cp resources/icons/chancellery.svg "$prefix/icons/hicolor/scalable/apps/chancellery.svg"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$prefix/applications" || true
echo "installed: $bindir/chancellery and a menu entry"
