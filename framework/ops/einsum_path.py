"""The pairwise contraction order TF 2.21 gives an einsum of three or more operands.

TF's tf.einsum asks opt_einsum (3.4, optimize='greedy', no memory limit) for a contraction path and runs
one binary Einsum op per step, so values and gradients round as those pairwise products do. This module
reproduces that plan: the greedy search (pairs that shrink memory most first, ties to the earliest
operands; operands with the same letters multiplied first; outer products of what is left, smallest
first) and the binary equations built along it (the later operand first, kept letters in the order they
first appear in the pair, the last step writing the requested output).
"""
import heapq
import itertools


def _size(letters, sizes):
    n = 1
    for c in letters:
        n *= sizes[c]
    return n


def _greedy_ssa(inputs, output, sizes):
    """opt_einsum's ssa_greedy_optimize with the 'memory-removed' cost: a list of pairs of operand ids,
    each new result taking the next id."""
    keys = [frozenset(s) for s in inputs]
    output = frozenset(output) | frozenset.intersection(*keys)    # letters in every operand stay to the end
    remaining, ssa_path = {}, []     # letters -> id of the live operand holding them
    fresh = itertools.count(len(keys))
    for ssa_id, key in enumerate(keys):
        if key in remaining:        # the same letters twice: their product comes first
            ssa_path.append((remaining[key], ssa_id))
            remaining[key] = next(fresh)
        else:
            remaining[key] = ssa_id
    holders = {}                    # contractible letter -> the live operands holding it
    for key in remaining:
        for c in key - output:
            holders.setdefault(c, set()).add(key)
    shared = {n: {c for c, ks in holders.items() if len(ks) >= n} - output for n in (2, 3)}
    footprint = {key: _size(key, sizes) for key in remaining}

    def candidate(k1, k2):
        either, both = k1 | k2, k1 & k2
        k12 = (either & output) | (both & shared[3]) | ((either - both) & shared[2])
        cost = _size(k12, sizes) - footprint[k1] - footprint[k2]
        id1, id2 = remaining[k1], remaining[k2]
        if id1 > id2:
            k1, k2, id1, id2 = k2, k1, id2, id1
        return (cost, id2, id1), k1, k2, k12

    queue = []
    for c, ks in holders.items():
        ordered = sorted(ks, key=remaining.__getitem__)
        for i, k1 in enumerate(ordered[:-1]):
            heapq.heappush(queue, min(candidate(k1, k2) for k2 in ordered[i + 1:]))
    while queue:
        _, k1, k2, k12 = heapq.heappop(queue)
        if k1 not in remaining or k2 not in remaining:
            continue                # one of them was contracted since
        id1, id2 = remaining.pop(k1), remaining.pop(k2)
        for key in (k1, k2):
            for c in key - output:
                holders[c].remove(key)
        ssa_path.append((id1, id2))
        if k12 in remaining:
            ssa_path.append((remaining[k12], next(fresh)))
        else:
            for c in k12 - output:
                holders[c].add(k12)
        remaining[k12] = next(fresh)
        for c in k1 | k2 - output:
            count = len(holders.get(c, ()))
            for n in (2, 3):
                (shared[n].add if count >= n else shared[n].discard)(c)
        footprint[k12] = _size(k12, sizes)
        partners = {k for c in k12 for k in holders.get(c, ())} - {k12}
        if partners:
            heapq.heappush(queue, min(candidate(k12, k2) for k2 in partners))
    # what is left shares no contractible letter: outer products, the smallest first
    left = [(_size(key & output, sizes), ssa_id, key) for key, ssa_id in remaining.items()]
    heapq.heapify(left)
    _, id1, k1 = heapq.heappop(left)
    while left:
        _, id2, k2 = heapq.heappop(left)
        ssa_path.append((min(id1, id2), max(id1, id2)))
        k12 = (k1 | k2) & output
        _, id1, k1 = heapq.heappushpop(left, (_size(k12, sizes), next(fresh), k12))
    return ssa_path


def _linear(ssa_path, n):
    """The ssa ids as positions in the shrinking operand list (results appended last)."""
    ids, path, ssa = list(range(n)), [], n
    for pair in ssa_path:
        positions = sorted(ids.index(s) for s in pair)
        for p in reversed(positions):
            ids.pop(p)
        ids.append(ssa)
        path.append(positions)
        ssa += 1
    return path


def contraction_steps(specs, output, sizes):
    """[(positions, equation)] of the binary einsums TF runs for ``specs -> output`` (3+ operands):
    pop the operands at ``positions`` (descending) in that order, append the step's result."""
    path = _linear(_greedy_ssa(specs, output, sizes), len(specs))
    live, out_set, steps = list(specs), frozenset(output), []
    for step, positions in enumerate(path):
        positions = tuple(sorted(positions, reverse=True))
        picked = [live.pop(p) for p in positions]
        if step == len(path) - 1:
            result = output
        else:
            joined = ''.join(picked)
            kept = frozenset(joined) & out_set.union(*map(frozenset, live))
            result = ''.join(sorted(kept, key=joined.find))
        live.append(result)
        steps.append((positions, ','.join(picked) + '->' + result))
    return steps
