"""keras.ops refuse what Keras 3 refuses, by name, instead of quietly computing something.

Each case was found by running the same bad call under Keras 3.15 on TensorFlow 2.21
(/opt/tfref) and here (/work/notes/progs/badinput2/run_ops_cases.py): Keras raised the
error noted beside it, tapeflow returned a value (``int(1.5)`` made a count of 1, an
axis of 9 was never looked at, a None branch was never called because pred was true).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
X = np.array([[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], np.float32)
V = np.array([0.2, 0.7, 0.1], np.float32)
SIG = np.arange(12, dtype=np.float32) / 10
IMG = np.arange(75, dtype=np.float32).reshape(1, 5, 5, 3) / 75


@pytest.mark.parametrize('call, error, words', [
    # Keras: TypeError 'Cannot convert 1.5 to EagerTensor of dtype int32' (or 'must be an integer')
    (lambda: ops.one_hot(np.array([0, 2]), 1.5), TypeError, 'keras.ops.one_hot: num_classes must be an integer'),
    (lambda: ops.multi_hot(np.array([[0, 2]]), 2.5), TypeError, 'keras.ops.multi_hot: num_classes'),
    (lambda: ops.top_k(X, 1.5), TypeError, 'Cannot convert 1.5 to EagerTensor of dtype int32'),     # TF 2.21's
    (lambda: ops.in_top_k(np.array([2, 0]), X, 1.5), TypeError, 'keras.ops.in_top_k: k'),
    (lambda: ops.eye(1.5), TypeError, 'Argument `N` must be an integer or an integer tensor'),      # TF 2.21's words
    (lambda: ops.identity(2.5), TypeError,      # TF 2.21: Keras's identity is tf.eye(n, n)
     'Arguments `num_rows` and `num_columns` must be positive integer values. Received: num_rows=2.5'),
    (lambda: ops.triu(X, k=1.5), TypeError, 'keras.ops.triu: k must be an integer'),
    (lambda: ops.linspace(0, 1, 1.5), TypeError, 'keras.ops.linspace: num must be an integer'),
    (lambda: ops.logspace(0, 2, 2.5), TypeError, 'num must be an integer'),
    (lambda: ops.repeat(X, 1.5), TypeError, 'keras.ops.repeat: Argument `tensor` (name: repeats) must be of type integer'),  # TF 2.21's tf.repeat text
    (lambda: ops.tile(V, 1.5), TypeError, "'float' object is not iterable"),      # TF 2.21: Keras iterates it
    (lambda: ops.pad(X, 1.5), TypeError, "'float' object is not subscriptable"),     # TF 2.21: Pad's __init__
    (lambda: ops.diff(X, axis=1.5), TypeError, 'keras.ops.diff: axis must be an integer'),
    (lambda: ops.take_along_axis(X, np.array([[2, 0], [1, 1]]), axis=1.5), TypeError, 'keras.ops.take_along_axis'),
    (lambda: ops.median(X, axis=1.5), ValueError, '`value` must be an integer, tuple or list'),    # TF 2.21's
    # TF 2.21: tf.signal.frame's frame count, (samples - 5) // 1.5 (InvalidArgumentError is a TypeError too)
    (lambda: ops.extract_sequences(SIG, 5, 1.5), TypeError,
     'cannot compute FloorDiv as input #1(zero-based) was expected to be a int32 tensor but is a float tensor'),
    (lambda: ops.stft(SIG, 6, 1.5, 8), ValueError, '`sequence_stride` must be a positive integer. Received: sequence_stride=1.5'),
    (lambda: ops.image.resize(IMG, 1.5), TypeError, "object of type 'float' has no len"),     # Keras's len(size)
    (lambda: ops.image.extract_patches(IMG, 1.5), TypeError, 'Invalid `size` argument. Expected an int or a tuple'),
    (lambda: ops.image.crop_images(IMG, top_cropping=1.5, left_cropping=1, target_height=2, target_width=3),
     TypeError, 'keras.ops.image.crop_images: top_cropping must be an integer'),
    (lambda: ops.adaptive_average_pool(ops.convert_to_tensor(IMG), 1.5), TypeError,
     'cannot unpack non-iterable float object'),     # TF 2.21's words (Keras unpacks output_size)
    # Keras: ValueError 'axis 9 is out of bounds for an array with dimension 2'
    (lambda: ops.cross(X, X[::-1], axis=9), ValueError, 'axis 9 is out of bounds for an array with dimension 2'),
    (lambda: ops.unique(X, axis=9), ValueError, 'axis 9 is out of bounds for an array with dimension 2'),
    # TF 2.21: Keras's trapezoid moves the axis last with tf.range(axis + 1, rank): Range's InvalidArgumentError
    (lambda: ops.trapezoid(X, axis=9), ValueError, 'Requires start <= limit when delta > 0: 10/2'),
    # Keras 3 on TF: tf.linspace's ExpandDims refuses the axis of scalar ends (InvalidArgumentError, a ValueError)
    (lambda: ops.linspace(0, 1, 5, axis=9), ValueError, 'Tried to expand dim index 9 for tensor with 0 dimensions'),
    (lambda: ops.geomspace(1, 100, 3, axis=2), ValueError, 'Tried to expand dim index 2 for tensor with 0 dimensions'),
    (lambda: ops.swapaxes(X, 0, 2), ValueError, 'axis 2 is out of bounds for an array with dimension 2'),
    (lambda: ops.moveaxis(1.5, 0, -1), ValueError, 'axis 0 is out of bounds for an array with dimension 0'),
    (lambda: ops.average(X, axis=9, weights=V), ValueError, 'axis 9 is out of bounds for an array with dimension 2'),
    (lambda: ops.associative_scan(lambda a, b: a + b, V, axis=9), ValueError, 'keras.ops.associative_scan: axis 9'),
    # Keras: TypeError "Expected bool for argument 'compute_uv' not 'abc'."
    (lambda: ops.svd(X, compute_uv='abc'), TypeError, "keras.ops.svd: expected bool for argument 'compute_uv'"),
    # Keras: TypeError 'Argument `pred` must be a Tensor, or a Python bool, or 1 or 0. Received: pred=None'
    (lambda: ops.cond(None, lambda: 1, lambda: 2), TypeError, 'keras.ops.cond: argument `pred` must be a Tensor'),
    (lambda: ops.cond(1.5, lambda: 1, lambda: 2), TypeError, 'pred=1.5 of type float'),
    (lambda: ops.cond(np.ones(3) > 0, lambda: 1, lambda: 2), ValueError, 'keras.ops.cond: pred must hold one value'),
    # Keras: TypeError 'Argument `false_fn` must be callable. Received None'
    (lambda: ops.cond(True, lambda: 1, None), TypeError, 'keras.ops.cond: argument `false_fn` must be callable'),
    (lambda: ops.while_loop('abc', lambda i: i + 1, 0), TypeError, 'keras.ops.while_loop: argument `cond`'),
    (lambda: ops.scan(None, 0.0, X), TypeError, 'keras.ops.scan: argument `f` must be callable'),
    (lambda: ops.fori_loop(None, 3, lambda i, v: v, X), TypeError, 'keras.ops.fori_loop: lower must be a number'),
    # Keras: an error from slicing a scalar; here the op says what it needs
    (lambda: ops.scan(lambda c, x: (c, x), 0.0, 1.5), ValueError, 'keras.ops.scan: xs must have a leading axis'),
    (lambda: ops.map(lambda r: r, 1.5), ValueError, 'keras.ops.map: xs must have a leading axis'),
    # TF 2.21: tf.signal.rfft's and tf.signal.frame's shape.with_rank_at_least(1)
    (lambda: ops.rfft(1.5), ValueError, 'Shape () must have rank at least 1'),
    (lambda: ops.extract_sequences(1.5, 5, 3), ValueError, 'Shape () must have rank at least 1'),
    # (TF 2.21: Keras reads data.shape, Python's AttributeError for a float; the op in a note)
    (lambda: ops.segment_min(1.5, np.array([0, 0])), AttributeError, 'keras.ops.segment_min: data must be a tensor'),
    # Keras: ValueError "dtype='string' is not a valid dtype for Keras type promotion."
    (lambda: ops.fmod('abc', 4), ValueError, "keras.ops.fmod: dtype='string' is not a valid dtype for Keras type"),
])
def test_keras_refuses_and_so_do_we(call, error, words):
    with pytest.raises(error, match=words.replace('(', r'\(').replace(')', r'\)')):
        call()


def test_out_of_range_take_is_tensorflows_invalid_argument_error():
    # Keras 3 on TF: InvalidArgumentError from GatherV2 ('indices[0] = 4 is not in [0, 3)'); it is also
    # an IndexError here, as before.
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'keras.ops.take: indices must lie in \[-3, 3\)'):
        ops.take(V, np.array([4, -1, 0]))
    with pytest.raises(IndexError):
        ops.take(V, np.array([4]))


def test_what_keras_accepts_still_works():
    # Keras 3 reads keepdims by truth (None is False) and cast's dtype None as floatx.
    assert tuple(ops.sum(X, axis=1, keepdims=None).shape) == (2,)
    assert tuple(ops.max(X, axis=1, keepdims='yes').shape) == (2, 1)
    assert tuple(tf.reduce_mean(X, 1, keepdims=None).shape) == (2,)
    assert tuple(tf.reduce_all(X > 0, 1, keepdims=1).shape) == (2, 1)
    assert ops.cast(np.array([1, 2], np.int32), None).dtype == np.float32
    # Counts given as numpy or 0-d integer tensors, and a float fori_loop bound, are fine (Keras counts
    # 1.5, 2.5 below 3).
    assert ops.one_hot(np.array([1]), np.int64(3)).shape == (1, 3)
    assert ops.top_k(X, ops.convert_to_tensor(2))[0].shape == (2, 2)
    assert ops.fori_loop(1.5, 3, lambda i, v: v + i, 0.0) == 4.0
    assert ops.cond(ops.sum(X) > 0, lambda: 1, lambda: 2) == 1
    assert ops.cond(1, lambda: 1, lambda: 2) == 1 and ops.cond(np.bool_(False), lambda: 1, lambda: 2) == 2
    # A scalar keeps its shape through view (numpy's ascontiguousarray made it (1,)); Keras 3 gives ().
    assert tuple(ops.view(np.float32(1.5), 'int32').shape) == ()
