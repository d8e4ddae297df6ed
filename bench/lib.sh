# Shared by bench/lint.sh and bench/drift.sh: medians of interleaved runs
# measured by `catalog measure` (lines of "wall_ms cpu_ms peak_rss_kb").

# median K < FILE: the median of column K
median() { awk -v k="$1" '{print $k}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# spread K < FILE: "min-max" of column K, to show the machine's noise
spread() { awk -v k="$1" '{print $k}' | sort -n | awk '{a[NR]=$1} END {printf "%s-%s", a[1], a[NR]}'; }

# compare NAME FLOOR_FILE OURS_FILE [GOALS]: prints both sides and the ratios,
# with GOALS (default: the lint and drift goals) after them
compare() {
  local name=$1 floor=$2 ours=$3 goals=${4:-"goal: wall <= 5x, cpu <= 6x, memory <= 2x"}
  local fw fc fm ow oc om
  fw=$(median 1 <"$floor"); fc=$(median 2 <"$floor"); fm=$(median 3 <"$floor")
  ow=$(median 1 <"$ours");  oc=$(median 2 <"$ours");  om=$(median 3 <"$ours")
  printf '%-8s wall %6s ms (%s), cpu %6s ms (%s), peak RSS %5s MB\n' "decode:" "$fw" "$(spread 1 <"$floor")" "$fc" "$(spread 2 <"$floor")" $((fm / 1024))
  printf '%-8s wall %6s ms (%s), cpu %6s ms (%s), peak RSS %5s MB\n' "$name:" "$ow" "$(spread 1 <"$ours")" "$oc" "$(spread 2 <"$ours")" $((om / 1024))
  awk -v ow="$ow" -v fw="$fw" -v oc="$oc" -v fc="$fc" -v om="$om" -v fm="$fm" -v goals="$goals" 'BEGIN {
    printf "ratio:   wall %.1fx, cpu %.1fx, memory %.1fx (%s)\n", ow / fw, oc / fc, om / fm, goals }'
}
