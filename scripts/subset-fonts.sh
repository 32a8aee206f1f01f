#!/usr/bin/env bash
# Makes registry/fonts/ (the fonts of the PDFs, docs/decisions/028; registry/fonts/README.md) from the npm packages
# @embedpdf/fonts-latin, @expo-google-fonts/noto-sans-sc and @expo-google-fonts/noto-sans-kr installed in the
# node_modules of the directory given as $1. They are not dependencies of the project: install them, without saving,
# in a scratch directory (they have no dependencies of their own), then run this script from the repository:
#   mkdir -p /tmp/fonts-src && cd /tmp/fonts-src && npm install --no-save --no-package-lock --ignore-scripts \
#     @embedpdf/fonts-latin@1.0.0 @expo-google-fonts/noto-sans-sc@0.4.3 @expo-google-fonts/noto-sans-kr@0.4.3
#   cd - && scripts/subset-fonts.sh /tmp/fonts-src
# Needs Debian's fonttools (apt-get install fonttools: pyftsubset, that is /usr/bin/python3 -m fontTools.subset).
#
# Noto Sans and Noto Sans SC are copied as they are. Noto Sans KR comes last in the fallback order of each style
# (registry/domain/pdf-fonts.ts), so it draws only what the two before it lack: it is subset to the Hangul blocks,
# every other code point it has that neither Noto Sans nor Noto Sans SC of the same style has (computed from the
# cmaps), and its spaces and combining marks (Unicode Zs and M), which registry/domain/pdf-text.ts keeps in the run
# of the character before them (so a space after a Korean word is drawn with the Korean font).
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 <directory whose node_modules hold the three font packages>" >&2
  exit 2
fi
src="$(cd "$1" && pwd)/node_modules"
out="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/registry/fonts"
latin="$src/@embedpdf/fonts-latin"
sc="$src/@expo-google-fonts/noto-sans-sc"
kr="$src/@expo-google-fonts/noto-sans-kr"
for dir in "$latin" "$sc" "$kr"; do
  [ -f "$dir/package.json" ] || { echo "missing $dir (install the font packages in $1 first)" >&2; exit 1; }
done
PYTHON=/usr/bin/python3
"$PYTHON" -c 'import fontTools.subset' || { echo "fonttools missing: apt-get install fonttools" >&2; exit 1; }

mkdir -p "$out"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# style, Noto Sans file, Noto Sans SC file, Noto Sans KR file, output suffix
for spec in \
  "Regular $latin/fonts/NotoSans-Regular.ttf $sc/400Regular/NotoSansSC_400Regular.ttf $kr/400Regular/NotoSansKR_400Regular.ttf" \
  "Bold $latin/fonts/NotoSans-Bold.ttf $sc/700Bold/NotoSansSC_700Bold.ttf $kr/700Bold/NotoSansKR_700Bold.ttf"; do
  read -r style notoSans notoSansSc notoSansKr <<<"$spec"
  cp "$notoSans" "$out/NotoSans-$style.ttf"
  cp "$notoSansSc" "$out/NotoSansSC-$style.ttf"

  # The code points Noto Sans KR draws after Noto Sans and Noto Sans SC, one hexadecimal number a line.
  "$PYTHON" - "$notoSans" "$notoSansSc" "$notoSansKr" >"$tmp/kr-$style.txt" <<'EOF'
import sys, unicodedata
from fontTools.ttLib import TTFont

latin, sc, kr = (set(TTFont(f, lazy=True).getBestCmap()) for f in sys.argv[1:4])
HANGUL = [(0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7AF), (0xD7B0, 0xD7FF)]
hangul = {cp for cp in kr if any(lo <= cp <= hi for lo, hi in HANGUL)}
only_kr = kr - latin - sc
keeps_run = {cp for cp in kr if unicodedata.category(chr(cp))[0] == "M" or unicodedata.category(chr(cp)) == "Zs"}
keep = hangul | only_kr | keeps_run
print(f"{sys.argv[3]}: {len(kr)} code points, keeping {len(keep)}: Hangul {len(hangul)}, "
      f"only in KR {len(only_kr)} ({len(only_kr - hangul)} outside Hangul), spaces and marks {len(keeps_run)}", file=sys.stderr)
for cp in sorted(keep):
    print(f"U+{cp:04X}")
EOF

  "$PYTHON" -m fontTools.subset "$notoSansKr" \
    --unicodes-file="$tmp/kr-$style.txt" \
    --output-file="$out/NotoSansKR-Hangul-$style.ttf" \
    --layout-features='*' \
    --glyph-names \
    --name-IDs='*' \
    --name-languages='*' \
    --name-legacy \
    --notdef-glyph \
    --notdef-outline \
    --drop-tables-=BASE \
    --no-subset-tables+=BASE

  # The subset has exactly the code points asked for.
  "$PYTHON" - "$out/NotoSansKR-Hangul-$style.ttf" "$tmp/kr-$style.txt" <<'EOF'
import sys
from fontTools.ttLib import TTFont

have = set(TTFont(sys.argv[1], lazy=True).getBestCmap())
want = {int(line.strip()[2:], 16) for line in open(sys.argv[2]) if line.strip()}
if have != want:
    sys.exit(f"{sys.argv[1]}: cmap differs from the code points asked for ({len(have)} vs {len(want)})")
EOF
done

# The license: the copyright notices of both packages' fonts, then the SIL Open Font License 1.1 once.
{
  echo "Noto Sans (NotoSans-Regular.ttf, NotoSans-Bold.ttf), from the npm package @embedpdf/fonts-latin:"
  echo
  sed -n '1,/^This Font Software is licensed/{/^This Font Software is licensed/!p}' "$latin/LICENSE" | sed -e '/^$/d'
  echo
  echo "Noto Sans SC (NotoSansSC-Regular.ttf, NotoSansSC-Bold.ttf) and Noto Sans KR (NotoSansKR-Hangul-Regular.ttf,"
  echo "NotoSansKR-Hangul-Bold.ttf, subsets), from the npm packages @expo-google-fonts/noto-sans-sc and"
  echo "@expo-google-fonts/noto-sans-kr:"
  echo
  sed -n '1,/^This Font Software is licensed/{/^This Font Software is licensed/!p}' "$sc/LICENSE_FONT" | sed -e '/^$/d'
  echo
  sed -n '/^This Font Software is licensed/,$p' "$latin/LICENSE"
} >"$out/OFL.txt"

for pkg in "$latin" "$sc" "$kr"; do
  "$PYTHON" -c 'import json, sys; p = json.load(open(sys.argv[1])); print(p["name"], p["version"])' "$pkg/package.json"
done
ls -l "$out"
