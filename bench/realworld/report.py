"""The tables bench/realworld/realworld.py prints, from its per-source tallies.

One section per question: loops by op (exact / at_most / unknown by loom),
accesses proven (loom, ValueBounds, LLVM -O2; non-trivial ones apart from
trivial ones: constant indices into a static shape), loom's top reasons for
what it does not prove, the accesses both anchors prove and loom does not
(by op, then each one), the time of loom-report against parse+print, and
the execution of every unit with a `main`. Percentages are of the column's
own total; nothing here computes a verdict, it only prints the tallies.
"""


def pct(a, b):
    return f"{a} ({100 * a / b:.0f}%)" if b else "0"


def print_tables(tallies, repeat):
    names = list(tallies)
    print("\n### Loops, by op: loom's trip counts\n")
    print("| source | files | units | op | loops | exact | at_most | unknown |")
    print("|---|---:|---:|---|---:|---:|---:|---:|")
    for s in names:
        t = tallies[s]
        ops = sorted(t["loops"]) or ["(none)"]
        for k, op in enumerate(ops):
            c = t["loops"].get(op, {})
            n = sum(c.values()) if c else 0
            lead = f"| {s} | {t['files']} | {t['units']} |" if k == 0 else "| | | |"
            print(f"{lead} {op} | {n} | {pct(c.get('exact', 0), n)} | {pct(c.get('at_most', 0), n)} | "
                  f"{pct(c.get('unknown', 0), n)} |")
    print("\n### Accesses proven in bounds (memref/affine load/store with indices, and subviews)\n")
    print("| source | non-trivial | loom | ValueBounds | LLVM -O2 | ValueBounds, not loom | -O2, not loom | both anchors, not loom | loom only | "
          "trivial | loom | vector accesses (loom only) | loom | non-trivial, loom via call sites | non-trivial, unproven with a precondition | non-trivial, loom resting on an earlier access |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for s in names:
        t = tallies[s]
        a, b, v = t["acc"]["nontriv"], t["acc"]["triv"], t["vec"]
        print(f"| {s} | {a['n']} | {pct(a['loom'], a['n'])} | {pct(a['vb'], a['n'])} | {pct(a['o2'], a['n'])} | "
              f"{a['vb_not_loom']} | {a['o2_not_loom']} | {a['both_not_loom']} | {a['loom_only']} | {b['n']} | {pct(b['loom'], b['n'])} | {v['n']} | "
              f"{pct(v['loom'], v['n'])} | {pct(a['calls'], a['n'])} | {pct(a['precond'], a['n'])} | {a['rests']} |")
    print("\n(Other ops in loom's access records, not asked of the anchors: "
          + "; ".join(f"{s}: " + (", ".join(f"{op} {st} {n}" for (op, st), n in sorted(tallies[s]["other"].items()))
                                  or "none") for s in names) + ")")
    print("\n(ValueBounds compares true / unknown / false: "
          + "; ".join(f"{s}: {tallies[s]['cmp_true']} / {tallies[s]['cmp_unknown']} / {tallies[s]['cmp_false']}"
                      for s in names) + ")")
    print("\n### loom's top reasons (unproven accesses, vector ones included; names and numbers elided)\n")
    print("| source | count | reason |")
    print("|---|---:|---|")
    for s in names:
        for k, (r, c) in enumerate(tallies[s]["reasons"].most_common(6)):
            print(f"| {s if k == 0 else ''} | {c} | {r.replace('|', '/')} |")
    print("\n### Accesses both anchors prove and loom does not, by op\n")
    print("| source | by op |")
    print("|---|---|")
    for s in names:
        g = tallies[s]["gap"]
        print(f"| {s} | {', '.join(f'{op}: {n}' for op, n in g.most_common()) or 'none'} |")
    print("\n### Accesses LLVM -O2 proves and loom does not, by op (ValueBounds aside)\n")
    print("| source | by op |")
    print("|---|---|")
    for s in names:
        g = tallies[s]["o2_gap"]
        print(f"| {s} | {', '.join(f'{op}: {n}' for op, n in g.most_common()) or 'none'} |")
    for s in names:
        if tallies[s]["gap_list"]:
            print(f"\n{s}:")
            for line in tallies[s]["gap_list"]:
                print(f"- {line}")
    for s in names:
        if tallies[s]["o2_gap_list"]:
            print(f"\n{s} (-O2 alone):")
            for line in tallies[s]["o2_gap_list"]:
                print(f"- {line}")
    print(f"\n### Time (best of {repeat}; seconds summed over the units)\n")
    print("| source | loom-report pass | loom-report process | parse+print process | process ratio |")
    print("|---|---:|---:|---:|---:|")
    for s in names:
        t = tallies[s]
        ratio = f"{t['t_loom'] / t['t_parse']:.2f}" if t["t_parse"] else "-"
        print(f"| {s} | {t['t_pass']:.4f} | {t['t_loom']:.3f} | {t['t_parse']:.3f} | {ratio} |")
    print("\n### Execution (units with a `main`: runtime checks on; again with loom-check-claims)\n")
    print("| source | units with main() | ran alike, no claim violated | recorded limitations | "
          "units whose main takes arguments (not run) |")
    print("|---|---:|---:|---:|---:|")
    for s in names:
        t = tallies[s]
        print(f"| {s} | {t['mains']} | {t['exec_ok']} | {len(t['expected'])} | {t['main_args']} |")
    for s in names:
        for e in tallies[s]["expected"]:
            print(f"- expected: {e}")
