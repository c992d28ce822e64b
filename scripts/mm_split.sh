#!/usr/bin/env bash
# The selection protocol for the gamma fit's settings (BENCHMARKS.md, branch `mm2`): learn on the
# Cho problems numbered 0 mod 8 and the Gokyo Shumyo development problems, rank the first moves of
# the Cho problems numbered 4 mod 8 offline (`igo tsumego patterns --evaluate`), one line a level.
# Settings are chosen on this split only; the shipped file is then learned on the whole learning
# set (crates/igo-tsumego/README.md) and measured on the problems numbered 2 mod 4, which no choice
# of setting has seen.
#
# usage: scripts/mm_split.sh IGO OUT.igopat [LEARNING OPTIONS...]
#   e.g. scripts/mm_split.sh target/release/igo /tmp/split.igopat --prior 0.5
set -euo pipefail
igo=$1
out=$2
shift 2
data=${TSUMEGO_DATA:-/work/shared/data/tsumego}
# Cho files whose number is R mod 8.
cho_mod8() {
    local r=$1 level f n
    for level in elementary intermediate advanced; do
        for f in "$data"/cho-$level/cho-$level-*.sgf; do
            n=${f##*-}
            n=$((10#${n%.sgf}))
            if ((n % 8 == r)); then echo "$f"; fi
        done
    done
}
mapfile -t learn < <(cho_mod8 0)
nice -n 10 "$igo" tsumego patterns "${learn[@]}" "$data/gokyo-shumyo" --out "$out" "$@"
for level in elementary intermediate advanced; do
    mapfile -t eval_files < <(cho_mod8 4 | grep "/cho-$level/")
    echo "== $level 4 mod 8"
    nice -n 10 "$igo" tsumego patterns --evaluate --with "$out" "${eval_files[@]}"
done
