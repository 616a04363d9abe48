# scaling.txt -> per workload and walk: --device, --devices one, --devices two (ms, the two rounds)
/^== round/ { w = $4; cfg = ($5 == "--device") ? "dev" : (index($6, ",") ? "two" : "one"); next }
/^  GPU_/ { a = $1; t[w, a, cfg] = t[w, a, cfg] (t[w, a, cfg] == "" ? "" : "/") $2; order[w] = order[w]; if (!((w, a) in seen)) { seen[w, a] = 1; list[w] = list[w] " " a } }
END {
  split("arm_camera cube_camera arm_aimed cube_vertex", ws, " ")
  for (i = 1; i <= 4; ++i) { w = ws[i]; n = split(list[w], as, " ")
    for (j = 1; j <= n; ++j) { a = as[j]; split(t[w, a, "dev"], d, "/"); split(t[w, a, "two"], s, "/")
      printf "%-12s %-13s %-15s %-15s %-15s %.2f-%.2f\n", w, a, t[w, a, "dev"], t[w, a, "one"], t[w, a, "two"], (d[1] / s[1] < d[2] / s[2] ? d[1] / s[1] : d[2] / s[2]), (d[1] / s[1] > d[2] / s[2] ? d[1] / s[1] : d[2] / s[2]) } }
}
