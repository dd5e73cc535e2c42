"""Array data with a leaf that has no sample axis: a numpy scalar, a 0-d array or a 0-d tensor.

Keras 3 takes any leaf of x, y and sample_weight that has ``__array__`` as an array, so a list of
numpy scalars (labels gathered as ``[np.argmax(p) for p in probs]`` or ``list(y)``) is a list of
separate 0-d arrays, one "output" each. It then reads ``shape[0]`` of every leaf to count the
samples and fails there with Python's IndexError; with ``validation_split`` it slices them first,
and numpy refuses that. TF 2.21 fails so; tapeflow used to read such a list as one array and train.
(A list holding Python numbers is refused earlier, as 'Unrecognized data type'.)
"""
import numpy as np

from framework import nest
from framework.tensor import Tensor

from .sample_weight_structure import check_one_weight_per_output


def _axisless(part):
    return part is not None and any(isinstance(leaf, (np.ndarray, np.generic, Tensor)) and leaf.ndim == 0
                                    for leaf in nest.flatten(part))


def refuse_axisless_leaves(x, y, sample_weight, class_weight=None):
    """Keras 3's array adapter: the class_weight check on y's structure, then the sample count.

    Raises:
        ValueError: class_weight with y a list or dict, or sample weights nested otherwise than y (Keras's words).
        IndexError: any leaf without axes, in the words of Python's shape[0].
    """
    if not (_axisless(x) or _axisless(y) or _axisless(sample_weight)):
        return
    if class_weight is not None and sample_weight is None and isinstance(y, (list, tuple, dict)):
        raise ValueError('`class_weight` is only supported for Models with a single output.')
    if sample_weight is not None and isinstance(y, (list, tuple, dict)):
        # Keras compares the weights' nesting with y's before it counts the samples: [list(w1), list(w2)]
        # for two outputs is its 'one `sample_weight` array per output' ValueError, not the IndexError
        check_one_weight_per_output(y, sample_weight)
    raise _noted(IndexError('tuple index out of range'))


def refuse_axisless_split(x, y, sample_weight):
    """fit's validation_split (Keras's train_validation_split): the first leaf's shape[0] gives the count,
    then every leaf is sliced, which numpy refuses for a 0-d one."""
    leaves = [leaf for part in (x, y, sample_weight) if part is not None for leaf in nest.flatten(part)
              if leaf is not None]
    if not any(_axisless(leaf) for leaf in leaves):
        return
    if _axisless(leaves[0]):
        raise _noted(IndexError('tuple index out of range'))
    raise _noted(IndexError('too many indices for array: array is 0-dimensional, but 1 were indexed'))


def _noted(error):
    error.add_note('x, y and sample_weight must be arrays with one entry per sample; a list of numpy scalars '
                   'is read as one 0-d array per output: pass np.array(...) of it instead')
    return error
