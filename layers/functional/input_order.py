"""Which order a functional model with dict Inputs reads a call's dict in.

Keras 3 flattens the call's inputs with its tree (optree), which walks a dict in sorted key order
but an OrderedDict in insertion order, and feeds the flat list to the Inputs in sorted-name order
(``Functional._standardize_inputs``). So an OrderedDict, such as each batch of
``tf.data.experimental.make_csv_dataset`` (columns in file order), is read by position, not by key:
on TF 2.21 the keras.io GRN/VSN census example's first batch feeds a string column to a float
Input and fails ("Cast string to float is not supported"), and all-numeric columns are silently
permuted. tapeflow reads such an OrderedDict by position too.

Not followed: in a traced step TF keeps the first trace's structure, so a plain dict given after
an OrderedDict (or the reverse) is read as the first one was; here each call is read by its own type.
"""
import collections


def in_insertion_order(inputs, struct):
    """True when Keras would bind ``inputs`` to a dict-Input model by position: an OrderedDict with
    exactly the model's keys, which are a dict (sorted, as Keras's flat Inputs are)."""
    return type(inputs) is collections.OrderedDict and isinstance(struct, dict) and \
        type(struct) is not collections.OrderedDict and set(inputs) == set(struct)


def by_position(inputs, struct):
    """A plain dict giving the i-th value of ``inputs`` to the i-th of the model's keys, sorted."""
    return dict(zip(sorted(struct), inputs.values()))
