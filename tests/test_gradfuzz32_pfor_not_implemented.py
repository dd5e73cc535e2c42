"""A gradient rule's NotImplementedError inside a vectorized jacobian: TF 2.21's pfor traces the gradient with
AutoGraph, which rebuilds it from its message under 'in user code:'; the eager loop (experimental_use_pfor=False)
and a plain gradient raise it as it is. Texts: TF 2.21, /work/notes/progs/gradfuzz32/p24.py (tapeflow raised the
plain text under pfor too).
"""
import numpy as np
import pytest

import framework as tf

QR_TEXT = ('QrGrad not implemented when nrows > ncols and full_matrices is true. Received r.shape=(5, 4) with '
           'nrows=5and ncols=4.')


def _tall_qr_tape():
    x = tf.constant(np.sin(np.arange(20)).reshape(5, 4), tf.float64)
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        q, r = tf.linalg.qr(x, full_matrices=True)
        y = tf.reduce_sum(q, 1)[:4] + tf.reduce_sum(r, 0)
    return t, x, y


def test_vectorized_jacobian_words_it_in_user_code():
    t, x, y = _tall_qr_tape()
    with pytest.raises(NotImplementedError) as info:
        t.jacobian(y, x)
    assert str(info.value) == 'in user code:\n\n\n    NotImplementedError: %s\n' % QR_TEXT


@pytest.mark.parametrize('how', ['loop', 'gradient'])
def test_eager_paths_raise_it_as_it_is(how):
    t, x, y = _tall_qr_tape()
    with pytest.raises(NotImplementedError) as info:
        if how == 'loop':
            t.jacobian(y, x, experimental_use_pfor=False)
        else:
            t.gradient(y, x)
    assert str(info.value) == QR_TEXT
