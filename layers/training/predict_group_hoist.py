"""predict's sigmoid heads under steps_per_execution > 1: one logistic over the group's rows, as TF 2.21.

Keras 3 runs a group of ``steps_per_execution`` predict steps in one tf.function (multi_step_on_data)
and joins their outputs there with concat. Grappler's ArithmeticOptimizer (HoistCWiseUnaryChains)
moves a unary elementwise op that every input of a concat ends with past the concat, so a model's
final sigmoid runs once over the group's concatenated logits. Eigen's logistic takes packets of 8
values and a scalar functor for the last ``size % 8``: which rows fall where depends on the group's
size, not the batch's, and a per-batch sigmoid is an ulp off on some rows (Dense(1, 'sigmoid') on 21
rows, batch 4, steps_per_execution 2: rows 0, 2, 3, 4, 6, 7, 11, 12, 13, 15 of TF's differ).

A sigmoid output carries its logits (``_keras_logits``: activations.sigmoid and the Activation
layer set them), so each leaf whose step tensors all do is recomputed here from the joined logits
and split back by rows. Softmax outputs carry logits too but are not elementwise (grappler leaves
them): a leaf is taken as a sigmoid's only where each step's values are the logistic of its logits.
tanh heads (the Dense's joined affine_activation) keep no pre-activation and stay per batch; Eigen's
scalar tanh is its packet rational, so they were equal to TF in the probes anyway
(/work/notes/progs/modelfuzz19/h1.py). Where oneDNN runs (TF's remapper fuses MatMul + BiasAdd +
Sigmoid there) the hoist was not measured, so nothing changes.
"""
import numpy as np

from framework import nest, onednn_policy
from framework.losses.tensor_notes import get_keras_logits
from framework.ops import eigen_math
from framework.tensor import Tensor


def rejoin(group, outputs):
    """Recompute, in place, the sigmoid leaves of one group's step outputs over the whole group.

    ``group``: the group's step outputs (tensors or structures of them), as predict_step returned them;
    ``outputs``: predict's list of host values so far, whose last ``len(group)`` entries are the group's.
    """
    if len(group) < 2 or onednn_policy.enabled():
        return
    flats = [nest.flatten(out) for out in group]
    if len({len(flat) for flat in flats}) != 1:
        return
    hoisted = {}
    for position, leaves in enumerate(zip(*flats)):
        values = _group_logistic(leaves)
        if values is not None:
            hoisted[position] = values
    if not hoisted:
        return
    for index, out in enumerate(group):
        flat = flats[index]
        for position, values in hoisted.items():
            flat[position] = Tensor(values[index])
        whole = flat[0] if type(out) is Tensor else nest.pack_sequence_as(out, flat)
        group[index] = whole
        outputs[len(outputs) - len(group) + index] = \
            whole._data if type(whole) is Tensor else nest.map_structure(
                lambda t: t._data if isinstance(t, Tensor) else t, whole)


def _group_logistic(leaves):
    """Each step's rows of the logistic of the group's joined logits, or None where the leaf is not a
    float32 sigmoid output (or its joined size takes numpy's function: eigen_math.handles)."""
    logits = []
    for leaf in leaves:
        if type(leaf) is not Tensor or leaf.dtype.name != 'float32' or leaf.shape.rank is None or \
                leaf.shape.rank < 1:
            return None
        carried = get_keras_logits(leaf)
        if type(carried) is not Tensor or carried.shape != leaf.shape:
            return None
        logits.append(carried._data)
    if not all(type(a) is np.ndarray for a in logits):
        return None
    joined = np.concatenate(logits, axis=0)
    if not eigen_math.handles(joined):
        return None
    # a softmax's logits also ride on its output: a sigmoid's own values are the logistic of each step's
    if not all(np.array_equal(eigen_math.sigmoid(a), leaf._data) for a, leaf in zip(logits, leaves)):
        return None
    values = eigen_math.sigmoid(joined)
    return np.split(values, np.cumsum([len(a) for a in logits])[:-1], axis=0)
