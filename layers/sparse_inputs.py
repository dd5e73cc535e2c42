"""A SparseTensor batch times a dense kernel: what Dense does with a ``keras.Input(sparse=True)`` input.

As Keras's TF backend (``tf.sparse.sparse_dense_matmul``): the product is dense, the kernel's
gradient is the dense matrix sp^T @ g (TF's SparseTensorDenseMatMul gradient, so optimizers see
the same dense update as there), and the input's values get none (a model's input).
"""
import numpy as np

from framework import backend
from framework.ops import cast, unsorted_segment_sum
from framework.sparse.sparse_tensor import SparseTensor
from framework.tape import ACTIVE, paused, record
from framework.tensor import Tensor


def sparse_times_kernel(sp, kernel, layer_name):
    """``sp @ kernel`` for a 2-D SparseTensor ``sp`` (batch, input_dim) and a (input_dim, units) kernel.

    Raises:
        ValueError: a SparseTensor of rank other than 2, or whose last axis differs from the kernel's rows.
    """
    shape = sp._shape_host()
    if len(shape) != 2 or int(shape[1]) != kernel.shape[0]:
        raise ValueError('Dense %r: a SparseTensor input must be 2-D (batch, %d), as the kernel %s expects; got '
                         'dense_shape %s' % (layer_name, kernel.shape[0], tuple(kernel.shape), tuple(shape.tolist())))
    values = sp.values if sp.values._data.dtype == kernel._data.dtype else cast(sp.values, kernel.dtype)
    sp = SparseTensor(sp.indices, values, sp.dense_shape)
    with paused():
        product = _product(sp, kernel)
    if ACTIVE:
        record('sparse_dense_matmul', (kernel,), product,
               (lambda g, y, k: _product(_transposed(sp), g),))
    return product


def _product(sp, dense):
    """sp @ dense, dense rows gathered by column index and summed by row index (framework ops, so a
    tape records them when a gradient is taken twice)."""
    from framework.ops import gather
    idx = sp._indices_host()
    return unsorted_segment_sum(gather(dense, Tensor(idx[:, 1])) * sp.values[:, None], Tensor(idx[:, 0]),
                                int(sp._shape_host()[0]))


def _transposed(sp):
    idx = sp._indices_host()
    xp = backend.array_module(sp.values._data)
    swapped = xp.asarray(np.ascontiguousarray(idx[:, ::-1]))
    return SparseTensor(Tensor(swapped), sp.values, sp._shape_host()[::-1].copy())
