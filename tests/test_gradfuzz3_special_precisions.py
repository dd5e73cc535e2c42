"""igamma / igammac / betainc / zeta / polygamma given float tensors of two precisions raise TF 2.21's kernel
input check (the first input fixes T; the first later input of another dtype is named), where tapeflow raised
its own TypeError (now a note). Texts printed by TF 2.21."""
import pytest

import framework as tf

A32 = lambda: tf.constant([1.5, 2.0])                     # noqa: E731
A64 = lambda: tf.constant([0.3, 0.6], tf.float64)         # noqa: E731
TEXT = 'cannot compute %s as input #%d(zero-based) was expected to be a %s tensor but is a %s tensor [Op:%s] name: '


@pytest.mark.parametrize('call, kernel, index, expected, got', [
    (lambda: tf.math.igamma(A32(), A64()), 'Igamma', 1, 'float', 'double'),
    (lambda: tf.math.igammac(A64(), A32()), 'Igammac', 1, 'double', 'float'),
    (lambda: tf.math.betainc(A32(), A32(), A64()), 'Betainc', 2, 'float', 'double'),
    (lambda: tf.math.betainc(A32(), A64(), A32()), 'Betainc', 1, 'float', 'double'),
    (lambda: tf.math.zeta(A32(), A64()), 'Zeta', 1, 'float', 'double'),
    (lambda: tf.math.polygamma(A32(), A64()), 'Polygamma', 1, 'float', 'double'),
])
def test_two_precisions(call, kernel, index, expected, got):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == TEXT % (kernel, index, expected, got, kernel)
