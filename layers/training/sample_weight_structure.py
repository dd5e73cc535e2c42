"""Keras 3's check that a nested sample_weight is nested as y is (its ArrayDataAdapter, before training).

Keras compares the two with ``tree.assert_same_structure``: a list and a tuple differ, dicts must have the
same keys, and ``None`` is a leaf (``[w, None]`` weighs only the first output). tapeflow used to read a
weight dict given for a target list by position (KeyError 0) and to accept a tuple for a list.

One weight array given for nested targets is copied onto each target there (``copy_onto_each_target``).
"""


def _same_structure(a, b):
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(_same_structure(u, v) for u, v in zip(a, b))
    if isinstance(a, dict):
        return isinstance(b, dict) and set(a) == set(b) and all(_same_structure(a[k], b[k]) for k in a)
    return not isinstance(b, (list, tuple, dict))


def check_one_weight_per_output(y, sample_weight):
    """Raise Keras 3's ValueError when y and sample_weight are both nested but not alike."""
    if not isinstance(y, (list, tuple, dict)) or not isinstance(sample_weight, (list, tuple, dict)):
        return
    if not _same_structure(y, sample_weight):
        raise ValueError('You should provide one `sample_weight` array per output in `y`. The two structures did '
                         'not match:\n- y: %s\n- sample_weight: %s\n' % (y, sample_weight))


def copy_onto_each_target(y, sample_weight):
    """Keras 3's ArrayDataAdapter replicates one sample_weight array onto y's structure: the step then gets
    weights nested as y, and the loss looks each up by the output's path. So y keyed by output names for a
    model returning a list meets Keras's KeyError 0 in fit / evaluate (train_on_batch, which copies nothing,
    trains), and a single-output model given [y] weighs its loss by the whole list [w]."""
    if not isinstance(y, (list, tuple, dict)) or sample_weight is None \
            or isinstance(sample_weight, (list, tuple, dict)):
        return sample_weight
    if isinstance(y, dict):
        return {key: copy_onto_each_target(value, sample_weight) if isinstance(value, (list, tuple, dict))
                else sample_weight for key, value in y.items()}
    # (tuples for lists: Keras's adapter turns the lists it feeds into tuples, so a dict-output model given
    # a list y fails on 'tuple indices must be integers or slices, not str')
    return tuple(copy_onto_each_target(value, sample_weight) if isinstance(value, (list, tuple, dict))
                 else sample_weight for value in y)
