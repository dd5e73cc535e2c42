"""``tf.sparse``: tensors stored as their non-zero entries (see sparse_tensor.py)."""
from .sparse_tensor import SparseTensor
from .layout import (concat, expand_dims, fill_empty_rows, from_dense, reorder, reshape, retain, slice,  # noqa: A004
                     split, to_dense, to_indicator, transpose)
from .sparse_math import add, mask, maximum, minimum, reduce_max, reduce_sum, softmax, sparse_dense_matmul
from .construction import bincount, eye, map_values, reset_shape
from .cross import cross
from .cross_hashed import cross_hashed
from .segments import segment_mean, segment_sqrt_n, segment_sum
from .sampled_addmm import sampled_addmm  # noqa: F401  (TensorFlow defines it in math_ops.py)
