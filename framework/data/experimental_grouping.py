"""``tf.data.experimental``'s Reducer / group_by_reducer, dense_to_sparse_batch, pad_to_cardinality and
enable_debug_mode.

``group_by_reducer`` reads the whole input (as TensorFlow's kernel does before its first output),
keeping one state per key, and yields ``finalize_func(state)`` per key in the order the keys first
appeared. ``pad_to_cardinality`` appends elements of zeros marked ``mask_key: False``.
"""
import numpy as np

from .. import backend, nest
from ..deprecation import deprecated
from ..ops.creation import zeros
from ..tensor import Tensor, constant
from . import cardinality as card
from .dataset import Dataset
from . import stage_function

_OPS = 'tensorflow.python.data.experimental.ops.'


class Reducer:
    """The three functions of a reduction: ``init_func(key)`` -> state, ``reduce_func(state, element)`` ->
    state, ``finalize_func(state)`` -> the output element (a tuple state is passed unpacked)."""

    def __init__(self, init_func, reduce_func, finalize_func):
        self._init_func, self._reduce_func, self._finalize_func = init_func, reduce_func, finalize_func

    @property
    def init_func(self):
        return self._init_func

    @property
    def reduce_func(self):
        return self._reduce_func

    @property
    def finalize_func(self):
        return self._finalize_func


def _host(value):
    return backend.to_host(value._data) if isinstance(value, Tensor) else np.asarray(value)


def _call(fn, element):
    return fn(*element) if isinstance(element, tuple) else fn(element)


def group_by_reducer(key_func, reducer):
    """A transformation (for ``Dataset.apply``) reducing the elements of each key to one element."""
    def apply(dataset):
        def results():
            states = {}
            for element in dataset:
                key = int(_host(_call(key_func, element)))
                if key not in states:
                    states[key] = reducer.init_func(constant(key, dtype='int64'))
                states[key] = reducer.reduce_func(states[key], element)
            for state in states.values():          # dicts keep the keys' first-seen order
                yield nest.map_structure(_host, _call(reducer.finalize_func, state))
        return Dataset(results, card.UNKNOWN_CARDINALITY, None)
    return apply


@deprecated('dense_to_sparse_batch', _OPS + 'batching', 'Use `tf.data.Dataset.sparse_batch` instead.')
def dense_to_sparse_batch(batch_size, row_shape):
    """``Dataset.sparse_batch(batch_size, row_shape)``, as a transformation."""
    return lambda dataset: dataset.sparse_batch(batch_size, row_shape)


def pad_to_cardinality(cardinality, mask_key='valid'):
    """A transformation padding a dataset of dicts to ``cardinality`` elements with zeros, each element
    marked by a boolean ``mask_key`` (True for the original ones).

    Raises:
        ValueError: an unknown or larger cardinality, or elements that are not dicts (TensorFlow's texts).
    """
    def apply(dataset):
        have = int(dataset.cardinality().numpy())
        if have < 0:
            raise ValueError('The dataset passed into `pad_to_cardinality` must have a known cardinalty, but has '
                             'cardinality %d' % have)
        if have > cardinality:
            raise ValueError('The dataset passed into `pad_to_cardinality` must have a cardinalty less than the '
                             'target cardinality (%d), but has cardinality %d' % (cardinality, have))
        spec = dataset.element_spec
        if not isinstance(spec, dict):
            raise ValueError('`pad_to_cardinality` requires its input dataset to be a dictionary.')
        padding = {key: zeros(s.shape, dtype=s.dtype) for key, s in spec.items()}
        padding[mask_key] = constant(False)
        marked = dataset.map(lambda element: {**element, mask_key: True})
        return marked.concatenate(Dataset.from_tensors(padding).repeat(cardinality - have))
    return apply


def enable_debug_mode():
    """Run the functions of datasets made from now on eagerly for every element (after their one trace),
    as TensorFlow's debug mode does; call it before building the pipelines."""
    stage_function.DEBUG_MODE[0] = True
