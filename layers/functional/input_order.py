"""Which order a functional model with dict Inputs reads a call's dict in.

Keras 3 flattens the call's inputs with its tree (optree), which walks a dict in sorted key order
but an OrderedDict in insertion order, and feeds the flat list to the Inputs (sorted by name) by
position, the surplus dropped (``Functional._standardize_inputs``). So an OrderedDict, such as each
batch of ``tf.data.experimental.make_csv_dataset`` (columns in file order), is read by position, not
by key: on TF 2.21 the keras.io GRN/VSN census example's first batch feeds a string column to a float
Input and fails ("Cast string to float is not supported"), and all-numeric columns are silently
permuted. A plain dict with extra keys is read by position in sorted order too ({a, a0, b, c} for
Inputs a, b, c feeds a0 to b; progs/kerasio11/d6e.py). tapeflow binds such dicts the same way.

Not followed: in a traced step TF keeps the first trace's structure, so a plain dict given after
an OrderedDict (or the reverse) is read as the first one was; here each call is read by its own type.
"""
import collections

from framework.nest import _sorted_keys, is_nested


def in_keras_order(inputs, struct):
    """True when Keras binds ``inputs`` to a dict-Input model by position in a way that differs from by
    key: a dict or OrderedDict of leaves holding the model's keys, in another order or with more keys.
    The model's Inputs are a dict (sorted, as Keras's flat Inputs are), not an OrderedDict."""
    kind = type(inputs)
    if (kind is not dict and kind is not collections.OrderedDict) or not isinstance(struct, dict) \
            or type(struct) is collections.OrderedDict:
        return False
    if kind is dict and len(inputs) == len(struct):
        return False            # the same keys sorted: by position is by key
    return set(inputs) >= set(struct) and not any(is_nested(value) for value in inputs.values())


def by_position(inputs, struct):
    """A plain dict giving the i-th value of ``inputs`` in Keras's order to the i-th of the model's keys,
    sorted (the surplus dropped)."""
    order = list(inputs) if type(inputs) is collections.OrderedDict else _sorted_keys(inputs)
    return dict(zip(sorted(struct), (inputs[key] for key in order)))
