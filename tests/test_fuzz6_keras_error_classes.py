"""keras.ops given string tensors, or bitwise ops given floats, raise InvalidArgumentError: TensorFlow 2.21's
kernels refuse them with their registry's IAE (keras.ops.sum / abs / max / cumsum / det / svd of strings,
bitwise_and of floats: /work/notes/progs/fuzz6 kout_tf.txt). tapeflow raised TypeError, which a ported
``except tf.errors.InvalidArgumentError`` missed. Where Keras's type promotion refuses first (sin, mean of
strings: ValueError) the IAE is a ValueError as well, and it stays a TypeError for older handlers."""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops

IAE = tf.errors.InvalidArgumentError
S = np.array([['a', 'b'], ['c', 'd']])
X = np.ones((2, 2), np.float32)


@pytest.mark.parametrize('call', [
    lambda: ops.sum(S), lambda: ops.abs(S), lambda: ops.max(S), lambda: ops.cumsum(S), lambda: ops.argmax(S),
    lambda: ops.det(S), lambda: ops.svd(S), lambda: ops.qr(S), lambda: ops.exp(S), lambda: ops.sin(S),
    lambda: ops.mean(S), lambda: ops.square(S), lambda: ops.trace(S),
], ids=['sum', 'abs', 'max', 'cumsum', 'argmax', 'det', 'svd', 'qr', 'exp', 'sin', 'mean', 'square', 'trace'])
def test_string_tensors_are_kernel_refusals(call):
    with pytest.raises(IAE, match='expected a numeric tensor, got dtype string') as err:
        call()
    assert isinstance(err.value, ValueError) and isinstance(err.value, TypeError)


@pytest.mark.parametrize('name', ['bitwise_and', 'bitwise_or', 'bitwise_xor', 'left_shift', 'right_shift'])
def test_bitwise_ops_of_floats(name):
    with pytest.raises(IAE, match='expected integer or bool tensors, got dtype float32'):
        getattr(ops, name)(X, X)
    with pytest.raises(IAE):
        ops.bitwise_invert(X)


def test_fmod_of_complex():
    with pytest.raises(IAE, match='keras.ops.fmod: expected real numeric tensors, got dtype complex64'):
        ops.fmod(X.astype(np.complex64), X.astype(np.complex64))
