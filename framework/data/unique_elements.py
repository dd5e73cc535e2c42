"""Dataset.unique as TF 2.21's UniqueDataset: one int32 / int64 / string tensor component, repeats dropped.

TF checks the element spec when the dataset is made (its Python wrapper the dtypes, then the kernel the
count of components and that the one left is a tensor), and compares whole tensors, of any shape: [1, 2]
twice gives [1, 2] once, [1] and [1, 2] are two elements.
"""
import numpy as np

from .. import nest
from ..errors import kernel_error, noted
from .spec import TensorSpec

_NOTE = 'Dataset.unique: elements must be one int32, int64 or string tensor'


def check_unique_spec(element_spec, check_name):
    """Raises TF's TypeError for another dtype (its Python wrapper's check), then (after ``check_name()``, the
    op's name check) its kernel's InvalidArgumentError for several components or a ragged / sparse one."""
    leaves = nest.flatten(element_spec)
    for spec in leaves:
        dtype = getattr(spec, 'dtype', None)
        if dtype is None or dtype.name not in ('int32', 'int64', 'string'):
            shown = spec if dtype is None else "<dtype: '%s'>" % dtype.name
            raise noted(TypeError('`tf.data.Dataset.unique` does not support type %s -- only `tf.int32`, `tf.int64`, '
                                  'and `tf.string` are supported.' % (shown,)), _NOTE)
    check_name()
    if len(leaves) != 1:
        raise kernel_error('UniqueDataset', 'UniqueDataset only supports inputs with a single component.', named=True,
                           note=_NOTE)
    if type(leaves[0]) is not TensorSpec:
        raise kernel_error('UniqueDataset', 'UniqueDataset only supports inputs with a single `tf.int32`, `tf.int64`, '
                           'or `tf.string` component.', named=True, note=_NOTE)


def first_seen(source):
    """The elements of ``source()`` not equal (shape and values) to an earlier one."""
    def elements():
        seen = set()
        for element in source():
            value = np.asarray(nest.flatten(element)[0])
            key = (value.shape, tuple(value.ravel().tolist()) if value.dtype.kind in 'OSU' else value.tobytes())
            if key not in seen:
                seen.add(key)
                yield element
    return elements
