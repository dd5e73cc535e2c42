"""TensorFlow's graph naming of repeated names: the first use keeps the name, later ones are numbered.

A traced function's placeholders (and so a signature's keyword inputs) are named so: two specs named
'k' are 'k' and 'k_1', a pair of unnamed specs of parameter 'pair' is 'pair', 'pair_1'.
"""


def unique_names(names):
    """The names as TF's Graph.unique_name hands them out in order: a name already given gets the
    next free '_<n>' suffix (['k', 'k', 'k_1', 'k'] gives ['k', 'k_1', 'k_1_1', 'k_2'])."""
    found, seen, counts = [], set(), {}
    for base in names:
        proposal = base
        while proposal in seen:
            counts[base] = counts.get(base, 1)
            proposal = '%s_%d' % (base, counts[base])
            counts[base] += 1
        seen.add(proposal)
        found.append(proposal)
    return found
