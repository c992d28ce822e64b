#!/usr/bin/env bash
# Does more learning data make better patterns? (BENCHMARKS.md, branch `data`.) Holds out the Cho
# problems numbered 2 mod 8 (the test set T) and learns three pattern files of growing size:
#   H = Cho 0 mod 8 + Gokyo Shumyo            (510 problems)
#   A = Cho 0 mod 4 + Gokyo Shumyo            (826: the development file, scripts/dev_patterns.sh)
#   B = Cho 0 mod 4 + Cho 6 mod 8 + Gokyo     (1,142: A and half of the 2 mod 4 problems)
# then ranks T's book first moves offline by each file (`igo tsumego patterns --evaluate`, one
# line a level and file) and makes OUTDIR/T-LEVEL, folders of symlinks to T's files of each level
# (the bench's `--mod4` cannot select mod 8), for the search at a fixed budget:
#   igo tsumego bench OUTDIR/T-LEVEL --threads 1 --playouts 200000 --nodes 2000000 --limit 40 \
#       --seed 1 --patterns OUTDIR/F.igopat --json --details D.jsonl --proofs-out D
#
# usage: scripts/data_scaling.sh IGO OUTDIR
set -euo pipefail
if (($# != 2)); then
    echo "usage: $0 IGO OUTDIR" >&2
    exit 2
fi
igo=$1
outdir=$2
data=${TSUMEGO_DATA:-/work/shared/data/tsumego}
mkdir -p "$outdir"
# Cho files whose number is R mod 8 (all levels, or the level given).
cho_mod8() {
    local r=$1 level=${2:-*} f n
    for f in "$data"/cho-$level/cho-*-*.sgf; do
        n=${f##*-}
        n=$((10#${n%.sgf}))
        if ((n % 8 == r)); then echo "$f"; fi
    done
}
mapfile -t c0 < <(cho_mod8 0)
mapfile -t c4 < <(cho_mod8 4)
mapfile -t c6 < <(cho_mod8 6)
if ((${#c0[@]} == 0)); then
    echo "$0: no Cho problems under $data (set TSUMEGO_DATA)" >&2
    exit 1
fi
learn() {
    local name=$1
    shift
    nice -n 10 "$igo" tsumego patterns "$@" "$data/gokyo-shumyo" --out "$outdir/$name.igopat"
}
learn H "${c0[@]}"
learn A "${c0[@]}" "${c4[@]}"
learn B "${c0[@]}" "${c4[@]}" "${c6[@]}"
for level in elementary intermediate advanced; do
    mapfile -t test < <(cho_mod8 2 "$level")
    mkdir -p "$outdir/T-$level"
    ln -sf "${test[@]}" "$outdir/T-$level/"
    for f in H A B; do
        echo "== $level 2 mod 8, file $f"
        nice -n 10 "$igo" tsumego patterns --evaluate --with "$outdir/$f.igopat" "${test[@]}"
    done
done
