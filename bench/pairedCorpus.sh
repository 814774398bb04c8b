#!/usr/bin/env bash
# bench/pairedCorpus.sh BASE_CHECKOUT NEW_CHECKOUT SIZE PAIRS: cold builds of the synthetic corpus
# (N = SIZE) through each checkout's bench/corpus-site, alternating base/new PAIRS times (these
# shared machines drift: a pair compares two builds minutes apart, not two sessions). Caches are
# removed before each build, as `npm run bench -- build` does. Prints wall s, peak RSS MB and CPU s
# (user + system) per build (GNU time), then the medians and their ratios new/base. The build is
# CPU-bound on two cores, and CPU varies less than wall when other work shares the machine.
set -euo pipefail
base="$(cd "$1" && pwd)"; new="$(cd "$2" && pwd)"; size="$3"; pairs="${4:-3}"
corpus="/tmp/docsite-bench/corpus-$size"
[ -d "$corpus" ] || node "$new/../shared/bench/gen-corpus.mjs" "$corpus" "$size" >/dev/null
work="$(mktemp -d /tmp/sheaf-paired-XXXX)"
trap 'rm -rf "$work"' EXIT
for tree in "$base" "$new"; do (cd "$tree" && node scripts/compile.mjs --if-stale --quiet); done
for pair in $(seq "$pairs"); do
  for tree in "$base" "$new"; do
    name="$([ "$tree" = "$base" ] && echo base || echo new)"
    rm -rf "$work/site" "$tree/bench/corpus-site/.sheaf-cache" "$tree/node_modules/.cache/sheaf"
    mkdir -p "$work/site/content" && cp -R "$corpus" "$work/site/content/1.0"
    (cd "$tree/bench/corpus-site" && BENCH_CORPUS="$work/site/content" BENCH_OUT="$work/site/out" \
      /usr/bin/time -o "$work/time" -f '%e %M %U %S' node "$tree/bin/sheaf.js" build --quiet >/dev/null)
    read -r wall kb user system < "$work/time"
    echo "$name $wall $((kb / 1024)) $(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')" | tee -a "$work/results"
  done
done
awk -v size="$size" '
  { wall[$1] = wall[$1] " " $2; peak[$1] = peak[$1] " " $3; cpu[$1] = cpu[$1] " " $4 }
  function median(list,   n, a, i, j, t) { n = split(list, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }; return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  END { bw = median(wall["base"]); nw = median(wall["new"]); bp = median(peak["base"]); np = median(peak["new"])
        bc = median(cpu["base"]); nc = median(cpu["new"])
        printf "N=%s medians: base %.2f s %d MB %.1f s CPU, new %.2f s %d MB %.1f s CPU; new/base wall %.3f, peak %.3f, CPU %.3f\n", size, bw, bp, bc, nw, np, nc, nw / bw, np / bp, nc / bc }' "$work/results"
