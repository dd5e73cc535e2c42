"""``tf.edit_distance``: the Levenshtein distance between sequences held in two SparseTensors."""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError
from ..tape import record_blocked
from ..tensor import Tensor
from .operands import ACTIVE


def _levenshtein(a, b):
    """Insertions, deletions and substitutions that turn sequence ``a`` into ``b``."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def _sequences(sp, what):
    """{leading index tuple: the values in order of the last index}, the dense shape and the dtype."""
    if not (hasattr(sp, 'indices') and hasattr(sp, 'dense_shape')):
        # TF 2.21's words ('Hypothesis must be a SparseTensor.'); tapeflow's in a note
        error = TypeError('%s must be a SparseTensor.' % what.capitalize())
        error.add_note('edit_distance: %s must be a SparseTensor, got %s; convert with tf.sparse.from_dense'
                       % (what, type(sp).__name__))
        raise error
    shape = np.asarray(backend.to_host(sp.dense_shape._data)).astype(np.int64)
    if shape.size < 2:
        raise InvalidArgumentError('edit_distance: Input SparseTensors must have rank at least 2, but %s_shape rank '
                                   'is: %d' % (what, shape.size))
    index = np.asarray(backend.to_host(sp.indices._data)).reshape(-1, shape.size)
    values = np.asarray(backend.to_host(sp.values._data))
    groups = {}
    for position in np.lexsort(index.T[::-1]) if index.size else []:
        groups.setdefault(tuple(index[position, :-1].tolist()), []).append(values[position])
    return groups, shape, sp.values


def edit_distance(hypothesis, truth, normalize=True, name='edit_distance'):
    """For each sequence (the leading indices of the two SparseTensors), the edit distance from
    ``hypothesis`` to ``truth``, as float32 of shape max(hypothesis, truth).dense_shape[:-1].

    With ``normalize``, each is divided by the truth's length (inf for a hypothesis against no truth).

    Raises:
        TypeError: an argument that is not a SparseTensor; InvalidArgumentError: ranks below 2 or
            that differ, or values of two dtypes.
    """
    hyp, hyp_shape, hyp_values = _sequences(hypothesis, 'hypothesis')
    ref, ref_shape, ref_values = _sequences(truth, 'truth')
    if hyp_shape.size != ref_shape.size:
        raise InvalidArgumentError('edit_distance: hypothesis and truth must have one rank, got dense shapes %s and %s'
                                   % (hyp_shape.tolist(), ref_shape.tolist()))
    if hyp_values.dtype != ref_values.dtype:
        raise InvalidArgumentError('edit_distance: hypothesis values (%s) and truth values (%s) must have one dtype'
                                   % (hyp_values.dtype.name, ref_values.dtype.name))
    if ACTIVE:
        record_blocked('edit_distance', (hyp_values, ref_values))
    out = np.zeros(np.maximum(hyp_shape, ref_shape)[:-1], np.float32)
    for key in set(hyp) | set(ref):
        a, b = hyp.get(key, []), ref.get(key, [])
        distance = np.float32(_levenshtein(a, b))
        if normalize:
            distance = distance / np.float32(len(b)) if b else np.float32(np.inf if a else 0.0)
        out[key] = distance
    return Tensor(backend.array_module(hyp_values._data).asarray(out))
