"""Keras 3's check that a nested sample_weight is nested as y is (its ArrayDataAdapter, before training).

Keras compares the two with ``tree.assert_same_structure``: a list and a tuple differ, dicts must have the
same keys, and ``None`` is a leaf (``[w, None]`` weighs only the first output). tapeflow used to read a
weight dict given for a target list by position (KeyError 0) and to accept a tuple for a list.
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
